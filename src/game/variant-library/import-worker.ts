/**
 * The variant import worker thread (import-pool.ts starts it): each message is an upload, answered in turn with its
 * import (import-job.ts; src/worker-jobs.ts). Importing and checking a 3.5 MB DiploGM SVG and drawing its starting
 * map takes a few seconds; here it never holds up the bot's event loop, at a lower priority than the bot's own thread.
 */
import { serveJobs } from '../../worker-jobs.js';
import { runVariantImport } from './import-job.js';

serveJobs(runVariantImport);
