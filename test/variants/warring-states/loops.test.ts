/**
 * Support-cut loops and rapid river edge cases (test/variants/warring-states/loops.ts), each checked under every
 * order of its units: the outcome, and the reasons players read, never depend on the listing. The whole
 * adjudication (every result and reason, dislodgements, retreats) is compared as well, with the orders shuffled.
 */
import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../../src/engine/index.js';
import { warringStates as v, warringStatesFeatures as features } from '../../../src/variants/warring-states/index.js';
import { rng } from '../../support/random.js';
import { describeDisagreement, findOrderDependence, supportRing } from '../../engine/order-invariance.js';
import { expected, ordersOf, outcome, positionOf, run } from './harness.js';
import { loopCases } from './loops.js';

function permutations<T>(xs: T[]): T[][] {
  if (xs.length <= 1) return [xs];
  return xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((rest) => [x, ...rest]));
}

describe('Warring States support-cut loops and rapid river edge cases (docs/rules/warring-states.md)', () => {
  for (const c of loopCases) {
    it(`${c.name} — ${c.seed}`, () => {
      for (const units of permutations(c.units)) {
        expect(outcome(c, run(c, units)), units.join(', ')).toEqual(expected(c));
      }
      const position = positionOf(c.units);
      const { disagreement } = findOrderDependence(v, position, ordersOf(position, c.orders), rng(c.units.length));
      expect(disagreement && describeDisagreement(disagreement)).toBeNull();
    });
  }

  it('a retreat into the space where two Rapid River Moves stood off fails', () => {
    const c = loopCases.find((x) => x.name.startsWith('Two Rapid River Moves'))!;
    const moved = run(c);
    const retreat = adjudicate(v, moved.position, ordersOf(moved.position, { Zhao: ['A Ye R Diq'] }));
    expect(retreat.results.find((r) => r.power === 'Zhao')!.result).not.toBe('success');
    expect(retreat.position.units.some((u) => u.power === 'Zhao')).toBe(false);
  });

  it('two supports for attacks on each other are never a support-cut loop (300 rings across walls and rivers) — FF rule 3: "a unit\'s supports do not contribute to cutting supports for attacks on itself"', () => {
    // Supporter i supports an attack on supporter i+1; with two, each cutting attack's only support is the one of the
    // unit its target's support attacks, so no cut depends on another support (docs/rules/warring-states.md).
    const rich = v.map
      .provinceIds()
      .filter(
        (p) =>
          features.isRiverProvince(p) ||
          v.map.provinceIds().some((q) => features.hasWall(p, q) || features.hasWall(q, p)),
      );
    let rings = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const ring = supportRing(v, rng(seed), 2, 0, {
        starts: rich,
        fleetChance: (p) => (features.isRiverProvince(p) ? 0.8 : 0.3),
      });
      if (!ring) continue;
      rings++;
      const looped = adjudicate(v, ring.position, ring.orders).results.filter((r) =>
        r.reason.includes('support-cut loop'),
      );
      expect(looped, `seed ${seed}`).toEqual([]);
    }
    expect(rings).toBeGreaterThan(200);
  });
});
