/**
 * The scene as sent to the render worker: the bulky geometry (territory rings, border segments) packed
 * into Float32Arrays that are transferred, not cloned. Structured-cloning thousands of small [x, y]
 * arrays cost the main thread 6-13 ms per render; packing costs well under 1 ms.
 */
import type { Point } from './geometry.js';
import type { BorderLines, Region, Scene } from './scene.js';

export interface PackedRegion extends Omit<Region, 'polygons'> {
  /** x0, y0, x1, y1 … of every ring, one after the other. */
  flat: Float32Array;
  /** Number of points in each ring. */
  ringLengths: number[];
}

export interface PackedBorders extends Omit<BorderLines, 'segments'> {
  /** x0, y0, x1, y1 per segment. */
  flat: Float32Array;
}

export interface PackedScene extends Omit<Scene, 'regions' | 'borders'> {
  regions: PackedRegion[];
  borders: PackedBorders[];
}

export function packScene(scene: Scene): { packed: PackedScene; transfer: ArrayBuffer[] } {
  const transfer: ArrayBuffer[] = [];
  const regions = scene.regions.map(({ polygons, ...rest }): PackedRegion => {
    const total = polygons.reduce((n, ring) => n + ring.length, 0);
    const flat = new Float32Array(total * 2);
    let k = 0;
    for (const ring of polygons) {
      for (const [x, y] of ring) {
        flat[k++] = x;
        flat[k++] = y;
      }
    }
    transfer.push(flat.buffer);
    return { ...rest, flat, ringLengths: polygons.map((ring) => ring.length) };
  });
  const borders = scene.borders.map(({ segments, ...rest }): PackedBorders => {
    const flat = new Float32Array(segments.length * 4);
    let k = 0;
    for (const [a, b] of segments) {
      flat[k++] = a[0];
      flat[k++] = a[1];
      flat[k++] = b[0];
      flat[k++] = b[1];
    }
    transfer.push(flat.buffer);
    return { ...rest, flat };
  });
  return { packed: { ...scene, regions, borders }, transfer };
}

export function unpackScene(packed: PackedScene): Scene {
  const regions = packed.regions.map(({ flat, ringLengths, ...rest }): Region => {
    let k = 0;
    const polygons = ringLengths.map((n) => {
      const ring: Point[] = [];
      for (let i = 0; i < n; i++, k += 2) ring.push([flat[k], flat[k + 1]]);
      return ring;
    });
    return { ...rest, polygons };
  });
  const borders = packed.borders.map(({ flat, ...rest }): BorderLines => {
    const segments: [Point, Point][] = [];
    for (let k = 0; k < flat.length; k += 4)
      segments.push([
        [flat[k], flat[k + 1]],
        [flat[k + 2], flat[k + 3]],
      ]);
    return { ...rest, segments };
  });
  return { ...packed, regions, borders };
}
