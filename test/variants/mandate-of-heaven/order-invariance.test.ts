/**
 * Order invariance in Mandate of Heaven's own paths (decisions.md "Engine"): river convoys, among them
 * convoys of armies next to their destination and convoys that rule 6 disrupts (another power's fleet moving into the
 * convoying fleet's river province), last units (rule 4's outer loop). Every permutation of the units up to 7 units,
 * 20 sampled above, the orders shuffled too; the results' reasons are compared as well.
 * `ORDER_INVARIANCE_RUNS` sets the number of random positions.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Order, Position, PowerOrder, ProvinceId } from '../../../src/engine/types.js';
import { mandateFeatures as f, mandateOfHeaven as v } from '../../../src/variants/mandate-of-heaven/index.js';
import { rng } from '../../support/random.js';
import {
  clusteredPosition,
  describeDisagreement,
  findOrderDependence,
  meetingOrders,
  runsFromEnv,
} from '../../engine/order-invariance.js';
import { SPRING_1 } from './harness.js';

const RIVER = [...new Set(Object.values(f.data.riverProvinces).flat())].sort();
const fleetEdge = (a: ProvinceId, b: ProvinceId) =>
  v.map.fleetCanMove({ province: a, coast: null }, { province: b, coast: null });

/**
 * Orders that meet around the rivers: `meetingOrders`, then river fleets convoy a move an army next to them actually
 * ordered (often a move to a neighbouring province, where only an own fleet's convoy makes it a convoyed one:
 * DATC 4.A.3), and other fleets move into the convoying fleets' provinces (rule 6).
 */
function riverOrders(position: Position, r: () => number): PowerOrder[] {
  const orders = new Map<ProvinceId, PowerOrder>(
    meetingOrders(v, position, r, 0).map((po) => ['unit' in po.order ? po.order.unit.province : '', po]),
  );
  const unitAt = new Map(position.units.map((u) => [u.province, u]));
  const convoying: ProvinceId[] = [];
  for (const fleet of position.units.filter((u) => u.type === 'F' && f.isRiverProvince(u.province))) {
    if (r() < 0.3) continue;
    const moves = [...orders.values()].filter((po) => {
      const o = po.order;
      return (
        o.kind === 'move' &&
        unitAt.get(o.unit.province)?.type === 'A' &&
        fleetEdge(fleet.province, o.unit.province) &&
        fleetEdge(fleet.province, o.to.province)
      );
    });
    if (moves.length === 0) continue;
    const move = moves[Math.floor(r() * moves.length)]!.order as Order & { kind: 'move' };
    const convoy: Order = {
      kind: 'convoy',
      unit: { type: 'F', province: fleet.province, coast: null },
      target: { type: 'A', province: move.unit.province, coast: null },
      to: move.to,
    };
    orders.set(fleet.province, { power: fleet.power, order: convoy });
    convoying.push(fleet.province);
  }
  for (const fleet of position.units.filter((u) => u.type === 'F' && !convoying.includes(u.province))) {
    const targets = convoying.filter((c) => fleetEdge(fleet.province, c));
    if (targets.length === 0 || r() < 0.3) continue;
    const to = targets[Math.floor(r() * targets.length)]!;
    orders.set(fleet.province, {
      power: fleet.power,
      order: {
        kind: 'move',
        unit: { type: 'F', province: fleet.province, coast: null },
        to: { province: to, coast: null },
        viaConvoy: false,
      },
    });
  }
  return [...orders.values()];
}

describe('Mandate of Heaven: order invariance of river convoys and last units (property)', () => {
  it('every listing gives the same adjudication and the same reasons (3 to 10 units on the rivers)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 3, max: 10 }), (seed, count) => {
        const r = rng(seed);
        const base = clusteredPosition(v, r, count, {
          starts: RIVER,
          fleetChance: (p) => (f.isRiverProvince(p) ? 0.6 : 0.3),
          powers: 3,
        });
        const position: Position = { ...base, phase: SPRING_1 };
        const { disagreement } = findOrderDependence(v, position, riverOrders(position, r), r);
        expect(disagreement && describeDisagreement(disagreement), `seed ${seed}`).toBeNull();
      }),
      { numRuns: runsFromEnv(20) },
    );
  });

  it('the generator reaches the paths it is for: convoys of neighbours, convoys disrupted by rule 6', () => {
    let disrupted = 0;
    let adjacentConvoys = 0;
    for (let seed = 1; seed <= 200 && (disrupted < 3 || adjacentConvoys < 3); seed++) {
      const r = rng(seed);
      const base = clusteredPosition(v, r, 8, {
        starts: RIVER,
        fleetChance: (p) => (f.isRiverProvince(p) ? 0.6 : 0.3),
        powers: 3,
      });
      const orders = riverOrders({ ...base, phase: SPRING_1 }, r);
      const convoys = orders.filter((po) => po.order.kind === 'convoy');
      adjacentConvoys += convoys.filter(
        (po) => po.order.kind === 'convoy' && v.map.armyCanMove(po.order.target.province, po.order.to.province),
      ).length;
      disrupted += convoys.filter((c) =>
        orders.some(
          (po) =>
            po.order.kind === 'move' &&
            po.power !== c.power &&
            po.order.to.province === (c.order as { unit: { province: string } }).unit.province,
        ),
      ).length;
    }
    expect(disrupted).toBeGreaterThanOrEqual(3);
    expect(adjacentConvoys).toBeGreaterThanOrEqual(3);
  });
});
