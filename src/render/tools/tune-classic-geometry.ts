/**
 * Builds src/variants/classic/geometry.json from the hand-placed seeds in classic-seeds.ts:
 * projects them, then repairs the Voronoi picture one problem at a time until the drawn borders equal
 * the official adjacency (checkGeometry() === []):
 *  - two provinces touching without being adjacent: a seed of a province adjacent to both is put on
 *    the middle of their shared border, pushing them apart;
 *  - two adjacent provinces not touching (or barely): each gets a seed part way towards the other.
 * Deterministic. Run: npx tsx src/render/tools/tune-classic-geometry.ts [--dry]
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import classicData from '../../variants/classic/map.json' with { type: 'json' };
import { buildVariant, parseVariantData } from '../../variants/build.js';
import type { VariantData } from '../../variants/schema.js';
import { compareBorders } from '../check.js';
import { computeGeometry, borderKey, type Point } from '../geometry.js';
import { classicOffmapLand, classicSeeds, FRAME, project } from './classic-seeds.js';

const base = parseVariantData(classicData, 'classic map.json');
const variant = buildVariant(base);

const points: Record<string, Point[]> = Object.fromEntries(
  Object.entries(classicSeeds).map(([id, pts]) => [id, pts.map(project)]),
);
const offmapLand: Point[] = classicOffmapLand.map(project);

const round = (v: number) => Math.round(v * 10) / 10;
const taken = () => new Set([...Object.values(points).flat(), ...offmapLand].map(([x, y]) => `${x},${y}`));

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
    geometry: { width: FRAME.width, height: FRAME.height, points, offmap: { land: offmapLand, sea: [] } },
  };
}

const dist = (p: Point, q: Point) => Math.hypot(p[0] - q[0], p[1] - q[1]);
const nearest = (pts: Point[], to: Point) => pts.reduce((b, p) => (dist(p, to) < dist(b, to) ? p : b), pts[0]);

let iterations = 0;
for (;;) {
  const g = computeGeometry(dataWithGeometry());
  if (!g.ok) throw new Error(g.error);
  const problems = compareBorders(variant, g.geometry);
  if (problems.length === 0 || iterations >= 600) {
    console.error(`${iterations} repairs, ${problems.length} problems left`);
    for (const p of problems) console.error('  ' + p.message);
    break;
  }
  iterations++;
  const p = problems[0];
  const a = p.a!;
  const b = p.b!;
  if (p.kind === 'extra-border') {
    const border = g.geometry.borderIndex.get(borderKey(a, b))!;
    const longest = border.segments.reduce((s, t) => (dist(t[0], t[1]) > dist(s[0], s[1]) ? t : s));
    const mid: Point = [(longest[0][0] + longest[1][0]) / 2, (longest[0][1] + longest[1][1]) / 2];
    const common = [...variant.map.neighbours(a)].filter(
      (c) => variant.map.neighbours(b).has(c) && variant.map.province(c)?.kind !== 'impassable',
    );
    if (common.length === 0) {
      console.error(`cannot separate ${a} and ${b}: no common neighbour`);
      break;
    }
    const c = common.reduce((best, k) =>
      dist(nearest(points[k], mid), mid) < dist(nearest(points[best], mid), mid) ? k : best,
    );
    console.error(`separate ${a}/${b} with ${c}`);
    addSeed(c, mid);
  } else {
    let best: [Point, Point] = [points[a][0], points[b][0]];
    for (const pa of points[a]) for (const pb of points[b]) if (dist(pa, pb) < dist(best[0], best[1])) best = [pa, pb];
    const [pa, pb] = best;
    console.error(`join ${a}/${b}`);
    addSeed(a, [pa[0] + 0.4 * (pb[0] - pa[0]), pa[1] + 0.4 * (pb[1] - pa[1])]);
    addSeed(b, [pa[0] + 0.6 * (pb[0] - pa[0]), pa[1] + 0.6 * (pb[1] - pa[1])]);
  }
}

if (!process.argv.includes('--dry')) {
  const out = fileURLToPath(new URL('../../variants/classic/geometry.json', import.meta.url));
  const geometry = { width: FRAME.width, height: FRAME.height, points, offmap: { land: offmapLand, sea: [] } };
  writeFileSync(out, JSON.stringify(geometry) + '\n');
  console.error(`wrote ${out}`);
}
