/**
 * Real coastlines for a Voronoi map: seed pairs straddling the Natural Earth coastline (public domain,
 * npm `world-atlas`, 1:110m land), one just inside the land and one just out at sea, every few pixels.
 * The Voronoi border between such a pair runs along the coast. Each seed takes the owner of the
 * nearest hand-placed seed of its medium (land provinces + off-map land, or seas + off-map sea), so the
 * hand-placed seeds still decide which province is where; only the land/sea line becomes real.
 * Used by the geometry tools only (dev dependency), never at run time.
 */
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { Topology, GeometryCollection } from 'topojson-specification';
import type { Point } from '../geometry.js';

type Ring = [number, number][];
type Polygon = Ring[];

export interface CoastOptions {
  /** lon/lat -> map pixels. */
  project(lonlat: [number, number]): Point;
  /** map pixels -> lon/lat (to test a point against the land polygons). */
  unproject(p: Point): [number, number];
  width: number;
  height: number;
  /** Distance between samples along the coast, in map pixels. */
  spacing: number;
  /** Distance of each seed from the coast, in map pixels. */
  offset: number;
  /** Islands smaller than this (map px²) are ignored. */
  minArea: number;
  /** lon/lat boxes [lon0, lat0, lon1, lat1] where no coast is drawn (inland seas a map paints as land). */
  skip?: [number, number, number, number][];
}

export interface CoastSeed {
  at: Point;
  land: boolean;
}

export function landPolygons(): Polygon[] {
  const require = createRequire(import.meta.url);
  const topology = require('world-atlas/land-110m.json') as Topology<{ land: GeometryCollection }>;
  const land = feature(topology, topology.objects.land);
  const out: Polygon[] = [];
  for (const f of land.features) {
    const g = f.geometry;
    if (g.type === 'Polygon') out.push(g.coordinates as Polygon);
    else if (g.type === 'MultiPolygon') out.push(...(g.coordinates as Polygon[]));
  }
  return out.map((poly) => poly.map(unwrap));
}

/**
 * Rings crossing the antimeridian jump from +180 to -180; as planar polygons those jumps are edges
 * across the whole world that break point-in-polygon tests (Eurasia at 65-69° N). Keep each ring
 * continuous instead (longitudes may then run past 180).
 */
function unwrap(ring: Ring): Ring {
  let shift = 0;
  const out: Ring = ring.map(([lon, lat], i) => {
    if (i > 0) {
      const prev = ring[i - 1][0];
      if (lon - prev > 180) shift -= 360;
      else if (prev - lon > 180) shift += 360;
    }
    return [lon + shift, lat];
  });
  // Bring the bulk of the ring back to [-180, 180] (a ring may start just across the antimeridian).
  const mean = out.reduce((sum, [lon]) => sum + lon, 0) / out.length;
  const back = Math.round(mean / 360) * 360;
  return out.map(([lon, lat]) => [lon - back, lat]);
}

/** Is the lon/lat point on land (inside some polygon's outer ring and none of its holes)? */
export function onLand(polygons: Polygon[], [lon, lat]: [number, number]): boolean {
  for (const poly of polygons) {
    if (!inRing(poly[0], lon, lat)) continue;
    if (poly.slice(1).some((hole) => inRing(hole, lon, lat))) continue;
    return true;
  }
  return false;
}

function inRing(ring: Ring, x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Seed pairs along every coast inside the frame. A pair is kept only if its land seed is on land and its sea seed at sea. */
export function coastSeeds(opts: CoastOptions): CoastSeed[] {
  const polygons = landPolygons();
  const seeds: CoastSeed[] = [];
  const inFrame = (p: Point) => p[0] > 2 && p[1] > 2 && p[0] < opts.width - 2 && p[1] < opts.height - 2;
  for (const poly of polygons) {
    for (const ring of poly) {
      const pts = ring.map((ll) => opts.project(ll));
      if (Math.abs(ringArea(pts)) < opts.minArea) continue;
      for (const [p, normal] of resample(pts, opts.spacing, true)) {
        if (!inFrame(p)) continue;
        const [lon, lat] = opts.unproject(p);
        if (opts.skip?.some(([x0, y0, x1, y1]) => lon >= x0 && lon <= x1 && lat >= y0 && lat <= y1)) continue;
        const a: Point = [p[0] + normal[0] * opts.offset, p[1] + normal[1] * opts.offset];
        const b: Point = [p[0] - normal[0] * opts.offset, p[1] - normal[1] * opts.offset];
        const aLand = onLand(polygons, opts.unproject(a));
        const bLand = onLand(polygons, opts.unproject(b));
        if (aLand === bLand || !inFrame(a) || !inFrame(b)) continue; // a strait narrower than the offset, or the frame edge
        seeds.push({ at: aLand ? a : b, land: true }, { at: aLand ? b : a, land: false });
      }
    }
  }
  return seeds;
}

/** Points every `spacing` px along a polyline (closed: back to its start), each with the unit normal there. */
export function resample(pts: Point[], spacing: number, closed: boolean): [Point, Point][] {
  const out: [Point, Point][] = [];
  const list = closed ? [...pts, pts[0]] : pts;
  let carry = 0;
  for (let i = 0; i + 1 < list.length; i++) {
    const [x0, y0] = list[i];
    const [x1, y1] = list[i + 1];
    const len = Math.hypot(x1 - x0, y1 - y0);
    if (len === 0) continue;
    const normal: Point = [-(y1 - y0) / len, (x1 - x0) / len];
    let t = i === 0 && !closed ? 0 : spacing - carry;
    while (t <= len) {
      out.push([[x0 + ((x1 - x0) * t) / len, y0 + ((y1 - y0) * t) / len], normal]);
      t += spacing;
    }
    carry = len - (t - spacing);
  }
  // An open line also gets its end point.
  if (!closed && list.length >= 2) out.push([list[list.length - 1], out[out.length - 1]?.[1] ?? [0, 1]]);
  return out;
}

/** Signed area of a closed ring (px²). */
export function ringArea(pts: Point[]): number {
  let a = 0;
  for (let i = 0; i < pts.length; i++) {
    const [x0, y0] = pts[i];
    const [x1, y1] = pts[(i + 1) % pts.length];
    a += x0 * y1 - x1 * y0;
  }
  return a / 2;
}
