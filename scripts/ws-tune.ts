/**
 * Tunes the Warring States seed points (lat, lon) so that a Voronoi diagram of them draws exactly the adjacency
 * borders, each at least MIN_BORDER px long, while staying close to the brief's seeds. Writes
 * scripts/ws-geometry-tweaks.json (read by ws-tweaks.ts); then run ws-build-map.ts.
 *   npx tsx scripts/ws-tune.ts [iterations]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Delaunay } from 'd3-delaunay';
import { SEEDS_CSV } from './ws-source-data.js';
import { makeProjection } from './ws-build-map.js';
import { EXTRA_SEEDS } from './ws-tweaks.js';

const MIN_BORDER = 18;
const data = JSON.parse(readFileSync(new URL('../src/variants/warring-states/map.json', import.meta.url), 'utf8'));
const tweakFile = new URL('./ws-geometry-tweaks.json', import.meta.url);
const previous: Record<string, [number, number][]> = JSON.parse(readFileSync(tweakFile, 'utf8'));

const original = new Map<string, [number, number][]>();
for (const line of SEEDS_CSV.trim().split('\n').slice(1)) {
  const [abbr, , , lat, lon] = line.split(',');
  const id = abbr!.toLowerCase();
  original.set(id, [...(original.get(id) ?? []), [Number(lat), Number(lon)]]);
}
const projection = makeProjection([...original.values()].flat());
for (const [id, extra] of Object.entries(EXTRA_SEEDS)) original.set(id, [...original.get(id)!, ...extra]);

const ids = [...original.keys()];
const seeds = new Map<string, [number, number][]>(
  ids.map((id) => [id, (previous[id] && previous[id]!.length === original.get(id)!.length ? previous[id]! : original.get(id)!).map((p) => [...p] as [number, number])]),
);
const key = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
const adj = new Set<string>();
for (const [a, bs] of Object.entries(data.armyAdjacency as Record<string, string[]>)) for (const b of bs) adj.add(key(a, b));
for (const [a, bs] of Object.entries(data.fleetAdjacency as Record<string, string[]>)) for (const b of bs) adj.add(key(a, b));

function evaluate(): { cost: number; report: string[] } {
  const owner: string[] = [];
  const flat: [number, number][] = [];
  for (const [id, ss] of seeds) for (const s of ss) { owner.push(id); flat.push(projection.project(s)); }
  const vor = Delaunay.from(flat).voronoi([0, 0, projection.width, projection.height]);
  const drawn = new Map<string, number>();
  const polys = flat.map((_, i) => vor.cellPolygon(i));
  for (let i = 0; i < flat.length; i++) {
    for (const j of vor.neighbors(i)) {
      if (j <= i || owner[i] === owner[j]) continue;
      const a = polys[i]!, b = polys[j]!;
      const c = a.filter(([x, y]) => b.some(([u, v]) => Math.abs(x - u) < 1e-6 && Math.abs(y - v) < 1e-6));
      const len = c.length >= 2 ? Math.hypot(c[0]![0] - c[1]![0], c[0]![1] - c[1]![1]) : 0;
      const k = key(owner[i]!, owner[j]!);
      drawn.set(k, (drawn.get(k) ?? 0) + len);
    }
  }
  let cost = 0;
  const report: string[] = [];
  for (const [k, len] of drawn) if (!adj.has(k)) { cost += 1000 + len * 10; report.push(`drawn, not adjacent: ${k} (${len.toFixed(1)})`); }
  for (const k of adj) {
    const len = drawn.get(k) ?? 0;
    if (len === 0) { cost += 2000; report.push(`adjacent, not drawn: ${k}`); }
    else if (len < MIN_BORDER) { cost += (MIN_BORDER - len) * 20; report.push(`short: ${k} (${len.toFixed(1)})`); }
  }
  for (const [id, ss] of seeds) ss.forEach(([lat, lon], i) => {
    const [olat, olon] = original.get(id)![i]!;
    cost += ((lat - olat) ** 2 + (lon - olon) ** 2) * 30;
  });
  return { cost, report };
}

const iterations = Number(process.argv[2] ?? 4000);
let best = evaluate();
console.log('start', best.cost.toFixed(1), best.report);
for (let it = 0; it < iterations; it++) {
  const id = ids[Math.floor(Math.random() * ids.length)]!;
  const ss = seeds.get(id)!;
  const i = Math.floor(Math.random() * ss.length);
  const old = ss[i]!;
  const sigma = 0.25;
  ss[i] = [old[0] + gauss() * sigma, old[1] + gauss() * sigma];
  const e = evaluate();
  if (e.cost < best.cost) best = e;
  else ss[i] = old;
}
console.log('end', best.cost.toFixed(1), best.report);
const out: Record<string, [number, number][]> = {};
for (const [id, ss] of seeds) {
  const o = original.get(id)!;
  if (ss.length !== o.length - 0 || ss.some((s, i) => s[0] !== o[i]![0] || s[1] !== o[i]![1]))
    out[id] = ss.map(([a, b]) => [Math.round(a * 100) / 100, Math.round(b * 100) / 100]);
}
writeFileSync(tweakFile, JSON.stringify(out, null, 1) + '\n');

function gauss(): number {
  return Math.sqrt(-2 * Math.log(Math.random() || 1e-9)) * Math.cos(2 * Math.PI * Math.random());
}
