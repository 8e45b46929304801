/**
 * The store on SQLite (docs/store.md "The store on two databases"): the database `openDatabase` opens (WAL,
 * foreign keys, migrations from migrations/sqlite/), with an asynchronous transaction runner.
 *
 * better-sqlite3 runs on one connection and drizzle's `db.transaction` takes only a synchronous function, so
 * transactions are run here: an in-process queue (one transaction at a time) around `BEGIN IMMEDIATE` … `COMMIT`
 * or `ROLLBACK` on the connection. While a transaction awaits, no other transaction of the process starts, so
 * nothing interleaves inside it as long as every access goes through the store; another process on the same file
 * waits for the write lock (busy timeout), as before.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { SQL } from 'drizzle-orm';
import { SQLiteSyncDialect, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { openDatabase, type OpenedDatabase } from './db.js';
import {
  isRefusal,
  withPreparation,
  type OpenedStore,
  type Store,
  type StoreDb,
  type TransactionOptions,
} from './store.js';

const dialect = new SQLiteSyncDialect();

/**
 * How long transactions may follow one another without the event loop turning (docs/store.md "Transactions and
 * isolation"). A SQLite transaction awaits nothing that is not already settled, so the next holder starts in the same
 * microtask drain as the one before released: without a turn of the loop now and then, a queue of 200 would run as
 * one piece of work and hold every socket, timer and worker message meanwhile.
 */
const SLICE_MS = 4;
/** When the current stretch of work without a loop turn began, and whether the loop has turned since. */
let sliceStart = 0;
let turned = true;
const markTurn = () => void (turned = true);

/** A turn of the event loop when the transactions run without one have taken `SLICE_MS`. */
async function letTheLoopTurn(): Promise<void> {
  if (!turned) {
    const elapsed = performance.now() - sliceStart;
    // A slice that began "later than now" was timed by another clock (a test's fake timers, whose turn never came):
    // the stretch starts now.
    if (elapsed < 0) sliceStart = performance.now();
    if (elapsed < SLICE_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  turned = false;
  sliceStart = performance.now();
  setImmediate(markTurn);
}

/** One holder at a time, in the order they asked. */
class Queue {
  private tail: Promise<void> = Promise.resolve();

  /** Resolves once every earlier holder has released; call the returned function to release. */
  async acquire(): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const before = this.tail;
    this.tail = before.then(() => released);
    await before;
    await letTheLoopTurn();
    return release;
  }
}

/**
 * The transaction the running code is inside, per store (nested calls become savepoints). `open` turns false when
 * it ends, so work it started without awaiting is not mistaken for part of it later.
 */
interface Open {
  store: Store;
  depth: number;
  open: boolean;
}
const inside = new AsyncLocalStorage<Open>();

/** Runs `fn` between `begin` and `commit`, or `rollback` when it throws or refuses. */
async function runBetween<T>(
  opened: OpenedDatabase,
  fn: (tx: StoreDb) => Promise<T>,
  sqlText: { begin: string; commit: string; rollback: string },
): Promise<T> {
  const { sqlite, db } = opened;
  sqlite.exec(sqlText.begin);
  let result: T;
  try {
    result = await fn(db as unknown as StoreDb);
  } catch (err) {
    if (sqlite.inTransaction) sqlite.exec(sqlText.rollback);
    throw err;
  }
  if (isRefusal(result)) {
    sqlite.exec(sqlText.rollback);
    return result;
  }
  try {
    sqlite.exec(sqlText.commit);
  } catch (err) {
    if (sqlite.inTransaction) sqlite.exec(sqlText.rollback);
    throw err;
  }
  if (!sqlite.inTransaction) opened.committed?.();
  return result;
}

/** Opens the SQLite database at `path` (`:memory:` for tests) as a store. */
export function openSqliteStore(path: string): OpenedStore {
  return sqliteStoreOf(openDatabase(path));
}

/** One store per connection: two would each queue their transactions and interleave them on it. */
const storesByConnection = new WeakMap<OpenedDatabase['sqlite'], OpenedStore>();

/**
 * The store over a database `openDatabase` opened (its raw handle stays the caller's, for tests and tools); the same
 * store each time for the same connection.
 */
export function sqliteStoreOf(opened: OpenedDatabase): OpenedStore {
  const known = storesByConnection.get(opened.sqlite);
  if (known) return known;
  const store = newSqliteStore(opened);
  storesByConnection.set(opened.sqlite, store);
  return store;
}

/**
 * One queue per database file in this process: a second connection to the same file (two bots in one process, as
 * tests run them) must wait its turn here, not in `BEGIN IMMEDIATE`, whose busy wait would block the event loop
 * while the transaction holding the lock waits for that same loop.
 */
const queuesByFile = new Map<string, Queue>();
function queueFor(opened: OpenedDatabase): Queue {
  const file = opened.sqlite.memory ? '' : opened.sqlite.name;
  if (!file) return new Queue();
  let queue = queuesByFile.get(file);
  if (!queue) queuesByFile.set(file, (queue = new Queue()));
  return queue;
}

function newSqliteStore(opened: OpenedDatabase): OpenedStore {
  const queue = queueFor(opened);

  /** One outermost transaction: the process's queue, then BEGIN … COMMIT or ROLLBACK. */
  async function outermost<T>(fn: (tx: StoreDb) => Promise<T>, options: TransactionOptions): Promise<T> {
    const write = options.write ?? true;
    const release = await queue.acquire();
    const current: Open = { store, depth: 0, open: true };
    try {
      // `exec` rather than `pragma()`, which compiles its statement anew each time (about 27 µs against 1.6 here).
      if (!write) opened.sqlite.exec('PRAGMA query_only = ON');
      return await inside.run(current, () =>
        runBetween(opened, fn, {
          begin: write ? 'BEGIN IMMEDIATE' : 'BEGIN DEFERRED',
          commit: 'COMMIT',
          rollback: 'ROLLBACK',
        }),
      );
    } finally {
      current.open = false;
      if (!write && opened.sqlite.open) opened.sqlite.exec('PRAGMA query_only = OFF');
      release();
    }
  }

  const store: OpenedStore = {
    dialect: 'sqlite',
    db: opened.db as unknown as StoreDb,
    table: <T extends SQLiteTable>(table: T) => table,

    async transaction<T>(fn: (tx: StoreDb) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
      const outer = inside.getStore();
      if (outer?.store === store && outer.open) {
        const name = `savepoint_${outer.depth + 1}`;
        const nested: Open = { store, depth: outer.depth + 1, open: true };
        return inside
          .run(nested, () =>
            runBetween(opened, fn, {
              begin: `SAVEPOINT ${name}`,
              commit: `RELEASE ${name}`,
              rollback: `ROLLBACK TO ${name}; RELEASE ${name}`,
            }),
          )
          .finally(() => (nested.open = false));
      }
      return withPreparation(store, () => outermost(fn, options));
    },

    async execute(_tx: StoreDb, query: SQL): Promise<Record<string, unknown>[]> {
      // One connection: `tx` and `db` are the same. A statement that returns no rows answers [].
      const { sql: text, params } = dialect.sqlToQuery(query);
      const statement = opened.sqlite.prepare(text);
      if (statement.reader) return statement.all(...params) as Record<string, unknown>[];
      statement.run(...params);
      return [];
    },

    async close(): Promise<void> {
      const release = await queue.acquire();
      try {
        opened.close();
      } finally {
        release();
      }
    },
  };
  return store;
}
