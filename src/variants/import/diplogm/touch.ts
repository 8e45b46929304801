/**
 * Which province shapes touch, as DiploGM decides it: two polygons are adjacent when they lie within the border
 * margin (`border_margin_hint`) of each other, overlapping or one inside the other included (shapely's `dwithin`). A
 * shape drawn as several subpaths is grown by 0.1 px first, as DiploGM buffers its multipolygons.
 */
import type { Ring } from '../../drawing/path.js';
import { boxesNear, boxOf, EdgeGrid, edgesOf, insideRing, segmentDistance, type Box } from '../../drawing/polygon.js';

/** DiploGM's buffer of a multipolygon (px). */
const MULTI_BUFFER = 0.1;

/** Every pair `[i, j]` (i < j) of shapes within `margin` of each other. */
export function touchingPairs(shapes: readonly Ring[][], margin: number): [number, number][] {
  const boxes = shapes.map(boxOf);
  const grown = shapes.map((s) => (s.length > 1 ? MULTI_BUFFER : 0));
  const reachOf = (i: number, j: number) => margin + grown[i]! + grown[j]! + 1e-9;
  const widest = margin + 2 * MULTI_BUFFER;
  const grid = new EdgeGrid(
    shapes.flatMap((s, i) => edgesOf(s, i)),
    Math.max(8, widest * 4),
  );
  const found = new Set<number>();
  const key = (i: number, j: number) => i * 1_000_003 + j;
  const pairs: [number, number][] = [];
  shapes.forEach((rings, i) => {
    for (const { a, b } of edgesOf(rings, i)) {
      grid.near(
        Math.min(a[0], b[0]) - widest,
        Math.min(a[1], b[1]) - widest,
        Math.max(a[0], b[0]) + widest,
        Math.max(a[1], b[1]) + widest,
        (e) => {
          if (e.owner <= i || found.has(key(i, e.owner))) return;
          if (segmentDistance(a, b, e.a, e.b) <= reachOf(i, e.owner)) {
            found.add(key(i, e.owner));
            pairs.push([i, e.owner]);
          }
        },
      );
    }
  });
  // Shapes whose outlines never come near each other still touch when one lies inside the other.
  for (let i = 0; i < shapes.length; i++)
    for (let j = i + 1; j < shapes.length; j++) {
      if (found.has(key(i, j)) || !contains(boxes[i]!, boxes[j]!)) continue;
      if (inside(shapes[i]!, shapes[j]!) || inside(shapes[j]!, shapes[i]!)) pairs.push([i, j]);
    }
  return pairs.sort((p, q) => p[0] - q[0] || p[1] - q[1]);
}

/** Could one box hold the other? (A cheap test before the point-in-polygon one.) */
const contains = (a: Box, b: Box) => boxesNear(a, b, 0) && (fits(a, b) || fits(b, a));
const fits = (outer: Box, inner: Box) =>
  outer[0] <= inner[0] && outer[1] <= inner[1] && outer[2] >= inner[2] && outer[3] >= inner[3];

/** Does a point of `inner` lie inside one of `outer`'s subpath polygons? */
const inside = (inner: Ring[], outer: Ring[]) => outer.some((ring) => insideRing(inner[0]![0]!, ring));
