/**
 * The store on PostgreSQL (docs/store.md "The store on two databases"): a `pg` pool under drizzle's
 * node-postgres driver, the tables derived from the sqlite-core ones (src/store/pg-tables.ts), migrations from
 * migrations/postgres/ applied at start-up.
 *
 * Isolation: every transaction is SERIALIZABLE, so a use-case written for SQLite (where transactions run one after
 * another) keeps its guarantees when several processes share the database: a read-then-write that another process
 * raced is refused by the server (serialization failure) and run again from the start, never half-applied. Claims
 * are still written as compare-and-set (`UPDATE … WHERE claimed_by IS NULL … RETURNING`) so a conflict costs one
 * retry, not a wrong answer.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import pg from 'pg';
import { POSTGRES_MIGRATIONS_FOLDER } from './db.js';
import { pgTableOf } from './pg-tables.js';
import {
  errorCodes,
  isRefusal,
  withPreparation,
  RefusalRollback,
  type Store,
  type StoreDb,
  type OpenedStore,
  type TransactionOptions,
} from './store.js';

export interface PostgresStoreOptions {
  /** `postgres://user:password@host:port/database`. */
  url: string;
  /** Most connections the pool opens (default 10). */
  maxConnections?: number;
  /** How long a query waits for a connection, or a free one of the pool, before it fails (default 10 s). */
  connectTimeoutMs?: number;
  /** Told of a pooled connection's error between queries (the pool drops the connection; nothing else is lost). */
  onPoolError?: (err: Error) => void;
  /** The migrations to apply (default migrations/postgres/; tests may point elsewhere). */
  migrationsFolder?: string;
  /** How long a transaction refused for conflicts is run again (default `CONFLICT_RETRY_MS`; tests shorten it). */
  conflictRetryMs?: number;
}

/**
 * The advisory lock every process takes around its migrations (PostgreSQL's `pg_advisory_lock`, held by the
 * session): the first to start applies them while the others wait, then find nothing left to apply.
 */
export const MIGRATION_LOCK_KEY = '7526213587412103013'; // any fixed bigint: this one is the project's

/** SQLSTATEs of a transaction the server refused for a conflict with another: serialization_failure, deadlock_detected. */
const CONFLICTS = new Set(['40001', '40P01']);
/**
 * unique_violation: a key two concurrent transactions each found free (PostgreSQL reports it as 23505 rather than
 * 40001 when the reading was not of that key; its manual, "Serializable Isolation Level", advises retrying it too).
 * A key taken for good fails again on every run, so these runs are few.
 */
const UNIQUE_VIOLATION = '23505';
const UNIQUE_VIOLATION_RUNS = 8;
/**
 * A transaction refused for conflicts is run again for up to this long (and this many runs): a burst of orders for one
 * game in the same second is a crowd of transactions that each read and write its rows, and every one must commit.
 */
const CONFLICT_RETRY_MS = 30_000;
const CONFLICT_RUNS = 200;

/**
 * May a transaction that threw `err` on its `run`-th run, the first begun at `startedAt`, run again (conflicts for
 * `retryMs` at most)?
 */
function mayRunAgain(err: unknown, run: number, startedAt: number, retryMs: number): boolean {
  const codes = errorCodes(err);
  if (codes.some((c) => CONFLICTS.has(c))) return run < CONFLICT_RUNS && Date.now() - startedAt < retryMs;
  return codes.includes(UNIQUE_VIOLATION) && run < UNIQUE_VIOLATION_RUNS;
}

/**
 * A queue of one: the process's transactions refused once run their further runs here one at a time, so a crowd of
 * them stops refusing each other (each still races the fresh ones, and other processes', which the server settles).
 * A run waits its turn for at most `maxWaitMs` (what is left of its retry time), so one that never ends holds up the
 * others no longer than that.
 */
function retryLane(): (maxWaitMs: number) => Promise<() => void> {
  let tail: Promise<void> = Promise.resolve();
  return async (maxWaitMs) => {
    const before = tail;
    let release!: () => void;
    tail = new Promise<void>((resolve) => (release = resolve));
    const waited = new AbortController();
    await Promise.race([before, sleep(Math.max(0, maxWaitMs), undefined, { signal: waited.signal }).catch(() => {})]);
    waited.abort(); // the timer is not left running once the turn came
    return release;
  };
}

/** Applies the pending migrations under the advisory lock (safe when several processes start at once). */
export async function migratePostgres(pool: pg.Pool, migrationsFolder: string): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } catch (err) {
    broken = err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    client.release(broken); // a connection that failed here is closed, not reused (it may still hold the lock)
  }
}

/**
 * The transaction the running code is inside, per store (nested calls become savepoints). `open` turns false when
 * it ends, so work it started without awaiting is not mistaken for part of it later.
 */
const inside = new AsyncLocalStorage<{ store: Store; tx: NodePgDatabase; open: boolean }>();

/** Runs `fn` as the transaction `tx` of `store`; a refusal is thrown so drizzle rolls back. */
async function runIn<T>(store: Store, tx: NodePgDatabase, fn: (tx: StoreDb) => Promise<T>): Promise<T> {
  const current = { store, tx, open: true };
  try {
    const result = await inside.run(current, () => fn(tx as unknown as StoreDb));
    if (isRefusal(result)) throw new RefusalRollback(result);
    return result;
  } finally {
    current.open = false;
  }
}

/**
 * Values as SQLite hands them over, so the sqlite-core tables the game layer queries read the same on PostgreSQL:
 * a `bigint` (every time and key) as a number, not the driver's string (milliseconds stay far below 2^53); `jsonb`
 * and `json` as their text, which a JSON-mode column parses itself. Everything else as the driver reads it (a
 * `boolean` column's true or false, which a boolean-mode column reads as SQLite's 1 or 0). The derived twins
 * (src/store/pg-tables.ts) read both shapes.
 *
 * Only this store's connections read so: the pool's clients take these parsers for a query that names none, and a
 * query that names its own (drizzle's node-postgres session hands each query `types` falling back to the driver's
 * shared ones) sees ours first. The driver's shared parsers, which other code in the process may use, stay as they are.
 */
const AS_SQLITE = new Map<number, (value: string) => unknown>([
  [pg.types.builtins.INT8, Number],
  [pg.types.builtins.JSONB, (value) => value],
  [pg.types.builtins.JSON, (value) => value],
]);

type TypeParsers = { getTypeParser: (oid: number, format?: string) => unknown };

function asSqliteFirst(fallback: TypeParsers): TypeParsers {
  return {
    getTypeParser: (oid, format) =>
      (format !== 'binary' && AS_SQLITE.get(oid)) || fallback.getTypeParser(oid, format as never),
  };
}

/**
 * A new connection of the pool: it reads values as SQLite does (see `AS_SQLITE`), whatever `types` a query names, and
 * runs its queries one at a time. A use-case that starts two queries of its transaction at once (`Promise.all` over
 * reads) gets the second once the first has answered, as on SQLite, rather than through `pg`'s own queue, which is
 * deprecated (docs/store.md "One query at a time"). The callback form (none of our code uses it) goes straight through.
 */
function prepareConnection(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let previous: Promise<unknown> = Promise.resolve();
  (client as { query: unknown }).query = (config: unknown, ...rest: unknown[]) => {
    if (config && typeof config === 'object' && 'types' in config && (config as { types?: unknown }).types)
      config = { ...config, types: asSqliteFirst((config as { types: TypeParsers }).types) };
    const send = () => query(config, ...rest);
    if (rest.some((arg) => typeof arg === 'function')) return send();
    const answered = previous.then(send, send);
    previous = answered.catch(() => {});
    return answered;
  };
}

/** Where the server is, for error messages (never the password). */
function serverOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'the DATABASE_URL server';
  }
}

/** Opens the PostgreSQL database at `options.url` as a store, applying pending migrations first. */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<OpenedStore> {
  // A connection (or a free one of the pool) not had in 10 s is an error, not a silent wait.
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
    types: asSqliteFirst(pg.types as TypeParsers) as never,
  });
  pool.on('connect', prepareConnection);
  pool.on('error', (err) => options.onPoolError?.(err));
  try {
    await migratePostgres(pool, options.migrationsFolder ?? POSTGRES_MIGRATIONS_FOLDER);
  } catch (err) {
    await pool.end().catch(() => {});
    const why = err instanceof Error ? err.message : String(err);
    throw new Error(`cannot open the PostgreSQL database at ${serverOf(options.url)}: ${why}`, { cause: err });
  }
  const db = drizzle(pool);

  const enterLane = retryLane();
  const retryMs = options.conflictRetryMs ?? CONFLICT_RETRY_MS;
  const runOnce = <T>(fn: (tx: StoreDb) => Promise<T>, opts: TransactionOptions): Promise<T> =>
    db.transaction((tx) => runIn(store, tx, fn), {
      isolationLevel: opts.isolation ?? 'serializable',
      accessMode: (opts.write ?? true) ? 'read write' : 'read only',
    });

  const store: OpenedStore = {
    dialect: 'postgres',
    db: db as unknown as StoreDb,
    table: <T extends SQLiteTable>(table: T) => pgTableOf(table),

    async transaction<T>(fn: (tx: StoreDb) => Promise<T>, opts: TransactionOptions = {}): Promise<T> {
      const outer = inside.getStore();
      if (outer?.store === store && outer.open) {
        // A savepoint of the open transaction (drizzle's nested transaction).
        try {
          return await outer.tx.transaction((sp) => runIn(store, sp, fn));
        } catch (err) {
          if (err instanceof RefusalRollback) return err.result as T;
          throw err;
        }
      }
      return withPreparation(store, async () => {
        const startedAt = Date.now();
        let leaveLane: (() => void) | undefined;
        try {
          for (let run = 1; ; run++) {
            try {
              return await runOnce(fn, opts);
            } catch (err) {
              if (err instanceof RefusalRollback) return err.result as T;
              if (!mayRunAgain(err, run, startedAt, retryMs)) throw err;
              leaveLane ??= await enterLane(retryMs - (Date.now() - startedAt));
              await sleep(Math.random() * 5 * 2 ** Math.min(run, 5)); // jittered, growing: the two sides part
            }
          }
        } finally {
          leaveLane?.();
        }
      });
    },

    async execute(tx: StoreDb, query: SQL): Promise<Record<string, unknown>[]> {
      const result = await (tx as unknown as NodePgDatabase).execute(query);
      return result.rows;
    },

    async close(): Promise<void> {
      if (!pool.ended) await pool.end(); // a second close, as SQLite's, does nothing
    },
  };
  return store;
}
