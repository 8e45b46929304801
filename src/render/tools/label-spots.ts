/**
 * Label positions for a variant's geometry (`geometry.labels`), chosen by the geometry tools: for each
 * province, the spot nearest its unit where the whole label (`中牟 Zhongmou`, or `Boh`) fits inside the
 * province, clear of the unit and of the supply-centre marker's usual place below it. Labels above the
 * unit are preferred. The renderer tries this spot first (src/render/markers.ts).
 */
import type { Variant } from '../../engine/variant.js';
import type { VariantData } from '../../variants/schema.js';
import { anchorsOf } from '../anchors.js';
import { computeGeometry, rectInsideShape, type Point } from '../geometry.js';
import { textWidth } from '../placement.js';
import { UNIT_SCALE } from '../styles.js';

/** Label text size the spots are chosen for, px at a 1600-px-wide picture (a little above the drawn size). */
const LABEL_PX = 14;
/** Unit icon half-size at 1600 px (src/render/build-scene.ts: the base size times UNIT_SCALE). */
const UNIT_PX = 10.5 * UNIT_SCALE;

export function labelSpots(variant: Variant, data: VariantData): Record<string, Point> {
  const g = computeGeometry(data);
  if (!g.ok) throw new Error(g.error);
  const geometry = g.geometry;
  const anchors = anchorsOf({ ...variant, data }, geometry);
  const k = geometry.width / 1600; // map px per picture px
  const out: Record<string, Point> = {};
  for (const p of data.provinces) {
    if (p.kind === 'impassable') continue;
    const shape = geometry.shapes.get(p.id);
    const anchor = anchors.get(p.id);
    if (!shape || !anchor) continue;
    const unit = UNIT_PX * 1.25 * k;
    const blocked = [
      { x: anchor[0] - unit, y: anchor[1] - unit, w: unit * 2, h: unit * 2 },
      // The supply-centre marker usually goes just below the unit.
      { x: anchor[0] - 8 * k, y: anchor[1] + unit, w: 16 * k, h: 20 * k },
    ];
    const texts = [p.localName ? `${p.localName} ${p.name}` : p.abbreviation, p.localName ? `${p.localName} ${p.abbreviation}` : p.abbreviation];
    const xs = shape.outline.flatMap(([a, b]) => [a[0], b[0]]);
    const ys = shape.outline.flatMap(([a, b]) => [a[1], b[1]]);
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    const step = Math.max(1.5, 3 * k);
    const candidates: Point[] = [];
    for (let x = x0; x <= x1; x += step) for (let y = y0; y <= y1; y += step) candidates.push([x, y]);
    // Nearest the unit first; above it counts as nearer.
    const cost = (c: Point) => Math.hypot(c[0] - anchor[0], (c[1] - anchor[1]) * (c[1] > anchor[1] ? 1.6 : 1));
    candidates.sort((a, b) => cost(a) - cost(b));
    // The full label, the short one, then the short one at the renderer's smallest inside size.
    const tries: [string, number][] = [[texts[0], LABEL_PX], [texts[1], LABEL_PX], [texts[1], LABEL_PX * 0.75]];
    search: for (const [text, size] of tries) {
      const w = (textWidth(text, size) + 6) * k;
      const h = size * 1.35 * k;
      for (const c of candidates) {
        const box = { x: c[0] - w / 2, y: c[1] - h / 2, w, h };
        if (blocked.some((b) => b.x < box.x + box.w && box.x < b.x + b.w && b.y < box.y + box.h && box.y < b.y + b.h)) continue;
        if (!rectInsideShape(box, shape)) continue;
        out[p.id] = [Math.round(c[0] * 10) / 10, Math.round(c[1] * 10) / 10];
        break search;
      }
    }
  }
  return out;
}
