/**
 * The map's click targets (src/web/page/targets.ts): 40 CSS px across where there is room, and two provinces' rings
 * never touching, so close targets (Belgium, Picardy, Paris on a desktop's whole map) are told apart.
 */
import { describe, expect, it } from 'vitest';
import { RING_GAP_CSS, targetRadius } from '../../../src/web/page/targets.js';

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
