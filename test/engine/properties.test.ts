/**
 * Property tests: on random legal positions with random orders, adjudication never throws and never leaves
 * two units in one province; retreats and adjustments that follow stay consistent too.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../src/engine/index.js';
import type { Order, PowerOrder, Unit } from '../../src/engine/types.js';
import { classic } from '../../src/variants/classic/index.js';
import { randomOrders, randomPosition, rng } from '../support/random.js';

const noDuplicates = (units: Unit[]) => new Set(units.map((u) => u.province)).size === units.length;

describe('adjudication properties (Classic)', () => {
  it('movement never throws and never stacks units; dislodged units retreat only to free places', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 2, max: 40 }), (seed, count) => {
        const r = rng(seed);
        const position = randomPosition(classic, r, count);
        const adj = adjudicate(classic, position, randomOrders(classic, position, r));
        expect(noDuplicates(adj.position.units)).toBe(true);
        expect(adj.position.units.length + adj.dislodged.length).toBe(position.units.length);
        const occupied = new Set(adj.position.units.map((u) => u.province));
        for (const d of adj.dislodged) {
          for (const option of d.retreatOptions ?? []) expect(occupied.has(option.split('/')[0]!)).toBe(false);
        }
        // Every unit gets exactly one result.
        const perUnit = adj.results.filter((x) => x.power !== 'Nobody').map((x) => x.unit.split(' ')[1]!.split('/')[0]);
        expect(perUnit.sort()).toEqual(position.units.map((u) => u.province).sort());
        for (const res of adj.results) expect(res.reason.length).toBeGreaterThan(0);
      }),
      { numRuns: 400 },
    );
  });

  it('the retreat phase that follows never stacks units', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const r = rng(seed);
        const position = randomPosition(classic, r, 34);
        const adj = adjudicate(classic, position, randomOrders(classic, position, r));
        if (adj.position.phase.type !== 'retreat') return;
        const retreats: PowerOrder[] = adj.position.dislodged.map((d) => {
          const options = d.retreatOptions ?? [];
          const to = options.length > 0 && r() < 0.8 ? options[Math.floor(r() * options.length)]! : 'nth';
          const [province, coast] = to.split('/');
          const order: Order =
            r() < 0.1
              ? { kind: 'disband', unit: { type: d.type, province: d.province, coast: d.coast } }
              : {
                  kind: 'retreat',
                  unit: { type: d.type, province: d.province, coast: d.coast },
                  to: { province: province!, coast: coast ?? null },
                };
          return { power: d.power, order };
        });
        const after = adjudicate(classic, adj.position, retreats);
        expect(noDuplicates(after.position.units)).toBe(true);
        expect(after.position.dislodged).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('garbage-shaped orders are results, not exceptions', () => {
    const position = classic.startingPosition();
    const orders: PowerOrder[] = [
      {
        power: 'England',
        order: {
          kind: 'move',
          unit: { type: 'F', province: 'zzz', coast: null },
          to: { province: 'lon', coast: null },
          viaConvoy: false,
        },
      },
      {
        power: 'England',
        order: {
          kind: 'move',
          unit: { type: 'F', province: 'lon', coast: 'xx' },
          to: { province: 'qqq', coast: 'yy' },
          viaConvoy: true,
        },
      },
      {
        power: 'France',
        order: {
          kind: 'support',
          unit: { type: 'A', province: 'par', coast: null },
          target: { type: null, province: 'nowhere', coast: null },
          to: { province: 'bur', coast: null },
        },
      },
      { power: 'Italy', order: { kind: 'build', unit: { type: 'F', province: 'rom', coast: null } } },
      {
        power: 'Turkey',
        order: { kind: 'special', name: 'raise', unit: { type: 'A', province: 'smy', coast: null }, path: [] },
      },
    ];
    const adj = adjudicate(classic, position, orders);
    expect(adj.results.filter((x) => x.result === 'illegal').length).toBeGreaterThanOrEqual(4);
    expect(adj.position.units).toHaveLength(22);
  });
});
