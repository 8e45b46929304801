/**
 * Builds src/variants/warring-states/geometry.json from the China seeds (china-seeds.ts), the Natural
 * Earth coastline and the river courses in the variant's map.json (seeded-geometry.ts explains how).
 * Deterministic. Run: npx tsx src/render/tools/build-ws-geometry.ts [--dry]
 */
import { fileURLToPath } from 'node:url';
import wsData from '../../variants/warring-states/map.json' with { type: 'json' };
import { buildVariant, parseVariantData } from '../../variants/build.js';
import { CHINA_PROJECTION, WS_OFFMAP_LAND, WS_SEEDS } from './china-seeds.js';
import { buildAndWriteGeometry } from './write-seeded-geometry.js';

buildAndWriteGeometry(
  {
    variant: buildVariant(parseVariantData(wsData, 'warring-states map.json')),
    projection: CHINA_PROJECTION,
    seeds: WS_SEEDS,
    offmapLand: WS_OFFMAP_LAND,
  },
  fileURLToPath(new URL('../../variants/warring-states/geometry.json', import.meta.url)),
);
