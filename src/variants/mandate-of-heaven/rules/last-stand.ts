/**
 * Rule 4, last unit(s): "when the last unit or units of a non neutral power would be annihilated as a result of an
 * attack or attacks, the defensive strength of the unit or units will be increased by one. Therefore, a successful
 * attack on such a trapped unit would need one more unit than an attack on a unit which has an available retreat
 * space."
 *
 * Brief §3.4 (Q19, Q20): the bonus goes to every unit of a non-neutral power when *all* its units would be
 * dislodged with no retreat in the outcome without that bonus; it raises hold and defend strength by one (attack
 * and prevent are unchanged). Computed as a monotone fixed point over complete resolutions (docs/decisions.md): resolve,
 * grant the bonus to every power whose units are all annihilated, resolve again; a bonus once granted is kept.
 */
import type { MovementContext, MovementOutcomeView, StrengthQuery, StrengthRuling } from '../../../engine/rules.js';
import type { Position, Power, ProvinceId } from '../../../engine/types.js';

export interface LastStandPass {
  /** Provinces of units defending with +1. */
  lastStand: ProvinceId[];
  /** Their powers. */
  powers: Power[];
}

export function lastStandOf(pass: unknown): LastStandPass | null {
  const p = pass as LastStandPass | undefined;
  return p && Array.isArray(p.lastStand) ? p : null;
}

/** The next pass: powers all of whose units are annihilated now join the bonus; undefined when nothing changes. */
export function reviseLastStand(
  position: Position,
  outcome: MovementOutcomeView,
  pass: unknown,
  nonNeutral: (p: Power) => boolean,
): LastStandPass | undefined {
  const current = lastStandOf(pass) ?? { lastStand: [], powers: [] };
  const annihilated = new Set(
    outcome.dislodged.filter((d) => (d.retreatOptions ?? []).length === 0).map((d) => d.province),
  );
  const powers = new Set(current.powers);
  const provinces = new Set(current.lastStand);
  let grew = false;
  for (const power of [...new Set(position.units.map((u) => u.power))].sort()) {
    if (powers.has(power) || !nonNeutral(power)) continue;
    const units = position.units.filter((u) => u.power === power);
    if (units.every((u) => annihilated.has(u.province))) {
      powers.add(power);
      for (const u of units) provinces.add(u.province);
      grew = true;
    }
  }
  return grew ? { lastStand: [...provinces].sort(), powers: [...powers].sort() } : undefined;
}

/** Hold and defend strength +1 for a unit in its last stand; attacks it turned back name it. */
export function lastStandStrength(ctx: MovementContext, q: StrengthQuery): StrengthRuling | undefined {
  if (q.kind !== 'hold' && q.kind !== 'defend') return undefined;
  const pass = lastStandOf(ctx.pass);
  if (!pass?.lastStand.includes(q.subject.unit.province)) return undefined;
  return {
    value: q.classic + 1,
    because: `${q.subject.unit.power}'s last units, cornered, defend with one more (Mandate of Heaven rule 4)`,
  };
}
