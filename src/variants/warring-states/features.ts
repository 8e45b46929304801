/**
 * The Warring States map features (`features` in map.json), read once into look-up tables:
 * the four game rivers as ordered chains and the walls, each standing on one province's side of one border.
 */
import { z } from 'zod';
import type { GameMap } from '../../engine/map.js';
import type { ProvinceId } from '../../engine/types.js';

const featuresSchema = z.object({
  /** River name -> province ids in chain order, source → sea. */
  rivers: z.record(z.string(), z.array(z.string()).min(2)),
  /** A wall on `province`'s side of its border with `neighbour`. */
  walls: z.array(z.object({ province: z.string(), neighbour: z.string() })),
  /** Power -> ruler named by the seed. */
  rulers: z.record(z.string(), z.string()).default({}),
});

export interface WarringStatesFeatures {
  rivers: Record<string, ProvinceId[]>;
  rulers: Record<string, string>;
  /** Land provinces on a game river (seas at a river mouth are not included). */
  isRiverProvince(id: ProvinceId): boolean;
  /** Are `a` and `b` consecutive spaces of one river chain (either direction)? */
  riverConsecutive(a: ProvinceId, b: ProvinceId): boolean;
  /** Does `province` have a wall on its border with `neighbour`? */
  hasWall(province: ProvinceId, neighbour: ProvinceId): boolean;
  walls: { province: ProvinceId; neighbour: ProvinceId }[];
}

/** Reads `features`; throws naming the bad path (map data is validated when the variant loads). */
export function readFeatures(raw: unknown, map: GameMap): WarringStatesFeatures {
  const parsed = featuresSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(
      `warring-states features are invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  const { rivers, walls, rulers } = parsed.data;
  const riverLand = new Set<ProvinceId>();
  const steps = new Set<string>();
  for (const chain of Object.values(rivers)) {
    chain.forEach((id, i) => {
      if (!map.isSea(id)) riverLand.add(id);
      const next = chain[i + 1];
      if (next !== undefined) steps.add(pairKey(id, next));
    });
  }
  const wallSet = new Set(walls.map((w) => `${w.province}>${w.neighbour}`));
  return {
    rivers,
    rulers,
    walls,
    isRiverProvince: (id) => riverLand.has(id),
    riverConsecutive: (a, b) => steps.has(pairKey(a, b)),
    hasWall: (province, neighbour) => wallSet.has(`${province}>${neighbour}`),
  };
}

function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}
