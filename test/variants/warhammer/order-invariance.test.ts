/**
 * An adjudication never depends on the order in which units or orders are listed: every ability case, with its
 * units and orders shuffled 20 times (seeded permutations; decisions.md "Engine").
 */
import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../../src/engine/index.js';
import { warhammer } from '../../../src/variants/warhammer/index.js';
import { abilityCases } from './abilities.js';
import { ordersOf, positionOf } from './harness.js';

function shuffled<T>(list: T[], seed: number): T[] {
  const out = [...list];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const canonical = (adj: ReturnType<typeof adjudicate>) => ({
  units: adj.position.units.map((u) => `${u.power} ${u.type} ${u.province}`).sort(),
  dislodged: adj.position.dislodged.map((d) => `${d.power} ${d.province} ${[...(d.retreatOptions ?? [])].sort().join(',')}`).sort(),
  results: adj.results.map((r) => `${r.power} ${r.order} ${r.result} ${r.reason}`).sort(),
  contested: [...adj.contested].sort(),
});

describe('Warhammer: order invariance of every ability case', () => {
  for (const c of abilityCases) {
    it(c.name, () => {
      const position = positionOf(c.units, c.season, c.owners);
      const orders = ordersOf(position, c.orders);
      const expected = canonical(adjudicate(warhammer, position, orders));
      for (let seed = 1; seed <= 20; seed++) {
        const shuffledPosition = { ...position, units: shuffled(position.units, seed) };
        expect(canonical(adjudicate(warhammer, shuffledPosition, shuffled(orders, seed * 7)))).toEqual(expected);
      }
    });
  }
});
