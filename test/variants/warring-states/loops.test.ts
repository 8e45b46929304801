/**
 * Issue 9's cases (test/variants/warring-states/loops.ts), each checked under every order of its units: the
 * outcome, and the reasons players read, never depend on the listing.
 */
import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../../src/engine/index.js';
import { warringStates as v } from '../../../src/variants/warring-states/index.js';
import { expected, ordersOf, outcome, run } from './harness.js';
import { loopCases } from './loops.js';

function permutations<T>(xs: T[]): T[][] {
  if (xs.length <= 1) return [xs];
  return xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((rest) => [x, ...rest]));
}

describe('Warring States loops and rapid river edge cases (issue 9)', () => {
  for (const c of loopCases) {
    it(`${c.name} — ${c.seed}`, () => {
      for (const units of permutations(c.units)) {
        expect(outcome(c, run(c, units)), units.join(', ')).toEqual(expected(c));
      }
    });
  }

  it('a retreat into the space where two Rapid River Moves stood off fails', () => {
    const c = loopCases.find((x) => x.name.startsWith('Two Rapid River Moves'))!;
    const moved = run(c);
    const retreat = adjudicate(v, moved.position, ordersOf(moved.position, { Zhao: ['A Ye R Diq'] }));
    expect(retreat.results.find((r) => r.power === 'Zhao')!.result).not.toBe('success');
    expect(retreat.position.units.some((u) => u.power === 'Zhao')).toBe(false);
  });
});
