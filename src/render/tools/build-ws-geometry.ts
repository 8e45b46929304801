/**
 * Builds src/variants/warring-states/geometry.json from the China seeds (china-seeds.ts), the Natural
 * Earth coastline and the river courses in the variant's map.json (seeded-geometry.ts explains how).
 * Deterministic. Run: npx tsx src/render/tools/build-ws-geometry.ts [--dry]
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import wsData from '../../variants/warring-states/map.json' with { type: 'json' };
import { buildVariant, parseVariantData } from '../../variants/build.js';
import { CHINA_PROJECTION, WS_OFFMAP_LAND, WS_SEEDS } from './china-seeds.js';
import { labelSpots } from './label-spots.js';
import { buildSeededGeometry } from './seeded-geometry.js';

const variant = buildVariant(parseVariantData(wsData, 'warring-states map.json'));
const t0 = performance.now();
const built = buildSeededGeometry({
  variant,
  projection: CHINA_PROJECTION,
  seeds: WS_SEEDS,
  offmapLand: WS_OFFMAP_LAND,
  log: (line) => console.error(line),
});
console.error(`${built.repairs} repairs in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${built.problems.length} problems left`);
for (const p of built.problems) console.error('  ' + p);
if (!process.argv.includes('--dry')) {
  const out = fileURLToPath(new URL('../../variants/warring-states/geometry.json', import.meta.url));
  const labels = labelSpots(variant, { ...variant.data, geometry: built.geometry });
  writeFileSync(out, JSON.stringify({ ...built.geometry, labels }) + '\n');
  console.error(`wrote ${out}`);
}
