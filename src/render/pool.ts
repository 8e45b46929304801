/**
 * Two render workers, each lazily started and unref'd so it never keeps the process alive: one for maps, pictures
 * and replay steps, one for the order pad's map parts. The compiled bot (dist/) starts the compiled worker,
 * dist/render/worker.js, with plain Node; from the TypeScript sources (tests, `npm run dev`) the bootstrap registers
 * tsx's loader first and starts src/render/worker.ts. If a worker cannot start or dies, its jobs fall back to the
 * calling thread (rasterizeInThread) and it says why once on stderr.
 *
 * The maps worker takes jobs one at a time, `map` (maps and card tables: results posts, `/map`, `/history`) before
 * `replay` (the steps of a replay, src/render/replay), so a replay being made never delays a game's results post by
 * more than the one step the worker is on. The pad maps' worker takes the `page` jobs (docs/pad.md "The map"), up to
 * `PIPELINED` at once: a pad's part never waits behind a results map being drawn, nor a results map behind pads.
 */
import type { Worker } from 'node:worker_threads';
import { workerSlot, type WorkerSlot } from '../worker-thread.js';
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
 * Which queue a job waits in: a `page` job (a web page's map, docs/pad.md) in the pad maps' worker's; in the maps
 * worker's, every `map` job is sent before any `replay` step.
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
/**
 * How many of the order pad's map parts (docs/pad.md: a few ms each) go to the worker at once. One at a time, each
 * waited for a turn of this thread's event loop before the next was sent, and under load the worker sat idle between
 * them.
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

/** One worker thread and what waits for it. */
interface Lane {
  slot: WorkerSlot;
  /** Jobs not yet sent, in the order they came. */
  queue: Job[];
  /** The jobs sent to the worker and not yet answered, by id: one, or up to `PIPELINED` small page jobs. */
  inFlight: Map<number, Job>;
  /** The worker `held` and `drawn` describe: a new one (after a crash or a stop) starts with neither. */
  knownWorker: Worker | null;
  /**
   * The stored variants (src/variants/stored.ts) the worker holds with their drawing, most recently used last: it
   * keeps the last `STORED_DRAWINGS_KEPT` it drew, and takes jobs in the order they are sent, so this list is its own.
   * A job for one of them goes without the texts (a big map's are megabytes).
   */
  held: string[];
  /**
   * The variants the worker has drawn a whole map of (`variantKey`): it has read their geometry and run their scene
   * code, so warming them again (src/render/index.ts `warmRenderer`) would only draw for nothing.
   */
  drawn: Set<string>;
}

/** What the lane knows of its running worker, forgotten when another worker runs now. */
function known(lane: Lane): Lane {
  const worker = lane.slot.current();
  if (worker !== lane.knownWorker) {
    lane.held.length = 0;
    lane.drawn.clear();
    lane.knownWorker = worker;
  }
  return lane;
}

function makeLane(name: string): Lane {
  const lane: Lane = {
    queue: [],
    inFlight: new Map(),
    knownWorker: null,
    held: [],
    drawn: new Set(),
    slot: workerSlot({
      compiled: 'render/worker.js',
      source: new URL('./worker.ts', import.meta.url),
      name,
      fallback: 'drawing on the main thread',
      onMessage(message) {
        const msg = message as RenderReply;
        const job = lane.inFlight.get(msg.id);
        if (!job) return;
        lane.inFlight.delete(msg.id);
        emit({ job: job.seq, priority: job.priority, event: 'done' });
        if (msg.ok && job.variant) noteDrawn(lane, job.variant);
        if (msg.ok) job.resolve(msg);
        else job.reject(msg.drawable === false ? new UndrawableError(msg.error) : new Error(msg.error));
        pump(lane);
      },
      onFail() {
        // Whatever was waiting on the worker is drawn here instead.
        const jobs = [...lane.inFlight.values(), ...lane.queue.splice(0)];
        lane.inFlight.clear();
        for (const job of jobs) job.redo().then(job.resolve, job.reject);
      },
    }),
  };
  return lane;
}

/** Maps, pictures and replay steps: every results post's map. */
const maps = makeLane('render');
/**
 * The order pad's map parts (docs/pad.md "The map"), in a worker of their own: a pad's part never waits behind a
 * results map being drawn (hundreds of ms), and a results map never waits behind pads' parts.
 */
const pages = makeLane('render (pad maps)');
const laneOf = (priority: RenderPriority) => (priority === 'page' ? pages : maps);

/** The job as sent now: its stored variant's texts left out when the lane's worker holds them. */
function withStoredTexts<T extends { variantId: string; stored?: StoredDrawing }>(lane: Lane, job: T): T {
  if (!job.stored) return job;
  const { held } = known(lane);
  const at = held.indexOf(job.variantId);
  if (at >= 0) held.splice(at, 1);
  held.push(job.variantId);
  while (held.length > STORED_DRAWINGS_KEPT) held.shift();
  if (at < 0) return job;
  const { stored: _held, ...rest } = job;
  return rest as T;
}

/** A variant as the worker makes it: its id, and the options of the copy a game's options make. */
const variantKey = (map: { variantId: string; options?: Record<string, string> }) =>
  map.options ? `${map.variantId} ${JSON.stringify(map.options)}` : map.variantId;

function noteDrawn(lane: Lane, key: string): void {
  known(lane).drawn.add(key);
}

/** Has the running maps worker drawn a whole map of this variant (with these options) already? */
export function workerHasDrawn(map: { variantId: string; options?: Record<string, string> }): boolean {
  return maps.slot.current() !== null && known(maps).drawn.has(variantKey(map));
}

/**
 * Start the maps worker now (idempotent); null when workers are unavailable (rendering then stays on this thread).
 * The pad maps' worker starts with the first pad map.
 */
export function startRenderWorker(): Worker | null {
  return maps.slot.start();
}

const pngOf = (reply: Done) => Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength);
const asDone = (png: Buffer): Done => ({ id: 0, ok: true, png });

/**
 * Queues a job for its lane's worker (starting it if needed); `inThread` when no worker can run or the message cannot
 * be sent.
 */
function submit(
  message: Job['message'],
  inThread: () => Promise<Done>,
  priority: RenderPriority = 'map',
  more: Pick<Job, 'pipelined' | 'variant'> = {},
): Promise<Done> {
  const lane = laneOf(priority);
  if (!lane.slot.start()) return inThread();
  return new Promise<Done>((resolve, reject) => {
    const seq = nextSeq++;
    lane.queue.push({ seq, priority, message, resolve, reject, redo: inThread, ...more });
    emit({ job: seq, priority, event: 'queued' });
    pump(lane);
  });
}

/** The next job of `queue` to send: the first of the best priority. */
function nextJob(queue: readonly Job[]): number {
  let at = 0;
  for (let i = 1; i < queue.length; i++) if (RANK[queue[i]!.priority] < RANK[queue[at]!.priority]) at = i;
  return at;
}

/**
 * Sends the lane's next job when its worker is free (the first map job, else the first replay step; the first page
 * job), and more small page jobs while only such jobs are in flight (`PIPELINED`).
 */
function pump(lane: Lane): void {
  const w = lane.slot.current();
  if (!w) return;
  const { queue, inFlight } = lane;
  while (queue.length > 0) {
    const at = nextJob(queue);
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
    (id) => ({ body: { id, map: withStoredTexts(laneOf(priority), map) } satisfies MapRenderRequest }),
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
    (id) => ({
      body: { id, replay: step.op === 'open' ? withStoredTexts(maps, step) : step } satisfies ReplayRenderRequest,
    }),
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

/** Stop the workers (tests, shutdown). Rendering afterwards starts new ones. */
export async function stopRenderWorker(): Promise<void> {
  await Promise.all(
    [maps, pages].map(async (lane) => {
      const jobs = [...lane.inFlight.values(), ...lane.queue.splice(0)];
      lane.inFlight.clear();
      for (const job of jobs) job.reject(new Error('render worker stopped'));
      await lane.slot.stop();
    }),
  );
}

/** For tests and diagnostics: is the maps worker in use, and if not, why. */
export function renderWorkerState(): { running: boolean; unavailable: string | null } {
  return maps.slot.state();
}
