/**
 * Label spots on a map drawn from shapes (docs/variants.md "Variant files", `geometry.labels`): a spot lies inside its
 * province's shape with room for the label's box round it. A spot an import reads that falls outside (a text placed
 * beside a small island, a text anchor read where the text starts rather than where its middle is) or leaves no room
 * moves to the nearest point where the box fits; where it fits nowhere, a spot outside moves to the province's
 * deepest point, from which the renderer places the label as it can (beside the province with a leader line).
 */
import type { Point, Ring } from './path.js';
import { boxOf, EdgeGrid, edgesOf, windingNumber } from './polygon.js';
import { distanceToSegment, segmentHitsRect } from './segment.js';

/** A label's box in map px: its width and height. */
export interface LabelBox {
  w: number;
  h: number;
}

/** Points tried across a province's bounding box, per side (so at most this squared). */
const GRID = 32;

/** The renderer's default label height: 14 px on a picture 1600 px wide (docs/render.md "Legibility"). */
const LABEL_PX = 14;

/**
 * The box a label of `text` takes on a map `width` px wide, drawn at the renderer's default size: a width per
 * character that errs wide (a capital's), 2 px to each side and a line's height, as the renderer measures a label.
 */
export function labelBox(text: string, width: number): LabelBox {
  const k = width / 1600;
  return { w: ([...text].length * 0.7 * LABEL_PX + 4) * k, h: 1.25 * LABEL_PX * k };
}

/** Does a `box` centred on `at` lie wholly inside the rings (nonzero fill)? `edges`: the rings' edges, when kept. */
export function boxInsideRings(rings: readonly Ring[], at: Point, box: LabelBox, edges?: EdgeGrid): boolean {
  const [x0, y0, x1, y1] = [at[0] - box.w / 2, at[1] - box.h / 2, at[0] + box.w / 2, at[1] + box.h / 2];
  const meets = (a: Point, b: Point) => segmentHitsRect(a, b, x0, y0, x1, y1);
  if (edges) {
    let hit = false;
    edges.near(x0, y0, x1, y1, (e) => {
      hit ||= meets(e.a, e.b);
    });
    if (hit) return false;
  } else if (rings.some((ring) => ring.some((a, i) => meets(a, ring[(i + 1) % ring.length]!)))) return false;
  return windingNumber(at, rings) !== 0;
}

/** Distance from `p` to the nearest edge of the rings. */
function clearance(p: Point, rings: readonly Ring[]): number {
  let d = Infinity;
  for (const ring of rings)
    for (let i = 0; i < ring.length; i++) d = Math.min(d, distanceToSegment(p, ring[i]!, ring[(i + 1) % ring.length]!));
  return d;
}

/**
 * The spot for a province's label: `spot` itself when the box round it lies inside the shape; else the nearest
 * point of a grid over the shape where it does; else, when `spot` lies inside, `spot`; else the shape's deepest
 * point (the grid point farthest from its outline). Null for a shape with no inside at all.
 */
export function labelSpotInside(rings: readonly Ring[], spot: Point | null, box: LabelBox): Point | null {
  if (spot && boxInsideRings(rings, spot, box)) return spot;
  const [x0, y0, x1, y1] = boxOf(rings);
  const step = Math.max((x1 - x0) / GRID, (y1 - y0) / GRID, 0.25);
  const grid: Point[] = [];
  for (let y = y0 + step / 2; y < y1; y += step) for (let x = x0 + step / 2; x < x1; x += step) grid.push([x, y]);
  if (spot) {
    const near = (p: Point) => Math.hypot(p[0] - spot[0], p[1] - spot[1]);
    const fits = grid
      .filter((p) => p[0] - box.w / 2 > x0 && p[0] + box.w / 2 < x1 && p[1] - box.h / 2 > y0 && p[1] + box.h / 2 < y1)
      .sort((a, b) => near(a) - near(b));
    const edges = new EdgeGrid(
      rings.flatMap((r, i) => edgesOf([r], i)),
      Math.max(box.w, box.h),
    );
    const fit = fits.find((p) => boxInsideRings(rings, p, box, edges));
    if (fit) return fit;
    if (windingNumber(spot, rings) !== 0) return spot;
  }
  let deepest: { p: Point; d: number } | null = null;
  for (const p of grid) {
    if (windingNumber(p, rings) === 0) continue;
    const depth = clearance(p, rings);
    if (!deepest || depth > deepest.d) deepest = { p, d: depth };
  }
  return deepest?.p ?? null;
}
