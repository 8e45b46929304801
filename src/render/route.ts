/**
 * Lines of the order layer: straight where that crosses no unit, else a gentle curve round the units in the
 * way (no arrow covering another unit). All in output pixels; curves are returned as sampled
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

/**
 * What lies under a line, for `routeOver`: the cost of a point (output px). 2: the line must not go there (water
 * under an army's move; a province that is not the retreat's option); 1: it should not (a province the order is not
 * about); 0: fine.
 */
export interface Terrain {
  cost(p: Point): 0 | 1 | 2;
  /** Points the line may pass through instead of going straight (the middles of the two provinces' shared border). */
  vias: Point[];
  /** Ignore this many pixels at each end (a unit drawn beside its province starts outside it). */
  margin: number;
  /** Runs of bad ground shorter than this (pixels) do not count. */
  tolerance: number;
}

/**
 * A line from a to b that keeps to the allowed ground (`terrain`) and clear of units: straight, else bent, else a
 * smooth curve through a point of the shared border. Of the candidates, the first that is perfect wins; else the
 * best by (forbidden ground, units crossed, unwanted ground, length).
 */
export function routeOver(a: Point, b: Point, obstacles: Obstacle[], terrain: Terrain): Point[] {
  const inWay = obstacles.filter((o) => dist(o.at, a) >= o.r && dist(o.at, b) >= o.r);
  const best = { path: [a, b] as Point[], score: [Infinity] as number[] };
  /** True when the candidate is perfect (it is then the best). */
  const perfect = (path: Point[]): boolean => {
    const score = scoreOf(path, inWay, terrain);
    if (lexLess(score, best.score)) Object.assign(best, { path, score });
    return score[0] === 0 && score[1] === 0 && score[2] === 0;
  };
  if (perfect([a, b])) return best.path;
  for (const k of BENDS) if (perfect(bend(a, b, k))) return best.path;
  const vias = [...terrain.vias].sort((p, q) => dist(a, p) + dist(p, b) - (dist(a, q) + dist(q, b)));
  for (const v of vias.slice(0, 8)) {
    // A gentle curve pulled towards v; a curve through v (control point 2v − (a + b)/2); the two straight legs.
    if (perfect(quadratic(a, v, b))) return best.path;
    if (perfect(quadratic(a, [2 * v[0] - (a[0] + b[0]) / 2, 2 * v[1] - (a[1] + b[1]) / 2], b))) return best.path;
    if (perfect([a, v, b])) return best.path;
    if (perfect(routeThrough([a, v, b], inWay))) return best.path;
  }
  return best.path;
}

/**
 * [forbidden ground, units crossed, unwanted ground, length]: smaller is better, in that order. Ground is counted in
 * pixels along the line, leaving out runs shorter than `terrain.tolerance` (a line clipping a cape or a corner of a
 * neighbour is not crossing it).
 */
function scoreOf(path: Point[], obstacles: Obstacle[], terrain: Terrain): number[] {
  const step = 3;
  const runs = { 1: 0, 2: 0 };
  const counted = { 1: 0, 2: 0 };
  const total = length(path);
  const close = (c: 1 | 2) => {
    if (runs[c] * step >= terrain.tolerance) counted[c] += runs[c] * step;
    runs[c] = 0;
  };
  for (let at = terrain.margin; at <= total - terrain.margin; at += step) {
    const c = terrain.cost(pointAt(path, at));
    for (const k of [1, 2] as const) {
      if (c === k) runs[k]++;
      else close(k);
    }
  }
  close(1);
  close(2);
  return [counted[2], clearance(path, obstacles) < 0 ? 1 : 0, counted[1], total];
}

function lexLess(x: number[], y: number[]): boolean {
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] < y[i];
  return false;
}

function quadratic(a: Point, c: Point, b: Point): Point[] {
  const out: Point[] = [];
  for (let i = 0; i <= SAMPLES; i++) {
    const t = i / SAMPLES;
    const u = 1 - t;
    out.push([u * u * a[0] + 2 * u * t * c[0] + t * t * b[0], u * u * a[1] + 2 * u * t * c[1] + t * t * b[1]]);
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
  return quadratic(a, [(a[0] + b[0]) / 2 + nx * k * len, (a[1] + b[1]) / 2 + ny * k * len], b);
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
