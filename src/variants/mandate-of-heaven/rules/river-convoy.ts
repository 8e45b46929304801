/**
 * Rule 6, river convoy: "Convoys by fleets in river provinces (all provinces bordering the blue river areas on the
 * map, representing the Yang Tze and Hwang Ho) are allowed. If another fleet attacks a convoying fleet, the convoy is
 * unsuccessful whether the attack succeeds or not. If an army attacks a convoying fleet, the attack must be
 * successful to disrupt the convoy."
 *
 * Brief §3.6 (Q22–Q24): fleets stand in river provinces and move along the river fleet edges (map data); a fleet in
 * a river province convoys, and chains mix seas and rivers. A convoying fleet in a river province does not convoy
 * when a fleet of another power has a legal move into its province (decided from the orders before resolution);
 * an army disrupts only by dislodging it (the standard rule). Fleets convoying at sea follow the standard rule.
 */
import type { GameMap } from '../../../engine/map.js';
import type { OrderedUnit } from '../../../engine/rules.js';
import type { ProvinceId } from '../../../engine/types.js';
import type { MandateFeatures } from '../features.js';

export const RIVER_DISRUPTION = 'a fleet of another power moved against it (Mandate of Heaven rule 6)';

export function convoysFrom(features: MandateFeatures, map: GameMap, province: ProvinceId): boolean {
  return map.isSea(province) || features.isRiverProvince(province);
}

/**
 * The fleets that disrupt a river convoy, in province order (never in listing order): every legal move into the
 * convoying fleet's river province by a fleet of another power (illegal moves are holds and attack nothing: Q24).
 */
export function riverConvoyDisruptors(
  features: MandateFeatures,
  orderedUnits: ReadonlyMap<ProvinceId, OrderedUnit>,
  fleet: OrderedUnit,
): OrderedUnit[] {
  const at = fleet.unit.province;
  if (!features.isRiverProvince(at) || fleet.order.kind !== 'convoy') return [];
  const attackers = [...orderedUnits.values()].filter(
    (ou) =>
      ou.unit.type === 'F' &&
      ou.unit.power !== fleet.unit.power &&
      !ou.illegalReason &&
      ou.order.kind === 'move' &&
      ou.order.to.province === at,
  );
  return attackers.sort((a, b) => a.unit.province.localeCompare(b.unit.province));
}
