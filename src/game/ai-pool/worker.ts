/**
 * The computer players' worker thread (src/game/ai-pool/pool.ts starts it): each message is a plain-JSON job
 * (src/ai/job.ts), answered in turn (src/worker-jobs.ts). A search takes from a few milliseconds to seconds; here it
 * never holds up the bot's event loop, and its thread runs at a lower priority than the bot's own.
 */
import { runAiJob } from '../../ai/job.js';
import { serveJobs } from '../../worker-jobs.js';

/**
 * The searches give way to the bot's main thread when both want a CPU (on 2 cores shared with other work, the
 * event loop's 1 ms timer waited half as long at the 99th percentile while twenty seats thought; docs/ai.md).
 */
const AI_WORKER_NICENESS = 10;

serveJobs(runAiJob, AI_WORKER_NICENESS);
