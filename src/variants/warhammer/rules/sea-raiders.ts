/**
 * Norse Sea Raiders. Seed: "Norse fleets attack with a strength of 2 when assaulting a coastal province. This does
 * NOT count when holding in a coastal province or supporting an attack on a coastal province."
 * A Norse fleet moving into a coastal land province has base strength 2 (plus supports) for its attack, its prevent
 * strength and its defence in a head-to-head battle (brief §5.5); never for holds, supports or moves into a sea.
 */
import type { MovementContext, StrengthQuery, StrengthRuling } from '../../../engine/rules.js';
import { NORSE } from '../features.js';

export function seaRaiderStrength(ctx: MovementContext, q: StrengthQuery): StrengthRuling | undefined {
  if (q.kind === 'hold') return undefined;
  const { unit, order } = q.subject;
  if (unit.power !== NORSE || unit.type !== 'F' || order.kind !== 'move') return undefined;
  if (ctx.map.province(order.to.province)?.kind !== 'coast') return undefined;
  // A strength the Classic rules make 0 (an attack on one's own unit, a move that lost a head-to-head) stays 0.
  return q.classic > 0
    ? { value: q.classic + 1, because: 'a Norse fleet assaults a coast with strength 2 (Norse Sea Raiders)' }
    : undefined;
}
