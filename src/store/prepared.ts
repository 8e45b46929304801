/**
 * Queries built once per SQLite connection (docs/store.md "Queries built once"). drizzle builds a query's SQL anew at
 * each call, which cost more than running it: about 110 µs for a whole `games` row against well under 10 µs to read
 * it. The queries most use-cases run (a game, its players, a phase, an outbox row's insert) are built with
 * placeholders, prepared once per SQLite connection and run with each call's values. On PostgreSQL the transaction's
 * connection changes from one transaction to the next, so the query is built and sent each time, as any other.
 */
import { is } from 'drizzle-orm';
import { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import type { StoreDb } from './store.js';

/** What a drizzle query builder with placeholders gives: a prepared query run with the placeholders' values. */
interface Preparable<R> {
  prepare(): { execute(values: Record<string, unknown>): PromiseLike<R> };
}

/** A query built by `build` (with `sql.placeholder(…)` for its values), run in `tx` with `values`. */
export function reusedQuery<R>(
  build: (db: StoreDb) => Preparable<R>,
): (tx: StoreDb, values: Record<string, unknown>) => PromiseLike<R> {
  const byConnection = new WeakMap<StoreDb, ReturnType<Preparable<R>['prepare']>>();
  return (tx, values) => {
    let query = byConnection.get(tx);
    if (!query) {
      query = build(tx).prepare();
      // SQLite: `tx` is the connection itself, the same object for every transaction of the store.
      if (is(tx, BaseSQLiteDatabase)) byConnection.set(tx, query);
    }
    return query.execute(values);
  };
}
