/**
 * Builds in the capitals of larger nations. Seed, Adjustments 1: "You may perform builds in the capital city of a
 * nation which began the game with more units." The capital must be owned and empty like any build site; it does not
 * matter whether its nation is still in the game (brief §5.1).
 */
import type { GameMap } from '../../../engine/map.js';
import type { Position, Power, ProvinceId } from '../../../engine/types.js';
import type { WarhammerFeatures } from '../features.js';
import { readState } from '../state.js';

export function buildableCenters(
  features: WarhammerFeatures,
  map: GameMap,
  position: Position,
  power: Power,
): ProvinceId[] {
  const owned = new Set(position.supplyCenters[power] ?? []);
  const mine = features.startingUnits[power] ?? 0;
  // A revolted Sepoy's new capital is its own (seed: "This is his new capital").
  const ownCapital = readState(position).capitals[power];
  const homes = [...map.homeCenters(power), ...(ownCapital ? [ownCapital] : [])].filter((p) => owned.has(p));
  const largerCapitals = Object.entries(features.capitals)
    .filter(([nation, capital]) => (features.startingUnits[nation] ?? 0) > mine && owned.has(capital))
    .map(([, capital]) => capital);
  return [...new Set([...homes, ...largerCapitals])].sort();
}

/**
 * Why a free province is no build site of `power` (the engine's `buildRefusal`), in the words of Adjustments 1: "You
 * may perform builds in the capital city of a nation which began the game with more units."
 */
export function buildRefusal(
  features: WarhammerFeatures,
  map: GameMap,
  position: Position,
  power: Power,
  province: ProvinceId,
): string | undefined {
  const name = map.province(province)?.name ?? province;
  const owned = (position.supplyCenters[power] ?? []).includes(province);
  const mine = features.startingUnits[power] ?? 0;
  const nation = Object.entries(features.capitals).find(([, capital]) => capital === province)?.[0];
  const rule =
    'you build in your own home centres and in the capitals of nations that began the game with more units (Adjustments 1)';
  if (nation && nation !== power) {
    const theirs = features.startingUnits[nation] ?? 0;
    if (theirs <= mine)
      return `${name} is the capital of ${nation}, which began the game with ${theirs} unit${theirs === 1 ? '' : 's'}, not more than ${power}'s ${mine}: ${rule}`;
    if (!owned) return `${power} does not own ${name}`;
    return undefined;
  }
  if (map.homeCenters(power).includes(province)) return owned ? undefined : `${power} does not own ${name}`;
  if (!map.province(province)?.supplyCenter) return `${name} is not a supply centre`;
  return `${name} is neither a home centre of ${power} nor the capital of a nation that began the game with more units (Adjustments 1)`;
}
