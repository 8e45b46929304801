/**
 * Strengths on the engine's hooks: walls, the Floating Fortress bonus and the zero strength of a Rapid River Move.
 */
import type { MovementContext, OrderedUnit, RulesModule, StrengthQuery } from '../../../engine/rules.js';
import type { WarringStatesFeatures } from '../features.js';
import { fleetOnRiver, floatingFortressTarget } from './floating-fortress.js';
import { isRiverMove } from './rapid-river.js';
import { wallPenalty } from './walls.js';

export function strengthHooks(features: WarringStatesFeatures): Pick<RulesModule, 'strength' | 'supportValue' | 'cutsSupport'> {
  return {
    strength(ctx, q) {
      return strengthOf(ctx, features, q);
    },
    supportValue(ctx, supporter, cutBy) {
      // FF rule 3: a Floating Fortress support (2) is cut only by the strength of the strongest cutting attack.
      if (!floatingFortressTarget(ctx.map, features, supporter)) return undefined;
      const strongest = Math.max(0, ...cutBy.map((a) => cuttingStrength(ctx, features, a)));
      return Math.max(0, 2 - strongest);
    },
    cutsSupport(ctx, attacker) {
      // Wall rule 5: "An attack reduced to zero strength cannot cut support." (A Rapid River Move has zero strength too.)
      return cuttingStrength(ctx, features, attacker) === 0 ? false : undefined;
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

const inProgress = new WeakMap<MovementContext, Set<string>>();

/**
 * The strength with which `attacker` attacks the unit it moves against, for cutting support. Guarded against
 * cycles (two attacks each cutting a support of the other): inside a cycle, the attack is estimated from the
 * supports ordered for it, counted as uncut.
 */
export function cuttingStrength(ctx: MovementContext, features: WarringStatesFeatures, attacker: OrderedUnit): number {
  const key = attacker.unit.province;
  let busy = inProgress.get(ctx);
  if (!busy) inProgress.set(ctx, (busy = new Set()));
  if (busy.has(key)) return estimatedStrength(ctx, features, attacker);
  busy.add(key);
  try {
    return ctx.attackStrength(key);
  } finally {
    busy.delete(key);
  }
}

function estimatedStrength(ctx: MovementContext, features: WarringStatesFeatures, attacker: OrderedUnit): number {
  const order = attacker.order;
  if (order.kind !== 'move') return 0;
  const defender = ctx.unitAt(order.to.province)?.unit.power;
  const supports = [...ctx.orderedUnits.values()].filter(
    (s) =>
      s.order.kind === 'support' &&
      !s.illegalReason &&
      s.order.target.province === attacker.unit.province &&
      s.order.to?.province === order.to.province &&
      s.unit.power !== defender,
  );
  const base = floatingFortressTarget(ctx.map, features, attacker) ? 2 : 1;
  const value = (s: OrderedUnit) => (floatingFortressTarget(ctx.map, features, s) ? 2 : 1);
  return Math.max(0, base + supports.reduce((t, s) => t + value(s), 0) - wallPenalty(ctx, features, attacker, supports));
}

