/**
 * The computer players' worker thread (src/game/ai-pool.ts starts it): each message is a plain-JSON job
 * (src/ai/job.ts), answered with `{id, ok: true, answer}` or `{id, ok: false, error}`. A search takes from a few
 * milliseconds to seconds; here it never holds up the bot's event loop (issue 22 §4; brief: no block over 20 ms).
 */
import { parentPort } from 'node:worker_threads';
import { runAiJob } from '../ai/job.js';
import type { AiReply, AiRequest } from './ai-protocol.js';

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
