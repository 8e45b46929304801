/**
 * Strengths on the engine's hooks: walls, the Floating Fortress bonus and the zero strength of a Rapid River Move.
 */
import type {
  MovementContext,
  OrderedUnit,
  RulesModule,
  StrengthQuery,
  StrengthRuling,
} from '../../../engine/rules.js';
import type { WarringStatesFeatures } from '../features.js';
import { fleetOnRiver, floatingFortressTarget } from './floating-fortress.js';
import { isRiverMove } from './rapid-river.js';
import { wallPenalty } from './walls.js';

export function strengthHooks(
  features: WarringStatesFeatures,
): Pick<RulesModule, 'strength' | 'supportValue' | 'cutsSupport'> {
  return {
    strength(ctx, q) {
      return strengthOf(ctx, features, q);
    },
    supportValue(ctx, supporter) {
      // FF rule 1: a Floating Fortress supports "with a strength of 2".
      return floatingFortressTarget(ctx.map, features, supporter) ? 2 : undefined;
    },
    cutsSupport(ctx, attacker, supporter) {
      const strength = ctx.attackStrength(attacker.unit.province, cuttingStrengthOptions(ctx, supporter));
      // Wall rule 5: "An attack reduced to zero strength cannot cut support." (A Rapid River Move has zero strength too.)
      if (strength === 0) return false;
      // FF rule 3: a Floating Fortress support is cut "only by an amount equal to strength of the strongest cutting
      // attack" (the resolver takes the strongest; two 1-strength attacks cut 1).
      if (floatingFortressTarget(ctx.map, features, supporter)) return strength;
      return undefined;
    },
  };
}

/**
 * The strength with which an attack cuts `supporter`'s support: its strength against the supporting unit, as for
 * dislodging it (supports of the supporter's own power never count), except that when the support is given for an
 * attack on a unit U, U's own support does not count (FF rule 3: "a unit's supports do not contribute to cutting
 * supports for attacks on itself"; read literally wherever a cutting attack's strength matters, wall rule 5 too:
 * docs/rules/warring-states.md, "Support-cut loops"). U's support still counts for the attack on the supporter
 * itself. The resolver reads this strength through its decisions, so a cut that depends on another support is one
 * of its cycles.
 */
function cuttingStrengthOptions(
  ctx: MovementContext,
  supporter: OrderedUnit,
): { ignoringSupportOf: string } | undefined {
  const order = supporter.order;
  if (order.kind !== 'support' || order.to === null) return undefined;
  const attacked = ctx.unitAt(order.to.province);
  return attacked ? { ignoringSupportOf: attacked.unit.province } : undefined;
}

/**
 * A strength the rules change, with the rule named (a wall, a Floating Fortress or a Rapid River Move that
 * changes a result is named in its reason): a number where the Classic value stands.
 */
function strengthOf(ctx: MovementContext, features: WarringStatesFeatures, q: StrengthQuery): number | StrengthRuling {
  const { kind, subject, supports, classic } = q;
  const supportTotal = classic - 1;
  const ruled = (value: number, because: string): number | StrengthRuling =>
    value === classic ? value : { value, because };
  // An illegal rapid river move (an army's, a path off the river, a space visited twice) is a hold like any illegal
  // order (DATC 4.E.1; Fleets 6: "effectively given a hold order"): only a legal one has RRM rule 2's strengths.
  if (isRiverMove(subject.order) && !subject.illegalReason) {
    // RRM rule 2: zero strength while moving; a fleet that stays defends with its normal strength (2 on a river),
    // and (having attempted a move) with no hold support: the engine gives a moving unit none.
    if (kind === 'hold') return fleetOnRiver(features, subject) ? ruled(2, FF_DEFENDS) : 1;
    return ruled(0, 'a Rapid River Move has no strength (Rapid River Move rule 2)');
  }
  switch (kind) {
    case 'hold':
      // FF rule 2: "A Fleet on a river defends with a strength of 2." Hold supports are never reduced (wall rule 2).
      return fleetOnRiver(features, subject) ? ruled(2 + supportTotal, FF_DEFENDS) : classic;
    case 'defend':
      if (fleetOnRiver(features, subject)) return ruled(2 + supportTotal, FF_DEFENDS);
      return floatingFortressTarget(ctx.map, features, subject) ? ruled(2 + supportTotal, FF_ATTACKS) : classic;
    case 'attack':
    case 'prevent': {
      if (classic <= 0) return classic; // no self-dislodgement, no path: the engine's zero stands
      const fortress = floatingFortressTarget(ctx.map, features, subject);
      const wall = wallPenalty(ctx, features, subject, supports);
      const value = Math.max(0, (fortress ? 2 : 1) + supportTotal - wall);
      const why = [fortress ? FF_ATTACKS : null, wall > 0 ? wallText(ctx, subject) : null].filter(
        (x): x is string => x !== null,
      );
      return why.length > 0 ? ruled(value, why.join('; ')) : value;
    }
  }
}

const FF_DEFENDS = 'a fleet on a river defends with strength 2 (Floating Fortress rule 2)';
const FF_ATTACKS =
  'a fleet moving or supporting into a river province does so with strength 2 (Floating Fortress rule 1)';

/** `the wall of Linzi takes 1 from the attack (wall rule 1)`. */
function wallText(ctx: MovementContext, subject: StrengthQuery['subject']): string {
  const order = subject.order;
  const target = order.kind === 'move' ? order.to.province : '';
  return `the wall of ${ctx.map.province(target)?.name ?? target} takes 1 from the attack (wall rule 1)`;
}
