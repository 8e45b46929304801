/**
 * `/variant add`'s imports off the event loop: one shared worker thread (lazily started, unref'd so it never keeps the
 * process alive; src/worker-jobs.ts) runs import-job.ts on the uploaded texts, one upload after another. If the
 * worker cannot start or dies, the import runs on the calling thread instead (said once on stderr), so an upload
 * is always answered.
 */
import { jobWorker } from '../../worker-jobs.js';
import { runVariantImport, type VariantImportAnswer, type VariantUpload } from './import-job.js';

const worker = jobWorker<VariantUpload, VariantImportAnswer>({
  compiled: 'game/variant-import-worker.js',
  source: new URL('./import-worker.ts', import.meta.url),
  name: 'variant import',
  fallback: 'variant imports run on the main thread',
  run: runVariantImport,
});

/** The import of an upload (import-job.ts), computed in the worker thread. */
export function importInWorker(upload: VariantUpload): Promise<VariantImportAnswer> {
  return worker.ask(upload);
}
