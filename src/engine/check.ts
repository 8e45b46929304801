/**
 * Checking one order against the board before the phase is resolved, so a player hears at once that
 * "Munich is not next to Spain" instead of reading it in the results. Uses the adjudicator's own rules.
 * Orders that depend on other orders (a convoy move waiting for its fleets) are not judged here.
 */
import { prepareMovement } from './movement/prepare.js';
import { resolveRetreats } from './retreat.js';
import type { PowerOrder, Position } from './types.js';
import type { Variant } from './variant.js';

/** Why this order cannot be carried out on this board, or null if it can be given. */
export function orderProblem(variant: Variant, position: Position, po: PowerOrder): string | null {
  const { map, rules } = variant;
  if (po.order.kind === 'waive')
    return position.phase.type === 'adjustment'
      ? (rules.waiveRefused?.({ map, position, power: po.power }) ?? null)
      : null;
  if (position.phase.type === 'movement') {
    const { ordered, rejected } = prepareMovement(map, rules, position, [po]);
    if (rejected.length > 0) return rejected[0]!.reason;
    return ordered.get(po.order.unit.province)?.illegalReason ?? null;
  }
  if (position.phase.type === 'adjustment' && po.order.kind === 'disband') {
    const at = po.order.unit.province;
    const unit = position.units.find((u) => u.province === at && u.power === po.power);
    return unit ? (rules.disbandRefusal?.({ map, position, power: po.power, unit }) ?? null) : null;
  }
  if (position.phase.type === 'retreat' && po.order.kind === 'retreat') {
    const result = resolveRetreats(map, rules, position, [po]).results.find((r) => !r.defaulted);
    // The refusal and its options; that the unit would then be disbanded is the results' to say, not a refusal's.
    return result && result.result !== 'success' ? result.reason.replace(/; the unit is disbanded$/, '') : null;
  }
  return null;
}
