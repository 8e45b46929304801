/**
 * Compares the borders a plain Voronoi diagram of the Warring States seed points draws with the map's adjacency.
 *   npx tsx scripts/ws-geometry.ts
 * Prints drawn-but-not-adjacent and adjacent-but-not-drawn pairs (and shared border lengths under 12 px).
 */
import { readFileSync } from 'node:fs';
import { Delaunay } from 'd3-delaunay';

const data = JSON.parse(readFileSync(new URL('../src/variants/warring-states/map.json', import.meta.url), 'utf8'));
const { width, height, points } = data.geometry as { width: number; height: number; points: Record<string, [number, number][]> };
const owner: string[] = [];
const flat: [number, number][] = [];
for (const [id, pts] of Object.entries(points)) for (const p of pts) { owner.push(id); flat.push(p); }
const vor = Delaunay.from(flat).voronoi([0, 0, width, height]);
const key = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
const drawn = new Map<string, number>();
for (let i = 0; i < flat.length; i++) {
  const ci = vor.cellPolygon(i);
  for (const j of vor.neighbors(i)) {
    if (j <= i || owner[i] === owner[j]) continue;
    const cj = vor.cellPolygon(j);
    // shared edge length: vertices common to both polygons
    const common = ci.filter(([x, y]) => cj.some(([u, v]) => Math.abs(x - u) < 1e-6 && Math.abs(y - v) < 1e-6));
    const uniq = common.filter((p, k) => common.findIndex((q) => q[0] === p[0] && q[1] === p[1]) === k);
    const len = uniq.length >= 2 ? Math.hypot(uniq[0]![0] - uniq[1]![0], uniq[0]![1] - uniq[1]![1]) : 0;
    const k2 = key(owner[i]!, owner[j]!);
    drawn.set(k2, (drawn.get(k2) ?? 0) + len);
  }
}
const adj = new Set<string>();
for (const [a, bs] of Object.entries(data.armyAdjacency as Record<string, string[]>)) for (const b of bs) adj.add(key(a, b));
for (const [a, bs] of Object.entries(data.fleetAdjacency as Record<string, string[]>)) for (const b of bs) adj.add(key(a, b));
const extra = [...drawn.keys()].filter((k) => !adj.has(k)).sort();
const missing = [...adj].filter((k) => !drawn.has(k)).sort();
const short = [...drawn].filter(([k, l]) => adj.has(k) && l < 12).map(([k, l]) => `${k}:${l.toFixed(1)}`);
console.log(JSON.stringify({ drawnNotAdjacent: extra.map((k) => `${k}:${drawn.get(k)!.toFixed(1)}`), adjacentNotDrawn: missing, short }, null, 1));
