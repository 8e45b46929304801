/**
 * The results post in Discord's preview: Discord shows a posted map inline about 550 px wide, so the
 * order layer is drawn larger than the base map (ORDER_LAYER, UNIT_SCALE in styles.ts). Checked on every gallery
 * picture (Classic, Warring States, Mandate of Heaven, 21-power Warhammer), by the scene's sizes relative to the
 * picture's width, at the default 1600 px and at another width, and by what the enlarged layer must not cover.
 */
import { describe, expect, it } from 'vitest';
import type { Scene } from '../../src/render/index.js';
import { headBox } from '../../src/render/build-scene.js';
import { galleryImages } from '../../src/render/gallery.js';
import { overlaps, rectAround } from '../../src/render/placement.js';
import { symbolBox } from '../../src/render/symbols.js';
import { createCanvas } from '@napi-rs/canvas';
import type { Point } from '../../src/render/geometry.js';
import { markFit } from '../../src/render/draw-marks.js';
import { ensureFonts } from '../../src/render/fonts.js';
import { galleryScenes, playedScenesOnce } from './shared-scenes.js';
import { besideLabelsByForeignUnits } from './scene-checks.js';

/** Discord's inline preview width. */
const PREVIEW = 550;

const gallery = galleryImages();
const scenes = galleryScenes;

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
        const geometry = variantOf(file).data.geometry;
        const sizes = [geometry?.labelSize ?? 14, geometry?.labelMinSize ?? geometry?.labelSize ?? 14];
        for (const l of scene.labels)
          expect(sizes.some((size) => Math.abs(l.size / (scene.width / 1600) - size) < 1e-5)).toBe(true);
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

describe('the busiest maps at the preview: Mandate of Heaven (17 powers) and Warhammer (21)', () => {
  ensureFonts();
  const ctx = createCanvas(10, 10).getContext('2d');
  /** The gallery's and the computer-played games' pictures of the variants of more than 8 powers. */
  async function busiest(): Promise<{ name: string; scene: Scene }[]> {
    const out = scenes()
      .filter(({ file }) => variantOf(file).powers.length > 8)
      .map(({ file, scene }) => ({ name: file, scene }));
    for (const { name, scene } of await playedScenesOnce(['mandate-of-heaven', 'warhammer'])) out.push({ name, scene });
    return out;
  }

  it('names as large as their province leaves room for: 6.2 px at the preview where they fit, never under 4.8 px', async () => {
    for (const { name, scene } of await busiest()) {
      const large = scene.labels.filter((l) => atPreview(scene, l.size) >= 6.1).length / scene.labels.length;
      // Mandate of Heaven's roomy provinces show most names large; Warhammer's 120 crowd, the seas and the large lands.
      expect(large, name).toBeGreaterThanOrEqual(name.startsWith('mandate') ? 0.6 : 0.18);
      for (const l of scene.labels) expect(atPreview(scene, l.size), `${name} ${l.text}`).toBeGreaterThanOrEqual(4.8);
    }
  });

  it("every unit's power mark is at least 5.8 px high at the preview (4–5 px before)", async () => {
    for (const { name, scene } of await busiest())
      for (const u of scene.units) {
        if (!u.mark) continue;
        const { size } = markFit(ctx as never, u.mark, u.type, u.size);
        expect(atPreview(scene, size), `${name} ${u.location} ${u.mark}`).toBeGreaterThanOrEqual(5.8);
      }
  });

  it('a compact legend at 28 px: Mandate of Heaven’s at most 18 % of the picture, Warhammer’s at most 28 %', async () => {
    // At 15 px Mandate of Heaven's took at most 12 % (15–23 % before the compact legend); the map keeps its size.
    for (const { name, scene } of await busiest())
      expect(scene.legend.box.h / scene.height, name).toBeLessThanOrEqual(name.startsWith('warhammer') ? 0.28 : 0.18);
  });

  it('the legend, which tells the powers’ marks apart, reads at 9 px at the preview, above the labels', async () => {
    for (const { name, scene } of await busiest()) {
      // Every entry's name at the legend's size, every key's at 0.94 of it (test/render/legend-size.test.ts: every map).
      expect(atPreview(scene, scene.legend.size * 0.94), name).toBeGreaterThanOrEqual(9);
      expect(scene.legend.size, name).toBeGreaterThan(Math.max(...scene.labels.map((l) => l.size)));
    }
  });
});

describe('names read as their own province', () => {
  it('no name beside its province stands within 18 px of another province’s unit (gallery and played games)', async () => {
    const found: string[] = [];
    for (const { file, scene } of scenes())
      found.push(...besideLabelsByForeignUnits(scene, 18 * (scene.width / 1600)).map((x) => `${file}: ${x}`));
    for (const { name, scene } of await playedScenesOnce())
      found.push(...besideLabelsByForeignUnits(scene, 18 * (scene.width / 1600)).map((x) => `${name}: ${x}`));
    expect(found).toEqual([]);
  });

  it('a move through several spaces runs under no name, and across no leader (Warring States’ rapid river move)', () => {
    let paths = 0;
    for (const { file, scene } of scenes()) {
      for (const o of scene.orders.filter((x) => x.kind === 'path')) {
        paths++;
        const line = [...o.path, ...(o.rest ?? [])];
        for (const l of scene.labels) {
          const under = line.some(
            (p) => p[0] > l.box.x && p[0] < l.box.x + l.box.w && p[1] > l.box.y && p[1] < l.box.y + l.box.h,
          );
          expect(under, `${file}: ${o.order} under ${l.text}`).toBe(false);
          if (!l.leader) continue;
          const [a, b] = l.leader;
          const crosses = line.some((q, i) => i > 0 && segmentsCross(a, b, line[i - 1]!, q));
          expect(crosses, `${file}: ${o.order} across the leader of ${l.text}`).toBe(false);
        }
      }
    }
    expect(paths).toBeGreaterThan(2);
  });
});

/** Do the segments a–b and c–d cross? */
function segmentsCross(a: Point, b: Point, c: Point, d: Point): boolean {
  const side = (p: Point, q: Point, r: Point) =>
    Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
  return side(a, b, c) * side(a, b, d) < 0 && side(c, d, a) * side(c, d, b) < 0;
}
