/**
 * Scene → PNG bytes: paint with @napi-rs/canvas, read the pixels (this is where Skia actually
 * rasterizes: 25-100 ms), deflate. Used inside the render worker, and on the calling thread when no
 * worker can be started.
 */
import { createCanvas } from '@napi-rs/canvas';
import { drawScene, flatColours } from './draw.js';
import { ensureFonts } from './fonts.js';
import { compressPng, compressPngSync, PNG_BUDGET, pngRows } from './png.js';
import type { Scene } from './scene.js';
import { packScene, unpackScene } from './wire.js';

/**
 * A map's byte budget: 250 KiB (a results post's two maps); a map of more than 8 powers, whose every unit carries its
 * power's mark (Warhammer's 21, Mandate of Heaven's 17), has 400 KiB: a busy second-year 21-power phase deflates to
 * about 300 KiB with its antialiasing whole, and squeezing it under 250 KiB costs 100–150 ms and jagged text
 * (docs/render.md, "PNG encoding").
 */
export function mapBudget(scene: Scene): number {
  return scene.legend.entries.some((e) => e.mark) ? 400 * 1024 : PNG_BUDGET;
}

export function rasterizeSync(scene: Scene): Buffer {
  ensureFonts();
  const canvas = createCanvas(scene.width, scene.height);
  const ctx = canvas.getContext('2d');
  drawScene(ctx, scene);
  return compressPngSync(pngRows(ctx, scene.width, scene.height, flatColours(scene)), mapBudget(scene));
}

/**
 * On the calling thread, in steps separated by event-loop turns; compression on the libuv pool.
 * The scene goes through the worker's wire format first (float32 coordinates), so both paths paint
 * exactly the same pixels.
 */
export async function rasterizeInThread(given: Scene): Promise<Buffer> {
  const scene = unpackScene(packScene(given).packed);
  ensureFonts();
  const canvas = createCanvas(scene.width, scene.height);
  const ctx = canvas.getContext('2d');
  drawScene(ctx, scene);
  await new Promise<void>((resolve) => setImmediate(resolve));
  const rows = pngRows(ctx, scene.width, scene.height, flatColours(scene));
  return compressPng(rows, mapBudget(scene));
}
