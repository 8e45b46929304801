/**
 * Home supply centres (seed "Home Supply Centres" 1–2): every starting centre is a home centre, and a captured home
 * centre is a home centre of its new owner, so it can be used for builds.
 */
import { z } from 'zod';
import type { GameMap } from '../../../engine/map.js';
import type { Position, Power, ProvinceId } from '../../../engine/types.js';
import { unknownFields } from '../../state-fields.js';

/** The 21 starting (home) centres of all powers. */
export function allHomeCentres(map: GameMap): ProvinceId[] {
  return map.supplyCenters().filter((id) => map.province(id)!.home !== null);
}

/**
 * HSC rule 1 and 2: a power's home centres are its own starting centres plus every other power's home centre it
 * owns. (Builds still need the centre to be owned and vacant: `buildableCenters` below.)
 */
export function homeCentresOf(map: GameMap, position: Position, power: Power): ProvinceId[] {
  const owned = new Set(position.supplyCenters[power] ?? []);
  return allHomeCentres(map).filter((id) => map.province(id)!.home === power || owned.has(id));
}

/**
 * Where `power` may build this winter: its home centres (HSC rules 1–2) that it owns and that are vacant (the
 * `RulesModule.buildableCenters` contract, as in Classic: the build options of `/order` autocomplete list
 * exactly these).
 */
export function buildableCenters(map: GameMap, position: Position, power: Power): ProvinceId[] {
  const owned = new Set(position.supplyCenters[power] ?? []);
  const occupied = new Set(position.units.map((u) => u.province));
  return homeCentresOf(map, position, power).filter((id) => owned.has(id) && !occupied.has(id));
}

/**
 * Records the captured home centres in `variantState.capturedHomeCentres` (power -> centres of other powers it
 * owns), so the bot and `maps show` can tell players where they may build. Builds are decided from ownership
 * (`buildableCenters`), which gives the same answer.
 */
export function recordCapturedHomes(map: GameMap, position: Position): Position {
  const captured: Record<Power, ProvinceId[]> = {};
  for (const [power, owned] of Object.entries(position.supplyCenters)) {
    const list = owned.filter((id) => {
      const home = map.province(id)?.home;
      return home !== null && home !== undefined && home !== power;
    });
    if (list.length > 0) captured[power] = [...list].sort();
  }
  return { ...position, variantState: { ...(position.variantState ?? {}), capturedHomeCentres: captured } };
}

/** The state as the CLI may be given it back: the record of captured home centres, and nothing else. */
const stateSchema = z.strictObject({ capturedHomeCentres: z.record(z.string(), z.array(z.string())).optional() });

/**
 * What is wrong with a state read from outside (the CLI's `variantState`), one readable line each: a
 * field it does not have, a power or a province the variant does not have. Builds never read it (they follow
 * ownership), so it is only checked.
 */
export function stateProblems(map: GameMap, position: Position, powers: readonly Power[]): string[] {
  const parsed = stateSchema.safeParse(position.variantState ?? {});
  if (!parsed.success) {
    const unknown = unknownFields(parsed.error.issues, [{ at: /^$/, fields: ['capturedHomeCentres'] }]);
    return unknown.length > 0
      ? unknown
      : parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
  }
  const known = new Set(powers);
  const problems: string[] = [];
  for (const [power, centres] of Object.entries(parsed.data.capturedHomeCentres ?? {})) {
    if (!known.has(power)) problems.push(`capturedHomeCentres: no power "${power}" in the variant`);
    for (const p of centres)
      if (!map.has(p)) problems.push(`capturedHomeCentres.${power}: no province "${p}" on the map`);
  }
  return problems;
}
