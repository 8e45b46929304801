/**
 * Databases made by an earlier schema, for the tests of the migrations that follow it: a migrations folder holding
 * only the migrations up to one of them.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_FOLDER } from '../../src/store/db.js';

interface Journal {
  entries: { idx: number; tag: string }[];
}

export const journal = (): Journal => JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as Journal;

/** A migrations folder in `dir` holding only the migrations up to `last` (the database "made by that schema"). */
export function migrationsUpTo(dir: string, last: string): string {
  const all = journal();
  const cut = all.entries.findIndex((e) => e.tag === last);
  if (cut < 0) throw new Error(`no migration ${last}`);
  mkdirSync(join(dir, 'meta'), { recursive: true });
  const kept = all.entries.slice(0, cut + 1);
  for (const e of kept) copyFileSync(join(MIGRATIONS_FOLDER, `${e.tag}.sql`), join(dir, `${e.tag}.sql`));
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify({ ...all, entries: kept }));
  return dir;
}

/** The tag of the migration just before the one whose SQL contains `text`. */
export function migrationBefore(text: string): string {
  const entries = journal().entries;
  const i = entries.findIndex((e) => readFileSync(join(MIGRATIONS_FOLDER, `${e.tag}.sql`), 'utf8').includes(text));
  if (i < 1) throw new Error(`no migration after another contains ${text}`);
  return entries[i - 1]!.tag;
}
