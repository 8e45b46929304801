/**
 * Dogs of War, Fledgling Nations. Seed: "A Dog of War player gets one center at the start. You may choose a center in
 * Tilea or Estelia. Also choose a fleet or an army. From there, they must conquer their neighboring city. They may
 * build in either of these cities, after they have conquered them. As such they are a 2 center power from that point
 * on." docs/decisions.md: up to two seats, Tilea and Estalia; with one Dogs of War player, that player chooses the country
 * (by taking the Tilea or the Estalia seat).
 *
 * - Before the first Spring, each seated Dogs of War power picks one city of its country and a unit type: the city
 *   starts owned, with that unit; the other city stays neutral and empty. Both are its home centres, so the ordinary
 *   build rule makes the second buildable once conquered. The chosen city is its capital.
 * - The choice is kept in `variantState.dogsOfWar` (`{Tilea: {city: "mira", type: "A"}}`).
 */
import type { GameMap } from '../../engine/map.js';
import type { Position, Power, ProvinceId, UnitType } from '../../engine/types.js';
import type { WarhammerFeatures } from './features.js';
import { readState, withState } from './state.js';

export interface DogsOfWarChoice {
  power: Power;
  /** The cities of its country it may start in. */
  cities: ProvinceId[];
  /** Unit types per city (a fleet only on a coast). */
  types: Record<ProvinceId, UnitType[]>;
}

/** Is this the position before the first Spring moves (nothing has been adjudicated yet)? */
function beforeFirstSpring(_map: GameMap, position: Position, start: Position): boolean {
  const p = position.phase;
  return p.season === start.phase.season && p.year === start.phase.year && p.type === 'movement';
}

/** The choices still open: every seated Dogs of War power without one, with its cities and unit types. */
export function dogsOfWarChoices(
  features: WarhammerFeatures,
  map: GameMap,
  position: Position,
  start: Position,
  seated: Power[],
): DogsOfWarChoice[] {
  if (!beforeFirstSpring(map, position, start)) return [];
  const state = readState(position);
  return Object.entries(features.dogsOfWar)
    .filter(([power]) => seated.includes(power) && !state.dogsOfWar[power])
    .map(([power, cities]) => ({
      power,
      cities: [...cities],
      types: Object.fromEntries(
        cities.map((c) => [c, map.province(c)?.kind === 'coast' ? (['A', 'F'] as UnitType[]) : (['A'] as UnitType[])]),
      ),
    }));
}

/** Applies a choice: the unit in the city, the city owned, the choice in the state; or why it cannot be made. */
export function applyDogsOfWarChoice(
  features: WarhammerFeatures,
  map: GameMap,
  position: Position,
  start: Position,
  choice: { power: Power; city: ProvinceId; type: UnitType },
): { ok: true; position: Position } | { ok: false; error: string } {
  const cities = features.dogsOfWar[choice.power];
  if (!cities)
    return {
      ok: false,
      error: `${choice.power} is not a Dogs of War power (${Object.keys(features.dogsOfWar).join(', ')})`,
    };
  if (!beforeFirstSpring(map, position, start))
    return { ok: false, error: 'the Dogs of War choose their city before the first Spring only' };
  const state = readState(position);
  if (state.dogsOfWar[choice.power])
    return { ok: false, error: `${choice.power} already chose ${state.dogsOfWar[choice.power]!.city}` };
  if (!cities.includes(choice.city))
    return { ok: false, error: `${choice.city} is not a city of ${choice.power} (${cities.join(', ')})` };
  if (choice.type === 'F' && map.province(choice.city)?.kind !== 'coast')
    return { ok: false, error: `a fleet cannot start in ${choice.city}` };
  if (position.units.some((u) => u.province === choice.city)) return { ok: false, error: `${choice.city} is occupied` };
  const supplyCenters = Object.fromEntries(
    Object.entries(position.supplyCenters).map(([p, owned]) => [p, owned.filter((c) => c !== choice.city)]),
  );
  supplyCenters[choice.power] = [...(supplyCenters[choice.power] ?? []), choice.city].sort();
  const next: Position = {
    ...position,
    units: [...position.units, { power: choice.power, type: choice.type, province: choice.city, coast: null }],
    supplyCenters,
  };
  return {
    ok: true,
    position: withState(next, {
      ...state,
      dogsOfWar: { ...state.dogsOfWar, [choice.power]: { city: choice.city, type: choice.type } },
    }),
  };
}

/** The Dogs of War capitals: the chosen cities. */
export function dogsOfWarCapitals(position: Position): Record<Power, ProvinceId> {
  return Object.fromEntries(Object.entries(readState(position).dogsOfWar).map(([p, c]) => [p, c.city]));
}
