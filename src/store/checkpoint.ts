/**
 * Checkpoints off the event loop (docs/store.md "Transactions and isolation"). In WAL mode a commit appends to the
 * log, and by default the commit that takes the log past 1000 pages also copies the log into the database file and
 * syncs it: tens of milliseconds on the connection's thread, the bot's event loop. An on-disk database here leaves
 * that to a worker thread with a connection of its own: after a commit (at most once per `CHECK_EVERY_MS`) the log's
 * size is looked at, and past `CHECKPOINT_BYTES` the worker is asked for a passive checkpoint. The connection's own
 * automatic checkpoint stays, at `SAFETY_PAGES`, for a worker that cannot keep up; where no worker can run it goes
 * back to SQLite's default.
 */
import { statSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { workerSlot } from '../worker-thread.js';

/** A log this big (bytes) is checkpointed by the worker. */
const CHECKPOINT_BYTES = 2 * 1024 * 1024;
/** The log's size is looked at no more often than this after commits (ms). */
const CHECK_EVERY_MS = 500;
/** The connection's own automatic checkpoint, in pages, while the worker does them (SQLite's default: 1000). */
const SAFETY_PAGES = 20_000;
const DEFAULT_PAGES = 1000;

/** Files with a checkpoint asked for and not yet answered; and the connections that rely on the worker. */
const pending = new Set<string>();
const relying = new Set<Database.Database>();
/** Called with each answer (tests). */
const listeners = new Set<(answer: CheckpointAnswer) => void>();

export type CheckpointAnswer = { file: string; log: number; checkpointed: number } | { file: string; error: string };

const slot = workerSlot({
  compiled: 'store/checkpoint-worker.js',
  source: new URL('./checkpoint-worker.ts', import.meta.url),
  name: 'checkpoint',
  fallback: "SQLite's own checkpoints on the main thread",
  onMessage(message) {
    const answer = message as CheckpointAnswer;
    pending.delete(answer.file);
    for (const listener of listeners) listener(answer);
  },
  onFail() {
    pending.clear();
    for (const sqlite of relying) if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${DEFAULT_PAGES}`);
    relying.clear();
  },
});

/** Calls `listener` with each checkpoint the worker answers; returns the function that stops it. */
export function observeCheckpoints(listener: (answer: CheckpointAnswer) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Hands the checkpoints of `sqlite` (an on-disk database in WAL mode at `file`) to the worker; returns what to call
 * after each commit, and what to call before the connection closes.
 */
export function checkpointsOffTheLoop(sqlite: Database.Database, file: string): { committed(): void; closing(): void } {
  sqlite.pragma(`wal_autocheckpoint = ${SAFETY_PAGES}`);
  relying.add(sqlite);
  const wal = `${file}-wal`;
  let lastCheck = 0;
  return {
    committed() {
      const now = Date.now();
      if (now - lastCheck < CHECK_EVERY_MS || pending.has(file)) return;
      lastCheck = now;
      let size = 0;
      try {
        size = statSync(wal).size;
      } catch {
        return;
      }
      if (size < CHECKPOINT_BYTES) return;
      const worker = slot.start();
      if (!worker) return;
      pending.add(file);
      worker.postMessage({ file });
    },
    closing() {
      relying.delete(sqlite);
      slot.current()?.postMessage({ file, close: true });
    },
  };
}

/** Stops the worker (tests, shutdown); a later checkpoint starts a new one. */
export async function stopCheckpointWorker(): Promise<void> {
  pending.clear();
  await slot.stop();
}
