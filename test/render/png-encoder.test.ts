/**
 * The indexed PNG encoder: flat colours kept exactly, blends mapped to their nearest palette
 * entry, at most 256 colours, a valid palette PNG that decodes to the same picture, under its byte budget at full
 * size. The painter's flat colours (every power's units, tints and legend swatch, the symbols') stay exact on busy
 * realistic maps too, over the budget as well: fewer antialiased shades, never another power's colour.
 */
import { loadImage, createCanvas } from '@napi-rs/canvas';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressPngSync, fewerColours, pngRows, quantize, type IndexedImage } from '../../src/render/png.js';
import { renderMap } from '../../src/render/index.js';
import { galleryImages } from '../../src/render/gallery.js';
import { drawScene, flatColours } from '../../src/render/draw.js';
import { ensureFonts } from '../../src/render/fonts.js';
import { mapBudget } from '../../src/render/raster.js';
import type { Scene } from '../../src/render/scene.js';
import { renderOptionsOf } from '../../src/cli/commands/render.js';
import { playedCases, playedScene } from './played.js';
import { galleryScenes } from './shared-scenes.js';

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

  it('keeps its exact colours, however rare, and drops blends first', () => {
    const img = { ...noisy(200, 100), exact: 4 };
    // The rarest exact colour: one pixel of it only.
    img.rows[1] = 3;
    const fewer = fewerColours(img, 8);
    expect(fewer.exact).toBe(4);
    expect([...fewer.palette.subarray(0, 12)]).toEqual([...img.palette.subarray(0, 12)]);
    expect(fewer.rows[1]).toBe(3);
    expect(fewerColours(img, 2).palette.length / 3).toBe(4); // never fewer than the exact ones
  });
});

describe('quantize with exact colours', () => {
  it('admits each exact colour first and as it is, even one pixel of it beside a frequent near blend', () => {
    const [w, h] = [300, 60];
    const px = testImage(w, h);
    // One pixel of a colour 2 levels off the frequent red: merged into the red without `exact`.
    px.set([199, 52, 41, 255], 0);
    const plain = quantize(px, w, h);
    const entryOf = (img: IndexedImage, i: number) => [...img.palette.subarray(img.rows[i]! * 3, img.rows[i]! * 3 + 3)];
    expect(entryOf(plain, 1)).not.toEqual([199, 52, 41]);
    const kept = quantize(px, w, h, { exact: [0xc73429, 0x123456] }); // the second is not in the picture
    expect(kept.exact).toBe(1);
    expect(entryOf(kept, 1)).toEqual([199, 52, 41]);
    expect([...kept.palette.subarray(0, 3)]).toEqual([199, 52, 41]);
  });
});

/** The colour (RGB) of a decoded PNG at an output pixel. */
async function decoded(png: Buffer): Promise<(x: number, y: number) => number[]> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const data = ctx.getImageData(0, 0, image.width, image.height).data;
  return (x, y) => {
    const i = (Math.round(y) * image.width + Math.round(x)) * 4;
    return [data[i]!, data[i + 1]!, data[i + 2]!];
  };
}

const hexRgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));

/** The colour (RGB) of a scene as the painter draws it, before any encoding, at an output pixel. */
function painted(scene: Scene): (x: number, y: number) => number[] {
  const canvas = createCanvas(scene.width, scene.height);
  drawScene(canvas.getContext('2d'), scene);
  const data = canvas.getContext('2d').getImageData(0, 0, scene.width, scene.height).data;
  return (x, y) => {
    const i = (Math.round(y) * scene.width + Math.round(x)) * 4;
    return [data[i]!, data[i + 1]!, data[i + 2]!];
  };
}

/**
 * Pixels that show each power's flat colour: every pixel the painter filled with it inside each unit's shape (round
 * its power's mark: an army's disc, a fleet's hull; at least 20 of them) and a legend swatch's corner.
 */
function flatSpots(
  scene: Scene,
  raw: (x: number, y: number) => number[],
): { what: string; at: [number, number]; rgb: number[] }[] {
  const out: { what: string; at: [number, number]; rgb: number[] }[] = [];
  const u = scene.width / 1600;
  for (const x of scene.units) {
    if ((x.state ?? 'normal') !== 'normal' || x.neutral) continue;
    const covered = scene.units.some((o) => o !== x && Math.hypot(o.at[0] - x.at[0], o.at[1] - x.at[1]) < o.size * 2.6);
    const symbol = scene.symbols.some((s) => Math.hypot(s.at[0] - x.at[0], s.at[1] - x.at[1]) < s.radius + x.size);
    if (covered || symbol) continue;
    const rgb = hexRgb(x.fill);
    const spots: [number, number][] = [];
    for (let dy = -x.size; dy <= x.size; dy++)
      for (let dx = -x.size * 1.2; dx <= x.size * 1.2; dx++) {
        const at: [number, number] = [Math.round(x.at[0] + dx), Math.round(x.at[1] + dy)];
        if (raw(...at).join() === rgb.join()) spots.push(at);
      }
    expect(spots.length, `unit ${x.location} painted in its colour`).toBeGreaterThanOrEqual(20);
    for (const at of spots) out.push({ what: `unit ${x.location} of ${x.power}`, at, rgb });
  }
  for (const e of scene.legend.entries) {
    if (e.neutral) continue;
    const s = scene.legend.size * (e.mark ? 1.45 : 1.1);
    out.push({
      what: `legend swatch of ${e.power}`,
      at: [e.at[0] + 3 * u, e.at[1] - s / 2 + 3 * u],
      rgb: hexRgb(e.color),
    });
  }
  return out;
}

/** Each spot the PNG shows in another colour, once per unit or swatch. */
const wrongIn = (spots: ReturnType<typeof flatSpots>, at: (x: number, y: number) => number[]) => [
  ...new Set(
    spots
      .filter((s) => at(...s.at).join() !== s.rgb.join())
      .map((s) => `${s.what}: ${at(...s.at).join()} for ${s.rgb.join()}`),
  ),
];

describe('every flat colour stays exact on busy played maps', () => {
  ensureFonts();
  const busy = playedCases('warhammer').filter((c) => c.id.endsWith('2502-movement'));

  it('in the PNG of a second-year 21-power phase, its orders map and its board: every unit and swatch', async () => {
    for (const c of busy) {
      for (const picture of ['orders', 'board'] as const) {
        const { scene, drawn } = await playedScene(c, picture);
        const map = await renderMap(
          drawn.variant,
          drawn.position,
          renderOptionsOf(picture === 'orders' ? drawn : { ...drawn, orders: [] }),
        );
        expect(map.png.length, `${c.id} ${picture}`).toBeLessThan(mapBudget(scene));
        const at = await decoded(map.png);
        const spots = flatSpots(scene, painted(scene));
        expect(new Set(spots.map((s) => s.what)).size).toBeGreaterThan(40);
        expect(wrongIn(spots, at), `${c.id} ${picture}`).toEqual([]);
      }
    }
  });

  it('squeezed far under its budget, with fewer shades: still every exact colour', async () => {
    const { scene } = await playedScene(busy[busy.length - 1]!, 'orders');
    const canvas = createCanvas(scene.width, scene.height);
    const ctx = canvas.getContext('2d');
    drawScene(ctx, scene);
    const image = pngRows(ctx, scene.width, scene.height, flatColours(scene));
    // 260 KiB of its 400: the larger legend (docs/render.md "Legibility") made the picture a fifth taller (240 before).
    const png = compressPngSync(image, 260 * 1024);
    expect(png.length).toBeLessThan(260 * 1024);
    const at = await decoded(png);
    const raw = ctx.getImageData(0, 0, scene.width, scene.height).data;
    const spots = flatSpots(scene, (x, y) => [
      ...raw.subarray((y * scene.width + x) * 4, (y * scene.width + x) * 4 + 3),
    ]);
    expect(wrongIn(spots, at)).toEqual([]);
    // The palette holds every flat colour the painter names that the picture has.
    const palette = new Set<number>();
    const plte = png.subarray(41, 41 + png.readUInt32BE(33));
    for (let k = 0; k < plte.length; k += 3) palette.add((plte[k]! << 16) | (plte[k + 1]! << 8) | plte[k + 2]!);
    for (const x of scene.units) expect(palette.has(Number.parseInt(x.fill.slice(1), 16)), x.fill).toBe(true);
  });
});

describe('map PNGs', () => {
  it('every gallery image is a palette PNG under its budget at full size (1600 px): 250 KiB, 400 KiB over 8 powers', async () => {
    const scenes = galleryScenes();
    for (const [i, g] of galleryImages().entries()) {
      const map = await renderMap(g.variant, g.position, g.opts);
      const { file, scene } = scenes[i]!;
      expect(file).toBe(g.file);
      expect(mapBudget(scene), g.file).toBe(g.variant.powers.length > 8 ? 400 * 1024 : 250 * 1024);
      expect(map.width, g.file).toBe(1600);
      expect(map.png[25], g.file).toBe(3);
      expect(map.png.length, g.file).toBeLessThan(mapBudget(scene));
    }
  });
});
