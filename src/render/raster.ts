/**
 * Scene → PNG bytes: paint with @napi-rs/canvas, read the pixels (this is where Skia actually
 * rasterizes: 25-100 ms), deflate. Used inside the render worker, and on the calling thread when no
 * worker can be started.
 */
import { createCanvas } from '@napi-rs/canvas';
import { drawScene } from './draw.js';
import { ensureFonts } from './fonts.js';
import { compressPng, compressPngSync, pngRows } from './png.js';
import type { Scene } from './scene.js';
import { packScene, unpackScene } from './wire.js';

export function rasterizeSync(scene: Scene): Buffer {
  ensureFonts();
  const canvas = createCanvas(scene.width, scene.height);
  const ctx = canvas.getContext('2d');
  drawScene(ctx, scene);
  return compressPngSync(pngRows(ctx, scene.width, scene.height));
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
  const rows = pngRows(ctx, scene.width, scene.height);
  return compressPng(rows);
}
