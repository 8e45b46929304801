/** The Warhammer map's own data (`features` in map.json), validated when the variant loads. */
import { z } from 'zod';
import type { VariantData } from '../../engine/variant-data.js';

const featuresSchema = z.object({
  /** Power -> its capital (the seed's nations list; Nippon's is the units list's Yotok). */
  capitals: z.record(z.string(), z.string()),
  /** Dogs of War power -> the two cities of its country (one is chosen before the first Spring). */
  dogsOfWar: z.record(z.string(), z.array(z.string()).length(2)),
});

export interface WarhammerFeatures {
  capitals: Record<string, string>;
  dogsOfWar: Record<string, string[]>;
  /** Units each nation began the game with (the seed's starting units; a Dogs of War seat starts with one). */
  startingUnits: Record<string, number>;
}

export function readFeatures(data: VariantData): WarhammerFeatures {
  const f = featuresSchema.parse(data.features);
  const startingUnits: Record<string, number> = {};
  for (const p of data.powers)
    startingUnits[p.name] = p.name in f.dogsOfWar ? 1 : data.startingUnits.filter((u) => u.power === p.name).length;
  return { ...f, startingUnits };
}

/** Power names the abilities belong to (map.json `powers`). */
export const WOOD_ELVES = 'Wood Elves';
export const NORSE = 'Norse';
export const VAMPIRE_COUNTS = 'Vampire Counts';
export const EMPIRE = 'Empire';
export const ORCS = 'Orcs & Goblins';
/** Sylvania, the Vampire Counts' home centre. */
export const SYLVANIA = 'sylv';
/** Athel-Loren, the Wood Elves' home centre (seed: "the home center of Athel-Loren"). */
export const ATHEL_LOREN = 'athe';
