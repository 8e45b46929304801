/**
 * The WAL checkpoint worker thread (./checkpoint.ts starts it): each message is `{file}`, a SQLite database in WAL
 * mode whose log has grown; the worker copies the log's pages into the database file on a connection of its own
 * (`PRAGMA wal_checkpoint(PASSIVE)`: it takes no lock a reader or writer waits for) and answers `{file, log,
 * checkpointed}` in pages, or `{file, error}`. The copy and its fsync take tens of milliseconds on a disk: here they
 * never hold up the bot's event loop (docs/store.md "Transactions and isolation": checkpoints off the event loop).
 */
import { parentPort } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { lowerThreadPriority } from '../worker-thread.js';

lowerThreadPriority(5);

/** The connections opened so far, by file: a checkpoint needs no more than one each. */
const connections = new Map<string, Database.Database>();

function connectionTo(file: string): Database.Database {
  let db = connections.get(file);
  if (!db?.open) {
    db = new Database(file, { fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    connections.set(file, db);
  }
  return db;
}

parentPort?.on('message', ({ file, close }: { file: string; close?: boolean }) => {
  if (close) {
    connections.get(file)?.close();
    connections.delete(file);
    return;
  }
  try {
    const [row] = connectionTo(file).pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[];
    parentPort!.postMessage({ file, log: row?.log ?? 0, checkpointed: row?.checkpointed ?? 0 });
  } catch (e) {
    parentPort!.postMessage({ file, error: e instanceof Error ? e.message : String(e) });
  }
});
parentPort?.postMessage({ ready: true });
