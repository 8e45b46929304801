/**
 * One shared render worker (lazily started, unref'd so it never keeps the process alive). The compiled bot
 * (dist/) starts the compiled worker, dist/render/worker.js, with plain Node; from the TypeScript sources (tests,
 * `npm run dev`) the bootstrap registers tsx's loader first and starts src/render/worker.ts. If the worker
 * cannot start or dies, rendering falls back to the calling thread (rasterizeInThread) and says why once on
 * stderr.
 *
 * Jobs go to the worker one at a time, from a queue with three priorities: `map` (maps and card tables: results
 * posts, `/map`, `/history`) before `page` (the order pad's maps, docs/pad.md) before `replay` (the steps of a
 * replay, src/render/replay), so neither pads nor a replay being made ever delay a game's results post by more than
 * the one job the worker is on (abuse bars) — or the few pad map parts it is on: those small jobs go up to
 * `PIPELINED` at once.
 */
import type { Worker } from 'node:worker_threads';
import { workerSlot } from '../worker-thread.js';
import { rasterizeInThread } from './raster.js';
import type { Scene } from './scene.js';
import { STORED_DRAWINGS_KEPT } from '../variants/stored.js';
import { packScene } from './wire.js';
import type {
  MapRenderRequest,
  PictureRenderRequest,
  RenderReply,
  ReplayRenderRequest,
  ReplayStep,
  StoredDrawing,
} from './worker-protocol.js';

/**
 * Which queue a job waits in: every `map` job is sent before any `page` job (a web page's map, docs/pad.md), and
 * both before any `replay` step.
 */
export type RenderPriority = 'map' | 'page' | 'replay';
const RANK: Record<RenderPriority, number> = { map: 0, page: 1, replay: 2 };

let nextId = 1;
type Done = Extract<RenderReply, { ok: true }>;
/** A job for the worker; `redo` draws it on this thread if the worker dies before answering. */
interface Job {
  /** Its number in the order jobs were queued (for `observeRenderQueue`). */
  seq: number;
  priority: RenderPriority;
  message: (id: number) => { body: object; transfer?: ArrayBuffer[] };
  resolve(reply: Done): void;
  reject(e: Error): void;
  redo: () => Promise<Done>;
  /** A small job that may be sent while others like it are in flight (`PIPELINED`). */
  pipelined?: boolean;
  /** A whole map of this variant (`variantKey`): once answered, the worker holds its geometry, warm. */
  variant?: string;
}
/** Jobs not yet sent, in the order they came. */
const queue: Job[] = [];
/** The jobs sent to the worker and not yet answered, by id: one, or up to `PIPELINED` small page jobs. */
const inFlight = new Map<number, Job>();
/**
 * How many of the order pad's map parts (docs/pad.md: a few ms each) go to the worker at once. One at a time, each
 * waited for a turn of this thread's event loop before the next was sent, and under load the worker sat idle between
 * them; a results map queued meanwhile waits for at most these few parts.
 */
const PIPELINED = 4;
const listeners = new Set<(event: RenderQueueEvent) => void>();

/** What the queue did, for tests and diagnostics: job `job` (numbered as queued) of `priority` was queued, sent, answered. */
export interface RenderQueueEvent {
  job: number;
  priority: RenderPriority;
  event: 'queued' | 'sent' | 'done';
}

let nextSeq = 1;

/** Calls `listener` on each job queued, sent to the worker and answered; returns the function that stops it. */
export function observeRenderQueue(listener: (event: RenderQueueEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const emit = (event: RenderQueueEvent) => {
  for (const listener of listeners) listener(event);
};

/** A map job whose input cannot be drawn (buildScene's error, from the worker). */
export class UndrawableError extends Error {}

const slot = workerSlot({
  compiled: 'render/worker.js',
  source: new URL('./worker.ts', import.meta.url),
  name: 'render',
  fallback: 'drawing on the main thread',
  onMessage(message) {
    const msg = message as RenderReply;
    const job = inFlight.get(msg.id);
    if (!job) return;
    inFlight.delete(msg.id);
    emit({ job: job.seq, priority: job.priority, event: 'done' });
    if (msg.ok && job.variant) noteDrawn(job.variant);
    if (msg.ok) job.resolve(msg);
    else job.reject(msg.drawable === false ? new UndrawableError(msg.error) : new Error(msg.error));
    pump();
  },
  onFail() {
    // Whatever was waiting on the worker is drawn here instead.
    const jobs = [...inFlight.values(), ...queue.splice(0)];
    inFlight.clear();
    for (const job of jobs) job.redo().then(job.resolve, job.reject);
  },
});

/**
 * The stored variants (src/variants/stored.ts) the running worker holds with their drawing, most recently used last:
 * it keeps the last `STORED_DRAWINGS_KEPT` it drew, and takes jobs one at a time in the order they are sent, so this
 * list is its own. A job for one of them goes without the texts (a big map's are megabytes).
 */
const heldByWorker: string[] = [];
let heldBy: Worker | null = null;

/** The job as sent now: its stored variant's texts left out when the worker holds them. */
function withStoredTexts<T extends { variantId: string; stored?: StoredDrawing }>(job: T): T {
  if (!job.stored) return job;
  const worker = slot.current();
  if (worker !== heldBy) {
    heldByWorker.length = 0;
    heldBy = worker;
  }
  const at = heldByWorker.indexOf(job.variantId);
  if (at >= 0) heldByWorker.splice(at, 1);
  heldByWorker.push(job.variantId);
  while (heldByWorker.length > STORED_DRAWINGS_KEPT) heldByWorker.shift();
  if (at < 0) return job;
  const { stored: _held, ...rest } = job;
  return rest as T;
}

/**
 * The variants the running worker has drawn a whole map of (`variantKey`): it has read their geometry and run their
 * scene code, so warming them again (src/render/index.ts `warmRenderer`) would only draw a picture for nothing.
 */
const drawnVariants = new Set<string>();
let drawnBy: Worker | null = null;

/** A variant as the worker makes it: its id, and the options of the copy a game's options make. */
const variantKey = (map: { variantId: string; options?: Record<string, string> }) =>
  map.options ? `${map.variantId} ${JSON.stringify(map.options)}` : map.variantId;

function noteDrawn(key: string): void {
  const worker = slot.current();
  if (worker !== drawnBy) {
    drawnVariants.clear();
    drawnBy = worker;
  }
  drawnVariants.add(key);
}

/** Has the running worker drawn a whole map of this variant (with these options) already? */
export function workerHasDrawn(map: { variantId: string; options?: Record<string, string> }): boolean {
  const worker = slot.current();
  return worker !== null && worker === drawnBy && drawnVariants.has(variantKey(map));
}

/** Start the shared worker now (idempotent); null when workers are unavailable (rendering then stays on this thread). */
export function startRenderWorker(): Worker | null {
  return slot.start();
}

const pngOf = (reply: Done) => Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength);
const asDone = (png: Buffer): Done => ({ id: 0, ok: true, png });

/**
 * Queues a job for the worker (starting it if needed); `inThread` when no worker can run or the message cannot be
 * sent.
 */
function submit(
  message: Job['message'],
  inThread: () => Promise<Done>,
  priority: RenderPriority = 'map',
  more: Pick<Job, 'pipelined' | 'variant'> = {},
): Promise<Done> {
  if (!startRenderWorker()) return inThread();
  return new Promise<Done>((resolve, reject) => {
    const seq = nextSeq++;
    queue.push({ seq, priority, message, resolve, reject, redo: inThread, ...more });
    emit({ job: seq, priority, event: 'queued' });
    pump();
  });
}

/** The next job to send: the first of the best priority. */
function nextJob(): number {
  let at = 0;
  for (let i = 1; i < queue.length; i++) if (RANK[queue[i]!.priority] < RANK[queue[at]!.priority]) at = i;
  return at;
}

/**
 * Sends the next job when the worker is free (the first map job, else the first page job, else the first replay
 * step), and more small page jobs while only such jobs are in flight (`PIPELINED`).
 */
function pump(): void {
  const w = slot.current();
  if (!w) return;
  while (queue.length > 0) {
    const at = nextJob();
    const free = inFlight.size === 0;
    const more = inFlight.size < PIPELINED && queue[at]!.pipelined && [...inFlight.values()].every((j) => j.pipelined);
    if (!free && !more) break;
    const [job] = queue.splice(at, 1);
    const id = nextId++;
    try {
      const { body, transfer } = job!.message(id);
      inFlight.set(id, job!);
      w.postMessage(body, transfer ?? []);
      emit({ job: job!.seq, priority: job!.priority, event: 'sent' });
    } catch {
      // Not cloneable (an input from outside with functions or cycles): drawn here instead.
      inFlight.delete(id);
      job!.redo().then(job!.resolve, job!.reject);
    }
  }
  if (inFlight.size > 0) w.ref();
  else w.unref();
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
  priority: RenderPriority = 'map',
): Promise<{ png: Buffer; width: number; height: number; warnings: string[] }> {
  return submit(
    (id) => ({ body: { id, map: withStoredTexts(map) } satisfies MapRenderRequest }),
    async () => {
      const m = await inThread();
      return { id: 0, ok: true, png: m.png, meta: { width: m.width, height: m.height, warnings: m.warnings } };
    },
    priority,
    {
      // A page's part of a bundled variant (a stored one's texts go with the first job that needs them, in order).
      pipelined: priority === 'page' && !map.stored,
      ...((map.as ?? 'png') === 'png' ? { variant: variantKey(map) } : {}),
    },
  ).then((reply) => ({
    png: pngOf(reply),
    width: reply.meta?.width ?? 0,
    height: reply.meta?.height ?? 0,
    warnings: reply.meta?.warnings ?? [],
  }));
}

/**
 * A game kind's picture (src/render/pictures.ts: the card table) drawn in the same worker; on this thread when no
 * worker can run (or when the worker dies while drawing it).
 */
export function renderPictureInWorker(kind: string, input: unknown, inThread: () => Promise<Buffer>): Promise<Buffer> {
  return submit(
    (id) => ({ body: { id, picture: { kind, input } } satisfies PictureRenderRequest }),
    async () => asDone(await inThread()),
  ).then(pngOf);
}

/**
 * One step of a replay, queued behind every map job. A step cannot move to this thread (the session lives in the
 * worker): if the worker dies it fails.
 */
export function runReplayStepInWorker(
  step: ReplayStep,
): Promise<{ bytes: Uint8Array; width: number; height: number; warnings: string[]; frames: number; duration: number }> {
  return submit(
    (id) => ({ body: { id, replay: step.op === 'open' ? withStoredTexts(step) : step } satisfies ReplayRenderRequest }),
    () => Promise.reject(new Error('the render worker stopped while making a replay')),
    'replay',
  ).then((reply) => ({
    bytes: reply.png,
    width: reply.meta?.width ?? 0,
    height: reply.meta?.height ?? 0,
    warnings: reply.meta?.warnings ?? [],
    frames: reply.replay?.frames ?? 0,
    duration: reply.replay?.duration ?? 0,
  }));
}

/** Whether replays can be made in the worker (it runs, or can be started). */
export function renderWorkerAvailable(): boolean {
  return startRenderWorker() !== null;
}

/** Stop the worker (tests, shutdown). Rendering afterwards starts a new one. */
export async function stopRenderWorker(): Promise<void> {
  const jobs = [...inFlight.values(), ...queue.splice(0)];
  inFlight.clear();
  for (const job of jobs) job.reject(new Error('render worker stopped'));
  await slot.stop();
}

/** For tests and diagnostics: is the worker in use, and if not, why. */
export function renderWorkerState(): { running: boolean; unavailable: string | null } {
  return slot.state();
}
