/**
 * The map's click targets (src/web/page/targets.ts): 40 CSS px across where there is room, and two provinces' rings
 * never touching, so close targets (Belgium, Picardy, Paris on a desktop's whole map) are told apart.
 */
import { describe, expect, it } from 'vitest';
import { anchorsOf } from '../../../src/render/anchors.js';
import { buildScene } from '../../../src/render/build-scene.js';
import { geometryOf } from '../../../src/render/geometry.js';
import { getVariant } from '../../../src/variants/index.js';
import { edgeRoom, RING_GAP_CSS, TAP_CSS_RADIUS, targetRadius } from '../../../src/web/page/targets.js';

describe('targetRadius', () => {
  it('is 20 CSS px where the provinces leave room', () => {
    expect(targetRadius(100, 1)).toBe(20);
    expect(targetRadius(100, 0.5) * 0.5).toBe(20);
    expect(targetRadius(Number.POSITIVE_INFINITY, 2) * 2).toBe(20);
  });

  it('keeps a clear gap between two neighbours at every zoom, the whole map of a desktop included', () => {
    // Spots 18–60 scene units apart at a desktop's whole-map zoom (~0.55) and a phone's (1.0–2.5): the rings' edges
    // stay 2 × RING_GAP_CSS CSS px apart (a ring as large as half the distance would touch its neighbour's).
    for (const zoom of [0.45, 0.55, 1, 1.6, 2.5])
      for (let d = 18; d <= 60; d += 1) {
        const gap = (d - 2 * targetRadius(d, zoom)) * zoom;
        expect(gap).toBeGreaterThanOrEqual(Math.min(2 * RING_GAP_CSS, (d * zoom) / 2) - 1e-9);
        expect(targetRadius(d, zoom) * zoom).toBeLessThanOrEqual(20);
      }
  });

  it('still draws a ring where spots are closer than the gap (a map zoomed far out)', () => {
    expect(targetRadius(10, 0.5)).toBe(2.5);
  });
});

describe('a ring inside its own province', () => {
  it('shrinks to stay inside its province, never under the least tappable size', () => {
    // Brest's spot on the whole Classic map at a phone's zoom: 24 units from its edge.
    const zoom = 0.9;
    expect(targetRadius(100, zoom, 24) * zoom).toBeLessThanOrEqual(24 * zoom - 3 + 1e-9);
    // A spot a few units from its edge keeps a ring 24 CSS px across, unless a neighbour is closer.
    expect(targetRadius(100, 1, 5)).toBe(TAP_CSS_RADIUS);
    expect(targetRadius(20, 1, 5)).toBeLessThan(TAP_CSS_RADIUS);
  });

  it("keeps every variant's home centre's ring (a free centre to build in) inside its province", () => {
    for (const id of ['classic', 'warring-states', 'mandate-of-heaven', 'warhammer']) {
      const variant = getVariant(id)!;
      const built = buildScene(variant, variant.startingPosition(), {});
      if (!built.ok) throw new Error(built.error);
      const { scene } = built;
      const geometry = geometryOf(variant.data);
      if (!geometry.ok) throw new Error(geometry.error);
      const anchors = anchorsOf(variant, geometry.geometry);
      const outside: string[] = [];
      for (const p of variant.data.provinces.filter((q) => q.home)) {
        const a = anchors.get(p.id)!;
        const at: [number, number] = [scene.frame.x + a[0] * scene.scale, scene.frame.y + a[1] * scene.scale];
        const region = scene.regions.find((r) => r.id === p.id)!;
        const room = edgeRoom(at, region.polygons);
        // A phone's zooms and a desktop's whole map; the ring 24 CSS px across at least where its province is narrower.
        for (const zoom of [0.45, 0.9, 1.6, 2.5]) {
          const r = targetRadius(Number.POSITIVE_INFINITY, zoom, room);
          if (r > room && r * zoom > TAP_CSS_RADIUS + 1e-9) outside.push(`${id} ${p.id} at ${zoom}`);
        }
      }
      expect(outside).toEqual([]);
    }
  });
});
