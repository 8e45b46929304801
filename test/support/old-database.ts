/**
 * Databases "made by the previous schema" for the migration tests (brief: a migration that moves rows is tested on
 * one): a migrations folder holding only the migrations up to one of them, a database built by those alone, and the
 * rows a fixture holds (every row the previous code wrote) loaded into it.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { SQLITE_MIGRATIONS_FOLDER } from '../../src/store/db.js';

interface Journal {
  entries: { idx: number; tag: string }[];
}

const journal = (): Journal =>
  JSON.parse(readFileSync(join(SQLITE_MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as Journal;

/** A migrations folder in `dir` holding only the migrations up to `last` (the database "made by that schema"). */
export function migrationsUpTo(dir: string, last: string): string {
  const all = journal();
  const cut = all.entries.findIndex((e) => e.tag === last);
  if (cut < 0) throw new Error(`no migration ${last}`);
  mkdirSync(join(dir, 'meta'), { recursive: true });
  const kept = all.entries.slice(0, cut + 1);
  for (const e of kept) copyFileSync(join(SQLITE_MIGRATIONS_FOLDER, `${e.tag}.sql`), join(dir, `${e.tag}.sql`));
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify({ ...all, entries: kept }));
  return dir;
}

/** The tag of the migration just before the one whose SQL contains `text`. */
export function migrationBefore(text: string): string {
  const entries = journal().entries;
  const i = entries.findIndex((e) =>
    readFileSync(join(SQLITE_MIGRATIONS_FOLDER, `${e.tag}.sql`), 'utf8').includes(text),
  );
  if (i < 1) throw new Error(`no migration after another contains ${text}`);
  return entries[i - 1]!.tag;
}

/**
 * The columns that migrations after `last` add to tables that already existed (`ALTER TABLE … ADD …`), as
 * `[table, column, definition]`: a test that lets today's code write into an old layout adds them for the while.
 */
export function columnsAddedAfter(last: string): [string, string, string][] {
  const entries = journal().entries;
  const from = entries.findIndex((e) => e.tag === last) + 1;
  const out: [string, string, string][] = [];
  // A table a later migration creates is not in the old layout, nor are the columns added to it afterwards.
  const created = new Set<string>();
  for (const e of entries.slice(from)) {
    const sql = readFileSync(join(SQLITE_MIGRATIONS_FOLDER, `${e.tag}.sql`), 'utf8');
    for (const m of sql.matchAll(/CREATE TABLE `(\w+)`/g)) created.add(m[1]!);
    for (const m of sql.matchAll(/ALTER TABLE `(\w+)` ADD `(\w+)` ([^;]+?)\s*(?:;|-->|$)/g))
      if (!created.has(m[1]!)) out.push([m[1]!, m[2]!, m[3]!]);
  }
  return out;
}

/**
 * The tables that migrations after `last` create, each as the statements that make it as today's schema has it (its
 * `CREATE TABLE` and the columns added to it since): a test that lets today's code run on an old layout makes them for
 * the while, as it adds `columnsAddedAfter`'s columns (today's code may read them, as `queueStatus` reads open calls).
 */
export function tablesCreatedAfter(last: string): { table: string; statements: string[] }[] {
  const entries = journal().entries;
  const from = entries.findIndex((e) => e.tag === last) + 1;
  const tables = new Map<string, string[]>();
  for (const e of entries.slice(from)) {
    const sql = readFileSync(join(SQLITE_MIGRATIONS_FOLDER, `${e.tag}.sql`), 'utf8');
    for (const statement of sql.split('--> statement-breakpoint').map((x) => x.trim())) {
      const created = /^CREATE TABLE `(\w+)`/.exec(statement)?.[1];
      if (created && !created.startsWith('__new_')) tables.set(created, [statement]);
      const added = /^ALTER TABLE `(\w+)` ADD /.exec(statement)?.[1];
      if (added) tables.get(added)?.push(statement);
    }
  }
  return [...tables].map(([table, statements]) => ({ table, statements }));
}

/**
 * The database at `path` built by the migrations up to `last` alone, open, foreign keys on (the caller closes it,
 * then opens it as the bot does, `openDatabase` with every migration, to migrate it).
 */
export function openOldDatabase(path: string, last: string): Database.Database {
  const old = new Database(path);
  try {
    migrate(drizzle(old), { migrationsFolder: migrationsUpTo(`${path}-migrations-up-to-${last}`, last) });
    old.pragma('foreign_keys = ON');
    return old;
  } catch (e) {
    old.close();
    throw e;
  }
}

/** Every row of some tables, as a fixture file holds them, and the clock the previous code stopped at. */
export interface Fixture {
  at: number;
  tables: Record<string, Record<string, unknown>[]>;
}

/**
 * Writes at `path` a database built by the migrations up to `last` alone, holding `fixture`'s rows loaded table by
 * table in `order` (parents before children, foreign keys on). The file is closed: open it as the bot does
 * (`openDatabase`, every migration) to migrate it.
 */
export function writeOldDatabase(path: string, last: string, fixture: Fixture, order: readonly string[]): void {
  const old = openOldDatabase(path, last);
  try {
    const missing = Object.keys(fixture.tables).filter((t) => !order.includes(t));
    if (missing.length > 0) throw new Error(`no load order for ${missing.join(', ')}`);
    old.transaction(() => {
      for (const table of order) {
        // Columns that later migrations added (the fixture is written by today's code) did not exist in the old
        // layout: they are left out, and the migrations under test fill them in with their defaults.
        const known = new Set(
          (old.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map((c) => c.name),
        );
        for (const row of fixture.tables[table] ?? []) {
          const columns = Object.keys(row).filter((c) => known.has(c));
          old
            .prepare(
              `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
            )
            .run(...columns.map((c) => row[c] as never));
        }
      }
    })();
  } finally {
    old.close();
  }
}
