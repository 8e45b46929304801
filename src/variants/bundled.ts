/**
 * Bundled variants without zod at start-up. A variant's own `map.json` ships with the code and is validated by
 * `maps check` and the tests (test/variants/bundled.test.ts parses each with the zod schema and compares), so
 * loading it only needs the schema's defaults filled in, in the schema's key order: this is what
 * `parseVariantData` returns for valid data, at a fraction of the cost (the CLI starts in tens of milliseconds).
 * Data from outside (`--variant-file`) still goes through `parseVariantData` (src/variants/build.ts).
 */
import { GameMap } from '../engine/map.js';
import type { RulesModule } from '../engine/rules.js';
import type { Position } from '../engine/types.js';
import type { Variant } from '../engine/variant.js';
import type { VariantData } from '../engine/variant-data.js';

type Raw = Record<string, unknown>;

/** The keys of `raw` named in `keys`, in that order, leaving out absent ones (as a zod object outputs them). */
function inOrder(raw: Raw, keys: readonly string[], defaults: Raw = {}): Raw {
  const out: Raw = {};
  for (const key of keys) {
    const value = raw[key] === undefined ? defaults[key] : raw[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}

const POWER_KEYS = [
  'name',
  'adjective',
  'color',
  'landColor',
  'altColor',
  'altLandColor',
  'localName',
  'mark',
  'homeless',
  'neutral',
];
const PROVINCE_KEYS = ['id', 'name', 'abbreviation', 'aliases', 'localName', 'kind', 'supplyCenter', 'home', 'coasts'];
const UNIT_KEYS = ['power', 'type', 'province', 'coast'];
const LINK_KEYS = ['from', 'to', 'kind', 'power'];
const PHASE_KEYS = ['season', 'year', 'type'];
const GEOMETRY_KEYS = [
  'width',
  'height',
  'points',
  'offmap',
  'anchors',
  'labels',
  'labelStyle',
  'labelSize',
  'smooth',
  'projection',
];

const list = (value: unknown): Raw[] => (Array.isArray(value) ? (value as Raw[]) : []);

/** Bundled `map.json` data with the schema's defaults, shaped exactly as `parseVariantData` shapes valid data. */
export function bundledVariantData(raw: Raw): VariantData {
  const victory = (raw.victory ?? {}) as Raw;
  const geometry = raw.geometry as Raw | undefined;
  const data: Raw = {
    id: raw.id,
    name: raw.name,
    description: raw.description ?? '',
    powers: list(raw.powers).map((p) => inOrder(p, POWER_KEYS)),
    provinces: list(raw.provinces).map((p) => inOrder(p, PROVINCE_KEYS, { aliases: [], coasts: [] })),
    armyAdjacency: raw.armyAdjacency,
    fleetAdjacency: raw.fleetAdjacency,
    startingPhase: inOrder(raw.startingPhase as Raw, PHASE_KEYS),
    startingUnits: list(raw.startingUnits).map((u) => inOrder(u, UNIT_KEYS, { coast: null })),
    ...(raw.startingCenters !== undefined ? { startingCenters: raw.startingCenters } : {}),
    victory: { centers: victory.centers, strictlyMost: victory.strictlyMost ?? false },
    links: list(raw.links).map((l) => inOrder(l, LINK_KEYS, { power: null })),
    features: raw.features ?? {},
    ...(geometry !== undefined ? { geometry: geometryOf(geometry) } : {}),
  };
  return data as unknown as VariantData;
}

/** The geometry's known keys in schema order, then the others as given (the schema passes them through). */
function geometryOf(raw: Raw): Raw {
  const out = inOrder(raw, GEOMETRY_KEYS);
  if (raw.offmap !== undefined) {
    const offmap = raw.offmap as Raw;
    out.offmap = { land: offmap.land ?? [], sea: offmap.sea ?? [] };
  }
  for (const [key, value] of Object.entries(raw)) if (!GEOMETRY_KEYS.includes(key)) out[key] = value;
  return out;
}

export function buildVariant(data: VariantData, rules: RulesModule = {}): Variant {
  const map = new GameMap({
    provinces: data.provinces,
    armyAdjacency: data.armyAdjacency,
    fleetAdjacency: data.fleetAdjacency,
    links: data.links,
  });
  const startingCenters: Record<string, string[]> =
    data.startingCenters ?? Object.fromEntries(data.powers.map((p) => [p.name, map.homeCenters(p.name)]));
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
