/**
 * PostgreSQL for the tests (docs/store.md "The store on two databases"): one server per test run, started by
 * test/support/postgres-setup.ts (vitest's globalSetup) when the first test file asks for it, so a run without
 * PostgreSQL tests pays nothing, and stopped and removed at the end. Each call of `freshPostgresDatabase()` creates
 * a database of its own on it (call it once per file, in `beforeAll`, or per test that needs an empty one).
 */
import pg from 'pg';
import { inject } from 'vitest';
import { openPostgresStore } from '../../src/store/postgres-store.js';
import { createDatabase } from './postgres-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where test/support/postgres-setup.ts answers `GET /server` with the run's server (started on first ask). */
    postgresBroker: string;
    /** `postgres` in the project that runs the game suites on PostgreSQL (vitest.config.ts); unset: SQLite. */
    testStore?: 'postgres';
  }
}

/**
 * The pool settings of a test's store: a connection may take longer than a deployment's 10 s to come while three
 * workers, their PostgreSQL and browsers share two cores (once seen as an internal error "timeout exceeded when trying
 * to connect" in a full run).
 */
export const TEST_POOL = { connectTimeoutMs: 30_000 } as const;

let server: Promise<string> | undefined;

/** The run's server (test/support/postgres-setup.ts starts it on the first ask), as its administrator URL. */
export function testPostgresServer(): Promise<string> {
  server ??= (async () => {
    const broker = inject('postgresBroker');
    if (!broker)
      throw new Error(
        'PostgreSQL for the tests: no server broker; run the tests through vitest.config.ts (globalSetup test/support/postgres-setup.ts)',
      );
    const answer = await fetch(`${broker}/server`);
    const body = (await answer.json()) as { url?: string; error?: string };
    if (!answer.ok || !body.url)
      throw new Error(body.error ?? `PostgreSQL for the tests: the broker answered ${answer.status}`);
    return body.url;
  })();
  return server;
}

/** A new, empty database on the run's PostgreSQL server: its URL (`DATABASE_URL`). */
export async function freshPostgresDatabase(prefix = 'test'): Promise<string> {
  return createDatabase(await testPostgresServer(), prefix);
}

let migrated: Promise<string> | undefined;

/** This worker's databases whose test is over (every connection closed), to be emptied and lent again. */
const returned: string[] = [];

/**
 * A new database on the run's server with every migration already applied: a copy of a template this test worker
 * migrates once, so a test that needs an empty store pays for a copy, not for the migrations. A database given back
 * (`returnPostgresDatabase`) is lent again emptied instead: a copy took 100–600 ms on the loaded test server,
 * emptying one about 10 ms (docs/testing.md "The game suites on both databases").
 */
export async function migratedPostgresDatabase(prefix = 'test'): Promise<string> {
  const reused = returned.pop();
  if (reused) return emptied(reused);
  migrated ??= (async () => {
    const url = await freshPostgresDatabase('template');
    const store = await openPostgresStore({ url, maxConnections: 1, ...TEST_POOL });
    await store.close();
    return new URL(url).pathname.slice(1);
  })();
  const template = await migrated;
  return createDatabase(await testPostgresServer(), prefix, template);
}

/**
 * Gives back a database of `migratedPostgresDatabase` once nothing is connected to it any more (its store closed): the
 * next test of this worker gets it emptied rather than a new copy.
 */
export function returnPostgresDatabase(url: string): void {
  returned.push(url);
}

/**
 * Every row of every table deleted, the identity counters back at 1: what a new copy of the template holds (the
 * migrations add no rows to the tables; the migrator's journal is in its own schema and stays). Foreign keys are not
 * checked while the rows go (the server's replica role), so the tables' order does not matter.
 */
const EMPTY_EVERY_TABLE = `
  SET session_replication_role = replica;
  DO $$
  DECLARE t text;
  BEGIN
    FOR t IN SELECT quote_ident(tablename) FROM pg_tables WHERE schemaname = 'public' LOOP
      EXECUTE 'DELETE FROM ' || t;
    END LOOP;
    PERFORM setval(c.oid, 1, false) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'S' AND n.nspname = 'public';
  END $$;`;

async function emptied(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(EMPTY_EVERY_TABLE);
  } finally {
    await client.end();
  }
  return url;
}
