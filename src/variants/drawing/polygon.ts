/**
 * Plane geometry on rings (closed polygons, first point not repeated): signed area, winding number, distances, and a
 * grid of segments for "which outline lies within r of this point/segment" queries on maps of thousands of vertices.
 */
import type { Point, Ring } from './path.js';
import { distanceToSegment } from './segment.js';

/** The signed area: positive for a ring that runs clockwise on the screen (y down), negative the other way. */
export function signedArea(ring: Ring): number {
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++)
    a += ring[j]![0] * ring[i]![1] - ring[i]![0] * ring[j]![1];
  return a / 2;
}

/** The winding number of the rings around `p` (nonzero: inside, by SVG's default fill rule). */
export function windingNumber(p: Point, rings: readonly Ring[]): number {
  let w = 0;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const a = ring[j]!;
      const b = ring[i]!;
      if (a[1] <= p[1]) {
        if (b[1] > p[1] && cross(a, b, p) > 0) w++;
      } else if (b[1] <= p[1] && cross(a, b, p) < 0) w--;
    }
  }
  return w;
}

const cross = (a: Point, b: Point, p: Point) => (b[0] - a[0]) * (p[1] - a[1]) - (p[0] - a[0]) * (b[1] - a[1]);

/** Is `p` inside the ring (even-odd)? */
export function insideRing(p: Point, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Distance between two segments (0 when they cross). */
export function segmentDistance(a: Point, b: Point, c: Point, d: Point): number {
  const d1 = cross(a, b, c);
  const d2 = cross(a, b, d);
  const d3 = cross(c, d, a);
  const d4 = cross(c, d, b);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return 0;
  return Math.min(
    distanceToSegment(a, c, d),
    distanceToSegment(b, c, d),
    distanceToSegment(c, a, b),
    distanceToSegment(d, a, b),
  );
}

export type Box = [number, number, number, number];

export function boxOf(rings: readonly Ring[]): Box {
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const ring of rings)
    for (const [x, y] of ring) {
      if (x < box[0]) box[0] = x;
      if (y < box[1]) box[1] = y;
      if (x > box[2]) box[2] = x;
      if (y > box[3]) box[3] = y;
    }
  return box;
}

/** Do the boxes overlap once each is grown by `margin`? */
export const boxesNear = (a: Box, b: Box, margin: number): boolean =>
  a[0] - margin <= b[2] && b[0] - margin <= a[2] && a[1] - margin <= b[3] && b[1] - margin <= a[3];

/** One edge of an owner's ring. */
export interface Edge {
  owner: number;
  a: Point;
  b: Point;
}

/** Edges of many owners' rings in a uniform grid, for queries "edges within r of here". */
export class EdgeGrid {
  private readonly cells = new Map<number, Edge[]>();
  private readonly size: number;

  constructor(edges: Iterable<Edge>, cellSize: number) {
    this.size = Math.max(cellSize, 1e-6);
    for (const e of edges) {
      const [x0, y0, x1, y1] = this.range(
        Math.min(e.a[0], e.b[0]),
        Math.min(e.a[1], e.b[1]),
        Math.max(e.a[0], e.b[0]),
        Math.max(e.a[1], e.b[1]),
      );
      for (let x = x0; x <= x1; x++)
        for (let y = y0; y <= y1; y++) {
          const key = x * 1_048_576 + y;
          const list = this.cells.get(key);
          if (list) list.push(e);
          else this.cells.set(key, [e]);
        }
    }
  }

  private range(x0: number, y0: number, x1: number, y1: number): Box {
    const s = this.size;
    return [Math.floor(x0 / s), Math.floor(y0 / s), Math.floor(x1 / s), Math.floor(y1 / s)];
  }

  /** Calls `visit` for every edge whose grid cells meet the box (an edge may come more than once). */
  near(x0: number, y0: number, x1: number, y1: number, visit: (e: Edge) => void): void {
    const [cx0, cy0, cx1, cy1] = this.range(x0, y0, x1, y1);
    for (let x = cx0; x <= cx1; x++)
      for (let y = cy0; y <= cy1; y++) for (const e of this.cells.get(x * 1_048_576 + y) ?? []) visit(e);
  }
}

/** Every edge of the rings, owned by `owner`. */
export function edgesOf(rings: readonly Ring[], owner: number): Edge[] {
  const out: Edge[] = [];
  for (const ring of rings)
    for (let i = 0; i < ring.length; i++) out.push({ owner, a: ring[i]!, b: ring[(i + 1) % ring.length]! });
  return out;
}

/**
 * The smallest distance between the outlines of every two shapes that come within `limit` of each other, by pair
 * key `i,j` (i < j). Shapes farther apart than `limit` are not listed.
 */
export function outlineGaps(shapes: readonly (readonly Ring[])[], limit: number): Map<string, number> {
  const grid = new EdgeGrid(
    shapes.flatMap((s, i) => edgesOf(s, i)),
    Math.max(8, limit * 2),
  );
  const gaps = new Map<string, number>();
  shapes.forEach((rings, i) => {
    for (const { a, b } of edgesOf(rings, i)) {
      grid.near(
        Math.min(a[0], b[0]) - limit,
        Math.min(a[1], b[1]) - limit,
        Math.max(a[0], b[0]) + limit,
        Math.max(a[1], b[1]) + limit,
        (e) => {
          if (e.owner <= i) return;
          const d = segmentDistance(a, b, e.a, e.b);
          const key = `${i},${e.owner}`;
          if (d <= limit && d < (gaps.get(key) ?? Infinity)) gaps.set(key, d);
        },
      );
    }
  });
  return gaps;
}

/** The polyline with points dropped where it stays within `tolerance` of them (Douglas–Peucker; ends kept). */
export function simplifyLine(points: readonly Point[], tolerance: number): Point[] {
  if (points.length <= 2) return [...points];
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [from, to] = stack.pop()!;
    let worst = -1;
    let worstD = tolerance;
    for (let i = from + 1; i < to; i++) {
      const d = distanceToSegment(points[i]!, points[from]!, points[to]!);
      if (d > worstD) [worst, worstD] = [i, d];
    }
    if (worst < 0) continue;
    keep[worst] = 1;
    stack.push([from, worst], [worst, to]);
  }
  return points.filter((_, i) => keep[i] === 1);
}

/** A closed ring simplified the same way (split at its first point and its farthest point, so it stays a ring). */
export function simplifyRing(ring: Ring, tolerance: number): Ring {
  if (ring.length <= 4) return ring;
  const first = ring[0]!;
  let far = 0;
  let farD = -1;
  ring.forEach((p, i) => {
    const d = Math.hypot(p[0] - first[0], p[1] - first[1]);
    if (d > farD) [far, farD] = [i, d];
  });
  const a = simplifyLine(ring.slice(0, far + 1), tolerance);
  const b = simplifyLine([...ring.slice(far), first], tolerance);
  const out = [...a, ...b.slice(1, -1)];
  return out.length >= 3 ? out : ring;
}
