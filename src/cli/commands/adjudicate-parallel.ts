/**
 * `adjudicate` on two threads, when asked for with `ZHANGUO_CLI_THREADS=2`: the compiled CLI starts
 * one worker thread (dist/cli/adjudicate-worker.js) that parses the same input and claims cases from a shared
 * counter while the main thread does the same, so neither waits for the other however fast the worker starts. The
 * output is byte for byte the sequential one (each case's JSON, joined in input order). When anything goes wrong
 * (a case that cannot be read, no worker), the caller runs the batch sequentially, which gives the usual message.
 *
 * One thread is the default: a second V8 isolate compiles the same hot code again. On the 2-core machine, for the
 * benchmark's 2,000 cases, one thread used ~1.2 s of CPU (~0.6 s on the main thread, the rest the optimizing
 * compiler and the collector on the other core), two threads ~1.9 s: slower under load, the only condition this
 * could be measured in (load 10-14 from other work).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT, RUNNING_FROM_SOURCE } from '../../paths.js';
import { EXIT, type CommandResult } from '../io.js';

/** Below this many cases a second thread costs more to start than it could save. */
export const PARALLEL_MIN_CASES = 200;

/** Is a second thread asked for (`ZHANGUO_CLI_THREADS=2`)? */
export function wantsSecondThread(): boolean {
  return process.env.ZHANGUO_CLI_THREADS === '2';
}

/** What one thread of a parallel run did: each case's output as JSON, the notes, or that something failed. */
export interface ClaimedWork {
  done: [index: number, json: string, note: string | null][];
  failed: boolean;
}

/** One thread's share of the cases (adjudicate.ts `adjudicateClaimed`, which both threads run). */
export type ClaimCases = (args: string[], list: unknown[], counter: Int32Array) => Promise<ClaimedWork>;

export interface WorkerInput {
  args: string[];
  stdin: string;
  counter: SharedArrayBuffer;
}

/** Null: not possible (running from the TypeScript sources, no worker) or a case failed. */
export async function adjudicateInParallel(
  args: string[],
  stdin: string,
  list: unknown[],
  adjudicateClaimed: ClaimCases,
): Promise<CommandResult | null> {
  if (RUNNING_FROM_SOURCE) return null;
  const { Worker } = await import('node:worker_threads');
  const shared = new SharedArrayBuffer(4);
  const counter = new Int32Array(shared);
  let worker: InstanceType<typeof Worker>;
  try {
    const entry = pathToFileURL(join(PROJECT_ROOT, 'dist', 'cli', 'adjudicate-worker.js'));
    worker = new Worker(entry, { workerData: { args, stdin, counter: shared } satisfies WorkerInput });
  } catch {
    return null;
  }
  const fromWorker = new Promise<ClaimedWork>((resolve) => {
    worker.once('message', (work: ClaimedWork) => resolve(work));
    worker.once('error', () => resolve({ done: [], failed: true }));
    worker.once('exit', () => resolve({ done: [], failed: true }));
  });
  const mine = await adjudicateClaimed(args, list, counter);
  if (mine.failed) {
    await worker.terminate();
    return null;
  }
  const theirs = await fromWorker;
  await worker.terminate();
  if (theirs.failed) return null;
  const parts = new Array<string>(list.length);
  const notes: [number, string][] = [];
  for (const work of [mine, theirs]) {
    for (const [i, json, note] of work.done) {
      parts[i] = json;
      if (note) notes.push([i, note]);
    }
  }
  for (let i = 0; i < parts.length; i++) if (parts[i] === undefined) return null;
  notes.sort((a, b) => a[0] - b[0]);
  return { code: EXIT.ok, stdout: `[${parts.join(',')}]\n`, stderr: notes.map(([, n]) => n).join('') };
}
