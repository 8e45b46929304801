import { describe, expect, it } from 'vitest';
import { BoxIndex, overlaps, placeAll } from '../../src/render/placement.js';
import type { Rect } from '../../src/render/scene.js';

/** A small seeded generator, so a failure names boxes that can be replayed. */
function boxes(seed: number, n: number, spread: number): Rect[] {
  let s = seed >>> 0;
  const next = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  return Array.from({ length: n }, () => ({
    x: next() * spread - 40,
    y: next() * spread - 40,
    w: 1 + next() * 150,
    h: 1 + next() * 40,
  }));
}

describe('BoxIndex', () => {
  it('answers exactly what a scan of every box answers (boxes across bucket edges, negative coordinates, tiny and wide boxes)', () => {
    for (const seed of [1, 2, 3]) {
      const placed = boxes(seed, 300, 1600);
      const index = new BoxIndex(placed);
      for (const probe of boxes(seed + 100, 2000, 1700)) {
        expect(index.hits(probe), JSON.stringify(probe)).toBe(placed.some((b) => overlaps(b, probe)));
      }
    }
  });

  it('boxes that only touch at an edge do not overlap', () => {
    const index = new BoxIndex([{ x: 0, y: 0, w: 64, h: 64 }]);
    expect(index.hits({ x: 64, y: 0, w: 10, h: 10 })).toBe(false);
    expect(index.hits({ x: 63.9, y: 63.9, w: 10, h: 10 })).toBe(true);
  });
});

describe('placeAll', () => {
  const frame = { x: 0, y: 0, w: 1000, h: 1000 };
  const request = (id: string, at: [number, number]) => ({ id, anchor: at, w: 40, h: 20, gap: 10, accept: () => true });

  it('keeps clear of the obstacles and of what it placed before, and adds what it places to an index it is given', () => {
    const index = new BoxIndex([{ x: 480, y: 490, w: 40, h: 20 }]);
    const first = placeAll([request('a', [500, 500]), request('b', [500, 500])], index, true, frame);
    const [a, b] = [first.get('a')!, first.get('b')!];
    expect(overlaps(a, { x: 480, y: 490, w: 40, h: 20 })).toBe(false);
    expect(overlaps(a, b)).toBe(false);
    // A later call with the same index keeps clear of both.
    const later = placeAll([request('c', [500, 500])], index, true, frame).get('c')!;
    expect([a, b].some((box) => overlaps(box, later))).toBe(false);
    // A list of obstacles is copied, never added to.
    const list: Rect[] = [];
    placeAll([request('d', [100, 100])], list, true, frame);
    expect(list).toEqual([]);
  });
});
