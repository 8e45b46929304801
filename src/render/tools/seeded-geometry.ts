/**
 * Builds a variant's `geometry.json` from real geography (used for Warring States; Mandate of Heaven
 * calls it with the same seeds plus its own cells):
 *
 * 1. A land mask: the Natural Earth 1:50m land polygons (npm `world-atlas`, public domain) drawn through
 *    the variant's projection. Islands smaller than `minIsland` px² are left out.
 * 2. Fine seeds that become the drawn cells (several thousand, so borders are not long straight
 *    Voronoi edges):
 *    - pairs straddling the coastline every few pixels (one on land, one at sea): the land/sea line is real;
 *    - river corridors: seeds along each river course, owned by the river's provinces in chain order, and
 *      a margin around them free of other seeds, so a river runs through exactly its provinces;
 *    - a jittered hexagonal grid on land, and a sparser one at sea.
 * 3. Ownership: a land point belongs to the land province (or off-map land) with the nearest hand-placed
 *    seed, measured after a smooth warp (so borders meander like real ones instead of running straight);
 *    a sea point to the nearest sea seed.
 * 4. Repair, as the Classic tool does: while the drawn borders differ from the adjacency, add hand seeds
 *    (a common neighbour on a border that must not exist; the two provinces towards each other where one
 *    is missing) and recompute the ownership. Deterministic.
 *
 * Dev-time only (reads world-atlas, a dev dependency); the result is committed and nothing is
 * downloaded or projected at run time except the river courses (see src/render/features.ts).
 */
import { createCanvas } from '@napi-rs/canvas';
import { Delaunay } from 'd3-delaunay';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Variant } from '../../engine/variant.js';
import type { VariantData } from '../../variants/schema.js';
import { compareBorders, riverProblems } from '../check.js';
import { riverCoursesOf } from '../features.js';
import { borderKey, computeGeometry, type Point } from '../geometry.js';
import { lensProjection, type LensProjection, type Projection } from '../projection.js';
import type { LatLon } from './china-seeds.js';
import { resample, ringArea } from './coastline.js';

export interface SeededGeometryOptions {
  /** The variant (adjacency, province kinds, river chains and courses in `features`). */
  variant: Variant;
  projection: LensProjection;
  /** Hand-placed seeds by province id, [lat, lon]. */
  seeds: Record<string, LatLon[]>;
  offmapLand?: LatLon[];
  /** Spacing of the land grid, px. */
  grid?: number;
  /** Spacing of coast seed pairs, px. */
  coastSpacing?: number;
  /** Smallest island kept, px². */
  minIsland?: number;
  log?: (line: string) => void;
}

export interface SeededGeometry {
  geometry: {
    width: number;
    height: number;
    smooth: number;
    projection: LensProjection;
    points: Record<string, Point[]>;
    offmap: { land: Point[]; sea: Point[] };
  };
  problems: string[];
  repairs: number;
}

type Polygon = [number, number][][];

function landPolygons50m(): Polygon[] {
  const require = createRequire(import.meta.url);
  const topology = require('world-atlas/land-50m.json') as Topology<{ land: GeometryCollection }>;
  const out: Polygon[] = [];
  for (const f of feature(topology, topology.objects.land).features) {
    const g = f.geometry;
    if (g.type === 'Polygon') out.push(g.coordinates as Polygon);
    else if (g.type === 'MultiPolygon') out.push(...(g.coordinates as Polygon[]));
  }
  return out;
}

/** Border smoothing rounds stored with the geometry (src/render/geometry.ts smoothBorders). */
const SMOOTH = 3;
const round = (v: number) => Math.round(v * 10) / 10;
const dist = (p: Point, q: Point) => Math.hypot(p[0] - q[0], p[1] - q[1]);

/** Deterministic jitter in [0, 1) for the n-th grid point. */
const jitter = (n: number) => {
  const v = Math.sin(n * 12.9898 + 78.233) * 43758.5453;
  return v - Math.floor(v);
};

/** Smooth displacement (px): borders drawn as bisectors in warped space meander gently instead of running straight. */
export function warp([x, y]: Point): Point {
  return [
    round(x + 8 * Math.sin(y / 41 + 1.3) + 4 * Math.sin((x + y) / 19 + 0.7)),
    round(y + 8 * Math.sin(x / 43 + 2.1) + 4 * Math.sin((x - y) / 17 + 2.9)),
  ];
}

/** Points near a query point, by buckets. */
class SpatialHash {
  private cells = new Map<number, Point[]>();
  constructor(private size: number) {}
  private key(x: number, y: number) {
    return Math.floor(x / this.size) * 100003 + Math.floor(y / this.size);
  }
  add(p: Point) {
    const k = this.key(p[0], p[1]);
    const list = this.cells.get(k);
    if (list) list.push(p);
    else this.cells.set(k, [p]);
  }
  near(p: Point, r: number): boolean {
    const n = Math.ceil(r / this.size);
    const cx = Math.floor(p[0] / this.size);
    const cy = Math.floor(p[1] / this.size);
    for (let dx = -n; dx <= n; dx++) {
      for (let dy = -n; dy <= n; dy++) {
        for (const q of this.cells.get((cx + dx) * 100003 + cy + dy) ?? []) if (dist(p, q) < r) return true;
      }
    }
    return false;
  }
}

interface Mask {
  land(p: Point): boolean;
  rings: Point[][];
}

function landMask(proj: Projection, spec: LensProjection, minIsland: number): Mask {
  const { width, height } = proj;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#000';
  const rings: Point[][] = [];
  const margin = 3;
  for (const poly of landPolygons50m()) {
    const outer = poly[0];
    const lons = outer.map((c) => c[0]);
    const lats = outer.map((c) => c[1]);
    if (Math.max(...lons) < spec.west - margin || Math.min(...lons) > spec.east + margin) continue;
    if (Math.max(...lats) < spec.south - margin || Math.min(...lats) > spec.north + margin) continue;
    // Outer rings only: lakes (holes) are drawn as land, so no inland water becomes part of a sea.
    const ring = outer.map(([lon, lat]) => proj.project(lat, lon));
    if (Math.abs(ringArea(ring)) < minIsland) continue;
    ctx.beginPath();
    ctx.moveTo(ring[0][0], ring[0][1]);
    for (const p of ring.slice(1)) ctx.lineTo(p[0], p[1]);
    ctx.closePath();
    ctx.fill();
    rings.push(ring);
  }
  const pixels = ctx.getImageData(0, 0, width, height).data;
  return {
    rings,
    land: ([x, y]) => {
      const px = Math.min(width - 1, Math.max(0, Math.round(x)));
      const py = Math.min(height - 1, Math.max(0, Math.round(y)));
      return pixels[(py * width + px) * 4] < 128;
    },
  };
}

/** What the seeding works with: the projection, the land mask, the hand seeds and the fine seeds. */
interface Seeding {
  variant: Variant;
  width: number;
  height: number;
  mask: Mask;
  isSea: (id: string) => boolean;
  /** A pixel in the plain equirectangular plane the hand seeds live in; and back. */
  plane: (p: Point) => Point;
  toPixels: (e: Point) => Point;
  hand: { owner: string; at: Point; sea: boolean }[];
  rivers: ReturnType<typeof riverCoursesOf>;
  corridor: { at: Point; river: number; sea: boolean }[];
  corridorHash: SpatialHash;
  fine: { at: Point; land: boolean; corridor: number }[];
  fineNeighbours: number[][];
}

/** Fine seeds are kept this far (px) from a river corridor, so a river runs through exactly its provinces. */
const RIVER_MARGIN = 13;

export function buildSeededGeometry(opts: SeededGeometryOptions): SeededGeometry {
  const log = opts.log ?? (() => {});
  const spec = opts.projection;
  const s = seeding(opts, log);
  const withGeometry = (g: Assembled): VariantData => ({
    ...opts.variant.data,
    geometry: {
      width: s.width,
      height: s.height,
      smooth: SMOOTH,
      projection: spec,
      points: g.points,
      offmap: g.offmap,
    },
  });
  let repairs = 0;
  let problems: string[] = [];
  let result = assemble(s);
  for (let round = 0; ; round++) {
    const g = computeGeometry(withGeometry(result));
    if (!g.ok) throw new Error(g.error);
    const found = compareBorders(opts.variant, g.geometry);
    problems = found.map((p) => p.message);
    if (found.length === 0 || round >= 60) break;
    if (round === 0 || process.env.GEOMETRY_VERBOSE) for (const p of found) log(`  round ${round}: ${p.message}`);
    repairs += repairRound(s, g.geometry, found);
    result = assemble(s);
  }
  const final = computeGeometry(withGeometry(result));
  if (final.ok) problems.push(...riverProblems(opts.variant, final.geometry, withGeometry(result)));
  return {
    geometry: {
      width: s.width,
      height: s.height,
      smooth: SMOOTH,
      projection: spec,
      points: result.points,
      offmap: result.offmap,
    },
    problems,
    repairs,
  };
}

/** The projection, the land mask, the hand seeds and every fine seed (steps 1 and 2 above). */
function seeding(opts: SeededGeometryOptions, log: (line: string) => void): Seeding {
  const { variant } = opts;
  const spec = opts.projection;
  const proj = lensProjection(spec);
  const { width, height } = proj;
  const inFrame = (p: Point) => p[0] > 1 && p[1] > 1 && p[0] < width - 1 && p[1] < height - 1;
  const isSea = (id: string) => variant.map.province(id)?.kind === 'sea';
  const mask = landMask(proj, spec, opts.minIsland ?? 150);

  // Hand seeds (attractors) live in the plain equirectangular plane (x = lon·cos φ₀, y = lat: the plane
  // the research seeds were tuned in, so the lens changes how big provinces are, not who borders whom),
  // warped for land, plain for sea.
  const cos = Math.cos((spec.parallel * Math.PI) / 180);
  const planeCache = new Map<string, Point>();
  const plane = (p: Point): Point => {
    const key = `${p[0]},${p[1]}`;
    let e = planeCache.get(key);
    if (!e) {
      const [lat, lon] = proj.unproject(p);
      planeCache.set(key, (e = [lon * cos, lat]));
    }
    return e;
  };
  const toPixels = (e: Point): Point => proj.project(e[1], e[0] / cos);
  const hand: Seeding['hand'] = [];
  for (const [id, list] of Object.entries(opts.seeds)) {
    if (!variant.map.has(id)) throw new Error(`seed for unknown province ${id}`);
    for (const [lat, lon] of list) hand.push({ owner: id, at: [lon * cos, lat], sea: isSea(id) });
  }
  for (const [lat, lon] of opts.offmapLand ?? []) hand.push({ owner: '#land', at: [lon * cos, lat], sea: false });
  for (const id of variant.map.provinceIds())
    if (!hand.some((h) => h.owner === id)) throw new Error(`no seed for ${id}`);

  // River corridors: positions fixed; owners follow the chain (recomputed each round).
  const rivers = riverCoursesOf(variant.data);
  const corridor: Seeding['corridor'] = [];
  const corridorHash = new SpatialHash(12);
  rivers.forEach((r, ri) => {
    const pts = r.course.map(([lat, lon]) => proj.project(lat, lon));
    for (const [p] of resample(pts, 6, false)) {
      if (!inFrame(p)) continue;
      corridor.push({ at: p, river: ri, sea: !mask.land(p) });
      corridorHash.add(p);
    }
  });
  const { fine, fineNeighbours } = fineSeeds({ opts, width, height, inFrame, mask, corridor, corridorHash, log });
  return {
    variant,
    width,
    height,
    mask,
    isSea,
    plane,
    toPixels,
    hand,
    rivers,
    corridor,
    corridorHash,
    fine,
    fineNeighbours,
  };
}

/** The fine seeds, each once in a fixed order (river corridors, coast pairs, grids), and their Delaunay neighbours. */
function fineSeeds(g: {
  opts: SeededGeometryOptions;
  width: number;
  height: number;
  inFrame: (p: Point) => boolean;
  mask: Mask;
  corridor: Seeding['corridor'];
  corridorHash: SpatialHash;
  log: (line: string) => void;
}): Pick<Seeding, 'fine' | 'fineNeighbours'> {
  const { opts, width, height, inFrame, mask, corridor, corridorHash } = g;
  // Coast pairs.
  const coastLand: Point[] = [];
  const coastSea: Point[] = [];
  const coastHash = new SpatialHash(12);
  const spacing = opts.coastSpacing ?? 7;
  for (const ring of mask.rings) {
    for (const [p, n] of resample(ring, spacing, true)) {
      const a: Point = [round(p[0] + n[0] * 3), round(p[1] + n[1] * 3)];
      const b: Point = [round(p[0] - n[0] * 3), round(p[1] - n[1] * 3)];
      if (!inFrame(a) || !inFrame(b)) continue;
      const la = mask.land(a);
      if (la === mask.land(b)) continue;
      const [l, s] = la ? [a, b] : [b, a];
      if (corridorHash.near(s, 3) || corridorHash.near(l, 3)) continue;
      coastLand.push(l);
      coastSea.push(s);
      coastHash.add(l);
      coastHash.add(s);
    }
  }

  // Grids.
  let draws = 0;
  const rand = () => jitter(draws++);
  const landGrid: Point[] = [];
  const seaGrid: Point[] = [];
  const gridFor = (step: number, keep: (p: Point) => boolean, out: Point[]) => {
    const dy = step * 0.866;
    for (let row = 0, y = dy / 2; y < height; row++, y += dy) {
      for (let x = (row % 2) * (step / 2) + step / 4; x < width; x += step) {
        const p: Point = [round(x + (rand() - 0.5) * step * 0.35), round(y + (rand() - 0.5) * step * 0.35)];
        if (inFrame(p) && keep(p)) out.push(p);
      }
    }
  };
  const grid = opts.grid ?? 16;
  gridFor(grid, (p) => mask.land(p) && !coastHash.near(p, grid * 0.5) && !corridorHash.near(p, RIVER_MARGIN), landGrid);
  gridFor(
    grid * 2.4,
    (p) => !mask.land(p) && !coastHash.near(p, grid * 1.1) && !corridorHash.near(p, RIVER_MARGIN),
    seaGrid,
  );
  g.log(
    `fine seeds: ${landGrid.length} land grid, ${seaGrid.length} sea grid, ${coastLand.length} coast pairs, ${corridor.length} river`,
  );

  // Every fine seed once, in a fixed order: river corridors, coast pairs, grids. `fixed` owners (river
  // corridors and the coast beside them) are not reassigned by the exclave clean-up below.
  const fine: Seeding['fine'] = [];
  const seen = new Set<string>();
  const addFine = (at: Point, land: boolean, corridorIndex = -1) => {
    const key = `${at[0]},${at[1]}`;
    if (seen.has(key)) return;
    seen.add(key);
    fine.push({ at, land, corridor: corridorIndex });
  };
  corridor.forEach((c, i) => addFine([round(c.at[0]), round(c.at[1])], !c.sea, i));
  coastLand.forEach((p, i) => {
    addFine(p, true);
    addFine(coastSea[i], false);
  });
  for (const p of landGrid) addFine(p, true);
  for (const p of seaGrid) addFine(p, false);
  const fineDelaunay = Delaunay.from(fine.map((f) => f.at));
  return { fine, fineNeighbours: fine.map((_, i) => [...fineDelaunay.neighbors(i)]) };
}

/** The land (or sea) province whose hand seed is nearest to `p` (measured after the warp on land), among `among`. */
function nearestHand(s: Seeding, p: Point, sea: boolean, among?: Set<string>): string {
  const q = s.plane(sea ? p : warp(p));
  let best = '';
  let bestD = Infinity;
  for (const h of s.hand) {
    if (h.sea !== sea || (among && !among.has(h.owner))) continue;
    const d = (h.at[0] - q[0]) ** 2 + (h.at[1] - q[1]) ** 2;
    if (d < bestD) {
      bestD = d;
      best = h.owner;
    }
  }
  return best;
}

type Assembled = { points: Record<string, Point[]>; offmap: { land: Point[]; sea: Point[] } };

/** Every fine seed's owner under the hand seeds as they are now (step 3), as each province's points. */
function assemble(s: Seeding): Assembled {
  const corridorOwner = corridorOwners(s);
  const nearCorridor = (p: Point): string | null => {
    let best: string | null = null;
    let bestD = RIVER_MARGIN * 1.5;
    s.corridor.forEach((c, ci) => {
      const d = dist(c.at, p);
      if (d < bestD) {
        bestD = d;
        best = corridorOwner[ci];
      }
    });
    return best;
  };
  const owner: string[] = [];
  const fixed: boolean[] = [];
  for (const f of s.fine) {
    if (f.corridor >= 0) {
      owner.push(corridorOwner[f.corridor]);
      fixed.push(true);
    } else if (f.land) {
      // The coast beside a river belongs to the river's province (a mouth province owns its estuary).
      const viaRiver = s.corridorHash.near(f.at, RIVER_MARGIN * 1.5) ? nearCorridor(f.at) : null;
      const river = viaRiver !== null && !s.isSea(viaRiver);
      owner.push(river ? viaRiver! : nearestHand(s, f.at, false));
      fixed.push(river);
    } else {
      owner.push(nearestHand(s, f.at, true) || '#sea');
      fixed.push(false);
    }
  }
  joinExclaves(s, owner, fixed);
  const points: Record<string, Point[]> = Object.fromEntries(
    s.variant.map.provinceIds().map((id) => [id, [] as Point[]]),
  );
  const offLand: Point[] = [];
  const offSea: Point[] = [];
  s.fine.forEach((f, i) => {
    if (owner[i] === '#land') offLand.push(f.at);
    else if (owner[i] === '#sea') offSea.push(f.at);
    else points[owner[i]].push(f.at);
  });
  return { points, offmap: { land: offLand, sea: offSea } };
}

/** River corridors: each sample takes the current chain province or the next one, whichever seed is nearer. */
function corridorOwners(s: Seeding): string[] {
  const corridorOwner: string[] = s.corridor.map(() => '');
  s.rivers.forEach((r, ri) => {
    const chain = r.chain ?? [];
    const land = chain.filter((id) => !s.isSea(id));
    const mouth = chain.length > 0 && s.isSea(chain[chain.length - 1]) ? chain[chain.length - 1] : '#sea';
    let k = 0;
    s.corridor.forEach((c, ci) => {
      if (c.river !== ri) return;
      if (c.sea || land.length === 0) {
        corridorOwner[ci] = c.sea ? mouth : '#land';
        return;
      }
      if (k + 1 < land.length && nearestHand(s, c.at, false, new Set([land[k], land[k + 1]])) === land[k + 1]) k++;
      corridorOwner[ci] = land[k];
    });
  });
  return corridorOwner;
}

/**
 * Exclaves: a group of land cells cut off from the rest of its province (the warp can do that) joins the province
 * around it. Islands (only water around) stay. Changes `owner` in place.
 */
function joinExclaves(s: Seeding, owner: string[], fixed: boolean[]): void {
  const { fine, fineNeighbours } = s;
  for (let pass = 0; pass < 3; pass++) {
    const component = new Int32Array(fine.length).fill(-1);
    const sizes: number[] = [];
    const largest = new Map<string, number>();
    for (let i = 0; i < fine.length; i++) {
      if (component[i] >= 0 || !fine[i].land) continue;
      const id = sizes.length;
      const stack = [i];
      component[i] = id;
      let size = 0;
      while (stack.length > 0) {
        const j = stack.pop()!;
        size++;
        for (const n of fineNeighbours[j]) {
          if (component[n] < 0 && fine[n].land && owner[n] === owner[i]) {
            component[n] = id;
            stack.push(n);
          }
        }
      }
      sizes.push(size);
      const best = largest.get(owner[i]);
      if (best === undefined || sizes[best] < size) largest.set(owner[i], id);
    }
    let moved = 0;
    for (let i = 0; i < fine.length; i++) {
      if (!fine[i].land || fixed[i] || largest.get(owner[i]) === component[i]) continue;
      const around = new Map<string, number>();
      for (const n of fineNeighbours[i]) {
        if (fine[n].land && owner[n] !== owner[i]) around.set(owner[n], (around.get(owner[n]) ?? 0) + 1);
      }
      if (around.size === 0) continue;
      owner[i] = [...around].sort((a, b) => b[1] - a[1])[0][0];
      moved++;
    }
    if (moved === 0) break;
  }
}

/**
 * One round of repair (step 4): for at most 10 problems, far enough apart, new hand seeds — a common neighbour on a
 * border that must not exist, the two provinces towards each other where one is missing. Returns how many it made.
 */
function repairRound(
  s: Seeding,
  geometry: Extract<ReturnType<typeof computeGeometry>, { ok: true }>['geometry'],
  found: ReturnType<typeof compareBorders>,
): number {
  const { variant, isSea, plane, hand } = s;
  const addHand = (owner: string, at: Point) => hand.push({ owner, at, sea: isSea(owner) });
  const nearestHandOf = (owner: string, to: Point) =>
    hand.filter((h) => h.owner === owner).reduce((b, h) => (dist(h.at, to) < dist(b.at, to) ? h : b)).at;
  const fixedAt: Point[] = [];
  for (const p of found) {
    if (fixedAt.length >= 10) break;
    const a = p.a!;
    const b = p.b!;
    if (p.kind === 'extra-border') {
      const border = geometry.borderIndex.get(borderKey(a, b))!;
      const longest = border.segments.reduce((s, t) => (dist(t[0], t[1]) > dist(s[0], s[1]) ? t : s));
      const mid: Point = [(longest[0][0] + longest[1][0]) / 2, (longest[0][1] + longest[1][1]) / 2];
      if (fixedAt.some((q) => dist(q, mid) < 40)) continue;
      const medium = s.mask.land(mid);
      const usable = (c: string) => c !== a && c !== b && variant.map.province(c)?.kind !== 'impassable';
      const common = [...variant.map.neighbours(a)].filter((c) => variant.map.neighbours(b).has(c) && usable(c));
      const pool =
        common.length > 0 ? common : [...variant.map.neighbours(a), ...variant.map.neighbours(b)].filter(usable);
      const sameMedium = pool.filter((c) => isSea(c) === !medium);
      const candidates = sameMedium.length > 0 ? sameMedium : pool;
      const target = plane(isSea(candidates[0]) ? mid : warp(mid));
      const c = candidates.reduce((best, k) =>
        dist(nearestHandOf(k, target), target) < dist(nearestHandOf(best, target), target) ? k : best,
      );
      addHand(c, plane(isSea(c) ? mid : warp(mid)));
      fixedAt.push(mid);
    } else if (p.kind === 'missing-border') {
      let best: [Point, Point] | null = null;
      for (const ha of hand.filter((h) => h.owner === a)) {
        for (const hb of hand.filter((h) => h.owner === b)) {
          if (!best || dist(ha.at, hb.at) < dist(best[0], best[1])) best = [ha.at, hb.at];
        }
      }
      const [pa, pb] = best!;
      const mid = s.toPixels([(pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2]);
      if (fixedAt.some((q) => dist(q, mid) < 40)) continue;
      addHand(a, [pa[0] + 0.42 * (pb[0] - pa[0]), pa[1] + 0.42 * (pb[1] - pa[1])]);
      addHand(b, [pa[0] + 0.58 * (pb[0] - pa[0]), pa[1] + 0.58 * (pb[1] - pa[1])]);
      fixedAt.push(mid);
    }
  }
  return fixedAt.length;
}
