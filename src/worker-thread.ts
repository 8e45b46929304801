/**
 * Starts a module of the project as a worker thread, from the compiled build or from the TypeScript sources.
 * The compiled bot (dist/) starts the compiled module with plain Node; from the sources (tests, `npm run dev`)
 * a bootstrap registers tsx's loader first (tsx is a development dependency). The render worker pool and the
 * computer players' pool both start their worker here and keep it in a `workerSlot` (start, failure, stop).
 */
import { readlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PROJECT_ROOT, RUNNING_FROM_SOURCE } from './paths.js';

const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
(workerData.tsx ? import(workerData.tsx).then((m) => m.register()) : Promise.resolve())
  .then(() => import(workerData.entry));
`;

/**
 * A worker running `compiled` (a path under dist/, e.g. `render/worker.js`) in the build, or `source` (the
 * module's .ts file) from the sources. Throws when a worker cannot be made; the caller decides the fall-back.
 */
export function startModuleWorker(compiled: string, source: URL): Worker {
  let entry = pathToFileURL(join(PROJECT_ROOT, 'dist', compiled)).href;
  let tsx: string | null = null;
  if (RUNNING_FROM_SOURCE) {
    entry = source.href;
    // tsx's ESM API (package export `tsx/esm/api`, import condition).
    const pkg = createRequire(import.meta.url).resolve('tsx/package.json');
    tsx = pathToFileURL(join(dirname(pkg), 'dist', 'esm', 'api', 'index.mjs')).href;
  }
  return new Worker(BOOTSTRAP, { eval: true, workerData: { entry, tsx } });
}

/** The handle of one shared worker thread of a pool (`workerSlot`). */
export interface WorkerSlot {
  /** The worker, started now if none runs (idempotent); null once workers are unavailable (`state` says why). */
  start(): Worker | null;
  /** The running worker, or null; never starts one. */
  current(): Worker | null;
  /** Terminates the worker (its exit is then no failure); a later `start` makes a new one. */
  stop(): Promise<void>;
  /** For tests and diagnostics: is the worker in use, and if not, why. */
  state(): { running: boolean; unavailable: string | null };
}

/**
 * One lazily started, unref'd worker thread of a pool (the render worker, the computer players' worker): the pool
 * keeps its own queue and gets the worker's answers (`onMessage`; the worker's `{ready: true}` greeting is dropped).
 * When the worker cannot start, fails or exits on its own, the slot is marked unavailable for the rest of the
 * process, `<name>: worker unavailable (<why>); <fallback>` is written once on stderr, and `onFail` runs so the pool
 * moves the jobs that were waiting on it to the calling thread.
 */
export function workerSlot(spec: {
  compiled: string;
  source: URL;
  name: string;
  fallback: string;
  onMessage(message: unknown, worker: Worker): void;
  onFail(): void;
}): WorkerSlot {
  let worker: Worker | null = null;
  let broken: string | null = null;
  const fail = (why: string) => {
    if (broken) return;
    broken = why;
    worker = null;
    process.stderr.write(`${spec.name}: worker unavailable (${why}); ${spec.fallback}\n`);
    spec.onFail();
  };
  return {
    start() {
      if (broken) return null;
      if (worker) return worker;
      try {
        const w = startModuleWorker(spec.compiled, spec.source);
        w.on('message', (message: unknown) => {
          if (typeof message === 'object' && message !== null && 'ready' in message) return;
          spec.onMessage(message, w);
        });
        w.on('error', (e) => fail(e.message));
        w.on('exit', (code) => fail(`exited with code ${code}`));
        // After the listeners: adding a 'message' listener refs the worker's port again, and a worker whose port
        // is ref'd keeps the process alive (a CLI command that failed before its first job never exited).
        w.unref();
        worker = w;
        return w;
      } catch (e) {
        broken = e instanceof Error ? e.message : String(e);
        return null;
      }
    },
    current: () => worker,
    async stop() {
      const w = worker;
      worker = null;
      if (!w) return;
      w.removeAllListeners('exit');
      w.removeAllListeners('error');
      await w.terminate();
    },
    state: () => ({ running: worker !== null, unavailable: broken }),
  };
}

/**
 * Lowers the scheduling priority of the calling thread only (Linux: a thread is a task with its own nice value;
 * `/proc/thread-self` names it), so that on a busy machine the bot's main thread, at the process's own priority, gets
 * a CPU before a worker that computes for seconds (the computer players' searches: brief, no block of the event loop
 * over 20 ms). The worker still has every CPU the main thread leaves idle. Elsewhere (no /proc) it does nothing.
 * Returns whether the priority was lowered.
 */
export function lowerThreadPriority(niceness: number): boolean {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isSafeInteger(tid) || tid <= 0) return false;
    setPriority(tid, niceness);
    return true;
  } catch {
    return false;
  }
}
