/**
 * An illegal order is a hold (DATC 4.E.1), for the national abilities too: an ability that steps aside
 * for a unit's move (the Illusion for a Wood Elf unit coming home, Immortality for a Vampire Counts army marching on
 * Sylvania) steps aside only for a move the adjudicator will carry out: the unit's owner gave it, no later order for
 * the same unit replaced it, and it is legal on this board (a fleet into a landlocked province, a province that is not
 * next to the unit, a convoy into a landlocked province are holds).
 */
import type { GameMap } from '../../../engine/map.js';
import { validateMove } from '../../../engine/movement/orders/move.js';
import { withUnit } from '../../../engine/movement/prepare.js';
import type { RulesModule } from '../../../engine/rules.js';
import type { Position, Power, PowerOrder, ProvinceId } from '../../../engine/types.js';

/** Does a unit of `power` carry out a legal move into `province` this phase? */
export function movesLegallyInto(
  map: GameMap,
  rules: RulesModule,
  position: Position,
  orders: readonly PowerOrder[],
  power: Power,
  province: ProvinceId,
): boolean {
  // The order each unit carries out: its owner's last order for it (as the engine assigns them).
  const last = new Map<ProvinceId, PowerOrder>();
  for (const po of orders) {
    const order = po.order;
    // Orders of other phases are refused without replacing an earlier order (src/engine/movement/prepare.ts).
    if (
      po.power !== power ||
      order.kind === 'waive' ||
      order.kind === 'retreat' ||
      order.kind === 'build' ||
      order.kind === 'disband'
    )
      continue;
    const unit = position.units.find((u) => u.province === order.unit.province);
    if (unit && unit.power === power && !(order.unit.type && order.unit.type !== unit.type))
      last.set(unit.province, po);
  }
  for (const [from, po] of last) {
    if (po.order.kind !== 'move' || po.order.to.province !== province) continue;
    const unit = position.units.find((u) => u.province === from)!;
    if (validateMove(map, rules, { unit, power, order: withUnit(po.order, unit) }) === null) return true;
  }
  return false;
}
