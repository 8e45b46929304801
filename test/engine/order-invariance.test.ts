/**
 * Property: a Classic adjudication never depends on the order in which units or orders are listed
 * (test/engine/order-invariance.ts): on crowded patches of the map and on rings of supports that cut each other.
 * `ORDER_INVARIANCE_RUNS` sets the number of random positions per property.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classic } from '../../src/variants/classic/index.js';
import { rng } from '../support/random.js';
import {
  clusteredPosition,
  describeDisagreement,
  findOrderDependence,
  meetingOrders,
  runsFromEnv,
  supportRing,
} from './order-invariance.js';

describe('order invariance (Classic)', () => {
  it('every listing of the units and orders gives the same adjudication (crowded patches)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 3, max: 14 }), (seed, count) => {
        const r = rng(seed);
        const position = clusteredPosition(classic, r, count);
        const { disagreement } = findOrderDependence(classic, position, meetingOrders(classic, position, r), r);
        expect(disagreement && describeDisagreement(disagreement), `seed ${seed}`).toBeNull();
      }),
      { numRuns: runsFromEnv(20) },
    );
  });

  it('every listing gives the same adjudication (rings of supports cutting each other)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.constantFrom(2, 3),
        fc.integer({ min: 0, max: 2 }),
        (seed, ringSize, extra) => {
          const r = rng(seed);
          const ring = supportRing(classic, r, ringSize as 2 | 3, ringSize === 2 ? extra : extra === 1 ? 0 : extra);
          if (!ring) return;
          const { disagreement } = findOrderDependence(classic, ring.position, ring.orders, r);
          expect(disagreement && describeDisagreement(disagreement), `seed ${seed}`).toBeNull();
        },
      ),
      { numRuns: runsFromEnv(20) },
    );
  });
});
