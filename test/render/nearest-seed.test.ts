/** The seed grid behind `locate` answers exactly what d3-delaunay's `find` answers (the nearest seed). */
import { Delaunay } from 'd3-delaunay';
import { describe, expect, it } from 'vitest';
import { sitesOf } from '../../src/render/geometry.js';
import { nearestSeed, seedGrid } from '../../src/render/nearest-seed.js';
import type { Point } from '../../src/render/geometry-types.js';
import { botVariants } from '../../src/variants/index.js';
import { rng as random } from '../support/random.js';

const dist2 = (p: Point, x: number, y: number) => (p[0] - x) ** 2 + (p[1] - y) ** 2;

describe('nearest seed', () => {
  for (const variant of botVariants()) {
    it(`${variant.id}: the same nearest seed as a Delaunay triangulation, at 5,000 random points and at every seed`, () => {
      const sites = sitesOf(variant.data);
      if (!sites.ok) throw new Error(sites.error);
      const { seeds, width, height } = sites;
      const grid = seedGrid(seeds, width, height);
      const delaunay = Delaunay.from(seeds);
      const next = random(7);
      const points: Point[] = [...seeds, [0, 0], [width, height], [width, 0], [0, height]];
      for (let k = 0; k < 5000; k++) points.push([next() * width, next() * height]);
      for (const [x, y] of points) {
        const ours = nearestSeed(grid, x, y);
        const theirs = delaunay.find(x, y);
        // Equally near seeds may be answered either way; the distance must be the same.
        expect(dist2(seeds[ours]!, x, y), `${x},${y}`).toBe(dist2(seeds[theirs]!, x, y));
      }
    });
  }

  it('a grid of one seed, and of none', () => {
    expect(nearestSeed(seedGrid([[5, 5]], 100, 100), 90, 90)).toBe(0);
    expect(nearestSeed(seedGrid([], 100, 100), 90, 90)).toBe(-1);
  });

  it('equally near seeds: the lowest index', () => {
    expect(
      nearestSeed(
        seedGrid(
          [
            [10, 0],
            [0, 10],
            [0, 0],
          ],
          20,
          20,
        ),
        5,
        5,
      ),
    ).toBe(0);
  });
});
