/**
 * The computer players' worker thread (src/game/ai-pool/pool.ts starts it): each message is a plain-JSON job
 * (src/ai/job.ts), answered with `{id, ok: true, answer}` or `{id, ok: false, error}`. A search takes from a few
 * milliseconds to seconds; here it never holds up the bot's event loop (brief: no block over 20 ms), and
 * its thread runs at a lower priority than the bot's own.
 */
import { parentPort } from 'node:worker_threads';
import { runAiJob } from '../../ai/job.js';
import { lowerThreadPriority } from '../../worker-thread.js';
import type { AiReply, AiRequest } from './protocol.js';

/**
 * The searches give way to the bot's main thread when both want a CPU (on 2 cores shared with other work, the
 * event loop's 1 ms timer waited half as long at the 99th percentile while twenty seats thought; docs/ai.md).
 */
const AI_WORKER_NICENESS = 10;

lowerThreadPriority(AI_WORKER_NICENESS);

parentPort?.on('message', (req: AiRequest) => {
  let reply: AiReply;
  try {
    reply = { id: req.id, ok: true, answer: runAiJob(req.job) };
  } catch (e) {
    reply = { id: req.id, ok: false, error: e instanceof Error ? e.message : String(e) };
  }
  parentPort!.postMessage(reply);
});
parentPort?.postMessage({ ready: true });
