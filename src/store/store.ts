/**
 * The store handle both databases give the game layer (docs/store.md "The store on two databases"): SQLite
 * (the embedded default, src/store/sqlite-store.ts) or PostgreSQL (`DATABASE_URL`, src/store/postgres-store.ts),
 * opened by `openStore` (src/store/open.ts). Query code is written once, against the sqlite-core tables, in the
 * async subset both drivers share:
 * - `await` the query builders (`await tx.select().from(t.games).where(…)`); never the SQLite-only `.get()`,
 *   `.all()`, `.run()`, `.values()`. One row: `first(await ….limit(1))`.
 * - Rows an UPDATE or DELETE changed: `.returning()` and count them (SQLite answers `changes`, PostgreSQL
 *   `rowCount`; neither is portable).
 * - A game kind's own table through `store.table(kindTable)`: on PostgreSQL it is the derived twin
 *   (src/store/pg-tables.ts) that decodes `jsonb`, `boolean` and `bigint`.
 * - Raw SQL through `store.execute`, with numbers from aggregates read through `Number` (PostgreSQL's `count(*)`
 *   is a `bigint`, which the driver hands over as text) or with drizzle's `count()`, which does it.
 */
import type { SQL } from 'drizzle-orm';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';

export type Dialect = 'sqlite' | 'postgres';

/**
 * The query interface shared by both databases, typed as drizzle's SQLite database less what PostgreSQL lacks (its
 * own synchronous `transaction`, `run`/`all`/`get`/`values` on raw SQL, the relational `query` API). The query
 * builders' SQLite-only `.get()`, `.all()`, `.run()` and `.values()` are still in the types (drizzle types a SQLite
 * builder alike whatever runs it): test/architecture/store-access.test.ts fails on one in the game layer instead.
 */
export type StoreDb = Omit<
  BetterSQLite3Database,
  'transaction' | 'run' | 'all' | 'get' | 'values' | '$client' | 'query' | 'batch'
>;

/** The handle inside `store.transaction(async (tx) => …)`: the async query subset of both databases. */
export type Tx = StoreDb;

export interface TransactionOptions {
  /**
   * false: the transaction only reads (SQLite `BEGIN DEFERRED` with `query_only`; PostgreSQL `READ ONLY`), and a
   * write in it fails on both. Default true: SQLite `BEGIN IMMEDIATE` (the write lock up front).
   */
  write?: boolean;
  /**
   * PostgreSQL only: `read committed` instead of SERIALIZABLE, for a transaction whose every write is a
   * compare-and-set (`UPDATE … WHERE claimed_by IS NULL RETURNING`), which stays right at that level: claims of one
   * row by several processes then cost nothing instead of a retry each (the outbox's claims). SQLite runs
   * transactions one at a time whatever this says.
   */
  isolation?: 'serializable' | 'read committed';
}

export interface Store {
  readonly dialect: Dialect;
  /** Any sqlite-core table (a game kind's, src/game/<kind>/tables.ts) for this database; the same object each time. */
  table<T extends SQLiteTable>(table: T): T;
  /**
   * Runs `fn` in one transaction and commits when it returns; an exception or a `{ ok: false }` result rolls
   * everything back (the exception is rethrown, the result returned). Called inside another transaction of this store
   * it runs in a savepoint of it. On PostgreSQL the transaction is SERIALIZABLE and is run again from the start when
   * the server refuses it for a conflict with another (serialization failure, deadlock; src/store/postgres-store.ts
   * says how often): `fn` must do nothing but database work that can be redone (notes for after the commit are
   * collected anew by each run). Keep other awaits (rendering, Discord) out of it: on SQLite every other
   * transaction of the process waits for it.
   */
  transaction<T>(fn: (tx: StoreDb) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** Raw SQL (`sql\`…\``) in `tx` (or `db`), its rows as plain objects (column names as the database gives them). */
  execute(tx: StoreDb, query: SQL): Promise<Record<string, unknown>[]>;
  /** Closes the connection (SQLite) or the pool (PostgreSQL). */
  close(): Promise<void>;
}

/**
 * A store as its opener returns it, with the database outside any transaction: for tests, tools and migrations that
 * inspect it. On SQLite it is the one connection that transactions also use, so a query made here while a transaction
 * awaits would run inside it; the game layer is handed a `Store`, which has no such handle, so every read of a
 * use-case is in a transaction by construction.
 */
export interface OpenedStore extends Store {
  readonly db: StoreDb;
}

/** The first row of a result, or undefined: the portable stand-in for SQLite's `.get()`. */
export function first<T>(rows: readonly T[]): T | undefined {
  return rows[0];
}

/** A use-case's refusal: the transaction that returns it is rolled back. */
export function isRefusal(result: unknown): result is { ok: false } {
  return typeof result === 'object' && result !== null && (result as { ok?: unknown }).ok === false;
}

/**
 * Thrown inside a transaction that needs something read into this process first, outside any transaction (a
 * server's stored variant the process has not loaded yet: src/game/core/variant-of-game.ts). The store rolls the
 * transaction back, awaits `prepare(store)` and runs the transaction again from the start, as it does after a
 * PostgreSQL conflict; a nested transaction passes it up to the outermost one. `what` names it for the error thrown
 * when the same thing is asked for again after it was prepared.
 */
export class PrepareAndRetry extends Error {
  constructor(
    readonly what: string,
    readonly prepare: (store: Store) => Promise<void>,
  ) {
    super(`${what} is needed before this transaction can run`);
  }
}

/** How many things one transaction may have prepared before it runs (each a new one; the same one twice fails). */
const MAX_PREPARATIONS = 8;

/**
 * Runs `attempt` (one whole outermost transaction), preparing what a `PrepareAndRetry` asks for and trying again.
 * Both stores wrap their outermost transactions in it.
 */
export async function withPreparation<T>(store: Store, attempt: () => Promise<T>): Promise<T> {
  const prepared = new Set<string>();
  for (;;) {
    try {
      return await attempt();
    } catch (err) {
      const wanted = preparationOf(err);
      if (!wanted || prepared.has(wanted.what) || prepared.size >= MAX_PREPARATIONS) throw err;
      prepared.add(wanted.what);
      await wanted.prepare(store);
    }
  }
}

/** The `PrepareAndRetry` an error is or wraps (a driver may wrap what the callback threw). */
function preparationOf(err: unknown): PrepareAndRetry | null {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++)
    if (e instanceof PrepareAndRetry) return e;
  return null;
}

/** Carries a refusal out of a driver's transaction callback so the driver rolls back. */
export class RefusalRollback {
  constructor(readonly result: unknown) {}
}

/** The driver error codes of each database, looked up through drizzle's wrapping (`DrizzleQueryError.cause`). */
export function errorCodes(err: unknown): string[] {
  const codes: string[] = [];
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
  }
  return codes;
}

/** Did a statement break a unique index or key (SQLite `SQLITE_CONSTRAINT_UNIQUE`/`…_PRIMARYKEY`, PostgreSQL 23505)? */
export function isUniqueViolation(err: unknown): boolean {
  return errorCodes(err).some(
    (c) => c === '23505' || c === 'SQLITE_CONSTRAINT_UNIQUE' || c === 'SQLITE_CONSTRAINT_PRIMARYKEY',
  );
}

/** Reads in one read-only transaction (a consistent snapshot; SQLite `BEGIN DEFERRED`, PostgreSQL `READ ONLY`). */
export function inSnapshot<T>(store: Store, fn: (tx: StoreDb) => Promise<T>): Promise<T> {
  return store.transaction(fn, { write: false });
}
