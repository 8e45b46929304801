/**
 * Render worker entry: receives whole map jobs (a bundled variant's id, a position and the render options), or
 * scenes built elsewhere, or a game kind's picture (the card table, from its public view), and answers PNG bytes. Building the scene (the first one of a
 * process runs cold code for 100 ms and more), drawing, Skia's rasterization and compression all run here, off
 * the main thread, so rendering never stalls the bot's event loop (brief: no block over 20 ms).
 */
import { parentPort } from 'node:worker_threads';
import { ensureFonts } from './fonts.js';
import { rasterizeSync } from './raster.js';
import { unpackScene } from './wire.js';
import { kindPicture } from './pictures.js';
import type {
  MapRenderRequest,
  PictureRenderRequest,
  RenderReply,
  RenderRequest,
  ReplayRenderRequest,
} from './worker-protocol.js';
import type { MapJobResult } from './map-job.js';

export type {
  MapRenderRequest,
  PictureRenderRequest,
  RenderReply,
  RenderRequest,
  ReplayRenderRequest,
} from './worker-protocol.js';

async function renderPicture(req: PictureRenderRequest): Promise<void> {
  try {
    const picture = kindPicture(req.picture.kind);
    if (!picture) throw new Error(`no picture of kind "${req.picture.kind}"`);
    const png = await picture.draw(req.picture.input);
    parentPort!.postMessage({
      id: req.id,
      ok: true,
      png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength),
    } satisfies RenderReply);
  } catch (e) {
    parentPort!.postMessage({
      id: req.id,
      ok: false,
      error: e instanceof Error ? e.message : String(e),
    } satisfies RenderReply);
  }
}

function send(reply: RenderReply): void {
  if (!reply.ok) return void parentPort!.postMessage(reply);
  const png = reply.png;
  const whole = png.byteOffset === 0 && png.byteLength === png.buffer.byteLength;
  parentPort!.postMessage(reply, whole ? [png.buffer as ArrayBuffer] : []);
}

/**
 * The map-job module (variants, engine, scene building) is loaded on the first map job, not at boot: a worker
 * that only draws scenes built elsewhere (the CLI's `render`) starts with the raster code alone. Its path is
 * computed, so the bundler leaves it a module of its own (dist/render/map-job.js beside this file).
 */
let mapJob: Promise<typeof import('./map-job.js')> | null = null;
const loadMapJob = () =>
  (mapJob ??= import(new URL(`./map-job${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url).href));

async function renderWholeMap(req: MapRenderRequest): Promise<void> {
  try {
    const result: MapJobResult = await (await loadMapJob()).runMapJob(
      req.map.variantId,
      req.map.position,
      req.map.opts,
      req.map.options,
      req.map.as,
      req.map.stored,
    );
    if (!result.ok)
      return send({
        id: req.id,
        ok: false,
        error: result.error,
        ...(result.drawable === false ? { drawable: false as const } : {}),
      });
    const { png, meta } = result;
    send({ id: req.id, ok: true, png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength), meta });
  } catch (e) {
    send({ id: req.id, ok: false, error: e instanceof Error ? e.message : String(e) });
  }
}

/** The replay module (src/render/replay/job.ts; dist/render/replay-job.js), loaded on the first replay step. */
let replayJob: Promise<typeof import('./replay/job.js')> | null = null;
const loadReplayJob = () =>
  (replayJob ??= import(
    new URL(import.meta.url.endsWith('.ts') ? './replay/job.ts' : './replay-job.js', import.meta.url).href
  ));

async function runReplayStep(req: ReplayRenderRequest): Promise<void> {
  try {
    const r = await (await loadReplayJob()).runReplayStep(req.replay);
    if (!r.ok)
      return send({
        id: req.id,
        ok: false,
        error: r.error,
        ...(r.drawable === false ? { drawable: false as const } : {}),
      });
    const done = r.result;
    if (!done) return send({ id: req.id, ok: true, png: new Uint8Array(0) });
    send({
      id: req.id,
      ok: true,
      png: done.gif,
      meta: { width: done.width, height: done.height, warnings: done.warnings },
      replay: { frames: done.frames, duration: done.duration },
    });
  } catch (e) {
    send({ id: req.id, ok: false, error: e instanceof Error ? e.message : String(e) });
  }
}

parentPort?.on('message', (req: RenderRequest | PictureRenderRequest | MapRenderRequest | ReplayRenderRequest) => {
  if ('picture' in req) return void renderPicture(req);
  if ('map' in req) return void renderWholeMap(req);
  if ('replay' in req) return void runReplayStep(req);
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
