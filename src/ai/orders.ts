/**
 * The orders a computer player chooses among: the engine's own list of legal orders (`legalOrderObjects`, the
 * autocomplete list), read as structured choices. Every order a computer player gives comes from that list (or is
 * a build, disband or WAIVE the adjustment rules count), so the adjudicator accepts it as given.
 */
import { formatOrder } from '../engine/format.js';
import { legalOrderObjects } from '../engine/options.js';
import type { Order, Position, Power, PowerOrder, ProvinceId, Unit } from '../engine/types.js';
import type { Variant } from '../engine/variant.js';

export interface UnitChoices {
  unit: Unit;
  orders: Order[];
}

/** Legal orders of each of the power's units (movement), dislodged units (retreats) or builds/disbands (winter). */
export function choicesOf(variant: Variant, position: Position, power: Power): UnitChoices[] {
  return legalOrderObjects(variant, position, power);
}

/**
 * May the power waive a build it cannot or will not make? Not when the variant refuses it now (the engine's
 * `waiveRefused`, e.g. a placement that must be made whole); the builds left over are then simply not ordered.
 */
export function mayWaive(variant: Variant, position: Position, power: Power): boolean {
  return !variant.rules.waiveRefused?.({ map: variant.map, position, power });
}

/** Where an order sends its unit: a move's or a retreat's target, a move-like special order's last place. */
export function destinationOf(variant: Variant, order: Order): ProvinceId | null {
  if (order.kind === 'move' || order.kind === 'retreat') return order.to.province;
  if (order.kind === 'special' && variant.rules.specialOrders?.[order.name]?.actsAs === 'move') {
    return order.path[order.path.length - 1]?.province ?? null;
  }
  return null;
}

/**
 * The unit as it carries the order out: a variant may change it for the order (`rules.transformUnit`; Warring States
 * Fleets 6: a fleet ordered where only an army could go reverts to an army). The listing offers such orders
 * (`legalOrderObjects`); the players read them through this.
 */
export function actingUnit(variant: Variant, position: Position, unit: Unit, order: Order): Unit {
  return variant.rules.transformUnit?.({ map: variant.map, position, unit, order }) ?? unit;
}

export function orderText(variant: Variant, order: Order): string {
  return formatOrder(order, variant.rules);
}

export interface OrderTextEntry {
  power: Power;
  text: string;
}

export function toTexts(variant: Variant, orders: readonly PowerOrder[]): OrderTextEntry[] {
  return orders.map((po) => ({ power: po.power, text: orderText(variant, po.order) }));
}
