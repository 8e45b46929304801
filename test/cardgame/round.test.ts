/**
 * Every way a card game ends carries its reason as data in the `finished` event (src/cardgame/round.ts `finish`,
 * docs/cardgame.md "Events"), beside the English text the CLI and the logs read, which stays as it was.
 */
import { describe, expect, it } from 'vitest';
import {
  type Action,
  type CardGameState,
  finishReasonOf,
  type FinishReason,
  type GameEvent,
  STATE_ORDER,
} from '../../src/cardgame/index.js';
import { play, table } from './fixtures.js';

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
