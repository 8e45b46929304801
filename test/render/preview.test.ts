/**
 * The results post in Discord's preview (issue 20 §4): Discord shows a posted map inline about 550 px wide, so the
 * order layer is drawn larger than the base map (ORDER_LAYER, UNIT_SCALE in styles.ts). Checked on every gallery
 * picture (Classic, Warring States, Mandate of Heaven, 21-power Warhammer), by the scene's sizes relative to the
 * picture's width, at the default 1600 px and at another width, and by what the enlarged layer must not cover.
 */
import { describe, expect, it } from 'vitest';
import { buildScene, type Scene } from '../../src/render/index.js';
import { headBox } from '../../src/render/build-scene.js';
import { galleryImages } from '../../src/render/gallery.js';
import { overlaps, rectAround } from '../../src/render/placement.js';
import { symbolBox } from '../../src/render/symbols.js';

/** Discord's inline preview width. */
const PREVIEW = 550;

const gallery = galleryImages();
const scenes = (width?: number) =>
  gallery.map((g) => {
    const r = buildScene(g.variant, g.position, { ...g.opts, ...(width ? { width } : {}) });
    if (!r.ok) throw new Error(r.error);
    return { file: g.file, scene: r.scene };
  });

const variantOf = (file: string) => gallery.find((g) => g.file === file)!.variant;

/** What a length in the picture measures at the preview's width. */
const atPreview = (scene: Scene, px: number) => (px * PREVIEW) / scene.width;

describe("the order layer at Discord's preview size", () => {
  for (const width of [1600, 1100]) {
    it(`units, arrows, heads, symbols and marks are large enough to read at ${PREVIEW} px (pictures ${width} px wide)`, () => {
      let arrows = 0;
      for (const { file, scene } of scenes(width)) {
        for (const u of scene.units)
          expect(atPreview(scene, u.size * 2), `${file} unit ${u.location}`).toBeGreaterThanOrEqual(8);
        for (const o of scene.orders) {
          if (!o.head) continue;
          const option = o.kind === 'retreat-option';
          arrows++;
          // A move's shaft with its outline at least 2.5 px, its head at least 7 px wide (a retreat option stays thin).
          expect(atPreview(scene, o.head.shaft), `${file} ${o.order} shaft`).toBeGreaterThanOrEqual(option ? 0.8 : 2.5);
          expect(atPreview(scene, o.head.width), `${file} ${o.order} head`).toBeGreaterThanOrEqual(option ? 2 : 7);
        }
        for (const s of scene.symbols)
          expect(atPreview(scene, s.radius * 2), `${file} ${s.kind} symbol`).toBeGreaterThanOrEqual(7);
        for (const o of scene.overlays)
          expect(atPreview(scene, o.radius * 2), `${file} ${o.province} mark`).toBeGreaterThanOrEqual(7);
        // Labels at their variant's size (the base 14 px at 1600 px, larger where the names leave room): Classic's
        // codes and Warring States' names read at the preview, 6.9 and 6.2 px high there (4.8 px before).
        const size = variantOf(file).data.geometry?.labelSize ?? 14;
        for (const l of scene.labels) expect(l.size / (scene.width / 1600)).toBeCloseTo(size, 5);
        if (['classic', 'warring-states'].includes(variantOf(file).id))
          for (const l of scene.labels)
            expect(atPreview(scene, l.size), `${file} ${l.province}`).toBeGreaterThanOrEqual(6);
      }
      expect(arrows).toBeGreaterThan(40);
    });
  }

  it('the enlarged layer covers no label: units, symbols and marks never; arrowheads only where a label had no other room', () => {
    for (const { file, scene } of scenes()) {
      const labels = scene.labels.map((l) => ({ text: l.text, box: l.box }));
      for (const u of scene.units) {
        const box =
          u.type === 'F' ? rectAround(u.at, u.size * 2.4, u.size * 1.4) : rectAround(u.at, u.size * 2, u.size * 2);
        for (const l of labels)
          expect(overlaps(box, l.box), `${file}: unit ${u.location} on label ${l.text}`).toBe(false);
      }
      for (const s of scene.symbols.filter((x) => x.kind !== 'dislodged' && x.kind !== 'virtual')) {
        for (const l of labels)
          expect(overlaps(symbolBox(s), l.box), `${file}: ${s.kind} symbol on label ${l.text}`).toBe(false);
      }
      for (const o of scene.overlays) {
        for (const l of labels)
          expect(
            overlaps(rectAround(o.at, o.radius * 2, o.radius * 2), l.box),
            `${file}: mark on label ${l.text}`,
          ).toBe(false);
      }
      const covered = scene.orders.flatMap((o) =>
        [o.head, o.restHead].flatMap((h) =>
          h ? labels.filter((l) => overlaps(headBox(h), l.box)).map((l) => `${o.order} on ${l.text}`) : [],
        ),
      );
      expect(covered, file).toEqual([]);
    }
  });
});
