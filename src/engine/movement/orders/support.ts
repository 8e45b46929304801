/**
 * Support orders: legality (the supporter must be able to reach the province it supports into) and
 * whether the support matches what the supported unit really does.
 */
import { reservedLinkReason, unitCanReachProvince } from '../../board.js';
import type { GameMap } from '../../map.js';
import type { OrderedUnit, RulesModule } from '../../rules.js';
import type { Order } from '../../types.js';

export function validateSupport(map: GameMap, rules: RulesModule, ou: OrderedUnit): string | null {
  const order = ou.order;
  if (order.kind !== 'support') return null;
  const into = order.to ? order.to.province : order.target.province;
  if (!map.province(into)) return `there is no province "${into}"`;
  if (order.target.province === ou.unit.province) return 'a unit cannot support itself';
  if (order.to && order.to.province === ou.unit.province) return 'a unit cannot support a move into its own province';
  // DATC 6.B.4: a unit can only support into a province it could move to (coasts ignored).
  if (!unitCanReachProvince(map, rules, ou.unit, into)) {
    return (
      reservedLinkReason(map, ou.unit, into) ??
      `${ou.unit.type === 'A' ? 'an army' : 'a fleet'} in ${map.province(ou.unit.province)?.name} cannot reach ${map.province(into)?.name}`
    );
  }
  return null;
}

/** Does the supported unit's actual order match this support? Returns why not, or null. */
export function supportMismatch(
  support: Order & { kind: 'support' },
  target: OrderedUnit | undefined,
  targetMoves: boolean,
  targetDest: string | null,
  targetCoast: string | null,
): string | null {
  if (!target) return `there is no unit in ${support.target.province} to support`;
  if (support.to === null) {
    // Support to hold: only a unit that is not ordered to move can be supported to hold (DATC 6.D.?).
    return targetMoves ? 'the supported unit moved instead of holding' : null;
  }
  if (!targetMoves || targetDest !== support.to.province) {
    return targetMoves ? `the supported unit moved to ${targetDest} instead` : 'the supported unit did not move there';
  }
  // DATC 6.B.4 (4.B.4): the coast in a support is optional, but if given it must match the move.
  if (support.to.coast && targetCoast && support.to.coast !== targetCoast)
    return 'the support names a different coast than the move';
  return null;
}
