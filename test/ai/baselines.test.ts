/**
 * The benchmark's opponents (src/ai/baselines; docs/ai.md "The baselines"): in random positions of every variant,
 * every phase type met, the second DumbBot reading and the look-ahead players give a complete order set that the
 * adjudicator accepts without one illegal order, and the same request and seed give the same answer. How strong they
 * are is measured in the bench (docs/benchmarks.md), never here.
 */
import { describe, expect, it } from 'vitest';
import { literalDumbBot, walk } from '../../src/ai/baselines/literal.js';
import { climbingLookaheadBot, lookaheadBot } from '../../src/ai/baselines/lookahead.js';
import { makeRng } from '../../src/ai/rng.js';
import type { Player } from '../../src/ai/index.js';
import { adjudicate, powersToAct } from '../../src/engine/index.js';
import type { PowerOrder } from '../../src/engine/types.js';
import { randomPosition, testVariants, type TestPosition } from './positions.js';

const baselines: [string, Player, number][] = [
  // name, player, powers asked per position (the look-ahead players simulate: a few powers keep the test quick)
  ['second DumbBot reading', literalDumbBot, 99],
  ['look-ahead', lookaheadBot, 2],
  ['hill-climbing look-ahead', climbingLookaheadBot, 2],
];

function ordersOf(t: TestPosition, player: Player, count: number, seed: string): PowerOrder[] {
  const voted = new Set(
    t.variant.rules.votedPowers?.({ map: t.variant.map, position: t.position, players: t.players }) ?? [],
  );
  const powers = powersToAct(t.variant, t.position)
    .filter((p) => !voted.has(p) && t.players.includes(p))
    .slice(0, count);
  return powers.flatMap((power) =>
    player.orders({ variant: t.variant, position: t.position, power, players: t.players, seed }),
  );
}

describe('benchmark opponents', () => {
  for (const variant of testVariants()) {
    const positions = [0, 5, 12].map((phases) => randomPosition(variant, 41 + phases, phases));
    for (const [name, player, count] of baselines) {
      it(`${variant.id}: the ${name} player's orders are complete, legal and repeatable`, () => {
        for (const t of positions) {
          const orders = ordersOf(t, player, count, 'base');
          expect(ordersOf(t, player, count, 'base'), t.label).toEqual(orders);
          const adj = adjudicate(t.variant, t.position, orders, { players: t.players });
          expect(
            adj.results.filter((r) => r.result === 'illegal'),
            t.label,
          ).toEqual([]);
          if (t.position.phase.type === 'adjustment') continue;
          // One order per unit of each power asked (movement) or per dislodged unit (retreat).
          const units = t.position.phase.type === 'movement' ? t.position.units : t.position.dislodged;
          for (const power of new Set(orders.map((o) => o.power))) {
            const ordered = orders
              .filter((o) => o.power === power)
              .map((o) => (o.order.kind === 'waive' ? '' : o.order.unit.province))
              .sort();
            const own = units
              .filter((u) => u.power === power)
              .map((u) => u.province)
              .sort();
            expect(ordered, `${t.label} ${power}`).toEqual(own);
          }
        }
      });
    }
  }
});

describe("DumbBot's randomised walk down a sorted list", () => {
  it('plays the best when the next is far worse, and sometimes the next when they are close', () => {
    const rng = makeRng('walk');
    const far = Array.from({ length: 200 }, () => walk([100, 1], rng));
    expect(far.every((i) => i === 0)).toBe(true);
    const close = Array.from({ length: 400 }, () => walk([100, 99, 98], rng));
    const moved = close.filter((i) => i > 0).length / close.length;
    // First roll under 50, second at least (100 − 99) × 500 / 100 = 5: about 0.5 × 0.95 move on.
    expect(moved).toBeGreaterThan(0.35);
    expect(moved).toBeLessThan(0.65);
  });
});
