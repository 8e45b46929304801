/**
 * Strengths on the engine's hooks: walls, the Floating Fortress bonus and the zero strength of a Rapid River Move.
 */
import type { MovementContext, RulesModule, StrengthQuery } from '../../../engine/rules.js';
import type { WarringStatesFeatures } from '../features.js';
import { fleetOnRiver, floatingFortressTarget } from './floating-fortress.js';
import { isRiverMove } from './rapid-river.js';
import { wallPenalty } from './walls.js';

export function strengthHooks(features: WarringStatesFeatures): Pick<RulesModule, 'strength' | 'supportValue' | 'cutsSupport'> {
  return {
    strength(ctx, q) {
      return strengthOf(ctx, features, q);
    },
    supportValue(ctx, supporter) {
      // FF rule 1: a Floating Fortress supports "with a strength of 2".
      return floatingFortressTarget(ctx.map, features, supporter) ? 2 : undefined;
    },
    cutsSupport(ctx, attacker, supporter) {
      // The attack's strength against the supporting unit, as for dislodging it: supports of the supporter's own
      // power never count (FF rule 3: "a unit's supports do not contribute to cutting supports for attacks on
      // itself"). The resolver reads it through its decisions, so support-cut loops are its cycles.
      const strength = ctx.attackStrength(attacker.unit.province);
      // Wall rule 5: "An attack reduced to zero strength cannot cut support." (A Rapid River Move has zero strength too.)
      if (strength === 0) return false;
      // FF rule 3: a Floating Fortress support is cut "only by an amount equal to strength of the strongest cutting
      // attack" (the resolver takes the strongest; two 1-strength attacks cut 1).
      if (floatingFortressTarget(ctx.map, features, supporter)) return strength;
      return undefined;
    },
  };
}

function strengthOf(ctx: MovementContext, features: WarringStatesFeatures, q: StrengthQuery): number {
  const { kind, subject, supports, classic } = q;
  const supportTotal = classic - 1;
  if (isRiverMove(subject.order)) {
    // RRM rule 2: zero strength while moving; a fleet that stays defends with its normal strength (2 on a river),
    // and (having attempted a move) with no hold support: the engine gives a moving unit none.
    if (kind === 'hold') return fleetOnRiver(features, subject) ? 2 : 1;
    return 0;
  }
  switch (kind) {
    case 'hold':
      // FF rule 2: "A Fleet on a river defends with a strength of 2." Hold supports are never reduced (wall rule 2).
      return (fleetOnRiver(features, subject) ? 2 : 1) + supportTotal;
    case 'defend':
      return (fleetOnRiver(features, subject) || floatingFortressTarget(ctx.map, features, subject) ? 2 : 1) + supportTotal;
    case 'attack':
    case 'prevent': {
      if (classic <= 0) return classic; // no self-dislodgement, no path: the engine's zero stands
      const base = floatingFortressTarget(ctx.map, features, subject) ? 2 : 1;
      return Math.max(0, base + supportTotal - wallPenalty(ctx, features, subject, supports));
    }
  }
}
