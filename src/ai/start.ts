/**
 * A start choice (Warhammer's Dogs of War pick a city and a unit type before the first Spring): the place where a
 * unit of that type is worth most to the power, by its proximity value on the board as it would be (centres worth
 * taking nearby), less the enemy units that could reach it at once.
 */
import type { Position, Power, ProvinceId, UnitType } from '../engine/types.js';
import type { Variant } from '../engine/variant.js';
import { boardOf } from './board.js';
import { SPRING_WEIGHTS, valuate } from './values.js';

export interface StartOption {
  province: ProvinceId;
  types: readonly UnitType[];
}

export interface StartChoice {
  province: ProvinceId;
  type: UnitType;
}

/** Worth of one unit of enemy competition against the normalised proximity value (0..1). */
const COMPETITION_WEIGHT = 0.25;

export function aiStartChoice(request: {
  variant: Variant;
  position: Position;
  power: Power;
  choices: readonly StartOption[];
}): StartChoice | null {
  const { variant, position, power } = request;
  const board = boardOf(variant);
  let best: (StartChoice & { value: number }) | null = null;
  for (const option of [...request.choices].sort((a, b) => a.province.localeCompare(b.province))) {
    for (const type of [...option.types].sort()) {
      const location = { province: option.province, coast: null };
      const place =
        board.placeAt(type, location) ??
        board.placeAt(type, { province: option.province, coast: variant.map.coastsOf(option.province)[0] ?? null });
      if (place === undefined) continue;
      const unit = { power, type, ...board.places[place]!.location };
      const supplyCenters = {
        ...position.supplyCenters,
        [power]: [...(position.supplyCenters[power] ?? []), option.province],
      };
      const after: Position = { ...position, units: [...position.units, unit], supplyCenters };
      const v = valuate(board, after, power, SPRING_WEIGHTS);
      let proximity = 0;
      let max = 0;
      for (let i = 0; i < board.places.length; i++) {
        let s = 0;
        for (let it = 0; it < v.proximity.length; it++) s += SPRING_WEIGHTS.proximity[it]! * v.proximity[it]![i]!;
        if (i === place) proximity = s;
        if (s > max) max = s;
      }
      const value =
        (max > 0 ? proximity / max : 0) - COMPETITION_WEIGHT * v.competition[board.places[place]!.province]!;
      if (!best || value > best.value + 1e-12) best = { province: option.province, type, value };
    }
  }
  return best ? { province: best.province, type: best.type } : null;
}
