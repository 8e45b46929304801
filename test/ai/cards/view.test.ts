/**
 * The AI's picture of the hidden cards (src/ai/cards/view.ts): a deal of the unseen cards consistent with the
 * seat's view, in every phase and at every seat count, and the checks on what it is given.
 */
import { describe, expect, it } from 'vitest';
import { apply, DECK_IDS, newGame, privateView, type CardGameState } from '../../../src/cardgame/index.js';
import { determinize, readSeatView } from '../../../src/ai/cards/index.js';
import { randomFrom } from '../../../src/ai/cards/random.js';
import { prng, randomAction } from '../../cardgame/random-game.js';

/** States met along a random game: every phase, dynasty cards on and off. */
function statesAlong(seats: number, seed: number): CardGameState[] {
  const r = prng(seed);
  let s = newGame({ seats, seed: `view-${seed}`, dynastyCards: seed % 2 === 0 });
  const out = [s];
  while (s.phase !== 'finished' && out.length < 400) {
    const next = apply(s, randomAction(s, r));
    if (!next.ok) throw new Error(next.error);
    s = next.state;
    out.push(s);
  }
  return out;
}

describe('determinize', () => {
  it.each([2, 3, 4, 5])(
    '%i seats: every deal shows the seat exactly its own view, with all 112 cards once',
    (seats) => {
      for (const seed of [1, 2]) {
        for (const [k, s] of statesAlong(seats, seed).entries()) {
          if (s.phase === 'finished' || k % 3 !== 0) continue;
          const seat = k % seats;
          const view = privateView(s, seat);
          const det = determinize(view, randomFrom(k));
          expect(privateView(det, seat)).toEqual(view);
          const cards = [
            ...det.deck,
            ...det.discard,
            ...det.row,
            ...det.resistance,
            ...det.seats.flatMap((x) => x.hand),
            ...det.battle.played.flat().flatMap((p) => ('card' in p ? [p.card] : [])),
          ];
          expect(cards.sort()).toEqual([...DECK_IDS].sort());
          for (const [i, g] of det.gives.entries()) if (g) for (const c of g) expect(det.seats[i]!.hand).toContain(c);
        }
      }
    },
  );

  it('deals differently for different random streams, and the same for the same one', () => {
    const s = statesAlong(3, 5)[30]!;
    const view = privateView(s, 1);
    expect(determinize(view, randomFrom(9))).toEqual(determinize(view, randomFrom(9)));
    expect(determinize(view, randomFrom(9)).seats[0]!.hand).not.toEqual(
      determinize(view, randomFrom(10)).seats[0]!.hand,
    );
  });
});

describe('readSeatView', () => {
  const s = statesAlong(3, 7)[20]!;

  it("takes the seat's view, or a full state reduced to it", () => {
    const v = privateView(s, 2);
    expect(readSeatView(JSON.parse(JSON.stringify(v)), 2, privateView)).toEqual({ ok: true, view: v });
    expect(readSeatView(JSON.parse(JSON.stringify(s)), 2, privateView)).toEqual({ ok: true, view: v });
  });

  it('names what is wrong with anything else', () => {
    const v = privateView(s, 2);
    const bad = (raw: unknown, seat = 2) => {
      const r = readSeatView(raw, seat, privateView);
      return r.ok ? '' : r.error;
    };
    expect(bad(v, 1)).toMatch(/seat 2's view, not seat 1's/);
    expect(bad(v, 3)).toMatch(/seats 0 to 2/);
    expect(bad({ ...v, viewer: null })).toMatch(/public view/);
    expect(bad({ ...v, deckSize: v.deckSize + 1 })).toMatch(/accounts for 113 cards/);
    expect(bad({ ...v, row: [...v.row, v.seats[2]!.hand![0]] })).toMatch(/two places/);
    expect(bad({ ...v, seats: v.seats.map((x, i) => (i === 2 ? { ...x, hand: undefined } : x)) })).toMatch(
      /does not show seat 2's hand/,
    );
    expect(bad({ ...v, phase: 'lunch' })).toMatch(/not a seat's view.*phase/);
    expect(bad({ ...s, rng: 'nope' })).toMatch(/not a card-game state/);
  });
});
