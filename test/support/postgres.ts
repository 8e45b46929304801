/**
 * PostgreSQL for the tests (docs/store.md "The store on two databases"): one server per test run, started by
 * test/support/postgres-setup.ts (vitest's globalSetup) when the first test file asks for it, so a run without
 * PostgreSQL tests pays nothing, and stopped and removed at the end. Each call of `freshPostgresDatabase()` creates
 * a database of its own on it (call it once per file, in `beforeAll`, or per test that needs an empty one).
 */
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

/**
 * A new database on the run's server with every migration already applied: a copy of a template this test worker
 * migrates once, so a test that needs an empty store pays for a copy, not for the migrations.
 */
export async function migratedPostgresDatabase(prefix = 'test'): Promise<string> {
  migrated ??= (async () => {
    const url = await freshPostgresDatabase('template');
    const store = await openPostgresStore({ url, maxConnections: 1, ...TEST_POOL });
    await store.close();
    return new URL(url).pathname.slice(1);
  })();
  const template = await migrated;
  return createDatabase(await testPostgresServer(), prefix, template);
}
