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
