/**
 * What "the real game" is to the sandbox tests (a sandbox leaves the game's stored orders and phases byte
 * for byte unchanged): every table of the database but the sandboxes' own and those that change with any command
 * whatever it touches, row by row in rowid order, as one JSON text to compare before and after.
 */
import type Database from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import type { Store } from '../../src/store/store.js';

/**
 * Tables a sandbox may change or that change by themselves: its own rows, SQLite's counters, the members' command
 * budgets (every command spends one), the outbox deliverers' heartbeats (a running bot's clock) and the members'
 * last client language (every interaction records it, docs/locales.md).
 */
export const NOT_THE_GAME = ['sandboxes', 'sqlite_sequence', 'cooldowns', 'deliverers', 'member_locales'] as const;

/** Every table but `NOT_THE_GAME`, each with all its rows, as JSON. */
export function gameTables(sqlite: Database.Database): string {
  const names = (
    sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]
  )
    .map((r) => r.name)
    .filter((name) => !(NOT_THE_GAME as readonly string[]).includes(name));
  return JSON.stringify(names.map((name) => [name, sqlite.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all()]));
}

/**
 * `gameTables` on either database, through the store: the tables as the database lists them, each row ordered by
 * every column (PostgreSQL has no rowid; a row's values order it the same before and after).
 */
export async function gameTablesOfStore(store: Store): Promise<string> {
  const listed = await store.transaction(
    (tx) =>
      store.execute(
        tx,
        store.dialect === 'sqlite'
          ? sql`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`
          : sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
      ),
    { write: false },
  );
  const names = listed
    .map((r) => String(r.name))
    .filter((name) => !(NOT_THE_GAME as readonly string[]).includes(name) && !name.startsWith('__drizzle'));
  const tables: [string, unknown[]][] = [];
  for (const name of names) {
    const rows = await store.transaction(
      async (tx) => {
        const first = await store.execute(tx, sql.raw(`SELECT * FROM "${name}" LIMIT 1`));
        const width = Object.keys(first[0] ?? { x: 0 }).length;
        const order = Array.from({ length: width }, (_, i) => i + 1).join(', ');
        return store.execute(tx, sql.raw(`SELECT * FROM "${name}" ORDER BY ${order}`));
      },
      { write: false },
    );
    tables.push([name, rows]);
  }
  return JSON.stringify(tables);
}
