/**
 * The indexed PNG encoder (issue 10 §6): flat colours kept exactly, blends mapped to their nearest palette
 * entry, at most 256 colours, a valid palette PNG that decodes to the same picture, under 250 KiB at full size.
 */
import { loadImage, createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { compressPngSync, quantize } from '../../src/render/png.js';
import { renderMap } from '../../src/render/index.js';
import { galleryImages } from '../../src/render/gallery.js';

function weighted(a: number[], b: number[]): number {
  return 2 * (a[0] - b[0]) ** 2 + 4 * (a[1] - b[1]) ** 2 + 3 * (a[2] - b[2]) ** 2;
}

/** A test image: three flat areas and a band of many blends between two of them. */
function testImage(width: number, height: number): Uint8Array {
  const px = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const t = x / (width - 1);
      const c = y < height / 3 ? [170, 211, 223] : y < (2 * height) / 3 ? [197, 51, 40] : [Math.round(30 + 200 * t), Math.round(41 + 150 * t), Math.round(127 - 100 * t)];
      px.set([...c, 255], i);
    }
  }
  return px;
}

describe('quantize', () => {
  const [w, h] = [400, 90];
  const px = testImage(w, h);
  const img = quantize(px, w, h);
  const entry = (k: number) => [img.palette[k * 3], img.palette[k * 3 + 1], img.palette[k * 3 + 2]];

  it('keeps flat colours exactly and maps every pixel to its nearest palette entry', () => {
    expect(img.palette.length / 3).toBeLessThanOrEqual(256);
    for (const [x, y] of [[5, 5], [200, 45]]) {
      const k = img.rows[y * (w + 1) + 1 + x];
      expect(entry(k)).toEqual([...px.subarray((y * w + x) * 4, (y * w + x) * 4 + 3)]);
    }
    for (let y = 0; y < h; y += 7) {
      for (let x = 0; x < w; x += 3) {
        const c = [...px.subarray((y * w + x) * 4, (y * w + x) * 4 + 3)];
        const k = img.rows[y * (w + 1) + 1 + x];
        const brute = Math.min(...Array.from({ length: img.palette.length / 3 }, (_, p) => weighted(c, entry(p))));
        expect(weighted(c, entry(k))).toBe(brute);
      }
    }
  });

  it('writes a palette PNG (colour type 3) that decodes to the quantised picture', async () => {
    const png = compressPngSync(img);
    expect(png[25]).toBe(3);
    const decoded = await loadImage(png);
    const canvas = createCanvas(w, h);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(decoded, 0, 0);
    const out = ctx.getImageData(0, 0, w, h).data;
    for (let y = 0; y < h; y += 11) {
      for (let x = 0; x < w; x += 13) {
        const k = img.rows[y * (w + 1) + 1 + x];
        expect([out[(y * w + x) * 4], out[(y * w + x) * 4 + 1], out[(y * w + x) * 4 + 2]]).toEqual(entry(k));
      }
    }
  });
});

describe('map PNGs', () => {
  it('every gallery image is a palette PNG under 250 KiB at full size (1600 px)', async () => {
    for (const g of galleryImages()) {
      const map = await renderMap(g.variant, g.position, g.opts);
      expect(map.width, g.file).toBe(1600);
      expect(map.png[25], g.file).toBe(3);
      expect(map.png.length / 1024, g.file).toBeLessThan(250);
    }
  });
});
