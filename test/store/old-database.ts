/**
 * A database "made by the previous schema" for the migration tests (brief: a migration that moves rows is tested on
 * one): the migrations up to a given one alone, then the rows a fixture holds (every row the previous code wrote).
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { MIGRATIONS_FOLDER } from '../../src/store/db.js';

/** Every row of some tables, as a fixture file holds them, and the clock the previous code stopped at. */
export interface Fixture {
  at: number;
  tables: Record<string, Record<string, unknown>[]>;
}

/** A migrations folder (made in `dir`) holding only the migrations up to `last`. */
function migrationsUpTo(dir: string, last: string): string {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag === last);
  if (cut < 0) throw new Error(`no migration ${last}`);
  mkdirSync(join(dir, 'meta'), { recursive: true });
  const kept = journal.entries.slice(0, cut + 1);
  for (const e of kept) copyFileSync(join(MIGRATIONS_FOLDER, `${e.tag}.sql`), join(dir, `${e.tag}.sql`));
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: kept }));
  return dir;
}

/**
 * Writes at `path` a database built by the migrations up to `last` alone, holding `fixture`'s rows loaded table by
 * table in `order` (parents before children, foreign keys on). The file is closed: open it as the bot does
 * (`openDatabase`, every migration) to migrate it.
 */
export function writeOldDatabase(path: string, last: string, fixture: Fixture, order: readonly string[]): void {
  const old = new Database(path);
  try {
    migrate(drizzle(old), { migrationsFolder: migrationsUpTo(`${path}-migrations-up-to-${last}`, last) });
    old.pragma('foreign_keys = ON');
    const missing = Object.keys(fixture.tables).filter((t) => !order.includes(t));
    if (missing.length > 0) throw new Error(`no load order for ${missing.join(', ')}`);
    old.transaction(() => {
      for (const table of order) {
        for (const row of fixture.tables[table] ?? []) {
          const columns = Object.keys(row);
          old.prepare(`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).run(...columns.map((c) => row[c] as never));
        }
      }
    })();
  } finally {
    old.close();
  }
}
