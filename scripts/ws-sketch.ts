/**
 * Quick sketch of the Warring States cells for tuning seed points (not the game renderer).
 *   npx tsx scripts/ws-sketch.ts /tmp/ws.png
 */
import { writeFileSync, readFileSync } from 'node:fs';
import { createCanvas } from '@napi-rs/canvas';
import { Delaunay } from 'd3-delaunay';

const data = JSON.parse(readFileSync(new URL('../src/variants/warring-states/map.json', import.meta.url), 'utf8'));
const { width, height, points } = data.geometry as { width: number; height: number; points: Record<string, [number, number][]> };
const kinds = new Map<string, string>(data.provinces.map((p: { id: string; kind: string }) => [p.id, p.kind]));
const owner: string[] = [];
const flat: [number, number][] = [];
for (const [id, pts] of Object.entries(points)) for (const p of pts) { owner.push(id); flat.push(p); }
const vor = Delaunay.from(flat).voronoi([0, 0, width, height]);
const canvas = createCanvas(width, height);
const g = canvas.getContext('2d');
for (let i = 0; i < flat.length; i++) {
  const poly = vor.cellPolygon(i);
  const k = kinds.get(owner[i]!);
  g.fillStyle = k === 'sea' ? '#aaccee' : k === 'coast' ? '#e8e0b8' : '#d8c8a0';
  g.beginPath();
  poly.forEach(([x, y], j) => (j ? g.lineTo(x, y) : g.moveTo(x, y)));
  g.fill();
}
g.strokeStyle = '#333';
for (let i = 0; i < flat.length; i++) for (const j of vor.neighbors(i)) {
  if (j < i || owner[i] === owner[j]) continue;
  const a = vor.cellPolygon(i), b = vor.cellPolygon(j);
  const c = a.filter(([x, y]) => b.some(([u, v]) => Math.abs(x - u) < 1e-6 && Math.abs(y - v) < 1e-6));
  if (c.length >= 2) { g.beginPath(); g.moveTo(c[0]![0], c[0]![1]); g.lineTo(c[1]![0], c[1]![1]); g.stroke(); }
}
g.strokeStyle = '#1565c0'; g.lineWidth = 3;
const centre = (id: string) => { const ps = points[id]!; return [ps.reduce((s, p) => s + p[0], 0) / ps.length, ps.reduce((s, p) => s + p[1], 0) / ps.length]; };
for (const chain of Object.values(data.features.rivers as Record<string, string[]>)) {
  g.beginPath(); chain.forEach((id, j) => { const [x, y] = centre(id); j ? g.lineTo(x!, y!) : g.moveTo(x!, y!); }); g.stroke();
}
g.fillStyle = '#000'; g.font = '14px sans-serif';
for (const [id, pts] of Object.entries(points)) for (const [x, y] of pts) { g.fillText(id, x - 8, y + 4); }
writeFileSync(process.argv[2] ?? '/tmp/ws.png', canvas.toBuffer('image/png'));
