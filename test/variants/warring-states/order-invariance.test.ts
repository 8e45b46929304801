/**
 * Property: a Warring States adjudication never depends on the order in which units or orders are listed
 * (test/engine/order-invariance.ts), on positions around walls and rivers with river fleets, supports (Floating
 * Fortress ones too) and rapid river moves, and on rings of supports that cut each other across walls.
 * `ORDER_INVARIANCE_RUNS` sets the number of random positions per property.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { warringStates as v, warringStatesFeatures as features } from '../../../src/variants/warring-states/index.js';
import { rng } from '../../support/random.js';
import {
  clusteredPosition,
  describeDisagreement,
  findOrderDependence,
  meetingOrders,
  runsFromEnv,
  supportRing,
} from '../../engine/order-invariance.js';

/** Provinces on a wall or a river: where the Warring States rules meet. */
const rich = v.map
  .provinceIds()
  .filter(
    (p) =>
      features.isRiverProvince(p) || v.map.provinceIds().some((q) => features.hasWall(p, q) || features.hasWall(q, p)),
  );
const riverFleets = (p: string) => (features.isRiverProvince(p) ? 0.6 : 0.2);

describe('order invariance (Warring States)', () => {
  it('every listing of the units and orders gives the same adjudication (walls, rivers, rapid river moves)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 3, max: 14 }), (seed, count) => {
        const r = rng(seed);
        const position = clusteredPosition(v, r, count, { starts: rich, fleetChance: riverFleets });
        const { disagreement } = findOrderDependence(v, position, meetingOrders(v, position, r, 0.35), r);
        expect(disagreement && describeDisagreement(disagreement), `seed ${seed}`).toBeNull();
      }),
      { numRuns: runsFromEnv(20) },
    );
  });

  it('every listing gives the same adjudication (rings of supports cutting each other across walls and rivers)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.constantFrom(2, 3),
        fc.integer({ min: 0, max: 2 }),
        (seed, ringSize, extra) => {
          const r = rng(seed);
          const ring = supportRing(v, r, ringSize as 2 | 3, ringSize === 2 ? extra : extra === 1 ? 0 : extra, {
            starts: rich,
            fleetChance: riverFleets,
          });
          if (!ring) return;
          const { disagreement } = findOrderDependence(v, ring.position, ring.orders, r);
          expect(disagreement && describeDisagreement(disagreement), `seed ${seed}`).toBeNull();
        },
      ),
      { numRuns: runsFromEnv(30) },
    );
  });
});
