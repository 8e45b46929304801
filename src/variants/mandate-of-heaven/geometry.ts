/**
 * Mandate of Heaven draws on the Warring States base layer (brief §2.1, §2.8): the same seed points and cells,
 * renamed where Mandate of Heaven renames a cell, plus the two new cells Qiang and Choson. Nothing is copied: the
 * geometry is derived from the Warring States data when the variant loads, so a redraw of Warring States moves
 * this map with it.
 *
 * A new seed is stored as an affine combination of the centres of three Warring States cells near it
 * (weights summing to 1), so it follows those cells through any move, scaling or re-projection of the base layer.
 * The frame grows where a new cell lies outside the Warring States frame (Qiang west of it, Choson east of it).
 */
import { z } from 'zod';

type Point = [number, number];

export const baseGeometrySchema = z.object({
  /** The variant whose geometry is the base layer. */
  variant: z.string(),
  /** This map's province id -> the base layer's province id, for every province drawn from a base cell. */
  cells: z.record(z.string(), z.string()),
  /** New cells: seeds as affine combinations of base-cell centres. */
  added: z.record(
    z.string(),
    z.array(z.object({ refs: z.array(z.string()).length(3), weights: z.array(z.number()).length(3) })).min(1),
  ),
});

export type BaseGeometry = z.infer<typeof baseGeometrySchema>;

export interface BaseLayer {
  width: number;
  height: number;
  points: Record<string, Point[]>;
}

/** The mean of a cell's seeds: the reference point new seeds are expressed against. */
export function cellCentre(points: Point[]): Point {
  const x = points.reduce((s, p) => s + p[0], 0) / points.length;
  const y = points.reduce((s, p) => s + p[1], 0) / points.length;
  return [x, y];
}

/** This map's geometry from the base layer: renamed cells, new cells, and a frame grown to hold them. */
export function deriveGeometry(spec: BaseGeometry, base: BaseLayer): { width: number; height: number; points: Record<string, Point[]> } {
  const points: Record<string, Point[]> = {};
  for (const [id, baseId] of Object.entries(spec.cells)) {
    const seeds = base.points[baseId];
    if (!seeds) throw new Error(`base geometry: ${spec.variant} has no cell "${baseId}" (for ${id})`);
    points[id] = seeds.map((p) => [p[0], p[1]]);
  }
  for (const [id, seeds] of Object.entries(spec.added)) {
    points[id] = seeds.map(({ refs, weights }) => {
      let x = 0;
      let y = 0;
      refs.forEach((ref, i) => {
        const seeds = points[ref];
        if (!seeds) throw new Error(`base geometry: new cell ${id} refers to unknown cell "${ref}"`);
        const c = cellCentre(seeds);
        x += c[0] * weights[i]!;
        y += c[1] * weights[i]!;
      });
      return [x, y];
    });
  }
  // The base frame's margin around its seeds, kept around the new seeds too.
  const baseSeeds = Object.values(base.points).flat();
  const margin = Math.max(
    1,
    Math.min(
      Math.min(...baseSeeds.map((p) => p[0])),
      Math.min(...baseSeeds.map((p) => p[1])),
      base.width - Math.max(...baseSeeds.map((p) => p[0])),
      base.height - Math.max(...baseSeeds.map((p) => p[1])),
    ),
  );
  const all = Object.values(points).flat();
  const minX = Math.min(0, Math.min(...all.map((p) => p[0])) - margin);
  const minY = Math.min(0, Math.min(...all.map((p) => p[1])) - margin);
  const maxX = Math.max(base.width, Math.max(...all.map((p) => p[0])) + margin);
  const maxY = Math.max(base.height, Math.max(...all.map((p) => p[1])) + margin);
  const round = (n: number) => Math.round(n * 10) / 10;
  for (const id of Object.keys(points)) points[id] = points[id]!.map(([x, y]) => [round(x - minX), round(y - minY)]);
  return { width: Math.ceil(maxX - minX), height: Math.ceil(maxY - minY), points };
}

/** The weights that express `p` as an affine combination of `a`, `b`, `c` (solved by Cramer's rule). */
export function affineWeights(p: Point, a: Point, b: Point, c: Point): [number, number, number] {
  const det = (b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]);
  if (Math.abs(det) < 1e-9) throw new Error('reference cells are collinear');
  const wb = ((p[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (p[1] - a[1])) / det;
  const wc = ((b[0] - a[0]) * (p[1] - a[1]) - (p[0] - a[0]) * (b[1] - a[1])) / det;
  return [1 - wb - wc, wb, wc];
}
