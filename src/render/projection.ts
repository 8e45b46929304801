/**
 * Map projections stored with a variant's geometry (`geometry.projection`), so that data authored in
 * latitude/longitude (river courses) lands on the same pixels as the cells built from it.
 *
 * `lens`: an equirectangular projection (x = lon·cos φ₀, y = lat) with a smooth magnifying lens on each
 * axis. The scale along an axis is 1 + gain·exp(−((t − focus)/spread)²): `1 + gain` at the focus, 1 far
 * from it. Parallels and meridians stay straight lines (the map reads as an atlas map with a stretched
 * centre); a Warring States map uses it to give the crowded central plain room. Invertible (monotone).
 */
import { z } from 'zod';
import type { Point } from './geometry.js';

export const lensProjectionSchema = z.object({
  kind: z.literal('lens'),
  /** Frame edges in degrees: west, east longitude; south, north latitude. */
  west: z.number(),
  east: z.number(),
  south: z.number(),
  north: z.number(),
  /** Standard parallel of the equirectangular base (degrees). */
  parallel: z.number(),
  /** Lens centre (degrees). */
  focusLon: z.number(),
  focusLat: z.number(),
  /** Lens half-widths (degrees of longitude, latitude). */
  spreadLon: z.number().positive(),
  spreadLat: z.number().positive(),
  /** Extra scale at the focus on each axis (0 = plain equirectangular). */
  gain: z.number().min(0),
  /** Output width in map pixels; the height follows. */
  width: z.number().positive(),
  /** More, smaller lenses on one axis each (e.g. one widening Britain on a map of Europe). */
  more: z
    .array(
      z.object({
        axis: z.enum(['lon', 'lat']),
        focus: z.number(),
        spread: z.number().positive(),
        gain: z.number().min(0),
      }),
    )
    .optional(),
});

export type LensProjection = z.infer<typeof lensProjectionSchema>;

export interface Projection {
  width: number;
  height: number;
  /** [lat, lon] → map pixels. */
  project(lat: number, lon: number): Point;
  /** Map pixels → [lat, lon]. */
  unproject(p: Point): [number, number];
}

const SQRT_PI = Math.sqrt(Math.PI);

/** erf, Abramowitz–Stegun 7.1.26 (|error| < 1.5e-7). */
function erf(x: number): number {
  const s = Math.sign(x);
  const a = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * a);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-a * a);
  return s * y;
}

/** ∫ (1 + g·exp(−((t−f)/s)²)) dt, an increasing function of t. */
const stretched = (t: number, f: number, s: number, g: number) => t + (g * s * SQRT_PI * erf((t - f) / s)) / 2;

function invert(fn: (t: number) => number, target: number, lo: number, hi: number): number {
  // Monotone: bisection (60 halvings is far below a pixel).
  let a = lo - (hi - lo);
  let b = hi + (hi - lo);
  for (let i = 0; i < 60; i++) {
    const m = (a + b) / 2;
    if (fn(m) < target) a = m;
    else b = m;
  }
  return (a + b) / 2;
}

const cache = new WeakMap<object, Projection>();

export function lensProjection(spec: LensProjection): Projection {
  const hit = cache.get(spec);
  if (hit) return hit;
  const cos = Math.cos((spec.parallel * Math.PI) / 180);
  const more = spec.more ?? [];
  const extra = (axis: 'lon' | 'lat', t: number) =>
    more.reduce((sum, b) => (b.axis === axis ? sum + stretched(t, b.focus, b.spread, b.gain) - t : sum), 0);
  const X = (lon: number) => stretched(lon, spec.focusLon, spec.spreadLon, spec.gain) + extra('lon', lon);
  const Y = (lat: number) => stretched(lat, spec.focusLat, spec.spreadLat, spec.gain) + extra('lat', lat);
  const x0 = X(spec.west);
  const yTop = Y(spec.north);
  const k = spec.width / ((X(spec.east) - x0) * cos);
  const height = Math.round((yTop - Y(spec.south)) * k);
  const projection: Projection = {
    width: spec.width,
    height,
    project: (lat, lon) => [(X(lon) - x0) * cos * k, (yTop - Y(lat)) * k],
    unproject: ([x, y]) => [
      invert(Y, yTop - y / k, spec.south, spec.north),
      invert(X, x / (cos * k) + x0, spec.west, spec.east),
    ],
  };
  cache.set(spec, projection);
  return projection;
}

/** The projection stored in a variant's geometry, or null (a map drawn from pixel seeds only). */
export function projectionOf(geometry: object | undefined): Projection | null {
  const raw = (geometry as { projection?: unknown } | undefined)?.projection;
  if (raw === undefined) return null;
  const parsed = lensProjectionSchema.safeParse(raw);
  if (!parsed.success) return null;
  // Cache by the raw object so every caller shares one instance.
  const hit = cache.get(raw as object);
  if (hit) return hit;
  const p = lensProjection(parsed.data);
  cache.set(raw as object, p);
  return p;
}
