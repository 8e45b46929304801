/**
 * Map geometry from data: a Voronoi diagram of the variant's seed points (d3-delaunay), clipped to the
 * frame `[0, width] x [0, height]`. Every seed belongs to a province (or to off-map land/sea filler);
 * cells of the same owner merge into one territory, and the edges between cells of different owners
 * are the drawn borders. Pure and cached per data object.
 */
import { Delaunay } from 'd3-delaunay';
import type { VariantData } from '../variants/schema.js';

export type Point = [number, number];

/** Owner ids of filler cells; they never clash with province ids (which start with a letter). */
export const OFFMAP_LAND = '#land';
export const OFFMAP_SEA = '#sea';

export type SurfaceKind = 'land' | 'sea' | 'impassable' | 'offmap-land' | 'offmap-sea';

export interface Cell {
  owner: string;
  seed: Point;
  /** Closed convex polygon (first vertex not repeated). */
  polygon: Point[];
  area: number;
  centroid: Point;
}

export interface Border {
  /** Owners, `a < b`. */
  a: string;
  b: string;
  segments: [Point, Point][];
  length: number;
}

export interface ProvinceShape {
  id: string;
  kind: SurfaceKind;
  cells: number[];
  area: number;
  /**
   * A point well inside the province: of the cell centroids and points between them, the one farthest
   * from the province's outline (a cheap pole of inaccessibility).
   */
  center: Point;
  /** Distance from `center` to the outline. */
  clearance: number;
  /** The province's outline: cell edges not shared with another cell of the same province (frame edges included). */
  outline: [Point, Point][];
  /**
   * The outline chained into closed rings (the merged territory). Cells keep one winding, so outer rings
   * and holes wind opposite ways and a nonzero fill of all rings paints the territory exactly.
   */
  rings: Point[][];
}

export interface MapGeometry {
  width: number;
  height: number;
  cells: Cell[];
  /** By owner (province id, `#land`, `#sea`). */
  shapes: Map<string, ProvinceShape>;
  borders: Border[];
  /** `a|b` (sorted) -> border. */
  borderIndex: Map<string, Border>;
}

export type GeometryResult = { ok: true; geometry: MapGeometry } | { ok: false; error: string };

export const borderKey = (a: string, b: string): string => (a < b ? `${a}|${b}` : `${b}|${a}`);

const cache = new WeakMap<object, GeometryResult>();

/** Geometry of a variant's data; cached by the data object. */
export function geometryOf(data: VariantData): GeometryResult {
  let g = cache.get(data);
  if (!g) {
    g = computeGeometry(data);
    cache.set(data, g);
  }
  return g;
}

/** Build the cells and borders. Returns an error (never throws) when the data has no usable geometry. */
export function computeGeometry(data: VariantData): GeometryResult {
  const geo = data.geometry;
  if (!geo) return { ok: false, error: `variant ${data.id} has no geometry` };
  const kinds = new Map<string, SurfaceKind>();
  for (const p of data.provinces) kinds.set(p.id, p.kind === 'sea' ? 'sea' : p.kind === 'impassable' ? 'impassable' : 'land');
  kinds.set(OFFMAP_LAND, 'offmap-land');
  kinds.set(OFFMAP_SEA, 'offmap-sea');

  const seeds: Point[] = [];
  const owners: string[] = [];
  const seen = new Set<string>();
  const add = (owner: string, pts: readonly (readonly [number, number])[]): string | null => {
    for (const [x, y] of pts) {
      if (!Number.isFinite(x) || !Number.isFinite(y) || x <= 0 || y <= 0 || x >= geo.width || y >= geo.height) {
        return `geometry point [${x}, ${y}] of ${owner} lies outside the frame ${geo.width}x${geo.height}`;
      }
      const key = `${x},${y}`;
      if (seen.has(key)) return `geometry point [${x}, ${y}] of ${owner} is given twice`;
      seen.add(key);
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

  const delaunay = Delaunay.from(seeds);
  const voronoi = delaunay.voronoi([0, 0, geo.width, geo.height]);
  const cells: Cell[] = seeds.map((seed, i) => {
    const raw = voronoi.cellPolygon(i);
    const polygon: Point[] = raw ? raw.slice(0, -1).map(([x, y]) => [x, y] as Point) : [];
    const { area, centroid } = polygonAreaCentroid(polygon, seed);
    return { owner: owners[i], seed, polygon, area, centroid };
  });

  const borderIndex = new Map<string, Border>();
  /** Per cell: indices of its edges shared with a cell of the same owner (not part of the outline). */
  const internal = cells.map(() => new Set<number>());
  for (let i = 0; i < cells.length; i++) {
    for (const j of voronoi.neighbors(i)) {
      if (j <= i) continue;
      const shared = sharedEdges(cells[i].polygon, cells[j].polygon);
      if (shared.length === 0) continue;
      if (owners[i] === owners[j]) {
        for (const e of shared) {
          internal[i].add(e.k);
          internal[j].add(e.m);
        }
        continue;
      }
      const segs = shared.map((e) => e.seg);
      const key = borderKey(owners[i], owners[j]);
      let b = borderIndex.get(key);
      if (!b) {
        const [a, c] = owners[i] < owners[j] ? [owners[i], owners[j]] : [owners[j], owners[i]];
        b = { a, b: c, segments: [], length: 0 };
        borderIndex.set(key, b);
      }
      for (const s of segs) {
        b.segments.push(s);
        b.length += Math.hypot(s[1][0] - s[0][0], s[1][1] - s[0][1]);
      }
    }
  }

  const shapes = new Map<string, ProvinceShape>();
  cells.forEach((c, i) => {
    let s = shapes.get(c.owner);
    if (!s) {
      s = { id: c.owner, kind: kinds.get(c.owner)!, cells: [], area: 0, center: c.centroid, clearance: 0, outline: [], rings: [] };
      shapes.set(c.owner, s);
    }
    s.cells.push(i);
    s.area += c.area;
    const poly = c.polygon;
    for (let k = 0; k < poly.length; k++) {
      const p = poly[k];
      const q = poly[(k + 1) % poly.length];
      if (!internal[i].has(k) && Math.hypot(q[0] - p[0], q[1] - p[1]) >= 1e-3) s.outline.push([p, q]);
    }
  });
  for (const s of shapes.values()) {
    if (!s.id.startsWith('#')) placeCenter(s, cells); // filler needs no unit spot
    s.rings = chainRings(s.outline);
  }
  for (const p of data.provinces) {
    if (!shapes.has(p.id) || shapes.get(p.id)!.area <= 0) return { ok: false, error: `province ${p.id} has no visible cell` };
  }
  return {
    ok: true,
    geometry: { width: geo.width, height: geo.height, cells, shapes, borders: [...borderIndex.values()], borderIndex },
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
    for (const [dx, dy] of [[0, 0], [-1, 0], [1, 0], [0, -1], [0, 1], [-1, -1], [1, 1], [-1, 1], [1, -1]]) {
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

/** Pick the candidate point inside the shape that is farthest from its outline. */
function placeCenter(s: ProvinceShape, cells: Cell[]): void {
  const candidates: Point[] = [];
  // The deepest point lies in or near a big cell: the 12 largest are enough (and keep this fast).
  const largest = [...s.cells].sort((a, b) => cells[b].area - cells[a].area).slice(0, 12);
  for (const i of largest) {
    const c = cells[i];
    if (c.area <= 0) continue;
    candidates.push(c.centroid);
    for (const v of c.polygon) candidates.push([(c.centroid[0] * 2 + v[0]) / 3, (c.centroid[1] * 2 + v[1]) / 3]);
    for (let k = 0; k < c.polygon.length; k++) {
      const v = c.polygon[k];
      const w = c.polygon[(k + 1) % c.polygon.length];
      candidates.push([(v[0] + w[0]) / 2, (v[1] + w[1]) / 2].map((m, d) => (m + c.centroid[d]) / 2) as Point);
    }
  }
  let best = s.center;
  let bestD = -1;
  for (const p of candidates) {
    const d = distanceToSegments(p, s.outline);
    if (d > bestD) {
      bestD = d;
      best = p;
    }
  }
  s.center = best;
  s.clearance = Math.max(0, bestD);
}

export function distanceToSegments(p: Point, segments: readonly (readonly [Point, Point])[]): number {
  let best = Infinity;
  for (const [a, b] of segments) best = Math.min(best, distanceToSegment(p, a, b));
  return best;
}

export function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
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

/** Is the point inside the province (one of its cells)? */
export function insideShape(p: Point, shape: ProvinceShape, geometry: MapGeometry): boolean {
  return shape.cells.some((i) => insideConvex(p, geometry.cells[i].polygon));
}

function polygonAreaCentroid(poly: Point[], fallback: Point): { area: number; centroid: Point } {
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

/** Edges the two convex polygons have in common (same two vertices, any direction), longer than a hair: the segment and its edge index in each. */
function sharedEdges(p: Point[], q: Point[]): { seg: [Point, Point]; k: number; m: number }[] {
  const out: { seg: [Point, Point]; k: number; m: number }[] = [];
  for (let k = 0; k < p.length; k++) {
    const a = p[k];
    const b = p[(k + 1) % p.length];
    if (Math.hypot(b[0] - a[0], b[1] - a[1]) < 1e-3) continue;
    for (let m = 0; m < q.length; m++) {
      const c = q[m];
      const d = q[(m + 1) % q.length];
      if ((same(a, d) && same(b, c)) || (same(a, c) && same(b, d))) {
        out.push({ seg: [a, b], k, m });
        break;
      }
    }
  }
  return out;
}
