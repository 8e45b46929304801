/**
 * A small strength check of the card AI, counted in wins, never timed: seeded games against the
 * greedy players and random players, the AI's seat rotating. `npm run bench` measures the full figures with
 * confidence intervals (docs/benchmarks.md); these only catch a player that stopped playing well.
 */
import { describe, expect, it } from 'vitest';
import { newGame } from '../../../src/cardgame/index.js';
import { aiPlayer, claimsGreedyPlayer, greedyPlayer, playGame, randomPlayer, share, type Player } from './players.js';

function wins(seats: number, ai: Player, opponent: Player, games: number, label: string): number {
  let won = 0;
  for (let g = 0; g < games; g++) {
    const aiSeat = g % seats;
    const seed = `strength-${label}-${g}`;
    const players = Array.from({ length: seats }, (_, i) => (i === aiSeat ? ai : opponent));
    won += share(playGame(newGame({ seats, seed, dynastyCards: g % 4 >= 2 }), players, seed), aiSeat);
  }
  return won;
}

describe('card AI strength (smoke)', () => {
  it('with a small search budget, wins at least 5 of 6 two-seat games against the greedy player', () => {
    expect(wins(2, aiPlayer({ playouts: 20 }), greedyPlayer, 6, 'greedy')).toBeGreaterThanOrEqual(5);
  });

  it('even without search, wins at least 12 of 20 two-seat games against the claims-greedy player', () => {
    expect(wins(2, aiPlayer({ playouts: 0 }), claimsGreedyPlayer, 20, 'claims')).toBeGreaterThanOrEqual(12);
  });

  it('without search, wins at least half of 12 four-seat games against random players (fair share 3)', () => {
    expect(wins(4, aiPlayer({ playouts: 0 }), randomPlayer, 12, 'random')).toBeGreaterThanOrEqual(6);
  });
});
