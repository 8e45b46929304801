/**
 * Recomputes only the label spots (`labels`) of bundled variants' stored geometry, keeping every other field as it
 * is: after a change of the unit or label sizes the spots are chosen for (label-spots.ts), without re-running the
 * geometry builders. Labels and anchors are not among the stored geometry's inputs, so `assets/geometry/` stays valid.
 * The geometry is the variant's `geometry.json`, or the `geometry` of its `map.json` (Warhammer, whose map.json
 * scripts/wh-build-map.ts writes: run this again after it).
 *
 *   npx tsx src/render/tools/relabel.ts classic
 *   npx tsx src/render/tools/relabel.ts --move-anchors warhammer   # also moves unit spots (label-spots.ts `moveAnchors`)
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Variant } from '../../engine/variant.js';
import { getVariant } from '../../variants/index.js';
import { buildScene } from '../build-scene.js';
import { LABEL_TEXTS } from '../label-text.js';
import { writeGeometryFile } from './geometry-file.js';
import { labelPlan } from './label-spots.js';

/**
 * Provinces whose unit spot may move (`--move-anchors`): those the starting position's map (as the data stands) does
 * not label inside with the full name, and where no unit stands at the start (moving a spot in the crowded middle of
 * the board, among the starting armies, would only shuffle what is already placed there).
 */
function movable(variant: Variant): Set<string> {
  const start = variant.startingPosition();
  const built = buildScene(variant, start);
  if (!built.ok) throw new Error(built.error);
  const full = new Map(variant.data.provinces.map((p) => [p.id, LABEL_TEXTS.full(p)]));
  const occupied = new Set(start.units.map((u) => u.province));
  return new Set(
    built.scene.labels
      .filter((l) => (!l.inside || l.text !== full.get(l.province)) && !occupied.has(l.province))
      .map((l) => l.province),
  );
}

const variantsDir = join(fileURLToPath(import.meta.url), '..', '..', '..', 'variants');
const moveAnchors = process.argv.includes('--move-anchors');
for (const id of process.argv.slice(2).filter((a) => !a.startsWith('--'))) {
  const variant = getVariant(id);
  if (!variant) throw new Error(`no bundled variant ${id}`);
  const own = join(variantsDir, id, 'geometry.json');
  const inMap = !existsSync(own);
  const file = inMap ? join(variantsDir, id, 'map.json') : own;
  const whole = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const stored = (inMap ? whole.geometry : whole) as Record<string, unknown>;
  const { labels: _old, ...geometry } = stored;
  const may = moveAnchors ? movable(variant) : new Set<string>();
  // The labels are chosen for the size the variant draws them at (the stored geometry's `labelSize`).
  const plan = labelPlan(variant, { ...variant.data, geometry: geometry as never }, { moveAnchors: (p) => may.has(p) });
  const moved = Object.keys(plan.anchors);
  const anchors = { ...((stored.anchors as Record<string, unknown> | undefined) ?? {}), ...plan.anchors };
  const next = { ...stored, ...(Object.keys(anchors).length > 0 ? { anchors } : {}), labels: plan.labels };
  // map.json keeps scripts/wh-build-map.ts's layout (one space per level); geometry.json is one line, as the schema
  // outputs it.
  if (inMap) writeFileSync(file, `${JSON.stringify({ ...whole, geometry: next }, null, 1)}\n`);
  else writeGeometryFile(file, next);
  console.error(
    `${id}: ${Object.keys(plan.labels).length} label spots${moved.length > 0 ? `, unit spots moved in ${moved.join(' ')}` : ''} written to ${file}`,
  );
}
