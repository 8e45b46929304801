/**
 * The phase-step machine alone (src/game/phase/machine.ts): a phase's frame and an input in, the new step state and
 * the effects out, with no database and no sandbox. Each table row is one transition: where the steps stand, the
 * input, and what must come out. The plug-ins are the Beacons test variant's (a `claim` step with a secret input,
 * test/variants/beacons) and a small start choice written here (`gather`, shaped like a Dogs of War muster).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Position } from '../../../src/engine/types.js';
import type { PhaseFrame, StepState } from '../../../src/game/phase/frame.js';
import {
  advanceWordsOf,
  closedOrdersMsg,
  decisionOf,
  openActions,
  stepMachine,
  stepReminders,
  stepStatusOf,
  type StepEffect,
  type StepInput,
} from '../../../src/game/phase/machine.js';
import type { RecordEntry } from '../../../src/game/phase/records.js';
import { plainMsg } from '../../../src/game/core/index.js';
import { msg, t } from '../../../src/i18n/index.js';
import { definePlugin, PLAIN, type VariantPlugin } from '../../../src/variants/plugin/index.js';
import { beacons, beaconsPlugin } from '../../variants/beacons/index.js';

const NOW = 1_000_000;
const TOKEN = 'phase-token';
const DURATIONS = { movement: 86_400_000, retreat: 43_200_000, adjustment: 21_600_000 };

/** A start choice: each seated power names a province where an army gathers; at its close the armies are placed. */
const GATHER = { choice: z.object({ province: z.string().nullable() }) };
const gatherPlugin = definePlugin({
  records: GATHER,
  steps: {
    gather: {
      at: 'start',
      progress: (ctx) => ({
        powers: ctx.records.list('choice').map((r) => ({ power: r.key, answered: r.value.province !== null })),
      }),
      statusLine: (_ctx, progress) =>
        `Gathering: ${progress.powers.filter((p) => p.answered).length} of ${progress.powers.length} chose.`,
      advance: { notice: '⏩ The game master closed the gathering before its deadline; the orders follow.' },
      close(ctx) {
        const gathered = ctx.records
          .list('choice')
          .flatMap((r) =>
            r.value.province ? [{ power: r.key, type: 'A' as const, province: r.value.province, coast: null }] : [],
          );
        ctx.setPosition({ ...ctx.phase.position, units: [...ctx.phase.position.units, ...gathered] });
        ctx.audit('gathered', { armies: gathered.length });
        return { beginOrders: { announce: 'The armies have gathered.' } };
      },
    },
  },
  startSteps(ctx) {
    for (const seat of ctx.seats) ctx.records.put('choice', { province: null }, seat.power);
    for (const power of ['Red', 'Blue']) ctx.dm(power, `${power}: choose where your army gathers.`, { key: 'gather' });
    return { open: 'gather', deadline: ctx.now + ctx.game.durations.adjustment, announce: 'First the armies gather.' };
  },
  actions: [
    {
      name: 'gather',
      description: 'Where your army gathers',
      by: 'player',
      choice: { label: 'province', required: true },
      available: (ctx) => (ctx.step?.name === 'gather' ? true : 'Nothing gathers now.'),
      run(ctx, caller, values) {
        ctx.records.put('choice', { province: values.choice }, caller.power!);
        return { ok: true, reply: `Stored: ${values.choice}.`, whenOpen: ' (open)', whenClosed: ' (closed)' };
      },
    },
  ],
});

/** A plug-in that opens a step it does not have (a bug in it). */
const brokenPlugin: VariantPlugin = { beforeClaim: (ctx) => ({ open: 'missing', deadline: ctx.now }) };

const start = beacons.startingPosition();
const retreatBoard: Position = { ...start, phase: { ...start.phase, type: 'retreat' } };
const record = (kind: string, key: string, value: unknown, writtenBy: string | null = null): RecordEntry => ({
  kind,
  key,
  value,
  writtenBy,
  updatedAt: NOW - 1,
});

interface FrameSpec {
  plugin: VariantPlugin;
  step?: string | null;
  records?: RecordEntry[];
  position?: Position;
  /** Seated powers (default: Red only; Blue is in civil disorder). */
  seated?: string[];
}

function frameOf(spec: FrameSpec): PhaseFrame {
  const steps: StepState = { step: spec.step ?? null, startedAt: NOW - 10, token: TOKEN };
  return {
    variant: beacons,
    plugin: spec.plugin,
    game: { id: 1, channelId: 'chan', options: {}, durations: DURATIONS, deadline: null, gmUserId: 'gm' },
    phase: { id: 7, index: 0, position: spec.position ?? start, resolved: false, adjudication: null },
    seats: (spec.seated ?? ['Red']).map((power) => ({ power, userId: `user-${power}` })),
    steps,
    records: spec.records ?? [],
    orders: () => [],
    now: NOW,
    random: () => 0.5,
  };
}

interface Row {
  name: string;
  frame: FrameSpec;
  input: StepInput;
  /** The step under way afterwards (null: none) and since when. */
  step: string | null;
  startedAt?: number;
  /** The effects, in order (`handoff` compared by its keys). */
  effects: StepEffect[];
}

const act = (action: string, choice: string | null, power = 'Red'): StepInput => ({
  kind: 'act',
  by: 'player',
  caller: { userId: `user-${power}`, power },
  action,
  values: { choice, detail: null },
});

const TRANSITIONS: Row[] = [
  {
    name: 'a variant without steps: the boundary adjudicates at once',
    frame: { plugin: PLAIN },
    input: { kind: 'boundary' },
    step: null,
    effects: [{ kind: 'adjudicate', handoff: {} }],
  },
  {
    name: 'Beacons: the orders of a movement phase end, and the beacons step opens until the retreat duration has passed',
    frame: { plugin: beaconsPlugin },
    input: { kind: 'boundary' },
    step: 'beacons',
    startedAt: NOW,
    effects: [{ kind: 'open', step: 'beacons', at: 'claim', deadline: NOW + DURATIONS.retreat }],
  },
  {
    name: 'Beacons: a retreat phase has no beacons, so it is adjudicated',
    frame: { plugin: beaconsPlugin, position: retreatBoard },
    input: { kind: 'boundary' },
    step: null,
    effects: [{ kind: 'adjudicate', handoff: {} }],
  },
  {
    name: 'Beacons: the step closes, posts the beacons that burn and hands the phase to the adjudication',
    frame: {
      plugin: beaconsPlugin,
      step: 'beacons',
      records: [record('beacon', 'Red', { province: 'b' }, 'user-Red')],
    },
    input: { kind: 'boundary' },
    step: null,
    effects: [
      {
        kind: 'post',
        text: [plainMsg('🔥 **Spring 1901 movement: the beacons burn** — Red in Brindle (b).')],
        key: 'beacons',
      },
      { kind: 'adjudicate', handoff: {} },
    ],
  },
  {
    name: 'a step the plug-in no longer has counts as none: the orders end as if no step had opened',
    frame: { plugin: beaconsPlugin, step: 'retired' },
    input: { kind: 'boundary' },
    step: 'beacons',
    startedAt: NOW,
    effects: [{ kind: 'open', step: 'beacons', at: 'claim', deadline: NOW + DURATIONS.retreat }],
  },
  {
    name: 'a start without a start choice changes nothing',
    frame: { plugin: beaconsPlugin },
    input: { kind: 'start' },
    step: null,
    effects: [],
  },
  {
    name: 'a start choice opens: a record for each seat, a DM to each seated power (none to Blue, unseated), and its announcement',
    frame: { plugin: gatherPlugin },
    input: { kind: 'start' },
    step: 'gather',
    startedAt: NOW,
    effects: [
      {
        kind: 'record',
        write: { op: 'put', kind: 'choice', key: 'Red', value: { province: null }, writtenBy: null, updatedAt: NOW },
      },
      {
        kind: 'dm',
        power: 'Red',
        userId: 'user-Red',
        text: [plainMsg('Red: choose where your army gathers.')],
        key: 'gather',
      },
      {
        kind: 'open',
        step: 'gather',
        at: 'start',
        deadline: NOW + DURATIONS.adjustment,
        announce: plainMsg('First the armies gather.'),
      },
    ],
  },
  {
    name: 'the start choice closes: the board it made, and the orders begin on it',
    frame: { plugin: gatherPlugin, step: 'gather', records: [record('choice', 'Red', { province: 'b' })] },
    input: { kind: 'boundary' },
    step: null,
    effects: [
      {
        kind: 'position',
        position: { ...start, units: [...start.units, { power: 'Red', type: 'A', province: 'b', coast: null }] },
      },
      { kind: 'audit', action: 'gathered', detail: { armies: 1 }, userId: null },
      {
        kind: 'beginOrders',
        position: { ...start, units: [...start.units, { power: 'Red', type: 'A', province: 'b', coast: null }] },
        announce: [plainMsg('The armies have gathered.')],
      },
    ],
  },
  {
    name: 'Beacons: Red lights a beacon while Blue has not: stored, audited, confirmed by DM, the step still waits',
    frame: { plugin: beaconsPlugin, step: 'beacons', seated: ['Red', 'Blue'] },
    input: act('light', 'Brindle'),
    step: 'beacons',
    startedAt: NOW - 10,
    effects: [
      {
        kind: 'record',
        write: {
          op: 'put',
          kind: 'beacon',
          key: 'Red',
          value: { province: 'b' },
          writtenBy: 'user-Red',
          updatedAt: NOW,
        },
      },
      { kind: 'audit', action: 'beacon', detail: null, userId: 'user-Red' },
      {
        kind: 'dm',
        power: 'Red',
        userId: 'user-Red',
        text: [plainMsg('🔥 Your beacon for Red in ⟦channel:chan⟧, as stored: Brindle (b).')],
        key: 'light',
      },
    ],
  },
];

describe('the phase-step machine: a frame and an input in, the step state and the effects out', () => {
  it.each(TRANSITIONS)('$name', (row) => {
    const t = stepMachine(frameOf(row.frame), row.input);
    expect(t.state.step).toBe(row.step);
    if (row.startedAt !== undefined) expect(t.state.startedAt).toBe(row.startedAt);
    expect(t.state.token).toBe(TOKEN);
    expect(t.effects).toEqual(row.effects);
  });

  it('keys a step’s calls by the phase’s token, an action’s by a fresh one', () => {
    expect(stepMachine(frameOf({ plugin: beaconsPlugin }), { kind: 'boundary' }).token).toBe(TOKEN);
    const acted = stepMachine(frameOf({ plugin: beaconsPlugin, step: 'beacons' }), act('light', 'b'));
    expect(acted.token).not.toBe(TOKEN);
    expect(acted.token).toMatch(/^[0-9a-z]{28}$/);
  });

  it('names the decision: the last effect when it is the machine’s own', () => {
    expect(decisionOf(stepMachine(frameOf({ plugin: beaconsPlugin }), { kind: 'boundary' }))?.kind).toBe('open');
    expect(decisionOf(stepMachine(frameOf({ plugin: beaconsPlugin }), { kind: 'start' }))).toBeNull();
  });

  it('refuses a plug-in that opens a step it does not have', () => {
    expect(() => stepMachine(frameOf({ plugin: brokenPlugin }), { kind: 'boundary' })).toThrow(
      'the plug-in of beacons opened a step it does not have: missing',
    );
  });

  it('does not change the frame it was given (the records and board are copied)', () => {
    const records = [record('choice', 'Red', { province: 'b' })];
    const frame = frameOf({ plugin: gatherPlugin, step: 'gather', records });
    const before = structuredClone({ records: frame.records, position: frame.phase.position });
    stepMachine(frame, act('gather', 'c'));
    stepMachine(frame, { kind: 'boundary' });
    expect({ records: frame.records, position: frame.phase.position }).toEqual(before);
  });
});

describe('an action through the machine: the answer, and whether the step now waits for nobody', () => {
  const ACTIONS: { name: string; frame: FrameSpec; input: StepInput; answer: unknown }[] = [
    {
      name: 'an action the plug-in does not have: refused, with the ones it has',
      frame: { plugin: beaconsPlugin, step: 'beacons' },
      input: act('Douse', null),
      answer: { ok: false, refusal: { kind: 'unknown', typed: 'douse', actions: ['light'] } },
    },
    {
      name: 'an action not open now: refused with the plug-in’s sentence',
      frame: { plugin: beaconsPlugin },
      input: act('light', 'b'),
      answer: {
        ok: false,
        refusal: {
          kind: 'unavailable',
          why: plainMsg('Beacons are lit only when the orders of a movement phase have closed.'),
        },
      },
    },
    {
      name: 'a required slot left empty: refused, naming it',
      frame: { plugin: beaconsPlugin, step: 'beacons' },
      input: act('light', null),
      answer: { ok: false, refusal: { kind: 'missing', action: 'light', slot: 'choice', label: plainMsg('province') } },
    },
    {
      name: 'the plug-in refuses the value: refused with its reason',
      frame: { plugin: beaconsPlugin, step: 'beacons' },
      input: act('light', 'Atlantis'),
      answer: {
        ok: false,
        refusal: { kind: 'refused', why: plainMsg('"Atlantis" is not a province of Beacons (test variant).') },
      },
    },
    {
      name: 'Red lights the last beacon: the step waits for nobody (settled)',
      frame: {
        plugin: beaconsPlugin,
        step: 'beacons',
        seated: ['Red', 'Blue'],
        records: [record('beacon', 'Blue', { province: 'e' })],
      },
      input: act('light', 'b'),
      answer: {
        ok: true,
        action: 'light',
        reply: plainMsg('🔥 Stored for Red: a beacon in Brindle (b).'),
        whenOpen: plainMsg(' You may move it until the beacons close; a DM confirms it.'),
        whenClosed: plainMsg(' Every beacon is lit: the results are being posted.'),
        settled: true,
      },
    },
    {
      name: 'a choice in the start choice while another seat has not chosen: not settled',
      frame: {
        plugin: gatherPlugin,
        step: 'gather',
        seated: ['Red', 'Blue'],
        records: [record('choice', 'Red', { province: null }), record('choice', 'Blue', { province: null })],
      },
      input: act('gather', 'b'),
      answer: {
        ok: true,
        action: 'gather',
        reply: plainMsg('Stored: b.'),
        whenOpen: plainMsg(' (open)'),
        whenClosed: plainMsg(' (closed)'),
        settled: false,
      },
    },
  ];

  it.each(ACTIONS)('$name', (row) => {
    const frame = frameOf(row.frame);
    const t = stepMachine(frame, row.input);
    expect(t.answer).toEqual(row.answer);
    expect(t.state).toEqual(frame.steps);
    if (!(row.answer as { ok: boolean }).ok) expect(t.effects).toEqual([]);
  });
});

describe('what a frame shows', () => {
  it('the step under way: its line and who it waits for, never what they chose', () => {
    const frame = frameOf({
      plugin: gatherPlugin,
      step: 'gather',
      seated: ['Red', 'Blue'],
      records: [record('choice', 'Red', { province: 'b' }), record('choice', 'Blue', { province: null })],
    });
    expect(stepStatusOf(frame)).toEqual({
      name: 'gather',
      at: 'start',
      line: plainMsg('Gathering: 1 of 2 chose.'),
      progress: {
        powers: [
          { power: 'Red', answered: true },
          { power: 'Blue', answered: false },
        ],
      },
      labels: { answered: msg('status.step.answered'), waiting: msg('status.step.waiting') },
    });
    expect(stepStatusOf(frameOf({ plugin: gatherPlugin }))).toBeNull();
  });

  it('orders are closed by a claim step only', () => {
    expect(t('en', closedOrdersMsg(beaconsPlugin.steps!.beacons)!)).toBe(
      'Orders for this phase are closed: the beacons are being lit. Light yours with `/act action:light`.',
    );
    expect(closedOrdersMsg(gatherPlugin.steps!.gather as never)).toBeNull();
    expect(closedOrdersMsg(undefined)).toBeNull();
  });

  it('`/gm advance` words: the step’s own, or what the orders’ end leads to', () => {
    expect(advanceWordsOf(frameOf({ plugin: beaconsPlugin, step: 'beacons' }))).toEqual({
      notice: '⏩ The game master closed the beacons before their deadline; the results follow.',
    });
    expect(advanceWordsOf(frameOf({ plugin: beaconsPlugin }))).toEqual({
      notice: '⏩ The game master closed the orders before their deadline; the beacons follow.',
    });
    expect(advanceWordsOf(frameOf({ plugin: PLAIN }))).toEqual({});
  });

  it('reminders go to the seated powers the step still waits for', () => {
    const frame = frameOf({
      plugin: beaconsPlugin,
      step: 'beacons',
      seated: ['Red', 'Blue'],
      records: [record('beacon', 'Blue', { province: 'e' })],
    });
    expect(stepReminders(frame, NOW + 5000).map((r) => [r.power, r.userId])).toEqual([['Red', 'user-Red']]);
    expect(stepReminders(frameOf({ plugin: gatherPlugin, step: 'gather' }), NOW + 5000)).toEqual([]);
  });

  it('the actions open to a caller now', () => {
    const red = { userId: 'user-Red', power: 'Red' };
    expect(openActions(frameOf({ plugin: beaconsPlugin, step: 'beacons' }), 'player', red).map((a) => a.name)).toEqual([
      'light',
    ]);
    expect(openActions(frameOf({ plugin: beaconsPlugin }), 'player', red)).toEqual([]);
  });
});
