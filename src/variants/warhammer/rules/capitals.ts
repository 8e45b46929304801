/**
 * Builds in the capitals of larger nations. Seed, Adjustments 1: "You may perform builds in the capital city of a
 * nation which began the game with more units." The capital must be owned and empty like any build site; it does not
 * matter whether its nation is still in the game (brief §5.1).
 */
import type { GameMap } from '../../../engine/map.js';
import type { Position, Power, ProvinceId } from '../../../engine/types.js';
import type { WarhammerFeatures } from '../features.js';
import { readState } from '../state.js';

export function buildableCenters(features: WarhammerFeatures, map: GameMap, position: Position, power: Power): ProvinceId[] {
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
