/**
 * Turns validated variant data plus a rules module into a `Variant`.
 */
import { GameMap } from '../engine/map.js';
import type { RulesModule } from '../engine/rules.js';
import type { Position } from '../engine/types.js';
import type { Variant } from '../engine/variant.js';
import { variantDataSchema, type VariantData } from './schema.js';

export class VariantDataError extends Error {}

/** Validate raw JSON (e.g. `map.json`); throws `VariantDataError` naming every bad path. */
export function parseVariantData(raw: unknown, source = 'variant data'): VariantData {
  const parsed = variantDataSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new VariantDataError(`${source} is invalid:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export function buildVariant(data: VariantData, rules: RulesModule = {}): Variant {
  const map = new GameMap({
    provinces: data.provinces,
    armyAdjacency: data.armyAdjacency,
    fleetAdjacency: data.fleetAdjacency,
    links: data.links,
  });
  const startingCenters: Record<string, string[]> =
    data.startingCenters ??
    Object.fromEntries(data.powers.map((p) => [p.name, map.homeCenters(p.name)]));
  return {
    id: data.id,
    name: data.name,
    description: data.description,
    powers: data.powers,
    map,
    data,
    rules,
    victory: { centers: data.victory.centers, strictlyMost: data.victory.strictlyMost },
    startingPosition(): Position {
      return {
        phase: { ...data.startingPhase },
        units: data.startingUnits.map((u) => ({ ...u })),
        dislodged: [],
        contested: [],
        supplyCenters: Object.fromEntries(Object.entries(startingCenters).map(([k, v]) => [k, [...v]])),
      };
    },
  };
}
