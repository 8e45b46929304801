/**
 * The computer players' worker thread (docs/ai.md "Using it from the bot"): `askComputerPlayer` runs an AI job
 * (src/ai/job.ts) in one shared, lazily started worker (pool.ts; the thread: worker.ts), off the event loop;
 * `warmAiWorker` starts it early and `stopAiWorker` ends it.
 *
 * The feature's public face: code outside src/game/ai-pool/ imports only from here.
 */
export { askComputerPlayer, stopAiWorker, warmAiWorker, type AiAnswer, type AiJob } from './pool.js';
