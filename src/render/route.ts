/**
 * Lines of the order layer: straight where that crosses no unit, else a gentle curve round the units in the
 * way (issue 10 §1: no arrow covering another unit). All in output pixels; curves are returned as sampled
 * polylines, so the painter, the symbol placer and the tests see the same line.
 */
import type { Point } from './geometry.js';

/** A unit's disc that lines must keep out of. */
export interface Obstacle {
  at: Point;
  r: number;
}

/** Bends tried in order, as a share of the segment's length (the control point's offset from its middle). */
const BENDS = [0.16, -0.16, 0.26, -0.26, 0.36, -0.36, 0.5, -0.5, 0.65, -0.65];
const SAMPLES = 14;

/**
 * A line through the given points (each pair joined by a straight or bent segment); obstacles on the points
 * themselves (the units the line starts, passes and ends at) do not count.
 */
export function routeThrough(points: Point[], obstacles: Obstacle[]): Point[] {
  const out: Point[] = [points[0]];
  for (let i = 1; i < points.length; i++) {
    const [a, b] = [points[i - 1], points[i]];
    const inWay = obstacles.filter((o) => !points.some((p) => dist(o.at, p) < o.r));
    out.push(...routeSegment(a, b, inWay).slice(1));
  }
  return out;
}

function routeSegment(a: Point, b: Point, obstacles: Obstacle[]): Point[] {
  const straight = [a, b];
  const near = obstacles.filter((o) => distToSegment(o.at, a, b) < o.r + dist(a, b) * 0.7);
  if (clearance(straight, near) >= 0) return straight;
  let best = straight;
  let bestClearance = clearance(straight, near);
  for (const k of BENDS) {
    const curve = bend(a, b, k);
    const c = clearance(curve, near);
    if (c >= 0) return curve;
    if (c > bestClearance) {
      best = curve;
      bestClearance = c;
    }
  }
  return best;
}

/** A quadratic curve from a to b whose control point lies `k` × the length to the left of the middle. */
function bend(a: Point, b: Point, k: number): Point[] {
  const len = dist(a, b) || 1;
  const [nx, ny] = [-(b[1] - a[1]) / len, (b[0] - a[0]) / len];
  const c: Point = [(a[0] + b[0]) / 2 + nx * k * len, (a[1] + b[1]) / 2 + ny * k * len];
  const out: Point[] = [];
  for (let i = 0; i <= SAMPLES; i++) {
    const t = i / SAMPLES;
    const u = 1 - t;
    out.push([u * u * a[0] + 2 * u * t * c[0] + t * t * b[0], u * u * a[1] + 2 * u * t * c[1] + t * t * b[1]]);
  }
  return out;
}

/** Smallest (distance − radius) between the polyline and any obstacle; negative when it crosses one. */
export function clearance(path: Point[], obstacles: Obstacle[]): number {
  let worst = Infinity;
  for (const o of obstacles) {
    for (let i = 1; i < path.length; i++) worst = Math.min(worst, distToSegment(o.at, path[i - 1], path[i]) - o.r);
  }
  return worst;
}

/** Shorten a polyline by `start` pixels at its beginning and `end` at its end (each at most 45 % of it). */
export function trimPath(path: Point[], start: number, end: number): Point[] {
  if (path.length < 2) return path.map((p) => [p[0], p[1]] as Point);
  const total = length(path);
  const from = Math.min(start, total * 0.45);
  const to = total - Math.min(end, total * 0.45);
  const out: Point[] = [pointAt(path, from)];
  let walked = 0;
  for (let i = 1; i < path.length; i++) {
    walked += dist(path[i - 1], path[i]);
    if (walked > from && walked < to) out.push(path[i]);
  }
  out.push(pointAt(path, to));
  return out;
}

/** The point half-way along a polyline. */
export function arcMidpoint(path: Point[]): Point {
  return pointAt(path, length(path) / 2);
}

export function length(path: Point[]): number {
  let n = 0;
  for (let i = 1; i < path.length; i++) n += dist(path[i - 1], path[i]);
  return n;
}

/** The point `at` pixels along a polyline from its start. */
export function pointAt(path: Point[], at: number): Point {
  let left = at;
  for (let i = 1; i < path.length; i++) {
    const len = dist(path[i - 1], path[i]);
    if (left <= len && len > 0) {
      const t = left / len;
      return [path[i - 1][0] + (path[i][0] - path[i - 1][0]) * t, path[i - 1][1] + (path[i][1] - path[i - 1][1]) * t];
    }
    left -= len;
  }
  return [path[path.length - 1][0], path[path.length - 1][1]];
}

export function distToSegment(p: Point, a: Point, b: Point): number {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
  return Math.hypot(p[0] - (a[0] + dx * t), p[1] - (a[1] + dy * t));
}

const dist = (p: Point, q: Point) => Math.hypot(p[0] - q[0], p[1] - q[1]);
