/**
 * Determinism (docs/cardgame.md "Determinism"): the same seed and actions give the same state and events; `apply` never
 * changes the state it is given; a seat's view carries nothing from which another seat's hand could be worked out.
 */
import { describe, expect, it } from 'vitest';
import {
  apply,
  newGame,
  privateView,
  publicView,
  type Action,
  type CardGameState,
  type GameEvent,
} from '../../src/cardgame/index.js';
import { prng, randomAction } from './random-game.js';

function randomGame(seats: number, seed: number, dynastyCards: boolean) {
  const r = prng(seed);
  let s = newGame({ seats, seed: `replay-${seed}`, dynastyCards });
  const actions: Action[] = [];
  const events: GameEvent[] = [];
  const states: CardGameState[] = [s];
  while (s.phase !== 'finished') {
    const a = randomAction(s, r);
    const before = JSON.stringify(s);
    const res = apply(s, a);
    if (!res.ok) throw new Error(res.error);
    expect(JSON.stringify(s)).toBe(before);
    actions.push(a);
    events.push(...res.events);
    s = res.state;
    states.push(s);
  }
  return { s, actions, events, states };
}

describe('replay', () => {
  it.each([2, 3, 4, 5])(
    '%i seats: replaying the stored actions from the seed reproduces the state and events byte for byte',
    (seats) => {
      const game = randomGame(seats, 7 * seats, seats % 2 === 0);
      let s = newGame({ seats, seed: `replay-${7 * seats}`, dynastyCards: seats % 2 === 0 });
      const events: GameEvent[] = [];
      for (const a of game.actions) {
        const r = apply(s, a);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        s = r.state;
        events.push(...r.events);
      }
      expect(JSON.stringify(s)).toBe(JSON.stringify(game.s));
      expect(JSON.stringify(events)).toBe(JSON.stringify(game.events));
    },
  );

  it('a different seed deals differently', () => {
    expect(newGame({ seats: 3, seed: 'a' }).seats[0]!.hand).not.toEqual(
      newGame({ seats: 3, seed: 'b' }).seats[0]!.hand,
    );
  });

  it("no view and no event shows another seat's hand, the deck order or the shuffle state", () => {
    const { states, events } = randomGame(4, 99, true);
    for (const s of states.filter((_, i) => i % 5 === 0)) {
      for (let seat = 0; seat < 4; seat++) {
        const view = privateView(s, seat);
        const text = JSON.stringify(view);
        expect(text).not.toContain(s.rng);
        expect(view).not.toHaveProperty('deck');
        for (let other = 0; other < 4; other++) {
          if (other === seat) continue;
          for (const c of s.seats[other]!.hand)
            expect(text, `seat ${seat} sees ${c} of seat ${other}`).not.toMatch(new RegExp(`"${c}"`));
        }
      }
      const pub = JSON.stringify(publicView(s));
      for (const x of s.seats) for (const c of x.hand) expect(pub).not.toMatch(new RegExp(`"${c}"`));
    }
    // events are public: a drawn card is never named
    for (const e of events.filter((x) => x.kind === 'effect' && x.draw)) expect(e.text).not.toMatch(/[BDW]\d/);
  });
});
