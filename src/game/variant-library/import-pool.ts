/**
 * `/variant add`'s imports off the event loop: one shared worker thread (lazily started, unref'd so it never keeps the
 * process alive; src/worker-thread.ts) runs import-job.ts on the uploaded texts, one upload after another. If the
 * worker cannot start or dies, the import runs on the calling thread instead (said once on stderr), so an upload
 * is always answered.
 */
import { workerSlot } from '../../worker-thread.js';
import { runVariantImport, type VariantImportAnswer, type VariantUpload } from './import-job.js';

export interface ImportRequest {
  id: number;
  upload: VariantUpload;
}
export type ImportReply = { id: number; answer: VariantImportAnswer } | { id: number; error: string };

interface Pending {
  upload: VariantUpload;
  resolve(answer: VariantImportAnswer): void;
  reject(e: Error): void;
}

let nextId = 1;
const pending = new Map<number, Pending>();

function inThread(p: Pending): void {
  try {
    p.resolve(runVariantImport(p.upload));
  } catch (e) {
    p.reject(e instanceof Error ? e : new Error(String(e)));
  }
}

const slot = workerSlot({
  compiled: 'game/variant-import-worker.js',
  source: new URL('./import-worker.ts', import.meta.url),
  name: 'variant import',
  fallback: 'variant imports run on the main thread',
  onMessage(message, w) {
    const reply = message as ImportReply;
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    if ('answer' in reply) p.resolve(reply.answer);
    else p.reject(new Error(reply.error));
    if (pending.size === 0) w.unref();
  },
  onFail() {
    const waiting = [...pending.values()];
    pending.clear();
    for (const p of waiting) inThread(p);
  },
});

/** The import of an upload (import-job.ts), computed in the worker thread. */
export function importInWorker(upload: VariantUpload): Promise<VariantImportAnswer> {
  return new Promise<VariantImportAnswer>((resolve, reject) => {
    const p: Pending = { upload, resolve, reject };
    const w = slot.start();
    if (!w) return inThread(p);
    const id = nextId++;
    pending.set(id, p);
    w.ref();
    w.postMessage({ id, upload } satisfies ImportRequest);
  });
}
