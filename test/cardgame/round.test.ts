/**
 * Every way a card game ends carries its reason as data in the `finished` event (src/cardgame/round.ts `finish`,
 * docs/cardgame.md "Events"), beside the English text the CLI and the logs read, which stays as it was; so do the
 * `control`, `controlArmy`, `gameOver`, `chooser`, `give` and `extraDraw` events their detail.
 */
import { describe, expect, it } from 'vitest';
import {
  type Action,
  apply,
  type CardGameState,
  chooserOf,
  controlArmyStateOf,
  controlCountsOf,
  extraDrawOf,
  finishReasonOf,
  gameOverStatesOf,
  giveChangedOf,
  newGame,
  type FinishReason,
  type GameEvent,
  STATE_ORDER,
} from '../../src/cardgame/index.js';
import { play, type TableSpec, table } from './fixtures.js';

/** Qin (0) and Yan (1) tied in a tie-break round, Qi (2) sitting out; `strongholds` as in the fixtures. */
function tiebreak(hands: string[][], strongholds: Record<number, (0 | 1 | 2)[]> = {}) {
  const t = table({ dynasties: ['qin', 'yan', 'qi'], hands, strongholds });
  t.phase = 'tiebreak';
  t.battle.tiebreak = { seats: [0, 1] };
  t.currentState = null;
  return t;
}

/** Qin (0) and Yan (1) tied on 5 states each at the last fall back of a normal round, Qi (2) and Yan fallen. */
function tiedAtTheEnd(hands: string[][], strongholds: Record<number, (0 | 1 | 2)[]>) {
  const states = Object.fromEntries(STATE_ORDER.slice(0, 10).map((st, i) => [st, [i % 2]]));
  const t = table({ dynasties: ['qin', 'yan', 'qi'], states, hands, strongholds });
  t.battle.fallen = [1, 2];
  t.deck = []; // nothing to draw: the hands stay as given
  t.discard = [];
  return t;
}

type Ending = [string, () => { state: CardGameState; actions: Action[] }, FinishReason, string];

const ENDINGS: Ending[] = [
  [
    'the most states',
    () => {
      const states = Object.fromEntries(STATE_ORDER.slice(0, 6).map((st) => [st, [1]]));
      const t = table({ dynasties: ['qin', 'yan'], states, hands: [[], []] });
      t.battle.fallen = [1];
      t.round = 40;
      return { state: t, actions: [{ type: 'fallBack', seat: 0 }] };
    },
    { kind: 'states', seat: 1, count: 6 },
    'Yan unites China and becomes the First Emperor (Yan controls the most states (6)).',
  ],
  [
    'the most superiorities in a tie-break round',
    () => {
      const t = tiebreak([['fire/cavalry/chariot'], ['wild']]);
      const actions: Action[] = [
        { type: 'wage', seat: 0, bright: t.ids[0]![0]! },
        { type: 'fallBack', seat: 1 },
        { type: 'fallBack', seat: 0 },
      ];
      return { state: t, actions };
    },
    {
      kind: 'superiorities',
      seat: 0,
      counts: [
        { seat: 0, count: 3 },
        { seat: 1, count: 0 },
      ],
    },
    'Qin unites China and becomes the First Emperor (Qin claimed the most superiorities (Qin 3 – Yan 0)).',
  ],
  [
    'no bright card left, the most strongholds',
    () => ({
      state: tiedAtTheEnd([['dark fire'], ['dark wind'], ['wild']], { 1: [0], 2: [0] }),
      actions: [{ type: 'fallBack', seat: 0 }],
    }),
    { kind: 'strongholds', cause: 'no-cards-left', seat: 0, count: 2 },
    'Qin unites China and becomes the First Emperor (no tied seat has a bright or wild card left; Qin has armies in the most strongholds (2)).',
  ],
  [
    'a tie-break round without a card, the most strongholds',
    () => ({
      state: tiebreak([['wild'], ['wild']], { 1: [1], 2: [1], 3: [0] }),
      actions: [
        { type: 'fallBack', seat: 0 },
        { type: 'fallBack', seat: 1 },
      ],
    }),
    { kind: 'strongholds', cause: 'no-card-played', seat: 1, count: 2 },
    'Yan unites China and becomes the First Emperor (the tie-break round was played without a card; Yan has armies in the most strongholds (2)).',
  ],
  [
    'tied on strongholds, the most armies',
    () => ({
      state: tiebreak([['wild'], ['wild']], { 1: [1, 1], 3: [0] }),
      actions: [
        { type: 'fallBack', seat: 0 },
        { type: 'fallBack', seat: 1 },
      ],
    }),
    { kind: 'armies', cause: 'no-card-played', seat: 1, count: 2 },
    'Yan unites China and becomes the First Emperor (the tie-break round was played without a card; tied on strongholds, Yan has the most armies on the board (2)).',
  ],
  [
    'still tied: a shared victory',
    () => ({
      state: tiebreak([['wild'], ['wild']], { 1: [1], 3: [0] }),
      actions: [
        { type: 'fallBack', seat: 0 },
        { type: 'fallBack', seat: 1 },
      ],
    }),
    { kind: 'shared', cause: 'no-card-played' },
    'Qin and Yan share the victory (the tie-break round was played without a card; still tied on strongholds and armies: a shared victory).',
  ],
];

describe('the end of the game’s reason', () => {
  it.each(ENDINGS)(
    '%s: the finished event carries it as data, its English text unchanged',
    (_, setUp, reason, text) => {
      const { state, actions } = setUp();
      const r = play(state, ...actions);
      expect(r.state.phase).toBe('finished');
      const finished = r.events.at(-1)!;
      expect(finished).toMatchObject({ kind: 'finished', reason, text });
      // stored as JSON and read back (src/game/cards keeps the events in its log)
      expect(finishReasonOf(JSON.parse(JSON.stringify(finished)) as GameEvent)).toEqual(reason);
    },
  );

  it('an event stored before the reason, or a malformed one, has none', () => {
    const text = 'Qin unites China and becomes the First Emperor (Qin controls the most states (7)).';
    expect(finishReasonOf({ kind: 'finished', winner: 0, text })).toBeNull();
    expect(finishReasonOf({ kind: 'finished', winner: 0, text, reason: { kind: 'decree' } })).toBeNull();
    expect(finishReasonOf({ kind: 'tiebreak', text, reason: { kind: 'states', seat: 0, count: 7 } })).toBeNull();
  });
});

/** Qin (0), Yan (1) and Qi (2); Yan and Qi fell back; Qin (no card played) falls back last and ends the round. */
function lastFallBack(spec: Partial<TableSpec> = {}, tweak: (s: CardGameState) => void = () => {}): GameEvent[] {
  const t = table({ dynasties: ['qin', 'yan', 'qi'], ...spec });
  t.battle.fallen = [1, 2];
  tweak(t);
  return play(t, { type: 'fallBack', seat: 0 }).events;
}

/** The setup's gives of Qin (0) and Yan (1): `seats` give in turn (their default cards). */
function gives(...seats: number[]): GameEvent[] {
  let s = newGame({ seats: 2, seed: 'fixture', dynasties: ['qin', 'yan'] });
  const events: GameEvent[] = [];
  for (const seat of seats) {
    const r = apply(s, { type: 'give', seat });
    if (!r.ok) throw new Error(r.error);
    s = r.state;
    events.push(...r.events);
  }
  return events;
}

/** An event's data read back after a JSON round trip, as the bot reads a stored event. */
const READERS: Record<string, (e: GameEvent) => unknown> = {
  chooser: chooserOf,
  controlArmy: controlArmyStateOf,
  gameOver: gameOverStatesOf,
  give: giveChangedOf,
  extraDraw: extraDrawOf,
};

/** The case, its events, the event (without its text), its English text, what its reader gives back once stored. */
type Detail = [string, () => GameEvent[], Record<string, unknown>, string, unknown];

const DETAILS: Detail[] = [
  [
    'a first give',
    () => gives(0),
    { kind: 'give', seat: 0, changed: false },
    'Qin chose its 2 cards for the recruiting row.',
    false,
  ],
  [
    'a changed give',
    () => gives(0, 0),
    { kind: 'give', seat: 0, changed: true },
    'Qin changed its cards for the recruiting row.',
    true,
  ],
  [
    'the first chooser (drawn from the seed)',
    () => gives(0, 1),
    { kind: 'chooser', seat: 1, round: 1, reason: 'first' },
    'Yan starts the first round and chooses the first state to battle in.',
    { round: 1, reason: 'first' },
  ],
  [
    'the chooser who fell back last',
    () => lastFallBack(),
    { kind: 'chooser', seat: 0, round: 2, reason: 'last' },
    'Qin fell back last: it starts round 2 and chooses the state.',
    { round: 2, reason: 'last' },
  ],
  [
    'the chooser who claimed Spy',
    () => lastFallBack({}, (t) => (t.battle.spyClaimer = 1)),
    { kind: 'chooser', seat: 1, round: 2, reason: 'spy' },
    'Yan claimed Spy and chooses the start player and the state for round 2.',
    { round: 2, reason: 'spy' },
  ],
  [
    'an extra card drawn',
    () => lastFallBack(),
    { kind: 'extraDraw', seat: 0, drew: true },
    'Qin played no card this round and drew 1 extra card.',
    true,
  ],
  [
    'no extra card to draw',
    () =>
      lastFallBack({}, (t) => {
        t.deck = [];
        t.discard = [];
      }),
    { kind: 'extraDraw', seat: 0, drew: false },
    'Qin played no card this round, but deck and discard are empty.',
    false,
  ],
  [
    'a control army from a stronghold (D-11)',
    () => lastFallBack({ states: { lu: [1] }, strongholds: { 11: [0], 16: [0], 3: [0, 0] }, supply: [0, 23, 24] }),
    { kind: 'controlArmy', seat: 0, state: 'lu', stronghold: 3 },
    'Qin had no army in supply: the army for Lu came from stronghold 3 (D-11).',
    'lu',
  ],
  [
    'the states at the end',
    () => {
      const states = Object.fromEntries(STATE_ORDER.slice(0, 6).map((st) => [st, [1]]));
      const t = table({ dynasties: ['qin', 'yan'], states, hands: [[], []] });
      t.battle.fallen = [1];
      t.round = 40;
      return play(t, { type: 'fallBack', seat: 0 }).events;
    },
    {
      kind: 'gameOver',
      reason: 'round-cap',
      states: [
        { seat: 0, count: 0 },
        { seat: 1, count: 6 },
      ],
    },
    'The game ends: the last round has been played. States: Qin 0, Yan 6.',
    [
      { seat: 0, count: 0 },
      { seat: 1, count: 6 },
    ],
  ],
];

describe('the events’ detail as data', () => {
  it.each(DETAILS)('%s: carried as data, its English text unchanged', (_, events, data, text, stored) => {
    const e = events()
      .filter((x) => x.kind === data.kind)
      .at(-1)!;
    expect(e).toEqual({ ...data, text });
    // stored as JSON and read back
    expect(READERS[e.kind]!(JSON.parse(JSON.stringify(e)) as GameEvent)).toEqual(stored);
  });

  it('the control round’s counts, each beside the English line written from it', () => {
    const events = lastFallBack({
      states: { lu: [0, 1], wey: [1], cai: [1] },
      strongholds: { 10: [0, 0], 15: [0], 16: [0], 11: [1], 14: [0], 33: [1] },
    });
    const control = events.find((x) => x.kind === 'control')!;
    const counts = controlCountsOf(JSON.parse(JSON.stringify(control)) as GameEvent)!;
    const lines = counts.map((c, i) => [c.state, c.outcome, (control.why as string[])[i]]);
    expect(lines).toEqual([
      [
        'xing',
        { kind: 'neutral-weak', count: 3, needs: 4 },
        'Xing: Qin 2, neutral 1 — neutral with 3 armies around (a neutral state needs 4)',
      ],
      ['ji', { kind: 'leader', takes: 0 }, 'Ji: Qin 2, Yan 1, neutral 1: Qin takes control'],
      ['wey', { kind: 'tied' }, 'Wey: Qin 1, Yan 1 — tied, no change'],
      ['gu', { kind: 'leader', takes: 0 }, 'Gu: Qin 3, neutral 1: Qin takes control'],
      [
        'lu',
        { kind: 'tie-broken', by: 0, takes: 0 },
        "Lu: Qin 2, Yan 2 — tie broken by Qin's army beneath: Qin takes control",
      ],
      ['cai', { kind: 'leader', takes: null }, 'Cai: Yan 2'],
    ]);
    expect(counts).toHaveLength((control.why as string[]).length);
  });

  it('an event stored before its data, or a malformed one, has none', () => {
    const text = 'Qin fell back last: it starts round 2 and chooses the state.';
    expect(chooserOf({ kind: 'chooser', seat: 0, text })).toBeNull();
    expect(chooserOf({ kind: 'chooser', seat: 0, text, round: 2, reason: 'luck' })).toBeNull();
    expect(controlCountsOf({ kind: 'control', text, why: [] })).toBeNull();
    expect(controlCountsOf({ kind: 'control', text, counts: [{ state: 'atlantis' }] })).toBeNull();
    expect(gameOverStatesOf({ kind: 'gameOver', reason: 'round-cap', text })).toBeNull();
    expect(controlArmyStateOf({ kind: 'controlArmy', seat: 0, stronghold: 3, text })).toBeNull();
    expect(giveChangedOf({ kind: 'give', seat: 0, text })).toBeNull();
    expect(extraDrawOf({ kind: 'extraDraw', seat: 0, text, drew: 'yes' })).toBeNull();
    expect(extraDrawOf({ kind: 'give', seat: 0, text, drew: true })).toBeNull();
  });
});
