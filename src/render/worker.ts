/**
 * Render worker entry: receives scenes, answers PNG bytes. Runs drawing, Skia's rasterization and
 * compression off the main thread, so rendering never stalls the bot's event loop (issue 3, item 7).
 */
import { parentPort } from 'node:worker_threads';
import { ensureFonts } from './fonts.js';
import { rasterizeSync } from './raster.js';
import { unpackScene, type PackedScene } from './wire.js';
import type { CardGameView } from '../cardgame/views.js';
import { renderCardTable, type CardTableOptions } from './cards/index.js';

export interface RenderRequest {
  id: number;
  scene: PackedScene;
}
export type RenderReply = { id: number; ok: true; png: Uint8Array } | { id: number; ok: false; error: string };

/** A card-game table image (src/render/cards): drawn from a public view, answered like a scene. */
export interface CardsRenderRequest {
  id: number;
  cards: { view: CardGameView; opts: CardTableOptions };
}

async function renderCards(req: CardsRenderRequest): Promise<void> {
  try {
    const { png } = await renderCardTable(req.cards.view, req.cards.opts);
    parentPort!.postMessage({ id: req.id, ok: true, png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength) } satisfies RenderReply);
  } catch (e) {
    parentPort!.postMessage({ id: req.id, ok: false, error: e instanceof Error ? e.message : String(e) } satisfies RenderReply);
  }
}

parentPort?.on('message', (req: RenderRequest | CardsRenderRequest) => {
  if ('cards' in req) return void renderCards(req);
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
