/**
 * Head-to-head moves (two armies moving into each other's province) are drawn as two clearly separate arrows, each
 * from its unit to its target, whatever the border between them (docs/render.md "The order layer"): on every pair of
 * adjacent land provinces of each bundled variant, the two shafts keep at least 1.5 shaft widths of clear space.
 */
import { describe, expect, it } from 'vitest';
import { buildScene, type OrderMark, type Scene } from '../../src/render/index.js';
import { getVariant } from '../../src/variants/index.js';
import { headToHeadScenes, shaftGap } from './head-to-head.js';

describe('head-to-head moves on every pair of adjacent land provinces', () => {
  for (const id of ['classic', 'warring-states', 'mandate-of-heaven', 'warhammer']) {
    it(`${id}: two separate arrows, 1.5 shaft widths apart, each from its unit to its target`, () => {
      const variant = getVariant(id)!;
      let pairs = 0;
      let worst = { gap: Infinity, pair: '' };
      for (const { position, orders, pairs: round } of headToHeadScenes(variant)) {
        const r = buildScene(variant, position, { orders });
        if (!r.ok) throw new Error(r.error);
        const scene: Scene = r.scene;
        for (const [a, b] of round) {
          const there = scene.orders.find((o) => o.unit === a)!;
          const back = scene.orders.find((o) => o.unit === b)!;
          expect(there.head && back.head, `${a}–${b} both drawn`).toBeTruthy();
          pairs++;
          const gap = shaftGap(there, back) / there.head!.shaft;
          if (gap < worst.gap) worst = { gap, pair: `${a}–${b}` };
          for (const [o, from, to] of [
            [there, a, b],
            [back, b, a],
          ] as [OrderMark, string, string][]) {
            // It starts at its unit's edge and its tip ends at its target's (within 1.6 unit sizes of each spot).
            const [unit, target] = [spotOf(scene, from), spotOf(scene, to)];
            expect(dist(o.path[0]!, unit), `${from}→${to} starts at its unit`).toBeLessThan(o.size * 1.6);
            expect(dist(o.head!.tip, target), `${from}→${to} ends at its target`).toBeLessThan(o.size * 1.6);
          }
        }
      }
      expect(pairs).toBeGreaterThan(40);
      // Clear space between the two shafts, in shaft widths (about 0.5 before: their centres one unit size apart).
      expect(worst.gap, worst.pair).toBeGreaterThanOrEqual(1.5);
    });
  }
});

const dist = (p: readonly number[], q: readonly number[]) => Math.hypot(p[0]! - q[0]!, p[1]! - q[1]!);
const spotOf = (scene: Scene, location: string) => scene.units.find((u) => u.location === location)!.at;
