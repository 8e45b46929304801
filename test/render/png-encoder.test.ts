/**
 * The indexed PNG encoder (issue 10 §6): flat colours kept exactly, blends mapped to their nearest palette
 * entry, at most 256 colours, a valid palette PNG that decodes to the same picture, under 250 KiB at full size.
 */
import { loadImage, createCanvas } from '@napi-rs/canvas';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressPngSync, fewerColours, quantize, type IndexedImage } from '../../src/render/png.js';
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
      const c =
        y < height / 3
          ? [170, 211, 223]
          : y < (2 * height) / 3
            ? [197, 51, 40]
            : [Math.round(30 + 200 * t), Math.round(41 + 150 * t), Math.round(127 - 100 * t)];
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
    for (const [x, y] of [
      [5, 5],
      [200, 45],
    ]) {
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

describe('a picture too large at level 9', () => {
  /** Flat areas in four colours on the left two fifths, noise in 252 blends on the rest (more bytes than a map has). */
  function noisy(width: number, height: number): IndexedImage {
    const palette = Buffer.alloc(256 * 3);
    for (let k = 0; k < 256; k++)
      palette.set(
        k < 4
          ? [
              [170, 211, 223],
              [239, 230, 207],
              [197, 51, 40],
              [43, 38, 32],
            ][k]!
          : [k, 255 - k, (k * 7) % 256],
        k * 3,
      );
    const rows = Buffer.alloc((width + 1) * height);
    let seed = 7;
    const next = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        rows[y * (width + 1) + 1 + x] = x < (width * 2) / 5 ? (y * 4) / height : 4 + Math.floor(next() * 252);
    return { rows, palette, width, height };
  }

  it('keeps the most frequent colours exactly and maps each other to its nearest kept one', () => {
    const img = noisy(200, 100);
    const fewer = fewerColours(img, 64);
    expect(fewer.palette.length / 3).toBe(64);
    const colour = (im: IndexedImage, k: number) => [...im.palette.subarray(k * 3, k * 3 + 3)];
    for (let y = 0; y < 100; y += 3) {
      for (let x = 0; x < 200; x += 7) {
        const i = y * 201 + 1 + x;
        const was = colour(img, img.rows[i]!);
        const now = colour(fewer, fewer.rows[i]!);
        if (x < 80) expect(now, `flat ${x},${y}`).toEqual(was); // the flat areas are the most frequent colours
        const nearest = Math.min(...Array.from({ length: 64 }, (_, k) => weighted(was, colour(fewer, k))));
        expect(weighted(was, now)).toBe(nearest);
      }
    }
    expect(fewerColours(fewer, 128)).toBe(fewer); // no more than it has
  });

  it('is encoded with fewer colours until it fits under 250 KiB', async () => {
    const img = noisy(1000, 500); // 300 000 noisy pixels of nearly 8 bits: more than 250 KiB at any level
    expect(deflateSync(img.rows, { level: 9 }).length).toBeGreaterThan(250 * 1024);
    const png = compressPngSync(img);
    expect(png.length).toBeLessThan(250 * 1024);
    const plte = png.readUInt32BE(33); // IHDR is 8 + 25 bytes; then the palette's length
    expect(plte / 3).toBeLessThan(256);
    expect(png[25]).toBe(3);
    const decoded = await loadImage(png);
    expect([decoded.width, decoded.height]).toEqual([1000, 500]);
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
