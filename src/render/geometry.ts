/**
 * Map geometry from data: a Voronoi diagram of the variant's seed points (d3-delaunay), clipped to the
 * frame `[0, width] x [0, height]`. Every seed belongs to a province (or to off-map land/sea filler);
 * cells of the same owner merge into one territory, and the edges between cells of different owners
 * are the drawn borders. Pure and cached per data object.
 */
import { Delaunay } from 'd3-delaunay';
import type { VariantData } from '../variants/schema.js';
import { decodeGeometrySteps, geometryInputHash, readStoredGeometry } from './geometry-store.js';
import { nearestSeed, seedGrid, type SeedGrid } from './nearest-seed.js';
import { computeShapeGeometry } from './shape-geometry.js';
import { windingNumber } from '../variants/drawing/polygon.js';
import { distanceToSegment, segmentHitsRect } from '../variants/drawing/segment.js';

export { distanceToSegment } from '../variants/drawing/segment.js';
import {
  OFFMAP_LAND,
  OFFMAP_SEA,
  type Border,
  type Cell,
  type MapGeometry,
  type Point,
  type ProvinceShape,
  type Sites,
  type SurfaceKind,
} from './geometry-types.js';

export {
  OFFMAP_LAND,
  type MapGeometry,
  type Point,
  type ProvinceShape,
  type Sites,
  type SurfaceKind,
} from './geometry-types.js';

export type GeometryResult = { ok: true; geometry: MapGeometry } | { ok: false; error: string };

export const borderKey = (a: string, b: string): string => (a < b ? `${a}|${b}` : `${b}|${a}`);

const cache = new WeakMap<object, GeometryResult>();

/**
 * Geometry of a variant's data; cached by the data object. Read from the variant's stored geometry
 * (assets/geometry/<id>.bin, written by `npm run -s geometry` from computeGeometry) when that file was made
 * from exactly this data (a few milliseconds), else computed (100–400 ms).
 */
export function geometryOf(data: VariantData): GeometryResult {
  const steps = geometrySteps(data);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * geometryOf in steps of a few milliseconds each (it yields between them), so that a warm-up can let the event
 * loop run in between. Computing a geometry that is not stored is one long step.
 */
export function* geometrySteps(data: VariantData): Generator<void, GeometryResult> {
  let g = cache.get(data);
  if (g) return g;
  if (data.geometry?.shapes) {
    // A map drawn from shapes (a variant file's drawing) is never stored: one step.
    g = computeShapeGeometry(data);
    cache.set(data, g);
    return g;
  }
  const bytes = readStoredGeometry(data.id);
  const sites = bytes ? sitesOf(data) : null;
  if (bytes && sites?.ok) {
    yield;
    const hash = geometryInputHash(data, sites);
    yield;
    const decoded = yield* decodeGeometrySteps(bytes, hash, sites);
    if (decoded) g = { ok: true, geometry: withLocate(decoded, sites) };
  }
  g = cache.get(data) ?? g ?? computeGeometry(data); // (another caller may have finished it meanwhile)
  cache.set(data, g);
  return g;
}

/** The seeds of the data, validated (inside the frame, none twice, every province with at least one). */
export function sitesOf(data: VariantData): Sites | { ok: false; error: string } {
  const geo = data.geometry;
  if (!geo)
    return {
      ok: false,
      error: `variant ${data.id} has no drawing (province shapes) to draw its map from: import it with its SVG (--svg)`,
    };
  const kinds = new Map<string, SurfaceKind>();
  for (const p of data.provinces)
    kinds.set(p.id, p.kind === 'sea' ? 'sea' : p.kind === 'impassable' ? 'impassable' : 'land');
  kinds.set(OFFMAP_LAND, 'offmap-land');
  kinds.set(OFFMAP_SEA, 'offmap-sea');

  const seeds: Point[] = [];
  const owners: string[] = [];
  /** y values seen, by x (numbers, not strings: turning 10,000 seeds into strings costs milliseconds). */
  const seen = new Map<number, number[]>();
  const add = (owner: string, pts: readonly (readonly [number, number])[]): string | null => {
    // Indexed, no destructuring: this runs once per variant and process, in cold code, where iterators are slow.
    for (let i = 0; i < pts.length; i++) {
      const x = pts[i]![0];
      const y = pts[i]![1];
      if (!Number.isFinite(x) || !Number.isFinite(y) || x <= 0 || y <= 0 || x >= geo.width || y >= geo.height) {
        return `geometry point [${x}, ${y}] of ${owner} lies outside the frame ${geo.width}x${geo.height}`;
      }
      const ys = seen.get(x);
      if (ys?.includes(y)) return `geometry point [${x}, ${y}] of ${owner} is given twice`;
      if (ys) ys.push(y);
      else seen.set(x, [y]);
      seeds.push([x, y]);
      owners.push(owner);
    }
    return null;
  };
  for (const p of data.provinces) {
    const pts = geo.points[p.id];
    if (!pts) return { ok: false, error: `province ${p.id} has no geometry points` };
    const err = add(p.id, pts);
    if (err) return { ok: false, error: err };
  }
  for (const id of Object.keys(geo.points)) {
    if (!kinds.has(id)) return { ok: false, error: `geometry names unknown province ${id}` };
  }
  const offmap = geo.offmap ?? { land: [], sea: [] };
  for (const [owner, pts] of [
    [OFFMAP_LAND, offmap.land ?? []],
    [OFFMAP_SEA, offmap.sea ?? []],
  ] as const) {
    const err = add(owner, pts);
    if (err) return { ok: false, error: err };
  }
  return { ok: true, width: geo.width, height: geo.height, seeds, owners, kinds };
}

/** Build the cells and borders. Returns an error (never throws) when the data has no usable geometry. */
export function computeGeometry(data: VariantData): GeometryResult {
  if (data.geometry?.shapes) return computeShapeGeometry(data);
  const sites = sitesOf(data);
  if (!sites.ok) return sites;
  const { seeds, owners, kinds } = sites;
  const geo = data.geometry!;
  const delaunay = Delaunay.from(seeds);
  const voronoi = delaunay.voronoi([0, 0, geo.width, geo.height]);
  /** Each cell's area and centroid, of its polygon as d3 computed it (before vertices are merged and smoothed). */
  const areas: number[] = [];
  const centroids: Point[] = [];
  const cells: Cell[] = seeds.map((seed, i) => {
    const raw = voronoi.cellPolygon(i);
    const polygon: Point[] = raw ? raw.slice(0, -1).map(([x, y]) => [x, y] as Point) : [];
    const { area, centroid } = polygonAreaCentroid(polygon, seed);
    areas.push(area);
    centroids.push(centroid);
    return { owner: owners[i], seed, polygon };
  });

  // Give every Voronoi vertex one identity (two cells compute a shared vertex alike, up to rounding at
  // the frame), then find shared edges by their two vertices.
  const snap = vertexSnapper();
  for (const c of cells) c.polygon = c.polygon.map((p) => snap(p));
  const ids = new Map<Point, number>();
  const idOf = (p: Point) => {
    let id = ids.get(p);
    if (id === undefined) ids.set(p, (id = ids.size));
    return id;
  };
  const edgeCells = new Map<number, { i: number; k: number }[]>();
  cells.forEach((c, i) => {
    const poly = c.polygon;
    for (let k = 0; k < poly.length; k++) {
      const a = idOf(poly[k]);
      const b = idOf(poly[(k + 1) % poly.length]);
      if (a === b) continue;
      const key = a < b ? a * 4194304 + b : b * 4194304 + a;
      const list = edgeCells.get(key);
      if (list) list.push({ i, k });
      else edgeCells.set(key, [{ i, k }]);
    }
  });
  const borderIndex = new Map<string, Border>();
  /** Per cell: indices of its edges shared with a cell of the same owner (not part of the outline). */
  const internal = cells.map(() => new Set<number>());
  for (const list of edgeCells.values()) {
    if (list.length !== 2) continue;
    const [{ i, k }, { i: j, k: m }] = list;
    if (owners[i] === owners[j]) {
      internal[i].add(k);
      internal[j].add(m);
      continue;
    }
    const poly = cells[i].polygon;
    const seg: [Point, Point] = [poly[k], poly[(k + 1) % poly.length]];
    const key = borderKey(owners[i], owners[j]);
    let b = borderIndex.get(key);
    if (!b) {
      const [a, c] = owners[i] < owners[j] ? [owners[i], owners[j]] : [owners[j], owners[i]];
      b = { a, b: c, segments: [], length: 0 };
      borderIndex.set(key, b);
    }
    b.segments.push(seg);
  }
  const smooth = geo.smooth ?? 0;
  if (smooth > 0) smoothBorders([...borderIndex.values()], geo.width, geo.height, smooth);
  for (const b of borderIndex.values()) {
    for (const [p, q] of b.segments) b.length += Math.hypot(q[0] - p[0], q[1] - p[1]);
  }

  const shapes = new Map<string, ProvinceShape>();
  cells.forEach((c, i) => {
    let s = shapes.get(c.owner);
    if (!s) {
      s = {
        id: c.owner,
        kind: kinds.get(c.owner)!,
        cells: [],
        area: 0,
        center: centroids[i],
        clearance: 0,
        outline: [],
        rings: [],
      };
      shapes.set(c.owner, s);
    }
    s.cells.push(i);
    s.area += areas[i];
    const poly = c.polygon;
    for (let k = 0; k < poly.length; k++) {
      const p = poly[k];
      const q = poly[(k + 1) % poly.length];
      if (!internal[i].has(k) && Math.hypot(q[0] - p[0], q[1] - p[1]) >= 1e-3) s.outline.push([p, q]);
    }
  });
  for (const s of shapes.values()) {
    if (!s.id.startsWith('#')) placeCenter(s, cells, areas, centroids); // filler needs no unit spot
    s.rings = chainRings(s.outline);
  }
  for (const p of data.provinces) {
    if (!shapes.has(p.id) || shapes.get(p.id)!.area <= 0)
      return { ok: false, error: `province ${p.id} has no visible cell` };
  }
  const geometry = {
    width: geo.width,
    height: geo.height,
    cells,
    shapes,
    borders: [...borderIndex.values()],
    borderIndex,
  };
  return { ok: true, geometry: withLocate(geometry, sites) };
}

/** Adds `locate`: the Voronoi cell containing a point is the one of its nearest seed (its grid built on first use). */
function withLocate(geometry: Omit<MapGeometry, 'locate'>, sites: Sites): MapGeometry {
  let grid: SeedGrid | null = null;
  const { width, height, owners, seeds } = sites;
  return {
    ...geometry,
    locate: (p) => {
      if (p[0] < 0 || p[1] < 0 || p[0] > width || p[1] > height) return null;
      grid ??= seedGrid(seeds, width, height);
      return owners[nearestSeed(grid, p[0], p[1])] ?? null;
    },
  };
}

/** Chain directed edges into closed rings (each edge's end is the next edge's start). */
function chainRings(edges: [Point, Point][]): Point[][] {
  const key = (p: Point) => Math.round(p[0] * 100) * 1e7 + Math.round(p[1] * 100);
  const byStart = new Map<number, number[]>();
  edges.forEach(([p], i) => {
    const k = key(p);
    const list = byStart.get(k);
    if (list) list.push(i);
    else byStart.set(k, [i]);
  });
  const used = new Uint8Array(edges.length);
  // The next edge starts where this one ends; a vertex computed by two cells may round either way.
  const nextEdge = (end: Point): number => {
    const x = Math.round(end[0] * 100);
    const y = Math.round(end[1] * 100);
    for (const [dx, dy] of [
      [0, 0],
      [-1, 0],
      [1, 0],
      [0, -1],
      [0, 1],
      [-1, -1],
      [1, 1],
      [-1, 1],
      [1, -1],
    ]) {
      const found = byStart.get((x + dx) * 1e7 + y + dy)?.find((j) => !used[j] && same(edges[j][0], end));
      if (found !== undefined) return found;
    }
    return -1;
  };
  const rings: Point[][] = [];
  for (let first = 0; first < edges.length; first++) {
    if (used[first]) continue;
    const ring: Point[] = [];
    let i = first;
    while (i >= 0 && !used[i]) {
      used[i] = 1;
      ring.push(edges[i][0]);
      i = nextEdge(edges[i][1]);
    }
    if (ring.length >= 3) rings.push(ring);
  }
  return rings;
}

/**
 * Pick the candidate point inside the shape that is farthest from its outline: cell centroids and points
 * between them and their vertices, of the largest cells (a province drawn from a few big cells) or of
 * an even sample of all cells (a province drawn from a fine grid of similar cells).
 */
function placeCenter(s: ProvinceShape, cells: Cell[], areas: number[], centroids: Point[]): void {
  const candidates: Point[] = [];
  const bySize = [...s.cells].sort((a, b) => areas[b] - areas[a]);
  const stride = Math.max(1, Math.floor(s.cells.length / 160));
  const chosen = new Set([...bySize.slice(0, 12), ...s.cells.filter((_, k) => k % stride === 0)]);
  for (const i of chosen) {
    const c = cells[i];
    const centroid = centroids[i];
    if (areas[i] <= 0) continue;
    candidates.push(centroid);
    if (s.cells.length > 40) continue; // fine cells: their centroids are dense enough
    for (const v of c.polygon) candidates.push([(centroid[0] * 2 + v[0]) / 3, (centroid[1] * 2 + v[1]) / 3]);
    for (let k = 0; k < c.polygon.length; k++) {
      const v = c.polygon[k];
      const w = c.polygon[(k + 1) % c.polygon.length];
      candidates.push([(v[0] + w[0]) / 2, (v[1] + w[1]) / 2].map((m, d) => (m + centroid[d]) / 2) as Point);
    }
  }
  let best = s.center;
  let bestD = -1;
  for (const p of candidates) {
    const d = distanceToSegments(p, s.outline, bestD);
    if (d > bestD) {
      bestD = d;
      best = p;
    }
  }
  s.center = best;
  s.clearance = Math.max(0, bestD);
}

/** Distance from a point to the nearest segment; stops early once it is at most `floor` (an answer ≤ floor). */
export function distanceToSegments(
  p: Point,
  segments: readonly (readonly [Point, Point])[],
  floor = -Infinity,
): number {
  let best = Infinity;
  for (const [a, b] of segments) {
    best = Math.min(best, distanceToSegment(p, a, b));
    if (best <= floor) return best;
  }
  return best;
}

/** Is the point inside the convex polygon (either winding)? */
export function insideConvex(p: Point, poly: Point[]): boolean {
  let sign = 0;
  for (let k = 0; k < poly.length; k++) {
    const a = poly[k];
    const b = poly[(k + 1) % poly.length];
    const cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
    if (Math.abs(cross) < 1e-9) continue;
    const s = cross > 0 ? 1 : -1;
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return poly.length >= 3;
}

/** Is the point inside the province (one of its cells; the nonzero rule on a map drawn from shapes)? */
export function insideShape(p: Point, shape: ProvinceShape, geometry: MapGeometry): boolean {
  if (geometry.polygonal) return windingNumber(p, shape.rings) !== 0;
  return shape.cells.some((i) => insideConvex(p, geometry.cells[i].polygon));
}

/** Area and centroid of a simple polygon (shoelace); a degenerate one gives `fallback`. */
export function polygonAreaCentroid(poly: Point[], fallback: Point): { area: number; centroid: Point } {
  let a = 0;
  let cx = 0;
  let cy = 0;
  for (let k = 0; k < poly.length; k++) {
    const [x0, y0] = poly[k];
    const [x1, y1] = poly[(k + 1) % poly.length];
    const cross = x0 * y1 - x1 * y0;
    a += cross;
    cx += (x0 + x1) * cross;
    cy += (y0 + y1) * cross;
  }
  if (Math.abs(a) < 1e-9) return { area: 0, centroid: fallback };
  return { area: Math.abs(a) / 2, centroid: [cx / (3 * a), cy / (3 * a)] };
}

const EPS = 1e-3;
const same = (p: Point, q: Point) => Math.abs(p[0] - q[0]) < EPS && Math.abs(p[1] - q[1]) < EPS;

/** Returns one shared Point per location (points within 0.01 px are the same vertex). */
function vertexSnapper(): (p: Point) => Point {
  const grid = new Map<number, Point>();
  return (p) => {
    const x = Math.round(p[0] * 100);
    const y = Math.round(p[1] * 100);
    const exact = grid.get(x * 1e7 + y);
    if (exact) return exact;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        const q = grid.get((x + dx) * 1e7 + y + dy);
        if (q) return q;
      }
    }
    const own: Point = [p[0], p[1]];
    grid.set(x * 1e7 + y, own);
    return own;
  };
}

/**
 * Smooth the drawn borders (fine-grid maps, `geometry.smooth` rounds): each vertex in the middle of a
 * border (exactly two border edges meet there) moves towards the mean of its two neighbours; junctions of
 * three territories and points on the frame stay. Vertices are shared objects, so both territories on a
 * border, their outlines and rings all move together.
 */
function smoothBorders(borders: Border[], width: number, height: number, rounds: number): void {
  const neighbours = new Map<Point, Set<Point>>();
  const link = (a: Point, b: Point) => {
    let set = neighbours.get(a);
    if (!set) neighbours.set(a, (set = new Set()));
    set.add(b);
  };
  for (const b of borders) {
    for (const [p, q] of b.segments) {
      link(p, q);
      link(q, p);
    }
  }
  const onFrame = (p: Point) => p[0] < 0.01 || p[1] < 0.01 || p[0] > width - 0.01 || p[1] > height - 0.01;
  const movable = [...neighbours]
    .filter(([p, set]) => set.size === 2 && !onFrame(p))
    .map(([p, set]) => [p, ...set] as [Point, Point, Point]);
  for (let r = 0; r < rounds; r++) {
    const next = movable.map(
      ([p, a, b]) => [p[0] * 0.5 + (a[0] + b[0]) * 0.25, p[1] * 0.5 + (a[1] + b[1]) * 0.25] as const,
    );
    movable.forEach(([p], k) => {
      p[0] = next[k][0];
      p[1] = next[k][1];
    });
  }
}

/** Is the point inside the territory (even-odd over its rings, which follow the drawn, smoothed outline)? */
const shapeBounds = new WeakMap<ProvinceShape, [number, number, number, number]>();

/** A shape's bounding box (map px: x0, y0, x1, y1), computed once per shape. */
export function boundsOf(shape: ProvinceShape): [number, number, number, number] {
  const known = shapeBounds.get(shape);
  if (known) return known;
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const ring of shape.rings) {
    for (const [x, y] of ring) {
      if (x < box[0]) box[0] = x;
      if (y < box[1]) box[1] = y;
      if (x > box[2]) box[2] = x;
      if (y > box[3]) box[3] = y;
    }
  }
  shapeBounds.set(shape, box);
  return box;
}

export function insideRings(p: Point, shape: ProvinceShape): boolean {
  let inside = false;
  for (const ring of shape.rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/**
 * Does the rectangle (map pixels) lie wholly inside the territory: its centre inside and no stretch of
 * the drawn outline entering it? Used to keep a province's label off its borders.
 */
export function rectInsideShape(r: { x: number; y: number; w: number; h: number }, shape: ProvinceShape): boolean {
  // The cheap test first: most candidate boxes of a label lie partly outside its province's bounding box.
  const [bx0, by0, bx1, by1] = boundsOf(shape);
  if (r.x < bx0 || r.y < by0 || r.x + r.w > bx1 || r.y + r.h > by1) return false;
  // Then the outline through the box (each segment's own bounds first), and only then the centre's ring count.
  const x1 = r.x + r.w;
  const y1 = r.y + r.h;
  for (const [a, b] of shape.outline) {
    if (
      Math.max(a[0], b[0]) < r.x ||
      Math.min(a[0], b[0]) > x1 ||
      Math.max(a[1], b[1]) < r.y ||
      Math.min(a[1], b[1]) > y1
    )
      continue;
    if (segmentHitsRect(a, b, r.x, r.y, x1, y1)) return false;
  }
  return insideRings([r.x + r.w / 2, r.y + r.h / 2], shape);
}
