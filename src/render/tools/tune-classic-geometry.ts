/**
 * Builds src/variants/classic/geometry.json from the hand-placed seeds in classic-seeds.ts:
 * projects them, then repairs the Voronoi picture one problem at a time until the drawn borders equal
 * the official adjacency (checkGeometry() === []):
 *  - two provinces touching without being adjacent: a seed of a province adjacent to both (else to
 *    either) is put on the middle of their shared border, pushing them apart;
 *  - two adjacent provinces not touching (or barely): each gets a seed part way towards the other.
 * Before repairing, the land/sea line is made real (coastline.ts): seed pairs straddle the Natural Earth
 * coastline, owned by the nearest hand-placed seed of their medium; hand-placed seeds that lie in the
 * wrong medium are dropped. `--no-coast` skips this (pure hand-placed Voronoi).
 * Deterministic. Run: npx tsx src/render/tools/tune-classic-geometry.ts [--dry] [--no-coast]
 */
import { writeGeometryFile } from './geometry-file.js';
import { fileURLToPath } from 'node:url';
import classicData from '../../variants/classic/map.json' with { type: 'json' };
import { buildVariant, parseVariantData } from '../../variants/build.js';
import type { VariantData } from '../../variants/schema.js';
import { compareBorders } from '../check.js';
import { computeGeometry, borderKey, insideShape, type Point } from '../geometry.js';
import {
  CLASSIC_PROJECTION,
  classicAnchors,
  classicNoCoast,
  classicOffmapLand,
  classicSeeds,
  FRAME,
  project,
  unproject,
} from './classic-seeds.js';
import { coastSeeds, landPolygons, onLand } from './coastline.js';
import { labelSpots } from './label-spots.js';

const base = parseVariantData(classicData, 'classic map.json');
const variant = buildVariant(base);

const points: Record<string, Point[]> = Object.fromEntries(
  Object.entries(classicSeeds).map(([id, pts]) => [id, pts.map(project)]),
);
const offmapLand: Point[] = classicOffmapLand.map(project);
const offmapSea: Point[] = [];

const round = (v: number) => Math.round(v * 10) / 10;
const taken = () =>
  new Set([...Object.values(points).flat(), ...offmapLand, ...offmapSea].map(([x, y]) => `${x},${y}`));
const dist = (p: Point, q: Point) => Math.hypot(p[0] - q[0], p[1] - q[1]);

if (!process.argv.includes('--no-coast')) {
  const polygons = landPolygons();
  const isSea = (id: string) => base.provinces.find((p) => p.id === id)!.kind === 'sea';
  // Hand-placed seeds in the wrong medium would draw islands or lakes: drop them (keep one per province).
  const painted = (p: Point) => {
    const [lon, lat] = unproject(p);
    return classicNoCoast.some(([x0, y0, x1, y1]) => lon >= x0 && lon <= x1 && lat >= y0 && lat <= y1);
  };
  for (const [id, pts] of Object.entries(points)) {
    const kept = pts.filter((p) => painted(p) || onLand(polygons, unproject(p)) !== isSea(id));
    if (kept.length < pts.length) {
      const lost = pts
        .filter((p) => !kept.includes(p))
        .map((p) =>
          unproject(p)
            .map((v) => v.toFixed(1))
            .join(','),
        );
      console.error(`${id}: dropped seed(s) in the wrong medium at lon,lat ${lost.join(' ')}`);
    }
    points[id] = kept.length > 0 ? kept : pts.slice(0, 1);
  }
  const landSeeds: [string, Point][] = [];
  const seaSeeds: [string, Point][] = [];
  for (const [id, pts] of Object.entries(points)) {
    const kind = base.provinces.find((p) => p.id === id)!.kind;
    if (kind === 'impassable') continue;
    for (const p of pts) (kind === 'sea' ? seaSeeds : landSeeds).push([id, p]);
  }
  for (const p of offmapLand) landSeeds.push(['#land', p]);
  const FAR = 140; // farther than this from any hand-placed seed of its medium: off-map
  const used = taken();
  let added = 0;
  for (const seed of coastSeeds({
    project,
    unproject,
    width: FRAME.width,
    height: FRAME.height,
    spacing: 9,
    offset: 3.5,
    minArea: 60,
    skip: classicNoCoast,
  })) {
    const at: Point = [round(seed.at[0]), round(seed.at[1])];
    const key = `${at[0]},${at[1]}`;
    if (used.has(key)) continue;
    used.add(key);
    const pool = seed.land ? landSeeds : seaSeeds;
    const [owner, near] = pool.reduce((best, cand) => (dist(cand[1], at) < dist(best[1], at) ? cand : best));
    const id = dist(near, at) > FAR ? (seed.land ? '#land' : '#sea') : owner;
    if (id === '#land') offmapLand.push(at);
    else if (id === '#sea') offmapSea.push(at);
    else points[id].push(at);
    added++;
  }
  console.error(`coastline: ${added} seeds`);
}

function addSeed(id: string, p: Point): void {
  const used = taken();
  let q: Point = [round(p[0]), round(p[1])];
  while (used.has(`${q[0]},${q[1]}`)) q = [round(q[0] + 0.3), round(q[1] + 0.2)];
  q = [Math.min(FRAME.width - 1, Math.max(1, q[0])), Math.min(FRAME.height - 1, Math.max(1, q[1]))];
  points[id].push(q);
}

function dataWithGeometry(): VariantData {
  return {
    ...base,
    geometry: { width: FRAME.width, height: FRAME.height, points, offmap: { land: offmapLand, sea: offmapSea } },
  };
}

const nearest = (pts: Point[], to: Point) => pts.reduce((b, p) => (dist(p, to) < dist(b, to) ? p : b), pts[0]);

let iterations = 0;
for (;;) {
  const g = computeGeometry(dataWithGeometry());
  if (!g.ok) throw new Error(g.error);
  const problems = compareBorders(variant, g.geometry);
  if (problems.length === 0 || iterations >= 400) {
    console.error(`${iterations} repairs, ${problems.length} problems left`);
    for (const p of problems) console.error(`  ${p.message}`);
    break;
  }
  if (iterations === 0 || process.argv.includes('--verbose'))
    for (const p of problems) console.error(`round ${iterations}: ${p.message}`);
  iterations++;
  if (iterations % 25 === 0) console.error(`repair round ${iterations}: ${problems.length} problems`);
  // Fix several problems per round when they are far apart (they cannot disturb each other).
  const fixedAt: Point[] = [];
  for (const p of problems) {
    if (fixedAt.length >= 8) break;
    const a = p.a!;
    const b = p.b!;
    if (p.kind === 'extra-border') {
      const border = g.geometry.borderIndex.get(borderKey(a, b))!;
      const longest = border.segments.reduce((s, t) => (dist(t[0], t[1]) > dist(s[0], s[1]) ? t : s));
      const mid: Point = [(longest[0][0] + longest[1][0]) / 2, (longest[0][1] + longest[1][1]) / 2];
      if (fixedAt.some((q) => dist(q, mid) < 60)) continue;
      const usable = (c: string) => c !== a && c !== b && variant.map.province(c)?.kind !== 'impassable';
      const common = [...variant.map.neighbours(a)].filter((c) => variant.map.neighbours(b).has(c) && usable(c));
      // No province borders both: use one that borders either (the next round sorts out the rest).
      const candidates =
        common.length > 0 ? common : [...variant.map.neighbours(a), ...variant.map.neighbours(b)].filter(usable);
      const c = candidates.reduce((best, k) =>
        dist(nearest(points[k], mid), mid) < dist(nearest(points[best], mid), mid) ? k : best,
      );
      addSeed(c, mid);
      fixedAt.push(mid);
    } else {
      let best: [Point, Point] = [points[a][0], points[b][0]];
      for (const pa of points[a])
        for (const pb of points[b]) if (dist(pa, pb) < dist(best[0], best[1])) best = [pa, pb];
      const [pa, pb] = best;
      const mid: Point = [(pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2];
      if (fixedAt.some((q) => dist(q, mid) < 60)) continue;
      addSeed(a, [pa[0] + 0.4 * (pb[0] - pa[0]), pa[1] + 0.4 * (pb[1] - pa[1])]);
      addSeed(b, [pa[0] + 0.6 * (pb[0] - pa[0]), pa[1] + 0.6 * (pb[1] - pa[1])]);
      fixedAt.push(mid);
    }
  }
}

const anchors: Record<string, Point> = Object.fromEntries(
  Object.entries(classicAnchors).map(([id, ll]) => [id, project(ll)]),
);
{
  const g = computeGeometry(dataWithGeometry());
  if (!g.ok) throw new Error(g.error);
  for (const [id, p] of Object.entries(anchors)) {
    if (!insideShape(p, g.geometry.shapes.get(id.split('/')[0])!, g.geometry))
      console.error(`anchor of ${id} lies outside it`);
  }
}

if (!process.argv.includes('--dry')) {
  const out = fileURLToPath(new URL('../../variants/classic/geometry.json', import.meta.url));
  const withAnchors = {
    width: FRAME.width,
    height: FRAME.height,
    projection: CLASSIC_PROJECTION,
    points,
    offmap: { land: offmapLand, sea: offmapSea },
    anchors,
  };
  const labels = labelSpots(variant, { ...base, geometry: withAnchors });
  const geometry = { ...withAnchors, labels };
  writeGeometryFile(out, geometry);
  console.error(`wrote ${out}`);
}
