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
import { jobWorker } from '../../worker-jobs.js';

export type { AiAnswer, AiJob } from '../../ai/job.js';

const worker = jobWorker<AiJob, AiAnswer>({
  compiled: 'game/ai-pool/worker.js',
  source: new URL('./worker.ts', import.meta.url),
  name: 'ai',
  fallback: 'computer players run on the main thread',
  run: runAiJob,
});

/** A computer player's answer (orders, declarations, a start choice, a card-game action), computed in the worker. */
export function askComputerPlayer(job: AiJob): Promise<AiAnswer> {
  return worker.ask(job);
}

let warming: Promise<void> | null = null;

/**
 * Starts the worker and has it answer one small job (the first variant's opening, a tiny budget), so that the first
 * computer seat is answered by a worker that is up and compiled. Once per worker; never rejects.
 */
export function warmAiWorker(): Promise<void> {
  if (warming && worker.running()) return warming;
  const variant = botVariants()[0];
  const position = variant?.startingPosition();
  const power = position?.units[0]?.power;
  // Without a worker the job would run on the calling thread: nothing to warm then.
  if (!variant || !position || !power || !worker.start()) return Promise.resolve();
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
  await worker.stop('computer player worker stopped');
}

/** For tests and diagnostics: is the worker in use, and if not, why. */
export function aiWorkerState(): { running: boolean; unavailable: string | null } {
  return worker.state();
}
