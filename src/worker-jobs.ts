/**
 * A worker thread that answers plain-JSON jobs one after another, in the order they come (the computer players'
 * searches, `/variant add`'s imports): the pool side (`jobWorker`) and the worker side (`serveJobs`). One shared
 * worker, lazily started and unref'd while it has nothing to answer, so it never keeps the process alive
 * (`workerSlot`). A job runs on the calling thread instead when the worker cannot start or dies (the jobs waiting on it
 * too: a caller never waits for an answer that cannot come; said once on stderr), and when the job cannot be sent to
 * a thread (functions, cycles).
 */
import { parentPort } from 'node:worker_threads';
import { lowerThreadPriority, workerSlot } from './worker-thread.js';

/** A job as sent to the worker. */
interface JobRequest<Job> {
  id: number;
  job: Job;
}

/** The worker's answer to a job. */
type JobReply<Answer> = { id: number; ok: true; answer: Answer } | { id: number; ok: false; error: string };

/** The pool side of a job worker (`jobWorker`). */
export interface JobWorker<Job, Answer> {
  /** The job's answer, from the worker (or the calling thread, see above). */
  ask(job: Job): Promise<Answer>;
  /** Starts the worker if none runs; false when workers are unavailable (a job would run on the calling thread). */
  start(): boolean;
  /** The running worker, if any (never starts one). */
  running(): boolean;
  /** Terminates the worker; the jobs still waiting are refused with `reason`. A later job starts a new one. */
  stop(reason: string): Promise<void>;
  /** For tests and diagnostics: is the worker in use, and if not, why. */
  state(): { running: boolean; unavailable: string | null };
}

interface Pending<Job, Answer> {
  job: Job;
  resolve(answer: Answer): void;
  reject(e: Error): void;
}

/**
 * The pool side: `run` is the job's function, which the worker module (`compiled` in the build, `source` from the
 * sources) serves with `serveJobs(run)`; `name` and `fallback` word the one stderr line of a failed worker.
 */
export function jobWorker<Job, Answer>(spec: {
  compiled: string;
  source: URL;
  name: string;
  fallback: string;
  run(job: Job): Answer;
}): JobWorker<Job, Answer> {
  let nextId = 1;
  const pending = new Map<number, Pending<Job, Answer>>();
  const inThread = (p: Pending<Job, Answer>) => {
    try {
      p.resolve(spec.run(p.job));
    } catch (e) {
      p.reject(e instanceof Error ? e : new Error(String(e)));
    }
  };
  const slot = workerSlot({
    ...spec,
    onMessage(message, w) {
      const reply = message as JobReply<Answer>;
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      if (reply.ok) p.resolve(reply.answer);
      else p.reject(new Error(reply.error));
      if (pending.size === 0) w.unref();
    },
    onFail() {
      const waiting = [...pending.values()];
      pending.clear();
      for (const p of waiting) inThread(p);
    },
  });
  return {
    ask: (job) =>
      new Promise<Answer>((resolve, reject) => {
        const p: Pending<Job, Answer> = { job, resolve, reject };
        const w = slot.start();
        if (!w) return inThread(p);
        const id = nextId++;
        pending.set(id, p);
        w.ref();
        try {
          w.postMessage({ id, job } satisfies JobRequest<Job>);
        } catch {
          // Not cloneable (a job built with functions or cycles): answered here instead.
          pending.delete(id);
          if (pending.size === 0) w.unref();
          inThread(p);
        }
      }),
    start: () => slot.start() !== null,
    running: () => slot.current() !== null,
    async stop(reason) {
      const waiting = [...pending.values()];
      pending.clear();
      for (const p of waiting) p.reject(new Error(reason));
      await slot.stop();
    },
    state: () => slot.state(),
  };
}

/**
 * The worker side: answers each job with `run`, at a lower scheduling priority than the bot's own thread, so that a
 * job computing for seconds never holds up the bot's event loop (docs/ai.md).
 */
export function serveJobs<Job, Answer>(run: (job: Job) => Answer, niceness = 10): void {
  lowerThreadPriority(niceness);
  parentPort?.on('message', (req: JobRequest<Job>) => {
    let reply: JobReply<Answer>;
    try {
      reply = { id: req.id, ok: true, answer: run(req.job) };
    } catch (e) {
      reply = { id: req.id, ok: false, error: e instanceof Error ? e.message : String(e) };
    }
    parentPort!.postMessage(reply);
  });
  parentPort?.postMessage({ ready: true });
}
