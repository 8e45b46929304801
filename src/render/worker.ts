/**
 * Render worker entry: receives scenes, answers PNG bytes. Runs drawing, Skia's rasterization and
 * compression off the main thread, so rendering never stalls the bot's event loop (issue 3, item 7).
 */
import { parentPort } from 'node:worker_threads';
import { ensureFonts } from './fonts.js';
import { rasterizeSync } from './raster.js';
import { unpackScene, type PackedScene } from './wire.js';

export interface RenderRequest {
  id: number;
  scene: PackedScene;
}
export type RenderReply = { id: number; ok: true; png: Uint8Array } | { id: number; ok: false; error: string };

parentPort?.on('message', (req: RenderRequest) => {
  let reply: RenderReply;
  try {
    const png = rasterizeSync(unpackScene(req.scene));
    reply = { id: req.id, ok: true, png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength) };
    const whole = png.byteOffset === 0 && png.byteLength === png.buffer.byteLength;
    parentPort!.postMessage(reply, whole ? [png.buffer as ArrayBuffer] : []);
    return;
  } catch (e) {
    reply = { id: req.id, ok: false, error: e instanceof Error ? e.message : String(e) };
  }
  parentPort!.postMessage(reply);
});
ensureFonts(); // at start-up, so the first map is not slower
parentPort?.postMessage({ ready: true });
