/**
 * Opening the database: better-sqlite3 with WAL and foreign keys, drizzle on top, migrations applied.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { PROJECT_ROOT } from '../paths.js';
import * as schema from './schema.js';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
/** The handle inside `db.transaction(tx => …)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** migrations/ at the project root, whatever the working directory is. */
export const MIGRATIONS_FOLDER = join(PROJECT_ROOT, 'migrations');

export interface OpenedDatabase {
  db: Db;
  /** The raw better-sqlite3 handle. */
  sqlite: Database.Database;
  close(): void;
}

/**
 * Opens (creating if needed) the database at `path` (`:memory:` for tests), turns on WAL, foreign keys and a
 * busy timeout (so two processes wait for each other instead of failing), and applies pending migrations.
 */
export function openDatabase(path: string): OpenedDatabase {
  if (path !== ':memory:' && !path.startsWith('file:')) mkdirSync(dirname(resolve(path)), { recursive: true });
  const sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = drizzle(sqlite, { schema }) as Db;
  migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db,
    sqlite,
    close: () => {
      if (sqlite.open) sqlite.close();
    },
  };
}
