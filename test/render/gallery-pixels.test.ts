/**
 * The gallery's maps are drawn as committed: every picture of `galleryImages()` (src/render/gallery.ts) is rendered
 * with `renderMap`, as `npm run -s gallery` renders it, and its pixels are compared with the PNG in docs/img, both
 * decoded to RGBA. Any change to what a map looks like fails here, naming the picture, how many pixels differ and
 * where the first one is. After an intended change to the maps, `npm run -s gallery` regenerates docs/img; this test
 * then compares against the new pictures (commit them with the change, after looking at them).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { galleryImages } from '../../src/render/gallery.js';
import { renderMap, stopRenderWorker } from '../../src/render/index.js';

const IMG = join(import.meta.dirname, '..', '..', 'docs', 'img');

afterAll(() => stopRenderWorker());

/** A PNG's pixels, RGBA, row by row. */
async function rgbaOf(png: Buffer): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  const img = await loadImage(png);
  const ctx = createCanvas(img.width, img.height).getContext('2d');
  ctx.drawImage(img, 0, 0);
  return { width: img.width, height: img.height, data: ctx.getImageData(0, 0, img.width, img.height).data };
}

/** How many pixels differ between two RGBA pictures of one size, and where the first one is (with both colours). */
function pixelDiff(width: number, a: Uint8ClampedArray, b: Uint8ClampedArray): { count: number; first: string } {
  let count = 0;
  let first = '';
  for (let i = 0; i < a.length; i += 4) {
    if (a[i] === b[i] && a[i + 1] === b[i + 1] && a[i + 2] === b[i + 2] && a[i + 3] === b[i + 3]) continue;
    if (count === 0) {
      const p = i / 4;
      const rgba = (d: Uint8ClampedArray) => `rgba(${[...d.subarray(i, i + 4)].join(', ')})`;
      first = `(${p % width}, ${Math.floor(p / width)}): drawn ${rgba(a)}, committed ${rgba(b)}`;
    }
    count++;
  }
  return { count, first };
}

describe('the gallery pictures in docs/img', { timeout: 120_000 }, () => {
  for (const img of galleryImages()) {
    it(`${img.file} is drawn pixel for pixel as committed`, async () => {
      const drawn = await rgbaOf((await renderMap(img.variant, img.position, img.opts)).png);
      const committed = await rgbaOf(readFileSync(join(IMG, img.file)));
      const where = `docs/img/${img.file}`;
      expect(
        [drawn.width, drawn.height],
        `${where}: drawn ${drawn.width}×${drawn.height}, committed ${committed.width}×${committed.height}`,
      ).toEqual([committed.width, committed.height]);
      const diff = pixelDiff(drawn.width, drawn.data, committed.data);
      expect(
        diff.count,
        `${where}: ${diff.count} of ${drawn.width * drawn.height} pixels differ from the committed picture, the first at ${diff.first} (after an intended change: npm run -s gallery)`,
      ).toBe(0);
    });
  }
});
