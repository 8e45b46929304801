/**
 * Movement phase, step 1: give every unit exactly one order and judge each order's legality.
 * Illegal orders become holds that can still receive hold support (DATC 4.E.1, 2023 rules).
 */
import { formatOrder } from '../format.js';
import type { GameMap } from '../map.js';
import type { OrderedUnit, RulesModule } from '../rules.js';
import type { Order, OrderResult, Position, PowerOrder, ProvinceId, Unit } from '../types.js';
import { unitLabel } from '../board.js';
import { validateMove } from './orders/move.js';
import { validateSupport } from './orders/support.js';
import { validateConvoy } from './orders/convoy.js';

export interface PreparedMovement {
  ordered: Map<ProvinceId, OrderedUnit>;
  /** Results for orders that could not be given to any unit (no unit there, not yours, wrong phase, replaced). */
  rejected: OrderResult[];
}

export function prepareMovement(
  map: GameMap,
  rules: RulesModule,
  position: Position,
  orders: PowerOrder[],
): PreparedMovement {
  const unitsByProvince = new Map<ProvinceId, Unit>();
  for (const u of position.units) unitsByProvince.set(u.province, u);
  const given = new Map<ProvinceId, { power: string; order: Order; index: number }>();
  const rejected: OrderResult[] = [];
  const reject = (po: PowerOrder, reason: string, result: OrderResult['result'] = 'illegal') =>
    rejected.push({
      power: po.power,
      unit: 'unit' in po.order ? `${po.order.unit.type ?? '?'} ${po.order.unit.province}` : '',
      order: formatOrder(po.order, rules),
      result,
      reason,
    });

  orders.forEach((po, index) => {
    const order = po.order;
    if (order.kind === 'retreat' || order.kind === 'build' || order.kind === 'disband' || order.kind === 'waive') {
      return reject(
        po,
        `${order.kind} orders are given in ${order.kind === 'retreat' ? 'a retreat' : 'an adjustment'} phase, not in a movement phase`,
      );
    }
    const unit = unitsByProvince.get(order.unit.province);
    if (!unit)
      return reject(po, `there is no unit in ${map.province(order.unit.province)?.name ?? order.unit.province}`);
    if (unit.power !== po.power)
      return reject(po, `the unit in ${map.province(unit.province)?.name ?? unit.province} belongs to ${unit.power}`);
    if (order.unit.type && order.unit.type !== unit.type) {
      return reject(
        po,
        `the unit in ${map.province(unit.province)?.name ?? unit.province} is ${unit.type === 'A' ? 'an army' : 'a fleet'}`,
      );
    }
    const earlier = given.get(unit.province);
    if (earlier) {
      rejected.push({
        power: earlier.power,
        unit: unitLabel(unit),
        order: formatOrder(withUnit(earlier.order, unit), rules),
        result: 'void',
        reason: 'replaced by a later order for the same unit',
      });
    }
    given.set(unit.province, { power: po.power, order, index });
  });

  const ordered = new Map<ProvinceId, OrderedUnit>();
  for (const unit of position.units) {
    const g = given.get(unit.province);
    if (!g) {
      ordered.set(unit.province, orderedUnit(unit, unit.power, { kind: 'hold', unit: { ...unit } }, true));
      continue;
    }
    // A wrong coast on the ordered unit is ignored (DATC 4.B.5): the order applies to the unit that is there.
    let order = withUnit(g.order, unit);
    const acting = rules.transformUnit?.({ map, position, unit, order }) ?? unit;
    if (acting !== unit) order = withUnit(order, acting);
    ordered.set(unit.province, orderedUnit(acting, g.power, order, false));
  }
  for (const extra of rules.extraOrders?.({ map, position, orders }) ?? []) {
    if (!ordered.has(extra.unit.province) || ordered.get(extra.unit.province)!.defaulted)
      ordered.set(extra.unit.province, extra);
  }
  for (const ou of ordered.values()) {
    const reason = validateOrder(map, rules, position, ou);
    if (reason) ou.illegalReason = reason;
  }
  return { ordered, rejected };
}

/**
 * An ordered unit with every field the phase may set already in place (`illegalReason` is set by validation), so
 * that all of them share one shape: the resolver reads them in its hottest loops.
 */
function orderedUnit(unit: Unit, power: string, order: Order, defaulted: boolean): OrderedUnit {
  return { unit, power, order, illegalReason: undefined, defaulted };
}

function validateOrder(map: GameMap, rules: RulesModule, position: Position, ou: OrderedUnit): string | null {
  const order = ou.order;
  switch (order.kind) {
    case 'hold':
      return null;
    case 'move':
      return validateMove(map, rules, ou);
    case 'support':
      return validateSupport(map, rules, ou);
    case 'convoy':
      if (rules.convoys === false) return 'there are no convoys in this variant';
      return validateConvoy(map, ou, rules);
    case 'special': {
      const spec = rules.specialOrders?.[order.name];
      if (!spec) return `"${order.name}" orders do not exist in this variant`;
      return spec.validate({ map, position, unit: ou.unit, order });
    }
    default:
      return `${order.kind} orders are not given in a movement phase`;
  }
}

/** The same order, applied to the unit actually standing there (its real type and coast). */
export function withUnit(order: Order, unit: Unit): Order {
  if (order.kind === 'waive') return order;
  // Already written with the unit's exact type, province and coast (most orders): nothing to change.
  if (order.unit.type === unit.type && order.unit.province === unit.province && order.unit.coast === unit.coast)
    return order;
  const ref = { type: unit.type, province: unit.province, coast: unit.coast };
  return { ...order, unit: ref } as Order;
}
