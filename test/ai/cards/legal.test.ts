/**
 * The card AI against `cards legal` (cli.md § ai): in seeded games at every seat count, every
 * seat a computer player that sees only its view, each answer must be an action `cards legal` lists for that seat
 * in the full state (for a fall back: the listed entry, each effect among the entry's options for its claim, every
 * claim resolved once, the recruits from the row), the engine must accept it, and every game must end (never a
 * stalled table). CARD_AI_GAMES games per seat count (default below; `npm run bench` plays thousands) without
 * search (budget 0: the fast policy's pick, the same fall-back choices), and a fortieth of that with the
 * search at its smallest budget (every candidate played out once per halving).
 */
import { describe, expect, it } from 'vitest';
import { newGame } from '../../../src/cardgame/index.js';
import { notListed } from './listed.js';
import { aiPlayer, playGame } from './players.js';

const GAMES = Number(process.env.CARD_AI_GAMES ?? 100);
const SEARCH_GAMES = Math.max(1, Math.round(GAMES / 40));

/** Plays games `from`..`to` (exclusive) at `playouts`, checking every answer; returns the action types seen. */
function checkGames(seats: number, from: number, to: number, playouts: number): Set<string> {
  const kinds = new Set<string>();
  for (let g = from; g < to; g++) {
    const players = Array.from({ length: seats }, () => aiPlayer({ playouts }));
    const seed = `ai-legal-${seats}-${g}`;
    const rec = playGame(newGame({ seats, seed, dynastyCards: g % 2 === 1 }), players, seed, {
      check: (full, seat, action) => {
        const why = notListed(full, seat, action);
        if (why) throw new Error(`${seed}, round ${full.round}, seat ${seat}: ${why}`);
        kinds.add(action.type);
      },
    });
    expect(rec.winner).not.toBe(null);
  }
  return kinds;
}

/** Games per test, so that no test runs long on a busy machine. */
const CHUNK = 50;
const chunks = Array.from(
  { length: Math.ceil(GAMES / CHUNK) },
  (_, i) => [i * CHUNK, Math.min(GAMES, (i + 1) * CHUNK)] as const,
);

describe.each([2, 3, 4, 5])('%i seats: computer players at every seat', (seats) => {
  it.each(chunks)('games %i to %i without search end, every answer listed by cards legal and accepted', (from, to) => {
    const kinds = checkGames(seats, from, to, 0);
    if (to - from >= 20) expect([...kinds].sort()).toEqual(['choose', 'fallBack', 'give', 'wage']);
  });

  it(`${SEARCH_GAMES} games with the search end, every answer listed by cards legal and accepted`, () => {
    checkGames(seats, GAMES, GAMES + SEARCH_GAMES, 1);
  });
});
