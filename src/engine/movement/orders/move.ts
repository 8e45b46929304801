/**
 * Move orders: legality, and whether an army goes by convoy.
 */
import { reservedLinkReason, resolveDestination } from '../../board.js';
import type { GameMap } from '../../map.js';
import type { OrderedUnit, RulesModule } from '../../rules.js';

/** Returns why the move is illegal, or null; on success the order's destination is made exact (coasts). */
export function validateMove(map: GameMap, rules: RulesModule, ou: OrderedUnit): string | null {
  const order = ou.order;
  if (order.kind !== 'move') return null;
  if (order.to.province === ou.unit.province) return 'a unit cannot move to the province it is in'; // DATC 6.A.2
  const dest = map.province(order.to.province);
  if (!dest) return `there is no province "${order.to.province}"`;
  if (ou.unit.type === 'F') {
    if (order.viaConvoy) return 'only armies can be convoyed';
    const r = resolveDestination(map, rules, ou.unit, order.to);
    if (!r.ok) return r.reason;
    ou.order = { ...order, to: r.to };
    return null;
  }
  if (dest.kind === 'sea') return `an army cannot move to ${dest.name}`; // DATC 6.A.3
  if (dest.kind === 'impassable') return `${dest.name} is impassable`;
  ou.order = { ...order, to: { province: order.to.province, coast: null } };
  const r = resolveDestination(map, rules, ou.unit, order.to);
  if (r.ok && !order.viaConvoy) return null;
  // Not adjacent, or next to it only by a link reserved to another power (its reason names the link).
  const notNext = () =>
    reservedLinkReason(map, ou.unit, order.to.province) ??
    `${map.province(ou.unit.province)?.name} is not next to ${dest.name}`;
  if (rules.convoys === false) return r.ok ? 'there are no convoys in this variant' : notNext();
  // Not adjacent (or ordered via convoy): legal only as a convoy between two coastal provinces.
  if (!isCoastal(map, ou.unit.province) || !isCoastal(map, order.to.province)) {
    return r.ok ? 'only an army on a coast can be convoyed' : notNext();
  }
  return null;
}

/** A land province that touches the sea (a fleet could stand on it). */
export function isCoastal(map: GameMap, province: string): boolean {
  const p = map.province(province);
  return p?.kind === 'coast';
}
