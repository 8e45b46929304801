/**
 * Opening the database: better-sqlite3 with WAL and foreign keys, drizzle on top, migrations applied.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { PROJECT_ROOT } from '../paths.js';
import { checkpointsOffTheLoop } from './checkpoint.js';
import * as schema from './schema.js';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** migrations/sqlite/ at the project root, whatever the working directory is (drizzle.config.ts writes it). */
export const SQLITE_MIGRATIONS_FOLDER = join(PROJECT_ROOT, 'migrations', 'sqlite');
/** migrations/postgres/, the same schema's migrations for PostgreSQL (drizzle.pg.config.ts writes it). */
export const POSTGRES_MIGRATIONS_FOLDER = join(PROJECT_ROOT, 'migrations', 'postgres');

export interface OpenedDatabase {
  db: Db;
  /** The raw better-sqlite3 handle. */
  sqlite: Database.Database;
  /** Called by the store after each commit: an on-disk database's log may be due for a checkpoint (./checkpoint.ts). */
  committed?(): void;
  close(): void;
}

/** Owner-only access: the database holds every current order. */
const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;

/**
 * Creates the database's folder owner-only (0700) when it does not exist yet, and makes the database file and
 * its WAL companions owner-only (0600), creating the file first so it is never readable by others, not even for
 * a moment. SQLite gives the -wal and -shm files the database file's mode. An existing folder is left as the
 * operator made it.
 */
function privateFiles(path: string): void {
  const file = resolve(path);
  mkdirSync(dirname(file), { recursive: true, mode: PRIVATE_DIR });
  if (!existsSync(file)) closeSync(openSync(file, 'a', PRIVATE_FILE));
  else refuseForeignFile(file);
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(f)) chmodSync(f, PRIVATE_FILE);
  }
}

/** The first 16 bytes of every SQLite database file. */
const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/** A DATABASE_PATH that names a folder or a file of something else: refused before anything about it changes. */
export class NotADatabaseError extends Error {
  readonly code = 'NOT_A_DATABASE';
}

/**
 * Throws NotADatabaseError when `file` (which exists) is a folder or a non-empty file that is not an SQLite
 * database, so a mistyped DATABASE_PATH never has its mode changed or SQLite's files written beside it.
 */
function refuseForeignFile(file: string): void {
  const stat = statSync(file);
  if (stat.isDirectory()) throw new NotADatabaseError(`${file} is a folder, not a database file`);
  if (!stat.isFile()) throw new NotADatabaseError(`${file} is not a regular file`);
  if (stat.size === 0) return;
  const head = Buffer.alloc(SQLITE_HEADER.length);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (!head.equals(SQLITE_HEADER)) throw new NotADatabaseError(`${file} is not an SQLite database`);
}

/** A LIMIT or a LIKE pattern that is one parameter alone (drizzle writes `.limit(n)` and `like(column, text)` so). */
const PLANNED_PARAMETER = /\b(limit|like) \?(?=$|[\s)])/gi;

/**
 * `LIMIT ?` and `LIKE ?` rewritten `LIMIT +?` and `LIKE +?`: the same rows, but SQLite (as better-sqlite3 builds it)
 * plans a query with a bare parameter there for that parameter's value, so every new binding, that is every run,
 * expired the statement and had SQLite compile it again: a whole `games` row by id took 17–24 µs instead of 0.3–8,
 * the outbox's heads 60 µs instead of 24 (docs/store.md "Statements compiled once"). An expression is not read by the
 * planner.
 */
export function parametersNotPlanned(source: string): string {
  return source.replace(PLANNED_PARAMETER, '$1 +?');
}

/** Most prepared statements kept per database (the game's queries are a few hundred distinct texts). */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Keeps each prepared statement for its SQL text. drizzle prepares every query anew, and compiling the statement was
 * the largest single cost of a query (docs/benchmarks.md, the order pad under load). A statement is handed out in row
 * mode (drizzle switches it to `raw()` itself when it wants arrays, and such a switch would otherwise stick); SQLite
 * prepares it again by itself after a schema change. The oldest entries go when the cache is full.
 */
function cacheStatements(sqlite: Database.Database): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, Database.Statement>();
  sqlite.prepare = ((source: string) => {
    let stmt = cache.get(source);
    if (stmt) {
      if (stmt.reader) stmt.raw(false).pluck(false).expand(false);
      return stmt;
    }
    stmt = prepare(parametersNotPlanned(source));
    if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(source, stmt);
    return stmt;
  }) as typeof sqlite.prepare;
}

/** A database of every migration and nothing else, serialized once per process: the start of each in-memory one. */
let migratedImage: Buffer | null = null;

/**
 * A new in-memory database with every migration applied: a copy of the image (migrating anew took about 20 ms, most of an
 * in-memory database's opening, docs/benchmarks.md; the tests open hundreds).
 */
function migratedInMemory(): Database.Database {
  if (!migratedImage) {
    const first = new Database(':memory:');
    migrate(drizzle(first, { schema }), { migrationsFolder: SQLITE_MIGRATIONS_FOLDER });
    migratedImage = first.serialize();
    first.close();
  }
  return new Database(migratedImage);
}

/**
 * Opens (creating if needed) the database at `path` (`:memory:` for tests), turns on WAL, foreign keys and a
 * busy timeout (so two processes wait for each other instead of failing), and applies pending migrations.
 */
export function openDatabase(path: string): OpenedDatabase {
  const inMemory = path === ':memory:';
  const onDisk = !inMemory && !path.startsWith('file:');
  if (onDisk) privateFiles(path);
  const sqlite = inMemory ? migratedInMemory() : new Database(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  cacheStatements(sqlite);
  const db = drizzle(sqlite, { schema }) as Db;
  if (!inMemory) migrate(db, { migrationsFolder: SQLITE_MIGRATIONS_FOLDER });
  if (onDisk) privateFiles(path); // the -wal and -shm files SQLite created meanwhile
  const checkpoints = onDisk ? checkpointsOffTheLoop(sqlite, resolve(path)) : null;
  return {
    db,
    sqlite,
    committed: () => checkpoints?.committed(),
    close: () => {
      checkpoints?.closing();
      if (sqlite.open) sqlite.close();
    },
  };
}
