/**
 * The tables the code declares — the store's (src/store/schema.ts) and each game kind's own
 * (src/game/<kind>/tables.ts, found by drizzle.config.ts's schema glob) — are exactly what the migrations build, on
 * both databases: drizzle-kit, given the same modules (for PostgreSQL, their derived twins in drizzle.pg-schema.ts),
 * finds nothing to migrate against the last migration's snapshot in migrations/sqlite/ and in migrations/postgres/.
 * So a schema change without `npm run db:generate`, moving a kind's tables between files, or a table declared where
 * drizzle-kit does not look, shows here before a migration that drops it is ever generated.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  generateDrizzleJson,
  generateMigration,
  generateSQLiteDrizzleJson,
  generateSQLiteMigration,
} from 'drizzle-kit/api';
import { getTableConfig } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import * as pgDeclared from '../../drizzle.pg-schema.js';
import { POSTGRES_MIGRATIONS_FOLDER, SQLITE_MIGRATIONS_FOLDER } from '../../src/store/db.js';
import * as pgStore from '../../src/store/pg-schema.js';
import { isSqliteTable } from '../../src/store/pg-tables.js';
import * as store from '../../src/store/schema.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** The kinds' table files (every `src/game/<kind>/tables.ts`), as drizzle.config.ts's glob finds them. */
function kindTableFiles(): string[] {
  const game = join(ROOT, 'src', 'game');
  return readdirSync(game, { withFileTypes: true })
    .filter((d) => d.isDirectory() && readdirSync(join(game, d.name)).includes('tables.ts'))
    .map((d) => join(game, d.name, 'tables.ts'));
}

/** The last snapshot drizzle-kit wrote in `folder` (what the migrations build). */
function lastSnapshot(folder: string) {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { idx: number }[];
  };
  const last = String(journal.entries.at(-1)!.idx).padStart(4, '0');
  return JSON.parse(readFileSync(join(folder, 'meta', `${last}_snapshot.json`), 'utf8'));
}

describe('the declared schema and the migrations', () => {
  it("drizzle.config.ts reads the store schema and every kind's tables, drizzle.pg.config.ts their PostgreSQL twins", () => {
    const config = readFileSync(join(ROOT, 'drizzle.config.ts'), 'utf8');
    expect(config).toContain("'./src/store/schema.ts'");
    expect(config).toContain("'./src/game/*/tables.ts'");
    expect(config).toContain("out: './migrations/sqlite'");
    expect(kindTableFiles().map((f) => f.slice(ROOT.length + 1))).toEqual(['src/game/cards/tables.ts']);
    const pgConfig = readFileSync(join(ROOT, 'drizzle.pg.config.ts'), 'utf8');
    expect(pgConfig).toContain("'./drizzle.pg-schema.ts'");
    expect(pgConfig).toContain("out: './migrations/postgres'");
    expect(readFileSync(join(ROOT, 'package.json'), 'utf8')).toContain(
      '"db:generate": "drizzle-kit generate && drizzle-kit generate --config drizzle.pg.config.ts"',
    );
  });

  it('needs no new migration: the last snapshot is the schema the code declares', async () => {
    const kinds = await Promise.all(kindTableFiles().map((f) => import(f) as Promise<Record<string, unknown>>));
    const declared = await generateSQLiteDrizzleJson(Object.assign({}, store, ...kinds));
    const snapshot = lastSnapshot(SQLITE_MIGRATIONS_FOLDER);
    expect(Object.keys(declared.tables)).toEqual(
      expect.arrayContaining(['games', 'outbox', 'card_games', 'card_seats', 'card_events', 'card_drafts']),
    );
    expect(await generateSQLiteMigration(snapshot, declared)).toEqual([]);
    // and without the kinds' tables it would drop them: the check can fail
    const storeOnly = await generateSQLiteDrizzleJson({ ...store });
    expect((await generateSQLiteMigration(snapshot, storeOnly)).join('\n')).toContain('DROP TABLE `card_games`');
  });

  it('needs no new PostgreSQL migration: drizzle.pg-schema.ts derives every declared table, and the last snapshot is it', async () => {
    const kinds = await Promise.all(kindTableFiles().map((f) => import(f) as Promise<Record<string, unknown>>));
    const sqliteNames = [...Object.values(store), ...kinds.flatMap((k) => Object.values(k))]
      .filter(isSqliteTable)
      .map((t) => getTableConfig(t).name);
    const declared = generateDrizzleJson({ ...pgDeclared });
    expect(Object.keys(declared.tables).sort()).toEqual(sqliteNames.map((n) => `public.${n}`).sort());
    const snapshot = lastSnapshot(POSTGRES_MIGRATIONS_FOLDER);
    expect(await generateMigration(snapshot, declared)).toEqual([]);
    // and without the kinds' twins it would drop them: the check can fail
    const storeOnly = generateDrizzleJson({ ...pgStore });
    expect((await generateMigration(snapshot, storeOnly)).join('\n')).toContain('DROP TABLE "card_games"');
  });
});
