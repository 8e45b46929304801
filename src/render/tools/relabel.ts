/**
 * Recomputes only the label spots (`labels`) of bundled variants' stored `geometry.json`, keeping every other field
 * as it is: after a change of the unit or label sizes the spots are chosen for (label-spots.ts), without re-running
 * the geometry builders. Labels are not among the stored geometry's inputs, so `assets/geometry/` stays valid.
 *
 *   npx tsx src/render/tools/relabel.ts classic
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getVariant } from '../../variants/index.js';
import { labelSpots } from './label-spots.js';

const variantsDir = join(fileURLToPath(import.meta.url), '..', '..', '..', 'variants');
for (const id of process.argv.slice(2)) {
  const variant = getVariant(id);
  if (!variant) throw new Error(`no bundled variant ${id}`);
  const file = join(variantsDir, id, 'geometry.json');
  const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const { labels: _old, ...geometry } = stored;
  const labels = labelSpots(variant, { ...variant.data, geometry: geometry as never });
  writeFileSync(file, JSON.stringify({ ...stored, labels }) + '\n');
  console.error(`${id}: ${Object.keys(labels).length} label spots written to ${file}`);
}
