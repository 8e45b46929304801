/**
 * Where units stand, in map pixels, by location key (`mun`, `spa/nc`).
 * A province's anchor is `geometry.anchors[id]` or the point deepest inside it. A coast's anchor is
 * `geometry.anchors['spa/nc']` or a point just inside the province from the middle of its longest border
 * with the waters that coast touches (the coast's fleet adjacency).
 */
import type { Variant } from '../engine/variant.js';
import { borderKey, type MapGeometry, type Point } from './geometry.js';

const cache = new WeakMap<MapGeometry, Map<string, Point>>();

export function anchorsOf(variant: Variant, geometry: MapGeometry): Map<string, Point> {
  let anchors = cache.get(geometry);
  if (!anchors) {
    anchors = computeAnchors(variant, geometry);
    cache.set(geometry, anchors);
  }
  return anchors;
}

function computeAnchors(variant: Variant, geometry: MapGeometry): Map<string, Point> {
  const given = variant.data.geometry?.anchors ?? {};
  const anchors = new Map<string, Point>();
  for (const [id, shape] of geometry.shapes) {
    if (id.startsWith('#')) continue;
    anchors.set(id, given[id] ? [given[id][0], given[id][1]] : shape.center);
  }
  const kindOf = new Map(variant.data.provinces.map((p) => [p.id, p.kind]));
  for (const p of variant.data.provinces) {
    const shape = geometry.shapes.get(p.id);
    if (!shape) continue;
    for (const coast of p.coasts) {
      const key = `${p.id}/${coast}`;
      const explicit = given[key];
      if (explicit) {
        anchors.set(key, [explicit[0], explicit[1]]);
        continue;
      }
      // Candidate spots: borders with the waters this coast touches. Split coasts often share a sea
      // (Spain's coasts both touch the Mid-Atlantic), so prefer spots near what only this coast reaches
      // and far from what only the other coasts reach.
      const reach = (c: string) =>
        new Set((variant.data.fleetAdjacency[`${p.id}/${c}`] ?? []).map((l) => l.split('/')[0]));
      const own = reach(coast);
      const others = p.coasts.filter((c) => c !== coast).map(reach);
      const ownOnly = [...own].filter((n) => others.every((o) => !o.has(n)));
      const otherOnly = others.flatMap((o) => [...o].filter((n) => !own.has(n)));
      const borderWith = (n: string) => geometry.borderIndex.get(borderKey(p.id, n))?.segments ?? [];
      /** Middles of the segments of the borders with these neighbours (computed once per coast). */
      const middles = (ids: string[]): Point[] =>
        ids.flatMap((n) => borderWith(n).map(([a, b]): Point => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]));
      const otherOnlyMiddles = middles(otherOnly);
      const ownOnlyMiddles = middles(ownOnly);
      /** Distance to the nearest of the middles; 0 when there are no neighbours of that kind (Infinity when they share no border). */
      const near = (m: Point, ids: string[], targets: Point[]) => {
        if (ids.length === 0) return 0;
        let d = Infinity;
        for (const t of targets) d = Math.min(d, dist(m, t));
        return d;
      };
      let best: [Point, Point] | null = null;
      let bestScore = -Infinity;
      for (const w of own) {
        if (kindOf.get(w) !== 'sea') continue;
        for (const seg of borderWith(w)) {
          const len = Math.hypot(seg[1][0] - seg[0][0], seg[1][1] - seg[0][1]);
          if (len < 4) continue;
          const m: Point = [(seg[0][0] + seg[1][0]) / 2, (seg[0][1] + seg[1][1]) / 2];
          const score =
            Math.min(near(m, otherOnly, otherOnlyMiddles), 120) -
            near(m, ownOnly, ownOnlyMiddles) +
            len * 0.3 +
            (ownOnly.includes(w) ? 60 : 0);
          if (score > bestScore) {
            bestScore = score;
            best = seg;
          }
        }
      }
      if (!best) {
        anchors.set(key, shape.center);
        continue;
      }
      const mid: Point = [(best[0][0] + best[1][0]) / 2, (best[0][1] + best[1][1]) / 2];
      // Step inside towards the nearest seed of the province (the segment's own cell is convex, so this stays inside).
      const seed = shape.cells
        .map((i) => geometry.cells[i].seed)
        .reduce((a, b) => (dist(a, mid) <= dist(b, mid) ? a : b));
      const t = Math.min(0.6, 14 / Math.max(dist(seed, mid), 1e-9));
      anchors.set(key, [mid[0] + (seed[0] - mid[0]) * t, mid[1] + (seed[1] - mid[1]) * t]);
    }
  }
  return anchors;
}

const dist = (p: Point, q: Point) => Math.hypot(p[0] - q[0], p[1] - q[1]);
