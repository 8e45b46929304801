/**
 * The Floating Fortress bonus (seed "Floating Fortress bonus (rivers only)" 1–3): castle ships on rivers.
 */
import type { GameMap } from '../../../engine/map.js';
import type { OrderedUnit } from '../../../engine/rules.js';
import type { WarringStatesFeatures } from '../features.js';

/** A fleet standing in a river province (not a sea, not a coast off the rivers). */
export function fleetOnRiver(features: WarringStatesFeatures, ou: OrderedUnit): boolean {
  return ou.unit.type === 'F' && features.isRiverProvince(ou.unit.province);
}

/**
 * FF rule 1: "A Fleet in a river province or sea area issuing a move or support order targetting a neighbouring
 * river province (*not* a sea area) does so with a strength of 2." The target must be a province the fleet can
 * reach as a fleet (FF example 8); a fleet ordered inland has already reverted to an army (Fleets 6).
 */
export function floatingFortressTarget(map: GameMap, features: WarringStatesFeatures, ou: OrderedUnit): boolean {
  if (ou.unit.type !== 'F') return false;
  const from = ou.unit.province;
  if (!features.isRiverProvince(from) && !map.isSea(from)) return false;
  const order = ou.order;
  const target =
    order.kind === 'move'
      ? order.to.province
      : order.kind === 'support'
        ? order.to
          ? order.to.province
          : order.target.province
        : null;
  if (target === null || !features.isRiverProvince(target)) return false;
  return map.canReach('F', ou.unit, target);
}
