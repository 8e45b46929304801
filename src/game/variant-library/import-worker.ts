/**
 * The variant import worker thread (import-pool.ts starts it): each message is `{id, upload}`, answered with
 * `{id, answer}` (import-job.ts) or `{id, error}`. Importing and checking a 3.5 MB DiploGM SVG and drawing its starting
 * map takes a few seconds; here it never holds up the bot's event loop (brief: no block over 20 ms), at a lower
 * priority than the bot's own thread.
 */
import { parentPort } from 'node:worker_threads';
import { lowerThreadPriority } from '../../worker-thread.js';
import { runVariantImport } from './import-job.js';
import type { ImportReply, ImportRequest } from './import-pool.js';

lowerThreadPriority(10);

parentPort?.on('message', (req: ImportRequest) => {
  let reply: ImportReply;
  try {
    reply = { id: req.id, answer: runVariantImport(req.upload) };
  } catch (e) {
    reply = { id: req.id, error: e instanceof Error ? e.message : String(e) };
  }
  parentPort!.postMessage(reply);
});
parentPort?.postMessage({ ready: true });
