/**
 * Opening the store the environment names (contract: "Several machines" in docs/architecture.md): PostgreSQL when
 * `DATABASE_URL` is set, else the SQLite file at `DATABASE_PATH` (the embedded default). Migrations are applied
 * before the store is handed over, on either database.
 */
import { openPostgresStore, type PostgresStoreOptions } from './postgres-store.js';
import { openSqliteStore } from './sqlite-store.js';
import type { Store } from './store.js';

export type StoreConfig = { dialect: 'sqlite'; path: string } | ({ dialect: 'postgres' } & PostgresStoreOptions);

/** The store `DATABASE_URL` (a `postgres://` or `postgresql://` URL) or else `DATABASE_PATH` names. */
export function storeConfigFromEnv(env: { DATABASE_URL?: string | undefined; DATABASE_PATH: string }): StoreConfig {
  const url = env.DATABASE_URL?.trim();
  if (!url) return { dialect: 'sqlite', path: env.DATABASE_PATH };
  if (!/^postgres(ql)?:\/\//i.test(url))
    throw new Error('DATABASE_URL must be a PostgreSQL URL: postgres://user:password@host:port/database');
  return { dialect: 'postgres', url };
}

/** `url` with its password hidden, for logs and messages. */
export function redactedDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(an unreadable DATABASE_URL)';
  }
}

/** Opens the store `config` names, its migrations applied. */
export async function openStore(config: StoreConfig): Promise<Store> {
  if (config.dialect === 'sqlite') return openSqliteStore(config.path);
  const { dialect: _, ...options } = config;
  return openPostgresStore(options);
}

/** What an operator reads for a SQLite error code or a file-system one, besides the error's own words. */
const SQLITE_HINTS: Record<string, string> = {
  NOT_A_DATABASE: 'left untouched; point DATABASE_PATH at the bot’s database file or at a new file name',
  SQLITE_NOTADB: 'left untouched; point DATABASE_PATH at the bot’s database file or at a new file name',
  EACCES: 'the bot’s user may not write there: give it a folder of its own, see docs/deploy.md',
  EROFS: 'that file system is read-only: choose a writable folder',
  EPERM: 'the file belongs to another user: chown it and its -wal and -shm files to the bot’s user',
  SQLITE_READONLY: 'the bot’s user must be able to write the file and create files beside it: chown both to it',
  SQLITE_CANTOPEN: 'the bot’s user may not create files in that folder, or the path is wrong',
  ENOTDIR: 'a part of the path is a file, not a folder',
};

/**
 * The one line an operator reads when the database cannot be opened (src/main.ts): the variable to check, the
 * cause and, for the usual mistakes, what to do. No stack: the cause is the operator's, not a bug.
 */
export function openFailureMessage(config: StoreConfig, err: unknown): string {
  const e = err as { message?: unknown; code?: unknown };
  const why = typeof e?.message === 'string' ? e.message : String(err);
  if (config.dialect === 'postgres')
    return `${why} (check DATABASE_URL: the server, the database, the user and its password)`;
  // SQLite's extended codes (`SQLITE_READONLY_DIRECTORY`) share the hint of their primary code.
  const code = typeof e?.code === 'string' ? e.code : '';
  const hint = SQLITE_HINTS[code] ?? SQLITE_HINTS[code.replace(/^(SQLITE_[A-Z]+)_.*$/, '$1')];
  return `cannot open the database at DATABASE_PATH=${config.path}: ${why}${hint ? ` (${hint})` : ''}`;
}
