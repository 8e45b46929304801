/**
 * The Mandate of Heaven map features (`features` in map.json), read once into look-up tables: the river provinces
 * and river fleet edges of rule 6, the Hsiung-Nu placement area of rule 2, the neutral powers of rule 3 and the
 * centres that rule 5 does not count.
 */
import { z } from 'zod';
import type { Power, ProvinceId } from '../../engine/types.js';

const pair = z.tuple([z.string(), z.string()]);

/** Brief §2.1: the Warring States cells this map reuses (src/render/tools/build-moh-geometry.ts seeds them with
 * the WS seeds; `checkData` compares the two adjacency graphs through this renaming). */
const baseGeometrySchema = z.object({
  /** The variant whose cells are reused. */
  variant: z.string(),
  /** This map's province id -> the base variant's province id, for every reused cell. */
  cells: z.record(z.string(), z.string()),
});

export type BaseGeometry = z.infer<typeof baseGeometrySchema>;

const featuresSchema = z.object({
  /** Drawing chains for the renderer (river name -> provinces the drawn line passes). */
  rivers: z.record(z.string(), z.array(z.string()).min(2)),
  /** Rule 6: "all provinces bordering the blue river areas", by river. */
  riverProvinces: z.record(z.string(), z.array(z.string()).min(1)),
  /** Fleet moves along a river, by river (brief §2.5). */
  riverEdges: z.record(z.string(), z.array(pair)),
  /** Rule 2: the provinces bordered by the black band, where the Hsiung-Nu place their armies. */
  placementArea: z.array(z.string()).min(3),
  /** Where the Hsiung-Nu's armies go when they place fewer than three (brief §2.4), then the area in order. */
  defaultPlacement: z.array(z.string()),
  /** Rule 5: centres that do not count toward victory. */
  nonVictoryCenters: z.array(z.string()),
  /** The nomad power of rule 2. */
  nomads: z.string(),
  /** The neutral powers of rule 3, each with one centre and one army at the start. */
  neutrals: z.array(z.string()).min(1),
  /** Other names of powers (Wade–Giles), for display and tools. */
  powerAliases: z.record(z.string(), z.array(z.string())).default({}),
  baseGeometry: baseGeometrySchema,
});

export type MandateFeatureData = z.infer<typeof featuresSchema>;

export interface MandateFeatures {
  data: MandateFeatureData;
  nomads: Power;
  neutrals: ReadonlySet<Power>;
  placementArea: readonly ProvinceId[];
  defaultPlacement: readonly ProvinceId[];
  nonVictoryCenters: ReadonlySet<ProvinceId>;
  baseGeometry: BaseGeometry;
  /** A land province on a game river: a fleet there may convoy (rule 6). */
  isRiverProvince(id: ProvinceId): boolean;
  /** The river whose edge joins `a` and `b`, if any. */
  riverEdge(a: ProvinceId, b: ProvinceId): string | null;
  isNeutral(power: Power): boolean;
}

/** Reads `features`; throws naming the bad path (map data is validated when the variant loads). */
export function readFeatures(raw: unknown): MandateFeatures {
  const parsed = featuresSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(
      `mandate-of-heaven features are invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  const data = parsed.data;
  const river = new Set(Object.values(data.riverProvinces).flat());
  const edges = new Map<string, string>();
  for (const [name, list] of Object.entries(data.riverEdges)) for (const [a, b] of list) edges.set(pairKey(a, b), name);
  const neutrals = new Set(data.neutrals);
  return {
    data,
    nomads: data.nomads,
    neutrals,
    placementArea: data.placementArea,
    defaultPlacement: data.defaultPlacement,
    nonVictoryCenters: new Set(data.nonVictoryCenters),
    baseGeometry: data.baseGeometry,
    isRiverProvince: (id) => river.has(id),
    riverEdge: (a, b) => edges.get(pairKey(a, b)) ?? null,
    isNeutral: (power) => neutrals.has(power),
  };
}

export function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}
