/**
 * Builds src/variants/mandate-of-heaven/geometry.json the way Warring States builds its own
 * (build-ws-geometry.ts, seeded-geometry.ts): the Warring States seeds renamed through the variant's cell
 * mapping (`features.baseGeometry.cells`), plus Mandate of Heaven's two new cells, Qiang in the west and
 * Choson in Korea (the Mandate of Heaven map brief §2.8, docs/variants.md), and its own river courses (map.json
 * `features.riverCourses`: the Hwang Ho from Longmen and the Yang Tze from Ba, touching exactly the rule 6
 * river provinces). The seeds and the widened projection are in moh-seeds.ts.
 * Deterministic. Run: npx tsx src/render/tools/build-moh-geometry.ts [--dry]
 */
import { fileURLToPath } from 'node:url';
import mohData from '../../variants/mandate-of-heaven/map.json' with { type: 'json' };
import { buildVariant, parseVariantData } from '../../variants/build.js';
import { MOH_OFFMAP_LAND, MOH_PROJECTION, mohSeeds } from './moh-seeds.js';
import { buildAndWriteGeometry } from './write-seeded-geometry.js';

buildAndWriteGeometry(
  {
    variant: buildVariant(parseVariantData(mohData, 'mandate-of-heaven map.json')),
    projection: MOH_PROJECTION,
    seeds: mohSeeds(mohData.features.baseGeometry.cells),
    offmapLand: MOH_OFFMAP_LAND,
  },
  fileURLToPath(new URL('../../variants/mandate-of-heaven/geometry.json', import.meta.url)),
);
