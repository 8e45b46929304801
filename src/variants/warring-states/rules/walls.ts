/**
 * Fortified borders (seed "Fortified Borders (Walls)" 1–5). A wall stands on one province's side of one border
 * and protects only a unit in that province (seed "Common Misconceptions": "Think of them as being owned (and
 * manned) only by that province").
 */
import type { MovementContext, OrderedUnit } from '../../../engine/rules.js';
import type { WarringStatesFeatures } from '../features.js';

/**
 * Wall rule 1: an attack on a walled province loses 1 strength when (a) the province was occupied by an opponent's
 * unit at the start of the turn and (b) the attack, or one of its counted supports, crosses a walled border of
 * that province. Never more than 1 (rule 1, "not cumulative"). Rule 3 (a unit's own walls never weaken its
 * attacks) and rule 4 (attacks on your own units are unaffected) follow: only the target's walls count, and only
 * against an opponent's unit.
 */
export function wallPenalty(
  ctx: MovementContext,
  features: WarringStatesFeatures,
  attacker: OrderedUnit,
  supports: readonly OrderedUnit[],
): number {
  const order = attacker.order;
  if (order.kind !== 'move') return 0;
  const target = order.to.province;
  const occupant = ctx.position.units.find((u) => u.province === target);
  if (!occupant || occupant.power === attacker.unit.power) return 0;
  if (features.hasWall(target, attacker.unit.province)) return 1;
  return supports.some((s) => features.hasWall(target, s.unit.province)) ? 1 : 0;
}
