/**
 * One shared render worker (lazily started, unref'd so it never keeps the process alive). The compiled bot
 * (dist/) starts the compiled worker, dist/render/worker.js, with plain Node; from the TypeScript sources (tests,
 * `npm run dev`) the bootstrap registers tsx's loader first and starts src/render/worker.ts. If the worker
 * cannot start or dies, rendering falls back to the calling thread (rasterizeInThread) and says why once on
 * stderr.
 */
import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../worker-thread.js';
import { rasterizeInThread } from './raster.js';
import type { Scene } from './scene.js';
import { packScene } from './wire.js';
import type { MapRenderRequest, PictureRenderRequest, RenderReply } from './worker-protocol.js';


let worker: Worker | null = null;
let broken: string | null = null;
let nextId = 1;
type Done = Extract<RenderReply, { ok: true }>;
/** A job waiting on the worker; `redo` draws it on this thread if the worker dies. */
interface Job {
  resolve(reply: Done): void;
  reject(e: Error): void;
  redo: () => Promise<Done>;
}
const pending = new Map<number, Job>();

/** A map job whose input cannot be drawn (buildScene's error, from the worker). */
export class UndrawableError extends Error {}

/** Start the shared worker now (idempotent); null when workers are unavailable (rendering then stays on this thread). */
export function startRenderWorker(): Worker | null {
  if (broken) return null;
  if (worker) return worker;
  try {
    const w = startModuleWorker('render/worker.js', new URL('./worker.ts', import.meta.url));
    w.unref();
    w.on('message', (msg: RenderReply | { ready: true }) => {
      if ('ready' in msg) return;
      const job = pending.get(msg.id);
      if (!job) return;
      pending.delete(msg.id);
      if (msg.ok) job.resolve(msg);
      else job.reject(msg.drawable === false ? new UndrawableError(msg.error) : new Error(msg.error));
      if (pending.size === 0) w.unref();
    });
    const fail = (why: string) => {
      if (broken) return;
      broken = why;
      worker = null;
      process.stderr.write(`render: worker unavailable (${why}); drawing on the main thread\n`);
      // Whatever was waiting on the worker is drawn here instead.
      const jobs = [...pending.values()];
      pending.clear();
      for (const job of jobs) job.redo().then(job.resolve, job.reject);
    };
    w.on('error', (e) => fail(e.message));
    w.on('exit', (code) => fail(`exited with code ${code}`));
    worker = w;
    return w;
  } catch (e) {
    broken = e instanceof Error ? e.message : String(e);
    return null;
  }
}

const pngOf = (reply: Done) => Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength);
const asDone = (png: Buffer): Done => ({ id: 0, ok: true, png });

/** Posts a job to the worker (starting it if needed); `inThread` when no worker can run or the message cannot be sent. */
function submit(message: (id: number) => { body: object; transfer?: ArrayBuffer[] }, inThread: () => Promise<Done>): Promise<Done> {
  const w = startRenderWorker();
  if (!w) return inThread();
  return new Promise<Done>((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject, redo: inThread });
    w.ref();
    try {
      const { body, transfer } = message(id);
      w.postMessage(body, transfer ?? []);
    } catch {
      // Not cloneable (an input from outside with functions or cycles): drawn here instead.
      pending.delete(id);
      if (pending.size === 0) w.unref();
      inThread().then(resolve, reject);
    }
  });
}

/** PNG bytes of a scene, drawn in the render worker (or on this thread if no worker can run). */
export function rasterize(scene: Scene): Promise<Buffer> {
  return submit(
    (id) => {
      const { packed, transfer } = packScene(scene);
      return { body: { id, scene: packed }, transfer };
    },
    async () => asDone(await rasterizeInThread(scene)),
  ).then(pngOf);
}

/**
 * A whole map of a bundled variant, scene built and drawn in the worker (the main thread does nothing but post
 * the job); `inThread` draws it here when no worker can run. Rejects with UndrawableError when the worker says
 * the input cannot be drawn.
 */
export function renderMapInWorker(
  map: MapRenderRequest['map'],
  inThread: () => Promise<{ png: Buffer; width: number; height: number; warnings: string[] }>,
): Promise<{ png: Buffer; width: number; height: number; warnings: string[] }> {
  return submit(
    (id) => ({ body: { id, map } satisfies MapRenderRequest }),
    async () => {
      const m = await inThread();
      return { id: 0, ok: true, png: m.png, meta: { width: m.width, height: m.height, warnings: m.warnings } };
    },
  ).then((reply) => ({ png: pngOf(reply), width: reply.meta?.width ?? 0, height: reply.meta?.height ?? 0, warnings: reply.meta?.warnings ?? [] }));
}

/**
 * A game kind's picture (src/render/pictures.ts: the card table) drawn in the same worker; on this thread when no
 * worker can run (or when the worker dies while drawing it).
 */
export function renderPictureInWorker(kind: string, input: unknown, inThread: () => Promise<Buffer>): Promise<Buffer> {
  return submit((id) => ({ body: { id, picture: { kind, input } } satisfies PictureRenderRequest }), async () => asDone(await inThread())).then(pngOf);
}

/** Stop the worker (tests, shutdown). Rendering afterwards starts a new one. */
export async function stopRenderWorker(): Promise<void> {
  const w = worker;
  worker = null;
  const jobs = [...pending.values()];
  pending.clear();
  for (const job of jobs) job.reject(new Error('render worker stopped'));
  if (w) {
    w.removeAllListeners('exit');
    w.removeAllListeners('error');
    await w.terminate();
  }
}

/** For tests and diagnostics: is the worker in use, and if not, why. */
export function renderWorkerState(): { running: boolean; unavailable: string | null } {
  return { running: worker !== null, unavailable: broken };
}
