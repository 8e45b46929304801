/**
 * Lines of the order layer: straight where that crosses no unit, else a gentle curve round the units in the
 * way (no arrow covering another unit). All in output pixels; curves are returned as sampled
 * polylines, so the painter, the symbol placer and the tests see the same line.
 */
import { distanceToSegment } from '../variants/drawing/segment.js';
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
  // Last, the shortest way over allowed ground (a fleet from the Mid-Atlantic through the Strait of Gibraltar).
  if (best.score[0]! > 0) {
    const way = groundPath(a, b, terrain);
    if (way && !perfect(way)) perfect(routeThrough(way, inWay));
  }
  return best.path;
}

/**
 * The shortest way from a to b over ground of cost 0 (A* on a grid of `terrain.tolerance / 2` px squares, 8
 * neighbours, within a box round a and b), pulled straight where that stays on allowed ground, then smoothed. The
 * squares within `terrain.margin` of either end are always allowed (a unit drawn beside its province). Null when the
 * box holds no such way.
 */
export function groundPath(a: Point, b: Point, terrain: Terrain): Point[] | null {
  const cell = Math.max(3, terrain.tolerance / 2);
  const pad = Math.max(160, dist(a, b) * 0.6);
  const [x0, y0] = [Math.min(a[0], b[0]) - pad, Math.min(a[1], b[1]) - pad];
  const cols = Math.ceil((Math.abs(a[0] - b[0]) + 2 * pad) / cell);
  const rows = Math.ceil((Math.abs(a[1] - b[1]) + 2 * pad) / cell);
  const centre = (k: number): Point => [x0 + ((k % cols) + 0.5) * cell, y0 + (Math.floor(k / cols) + 0.5) * cell];
  const open = new Uint8Array(cols * rows);
  for (let k = 0; k < open.length; k++) {
    const c = centre(k);
    open[k] = dist(c, a) <= terrain.margin || dist(c, b) <= terrain.margin || terrain.cost(c) === 0 ? 1 : 0;
  }
  const index = (p: Point) => Math.floor((p[1] - y0) / cell) * cols + Math.floor((p[0] - x0) / cell);
  const cells = aStar(open, cols, rows, index(a), index(b));
  if (!cells) return null;
  const coarse = [a, ...cells.slice(1, -1).map(centre), b];
  // Pulled straight: from each kept point, on to the farthest one the straight line reaches over allowed ground.
  const clear = (p: Point, q: Point) => {
    for (let t = 0; t <= 1; t += cell / 2 / Math.max(dist(p, q), 1)) {
      const s: Point = [p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t];
      if (dist(s, a) > terrain.margin && dist(s, b) > terrain.margin && terrain.cost(s) !== 0) return false;
    }
    return true;
  };
  const kept: Point[] = [a];
  for (let i = 0; i < coarse.length - 1; ) {
    let j = coarse.length - 1;
    while (j > i + 1 && !clear(coarse[i]!, coarse[j]!)) j--;
    kept.push(coarse[j]!);
    i = j;
  }
  return smoothed(kept, clear);
}

/** A* over open grid squares (8 neighbours, diagonal √2): the squares from `start` to `goal`, or null. */
function aStar(open: Uint8Array, cols: number, rows: number, start: number, goal: number): number[] | null {
  if (start < 0 || goal < 0 || start >= open.length || goal >= open.length) return null;
  const cost = new Float64Array(open.length).fill(Infinity);
  const from = new Int32Array(open.length).fill(-1);
  const done = new Uint8Array(open.length);
  const h = (k: number) => Math.hypot((k % cols) - (goal % cols), Math.floor(k / cols) - Math.floor(goal / cols));
  const queue: [number, number][] = [[h(start), start]];
  cost[start] = 0;
  while (queue.length > 0) {
    // A binary heap would be faster; the boxes are small (a few thousand squares).
    let m = 0;
    for (let i = 1; i < queue.length; i++) if (queue[i]![0] < queue[m]![0]) m = i;
    const [, k] = queue[m]!;
    queue[m] = queue[queue.length - 1]!;
    queue.pop();
    if (done[k]) continue;
    done[k] = 1;
    if (k === goal) break;
    const [x, y] = [k % cols, Math.floor(k / cols)];
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const [nx, ny] = [x + dx, y + dy];
        if ((dx === 0 && dy === 0) || nx < 0 || ny < 0 || nx >= cols || ny >= rows) continue;
        const n = ny * cols + nx;
        if (!open[n] || done[n]) continue;
        const c = cost[k]! + (dx !== 0 && dy !== 0 ? Math.SQRT2 : 1);
        if (c < cost[n]!) {
          cost[n] = c;
          from[n] = k;
          queue.push([c + h(n), n]);
        }
      }
  }
  if (!done[goal]) return null;
  const out: number[] = [];
  for (let k = goal; k !== -1; k = from[k]!) out.unshift(k);
  return out;
}

/** Chaikin's corner cutting, twice, sampled; each cut kept only where its new legs stay clear. */
function smoothed(points: Point[], clear: (p: Point, q: Point) => boolean): Point[] {
  let line = points;
  for (let round = 0; round < 2 && line.length > 2; round++) {
    const out: Point[] = [line[0]!];
    for (let i = 1; i < line.length - 1; i++) {
      const [p, q, r] = [line[i - 1]!, line[i]!, line[i + 1]!];
      const cut1: Point = [q[0] + (p[0] - q[0]) * 0.25, q[1] + (p[1] - q[1]) * 0.25];
      const cut2: Point = [q[0] + (r[0] - q[0]) * 0.25, q[1] + (r[1] - q[1]) * 0.25];
      if (clear(out[out.length - 1]!, cut1) && clear(cut1, cut2)) out.push(cut1, cut2);
      else out.push(q);
    }
    out.push(line[line.length - 1]!);
    line = out;
  }
  return line;
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

/** How much of the line runs over ground it must not cross (`Terrain` cost 2), as `routeOver` counts it (px). */
export function forbiddenRun(path: Point[], terrain: Terrain): number {
  return scoreOf(path, [], terrain)[0]!;
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
  const near = obstacles.filter((o) => distanceToSegment(o.at, a, b) < o.r + dist(a, b) * 0.7);
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
    for (let i = 1; i < path.length; i++) worst = Math.min(worst, distanceToSegment(o.at, path[i - 1], path[i]) - o.r);
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

const dist = (p: Point, q: Point) => Math.hypot(p[0] - q[0], p[1] - q[1]);
