/**
 * Which seed is nearest to a point: the Voronoi cell (hence the province) that contains it. A uniform grid of
 * buckets, about two seeds each, searched ring by ring outwards from the point's bucket until no farther ring can
 * hold a nearer seed. Exact, like d3-delaunay's `find`, and built in well under a millisecond where a Delaunay
 * triangulation of a map's 2,000–7,000 seeds takes 25–55 ms of cold code: the first map of a process (the CLI's
 * `render`) locates points before anything else is warm.
 */
import type { Point } from './geometry-types.js';

export interface SeedGrid {
  readonly seeds: Point[];
  readonly cell: number;
  readonly columns: number;
  readonly rows: number;
  /** Bucket b holds the seeds `order[start[b]] … order[start[b + 1] - 1]`. */
  readonly start: Int32Array;
  readonly order: Int32Array;
}

/** The grid over a width × height frame that holds every seed. */
export function seedGrid(seeds: Point[], width: number, height: number): SeedGrid {
  const cell = Math.max(1, Math.sqrt((width * height * 2) / Math.max(1, seeds.length)));
  const columns = Math.max(1, Math.ceil(width / cell));
  const rows = Math.max(1, Math.ceil(height / cell));
  const bucketOf = (p: Point) =>
    clamp(Math.floor(p[1] / cell), rows) * columns + clamp(Math.floor(p[0] / cell), columns);
  const start = new Int32Array(columns * rows + 1);
  for (const p of seeds) start[bucketOf(p) + 1]++;
  for (let b = 0; b < columns * rows; b++) start[b + 1] += start[b];
  const fill = start.slice(0, columns * rows);
  const order = new Int32Array(seeds.length);
  seeds.forEach((p, i) => (order[fill[bucketOf(p)]++] = i));
  return { seeds, cell, columns, rows, start, order };
}

/** The index of the seed nearest to (x, y) (the lowest index among equally near ones); -1 for a grid without seeds. */
export function nearestSeed(grid: SeedGrid, x: number, y: number): number {
  const { seeds, cell, columns, rows, start, order } = grid;
  const cx = clamp(Math.floor(x / cell), columns);
  const cy = clamp(Math.floor(y / cell), rows);
  let best = -1;
  let bestD = Infinity;
  const maxRing = Math.max(columns, rows);
  for (let ring = 0; ring <= maxRing; ring++) {
    for (let gy = cy - ring; gy <= cy + ring; gy++) {
      if (gy < 0 || gy >= rows) continue;
      const edgeRow = gy === cy - ring || gy === cy + ring;
      for (let gx = cx - ring; gx <= cx + ring; gx += edgeRow ? 1 : 2 * ring || 1) {
        if (gx < 0 || gx >= columns) continue;
        const b = gy * columns + gx;
        for (let k = start[b]; k < start[b + 1]; k++) {
          const i = order[k];
          const d = (seeds[i][0] - x) ** 2 + (seeds[i][1] - y) ** 2;
          if (d < bestD || (d === bestD && i < best)) {
            bestD = d;
            best = i;
          }
        }
      }
    }
    // Every seed beyond this ring is at least `ring` whole buckets away from the point.
    if (best >= 0 && Math.sqrt(bestD) <= ring * cell) break;
  }
  return best;
}

const clamp = (v: number, n: number) => (v < 0 ? 0 : v >= n ? n - 1 : v);
