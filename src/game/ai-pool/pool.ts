/**
 * The computer players off the event loop: one shared worker thread (lazily started, unref'd so it
 * never keeps the process alive) answers the jobs of src/ai/job.ts one after another, in the order they come.
 * The compiled bot starts dist/game/ai-pool/worker.js with plain Node; from the TypeScript sources (tests, `npm run
 * dev`) the bootstrap registers tsx's loader first and starts src/game/ai-pool/worker.ts. If the worker cannot start or
 * dies, the jobs run on the calling thread instead (a seat never waits for an answer that cannot come), and that
 * is said once on stderr.
 */
import { runAiJob, type AiAnswer, type AiJob } from '../../ai/job.js';
import { botVariants } from '../../variants/index.js';
import { workerSlot } from '../../worker-thread.js';
import type { AiReply, AiRequest } from './protocol.js';

export type { AiAnswer, AiJob } from '../../ai/job.js';

interface Pending {
  job: AiJob;
  resolve(answer: AiAnswer): void;
  reject(e: Error): void;
}

let nextId = 1;
const pending = new Map<number, Pending>();

function inThread(p: Pending): void {
  try {
    p.resolve(runAiJob(p.job));
  } catch (e) {
    p.reject(e instanceof Error ? e : new Error(String(e)));
  }
}

const slot = workerSlot({
  compiled: 'game/ai-pool/worker.js',
  source: new URL('./worker.ts', import.meta.url),
  name: 'ai',
  fallback: 'computer players run on the main thread',
  onMessage(message, w) {
    const msg = message as AiReply;
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    if (msg.ok) p.resolve(msg.answer);
    else p.reject(new Error(msg.error));
    if (pending.size === 0) w.unref();
  },
  onFail() {
    const waiting = [...pending.values()];
    pending.clear();
    for (const p of waiting) inThread(p);
  },
});

/** A computer player's answer (orders, declarations, a start choice, a card-game action), computed in the worker. */
export function askComputerPlayer(job: AiJob): Promise<AiAnswer> {
  return new Promise<AiAnswer>((resolve, reject) => {
    const p: Pending = { job, resolve, reject };
    const w = slot.start();
    if (!w) return inThread(p);
    const id = nextId++;
    pending.set(id, p);
    w.ref();
    try {
      w.postMessage({ id, job } satisfies AiRequest);
    } catch {
      // Not cloneable (a job built with functions or cycles): answered here instead.
      pending.delete(id);
      if (pending.size === 0) w.unref();
      inThread(p);
    }
  });
}

let warming: Promise<void> | null = null;

/**
 * Starts the worker and has it answer one small job (the first variant's opening, a tiny budget), so that the first
 * computer seat is answered by a worker that is up and compiled. Once per worker; never rejects.
 */
export function warmAiWorker(): Promise<void> {
  if (warming && slot.current()) return warming;
  const variant = botVariants()[0];
  const position = variant?.startingPosition();
  const power = position?.units[0]?.power;
  // Without a worker the job would run on the calling thread: nothing to warm then.
  if (!variant || !position || !power || !slot.start()) return Promise.resolve();
  warming = askComputerPlayer({
    kind: 'orders',
    variant: variant.id,
    position,
    power,
    seed: 'warm-up',
    budget: 16,
  }).then(
    () => undefined,
    () => undefined,
  );
  return warming;
}

/** Stop the worker (tests, shutdown); jobs still waiting are refused. A later job starts a new one. */
export async function stopAiWorker(): Promise<void> {
  warming = null;
  const waiting = [...pending.values()];
  pending.clear();
  for (const p of waiting) p.reject(new Error('computer player worker stopped'));
  await slot.stop();
}

/** For tests and diagnostics: is the worker in use, and if not, why. */
export function aiWorkerState(): { running: boolean; unavailable: string | null } {
  return slot.state();
}
