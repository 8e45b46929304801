/**
 * The card AI against `cards legal` (issue 22 §2 and cli.md § ai): in seeded games at every seat count, every
 * seat a computer player that sees only its view, each answer must be an action `cards legal` lists for that seat
 * in the full state (for a fall back: the listed entry, each effect among the entry's options for its claim, every
 * claim resolved once, the recruits from the row), the engine must accept it, and every game must end (never a
 * stalled table). CARD_AI_GAMES games per seat count (default below; `npm run bench` plays thousands) without
 * search (budget 0: the fast policy's pick, the same candidates and fall-back choices), and a twentieth of that
 * with the search at its smallest budget (every candidate played out once per halving).
 */
import { describe, expect, it } from 'vitest';
import { newGame } from '../../../src/cardgame/index.js';
import { notListed } from './listed.js';
import { aiPlayer, playGame } from './players.js';

const GAMES = Number(process.env.CARD_AI_GAMES ?? 200);
const SEARCH_GAMES = Math.max(1, Math.round(GAMES / 20));

describe.each([2, 3, 4, 5])('%i seats: computer players at every seat', (seats) => {
  it(`${GAMES} + ${SEARCH_GAMES} seeded games end, every answer listed by cards legal and accepted`, () => {
    const kinds = new Set<string>();
    for (let g = 0; g < GAMES + SEARCH_GAMES; g++) {
      const players = Array.from({ length: seats }, () => aiPlayer({ playouts: g < GAMES ? 0 : 1 }));
      const state = newGame({ seats, seed: `ai-legal-${seats}-${g}`, dynastyCards: g % 2 === 1 });
      const rec = playGame(state, players, `ai-legal-${seats}-${g}`, {
        check: (full, seat, action) => {
          const why = notListed(full, seat, action);
          if (why) throw new Error(`game ${g}, round ${full.round}, seat ${seat}: ${why}`);
          kinds.add(action.type);
        },
      });
      expect(rec.winner).not.toBe(null);
    }
    if (GAMES >= 20) expect([...kinds].sort()).toEqual(['choose', 'fallBack', 'give', 'wage']);
  });
});
