/**
 * The computer player "never gives an order the adjudicator marks illegal". Seeded self-play games
 * (`playGame`, src/ai/selfplay.ts) of every variant (Warhammer also with campaign options), the strong player in every
 * seated power, ballots for Mandate of Heaven's voted neutrals included: every phase's results are counted, and
 * not one is `illegal`. Each game must go through movement, retreat and adjustment phases, so every phase type is
 * checked. `AI_SELFPLAY_YEARS` sets the game years (default 3); the search runs with a small budget, since
 * legality must not depend on how long it searches (the benchmark plays the default budget: docs/benchmarks.md).
 */
import { describe, expect, it } from 'vitest';
import { strongPlayer } from '../../src/ai/index.js';
import { playGame } from '../../src/ai/selfplay.js';
import type { Phase } from '../../src/engine/types.js';
import { campaign, seatedPowers, testVariants } from './positions.js';

const YEARS = Number(process.env.AI_SELFPLAY_YEARS ?? 3);
const BUDGET = 40;

describe('self-play: no illegal order in any variant or phase type', () => {
  for (const variant of testVariants()) {
    it(`${variant.id}${campaign(variant)}: the strong player in every seat for ${YEARS} years`, () => {
      const seats = Object.fromEntries(seatedPowers(variant).map((p) => [p, strongPlayer]));
      const phaseTypes = new Set<Phase['type']>();
      let orders = 0;
      const game = playGame({
        variant,
        seats,
        years: YEARS,
        seed: `selfplay-${variant.id}`,
        budget: BUDGET,
        ...(variant.options ? { options: variant.options } : {}),
        onPhase: ({ position, orders: given }) => {
          phaseTypes.add(position.phase.type);
          orders += given.length;
        },
      });
      expect(game.illegal, `illegal orders by power after ${game.phases} phases`).toEqual({});
      expect(orders).toBeGreaterThan(0);
      // A game that ends early in a solo need not reach every phase type; none of these does in so few years.
      expect(game.winner).toBeNull();
      expect([...phaseTypes].sort()).toEqual(['adjustment', 'movement', 'retreat']);
    });
  }
});
