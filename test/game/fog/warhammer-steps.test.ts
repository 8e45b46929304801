/**
 * Warhammer's steps in a fog game, at the game layer (docs/rules/warhammer.md "Warhammer under fog of war"): the phase
 * machine over a frame with the fog up, and what each step posts in the channel and tells each power by DM. The channel
 * names the phase and the powers only; a power reads only what the game's view filter (src/game/fog `powerView`) lets
 * it see; the game master who plays no power reads everything. The same frames without fog show the board, so each
 * check can fail.
 */
import { describe, expect, it } from 'vitest';
import type { Position, PowerOrder } from '../../../src/engine/types.js';
import { powerView } from '../../../src/game/fog/index.js';
import { contextOf, type PhaseFrame, type StepState } from '../../../src/game/phase/frame.js';
import { stepMachine, stepStatusOf, type StepEffect, type StepInput } from '../../../src/game/phase/machine.js';
import { writeListRecords, type RecordEntry } from '../../../src/game/phase/records.js';
import { pluginMsg } from '../../../src/game/phase/texts.js';
import { t, type Msg } from '../../../src/i18n/index.js';
import { getVariant, pluginOf } from '../../../src/variants/index.js';
import { becomeSepoy, recordWins } from '../../../src/variants/warhammer/index.js';
import type { PluginContext } from '../../../src/variants/plugin/index.js';
import { ordersOf } from '../../variants/warhammer/harness.js';

const NOW = 1_000_000;
const HOUR = 3_600_000;
const warhammer = getVariant('warhammer')!;
const plugin = pluginOf('warhammer');
const GM = 'gm-user';
/** Far from the Wasteland and from Tilea: Lustria. */
const FAR = 'Lizardmen';
const SEATED = ['Bretonnia', 'Empire', 'Tilea', FAR, 'Vampire Counts', 'Wood Elves', 'Dwarves', 'Kislev'];
const userOf = (power: string) => `user-${power.toLowerCase().replace(/\W+/g, '-')}`;

interface Spec {
  fog: boolean;
  position?: Position;
  step?: string | null;
  records?: RecordEntry[];
  orders?: PowerOrder[];
  options?: Record<string, string>;
  seated?: string[];
}

function frameOf(spec: Spec): PhaseFrame {
  const steps: StepState = { step: spec.step ?? null, startedAt: NOW - 10, token: 'phase-token' };
  return {
    variant: warhammer,
    plugin,
    game: {
      id: 1,
      channelId: 'chan',
      options: spec.options ?? { decisiveBattles: 'gm' },
      durations: { movement: HOUR, retreat: HOUR, adjustment: HOUR },
      deadline: NOW + HOUR,
      gmUserId: GM,
    },
    phase: {
      id: 7,
      index: 0,
      position: spec.position ?? warhammer.startingPosition(),
      resolved: false,
      adjudication: null,
    },
    seats: (spec.seated ?? SEATED).map((power) => ({ power, userId: userOf(power) })),
    steps,
    records: spec.records ?? [],
    orders: () => spec.orders ?? [],
    now: NOW,
    random: () => 0.25,
    ...(spec.fog ? { fog: true } : {}),
  };
}

const words = (lines: readonly Msg[]) => lines.map((m) => t('en', m)).join('\n');
const posts = (effects: StepEffect[]) =>
  effects.flatMap((e) => (e.kind === 'post' ? [words(e.text)] : e.kind === 'beginOrders' ? [words(e.announce)] : []));
const dms = (effects: StepEffect[]) =>
  effects.flatMap((e) => (e.kind === 'dm' ? [{ ...e, words: words(e.text) }] : []));
const dmTo = (effects: StepEffect[], power: string | null, key?: string) =>
  dms(effects).filter((d) => d.power === power && (key === undefined || d.key === key));

/** The records a transition leaves, after `records`. */
function recordsAfter(records: RecordEntry[], effects: StepEffect[]): RecordEntry[] {
  const list = structuredClone(records);
  writeListRecords(
    list,
    effects.flatMap((e) => (e.kind === 'record' ? [e.write] : [])),
  );
  return list;
}

const act = (power: string, action: string, choice: string, detail: string | null = null): StepInput => ({
  kind: 'act',
  by: 'player',
  caller: { userId: userOf(power), power },
  action,
  values: { choice, detail },
});

const sees = (position: Position, power: string, province: string) =>
  !powerView(warhammer, position, power).hidden.includes(province);

const start = warhammer.startingPosition();
/** The Wood Elves' army in Cheton Forest: they see the Wasteland without fighting there. */
const WATCHER = 'Wood Elves';
const battleBoard: Position = {
  ...start,
  units: start.units.map((u) => (u.power === WATCHER ? { ...u, province: 'chet' } : u)),
};

describe('Warhammer’s Dogs of War muster in a fog game', () => {
  function mustered(fog: boolean) {
    const opened = stepMachine(frameOf({ fog }), { kind: 'start' });
    let records = recordsAfter([], opened.effects);
    const chose = stepMachine(frameOf({ fog, step: 'muster', records }), act('Tilea', 'muster', 'rema', 'fleet'));
    expect(chose.answer?.ok).toBe(true);
    records = recordsAfter(records, chose.effects);
    return { chose, closed: stepMachine(frameOf({ fog, step: 'muster', records }), { kind: 'boundary' }) };
  }

  it('the channel names the Dogs of War that mustered, never where; without fog it says where', () => {
    const fogged = posts(mustered(true).closed.effects).join('\n');
    expect(fogged).toContain('Tilea');
    expect(fogged).not.toMatch(/rema|Remas|fleet/i);
    expect(posts(mustered(false).closed.effects).join('\n')).toContain('Tilea: fleet in Remas (rema)');
  });

  it('each power learns by DM, with its map, the units it sees; the far power nothing; the game master all', () => {
    const { closed, chose } = mustered(true);
    const after = closed.effects.find((e) => e.kind === 'beginOrders')!;
    expect(after.kind === 'beginOrders' && after.position.units.some((u) => u.province === 'rema')).toBe(true);
    const position = after.kind === 'beginOrders' ? after.position : start;
    for (const power of SEATED) {
      const [dm] = dmTo(closed.effects, power, 'mustered');
      expect(dm, power).toBeDefined();
      expect(dm!.view && dm!.map).toBe(true);
      if (power === 'Tilea' || sees(position, power, 'rema')) expect(dm!.words).toContain('Remas (rema)');
      else expect(dm!.words).toContain('Nothing of it is in your sight.');
    }
    expect(sees(position, FAR, 'rema')).toBe(false);
    const [gm] = dmTo(closed.effects, null);
    expect(gm?.userId).toBe(GM);
    expect(gm?.words).toContain('Tilea: fleet in Remas (rema)');
    // The choice itself stays Tilea's own (a DM to it alone, not a view its spectators always get).
    expect(dms(chose.effects).map((d) => [d.power, d.view ?? false])).toEqual([['Tilea', false]]);
  });

  it('the board a power sees keeps another Dogs of War’s city only where it sees it (the state’s fog rule)', () => {
    const { closed } = mustered(true);
    const after = closed.effects.find((e) => e.kind === 'beginOrders');
    const position = after?.kind === 'beginOrders' ? after.position : start;
    const dogs = (power: string) =>
      (powerView(warhammer, position, power).position.variantState as { dogsOfWar: object }).dogsOfWar;
    expect(dogs('Tilea')).toEqual({ Tilea: { city: 'rema', type: 'F' } });
    expect(dogs(FAR)).toEqual({});
    expect(dogs('Skaven')).toEqual(sees(position, 'Skaven', 'rema') ? { Tilea: { city: 'rema', type: 'F' } } : {});
    expect((position.variantState as { dogsOfWar: object }).dogsOfWar).toEqual({ Tilea: { city: 'rema', type: 'F' } });
  });

  it('a game master who plays a power gets no whole-board DM', () => {
    const opened = stepMachine(frameOf({ fog: true }), { kind: 'start' });
    const frame = frameOf({ fog: true, step: 'muster', records: recordsAfter([], opened.effects) });
    const seatedGm = { ...frame, seats: [...frame.seats, { power: 'Skaven', userId: GM }] };
    expect(dmTo(stepMachine(seatedGm, { kind: 'boundary' }).effects, null)).toEqual([]);
  });
});

describe('Warhammer’s decisive battles in a fog game', () => {
  // The Wasteland bounce between Bretonnia and the Empire; Lustria and the rest far away.
  const ORDERS = ordersOf(battleBoard, {
    Bretonnia: ['A cour - wast', 'F lang H'],
    Empire: ['A altd - wast', 'A nuln H', 'F midd H'],
    Lizardmen: ['A tlax H', 'F xlan H'],
    'Wood Elves': ['A chet H'],
  });
  const BOARD = /wast|Wasteland|cour|altd|nuln/;

  function declared(fog: boolean, mode: 'gm' | 'dice') {
    const options = { decisiveBattles: mode };
    const spec = { fog, orders: ORDERS, options, position: battleBoard };
    const opened = stepMachine(frameOf(spec), { kind: 'boundary' });
    let records = recordsAfter([], opened.effects);
    for (const power of ['Bretonnia', 'Empire']) {
      const unit = power === 'Bretonnia' ? 'A cour' : 'A altd';
      const r = stepMachine(frameOf({ ...spec, step: 'declarations', records }), act(power, 'declare', `move ${unit}`));
      expect(r.answer?.ok, power).toBe(true);
      records = recordsAfter(records, r.effects);
    }
    const closed = stepMachine(frameOf({ ...spec, step: 'declarations', records }), { kind: 'boundary' });
    return { opened, closed, records: recordsAfter(records, closed.effects), spec };
  }

  it('the provisional results: the channel names the powers that may declare, each power its own view by DM', () => {
    expect(sees(battleBoard, WATCHER, 'wast')).toBe(true);
    expect(sees(battleBoard, FAR, 'wast')).toBe(false);
    const { opened } = declared(true, 'gm');
    const [post] = opened.effects.filter((e) => e.kind === 'post');
    expect(post?.kind === 'post' && post.picture).toBeUndefined();
    const text = posts(opened.effects).join('\n');
    expect(text).toContain('May declare: Empire; Bretonnia');
    expect(text).not.toMatch(BOARD);
    const far = dmTo(opened.effects, FAR, 'provisional')[0]!;
    expect(far.view).toBe(true);
    expect(far.words).toContain('tlax');
    expect(far.words).not.toMatch(BOARD);
    expect(dmTo(opened.effects, WATCHER, 'provisional')[0]!.words).toMatch(/wast/);
    expect(dmTo(opened.effects, null)[0]!.words).toContain('__Bretonnia__: decisive move A cour');
    // Without fog the post shows the provisional results and every power's declarations.
    expect(posts(declared(false, 'gm').opened.effects).join('\n')).toMatch(BOARD);
  });

  it('gm mode: the battle goes by DM to its sides and those who see the Wasteland; the channel only says so', () => {
    const { closed } = declared(true, 'gm');
    const text = posts(closed.effects).join('\n');
    expect(text).toContain('decisive battle declarations are closed');
    expect(text).toContain('/gm act action:battle');
    expect(text).not.toMatch(BOARD);
    for (const power of ['Bretonnia', 'Empire', WATCHER])
      expect(dmTo(closed.effects, power, 'battles')[0]?.words, power).toContain('The Wasteland (wast)');
    expect(dmTo(closed.effects, FAR, 'battles')).toEqual([]);
    expect(dmTo(closed.effects, null, 'battles')[0]?.words).toContain('decisive battles** (1)');
    expect(posts(declared(false, 'gm').closed.effects).join('\n')).toContain('Bretonnia A cour (declared)');
  });

  it('the status counts no battles in a fog game', () => {
    const { records, spec } = declared(true, 'gm');
    const status = stepStatusOf(frameOf({ ...spec, step: 'battles', records }));
    expect(t('en', status!.line)).not.toMatch(/\d/);
    const open = stepStatusOf(frameOf({ ...spec, fog: false, step: 'battles', records }));
    expect(t('en', open!.line)).toContain('on 1 of them');
  });

  it('the outcomes the game master reports: by DM to those who fight or see, the channel names the phase', () => {
    const { records, spec } = declared(true, 'gm');
    const gm: StepInput = {
      kind: 'act',
      by: 'gm',
      caller: { userId: GM, power: null },
      action: 'battle',
      values: { choice: 'wast', detail: 'Empire' },
    };
    const reported = stepMachine(frameOf({ ...spec, step: 'battles', records }), gm);
    expect(reported.answer?.ok).toBe(true);
    const after = recordsAfter(records, reported.effects);
    const closed = stepMachine(frameOf({ ...spec, step: 'battles', records: after }), { kind: 'boundary' });
    expect(posts(closed.effects).join('\n')).not.toMatch(BOARD);
    expect(dmTo(closed.effects, 'Bretonnia', 'outcomes')[0]?.words).toContain('**Empire** (A altd) won');
    expect(dmTo(closed.effects, FAR, 'outcomes')).toEqual([]);
    expect(closed.effects.at(-1)?.kind).toBe('adjudicate');
  });

  it('dice mode: the roll goes by DM with the battle; the channel says the final results follow', () => {
    const { closed } = declared(true, 'dice');
    const text = posts(closed.effects).join('\n');
    expect(text).toContain('The final results follow.');
    expect(text).not.toMatch(/Rolled|wast/);
    expect(dmTo(closed.effects, 'Empire', 'battles')[0]?.words).toContain('Rolled');
    expect(dmTo(closed.effects, FAR, 'battles')).toEqual([]);
  });

  it('a computer seat declaring is handed the orders in its sight and its own declarations only', () => {
    const { opened, spec } = declared(true, 'gm');
    const records = recordsAfter([], opened.effects).filter((r) => r.kind === 'battle-step');
    const ask = plugin.steps!.declarations!.computer!.ask;
    const question = askWith(frameOf({ ...spec, step: 'declarations', records }), (ctx) => ask(ctx, 'Bretonnia'));
    expect(question?.kind).toBe('declare');
    if (question?.kind !== 'declare') return;
    expect(question.orders.some((o) => o.power === FAR)).toBe(false);
    expect(question.offered.every((d) => d.power === 'Bretonnia')).toBe(true);
    const open = askWith(frameOf({ ...spec, fog: false, step: 'declarations', records }), (ctx) =>
      ask(ctx, 'Bretonnia'),
    );
    expect(open?.kind === 'declare' && open.orders.some((o) => o.power === FAR)).toBe(true);
  });
});

/** Calls the plug-in with the context the phase machine gives it over `frame`. */
function askWith<T>(frame: PhaseFrame, f: (ctx: PluginContext) => T): T {
  return f(contextOf(frame, { token: 'tok', writer: null }).ctx);
}

describe('a Sepoy’s revolt in a fog game', () => {
  /** Kislev conquered by the Empire, its Sepoy with three won battles, in a winter: it may revolt in Praag. */
  function sepoyBoard(): Position {
    const conquered: Position = {
      ...start,
      phase: { season: 'winter', year: 2501, type: 'adjustment' },
      units: start.units.filter((u) => u.power !== 'Kislev'),
      supplyCenters: {
        ...start.supplyCenters,
        Kislev: [],
        Empire: ['altd', 'kisl', 'midd', 'nuln', 'praa', 'wast'],
      },
    };
    const sepoy = becomeSepoy(conquered, 'Kislev');
    if (!sepoy.ok) throw new Error(sepoy.error);
    return recordWins(sepoy.position, { Kislev: 3 });
  }

  function revolted(fog: boolean) {
    const r = stepMachine(frameOf({ fog, position: sepoyBoard() }), act('Kislev', 'revolt', 'praa', 'army'));
    expect(r.answer?.ok).toBe(true);
    return r;
  }

  it('the channel says who revolted, not against whom; where goes to those who see it, and the game master', () => {
    const r = revolted(true);
    const text = posts(r.effects).join('\n');
    expect(text).toContain('Kislev, a Sepoy, revolts');
    expect(text).not.toContain('Empire');
    expect(text).not.toMatch(/praa|Praag/);
    const position = [...r.effects].reverse().find((e) => e.kind === 'position');
    const after = position?.kind === 'position' ? position.position : start;
    for (const power of SEATED) {
      const dm = dmTo(r.effects, power)[0];
      if (power === 'Kislev' || sees(after, power, 'praa')) expect(dm?.words, power).toContain('Praag (praa)');
      else expect(dm, power).toBeUndefined();
    }
    expect(sees(after, FAR, 'praa')).toBe(false);
    expect(dmTo(r.effects, null)[0]?.words).toContain('Praag (praa) is its new capital');
    expect(posts(revolted(false).effects).join('\n')).toContain('Praag (praa) is its new capital');
  });
});

describe('who a Sepoy serves, in a fog game', () => {
  /** Kislev conquered: its capital held by `holder` (out of the far power's sight), in a Spring before orders. */
  function conqueredBy(holder: string): Position {
    return {
      ...start,
      units: start.units.filter((u) => u.power !== 'Kislev'),
      supplyCenters: {
        ...start.supplyCenters,
        Kislev: [],
        [holder]: [...(start.supplyCenters[holder] ?? []), ...(start.supplyCenters.Kislev ?? [])],
      },
    };
  }

  function followed(fog: boolean, holder: string) {
    const r = stepMachine(frameOf({ fog, position: conqueredBy(holder) }), act('Kislev', 'follow', 'sepoy'));
    expect(r.answer?.ok).toBe(true);
    const position = [...r.effects].reverse().find((e) => e.kind === 'position');
    const after = position?.kind === 'position' ? position.position : start;
    const { ctx } = contextOf(frameOf({ fog, position: after }), { token: 'phase-token', writer: null });
    const note = plugin.seatNote?.(ctx as PluginContext, 'Kislev');
    const state = (power: string) => JSON.stringify(powerView(warhammer, after, power).position.variantState);
    return { r, post: posts(r.effects).join('\n'), note: note ? t('en', pluginMsg(note)) : '', state };
  }

  it('the channel and the status tell nobody who holds the capital; the Sepoy and its master are told', () => {
    // Two worlds that differ only out of the Lizardmen's sight: the Empire or the Dwarves hold Kislev's capital.
    const a = followed(true, 'Empire');
    const b = followed(true, 'Dwarves');
    expect(sees(conqueredBy('Empire'), FAR, 'kisl')).toBe(false);
    expect(a.post).toBe(b.post);
    expect(a.note).toBe(b.note);
    // The board's state a power is shown (maps, the pad, exports) keeps the Sepoy for itself and its master only.
    expect(a.state(FAR)).toBe(b.state(FAR));
    expect(a.state('Empire')).toContain('"master":"Empire"');
    expect(a.state('Kislev')).toContain('"master":"Empire"');
    expect(a.post).toContain('Kislev now fights as a **Sepoy**');
    expect(dmTo(a.r.effects, 'Empire')[0]?.words).toContain('Kislev now fights for you as a Sepoy');
    expect(dmTo(b.r.effects, 'Dwarves')[0]?.words).toContain('Kislev now fights for you as a Sepoy');
    // Without fog the channel and the status name the master: the check can fail.
    const open = followed(false, 'Empire');
    expect(open.post).toContain('Sepoy** of Empire');
    expect(open.note).toContain('Sepoy of Empire');
  });
});
