/**
 * The SQLite migrations moved from migrations/ to migrations/sqlite/ (beside migrations/postgres/). drizzle's
 * migrator records each migration's hash and time, never its folder, so a database the previous code made opens
 * with nothing applied again: its records (the fixture, taken from a database the code made before the move) are
 * exactly what the migrations in their new folder give, and opening it keeps its rows and its records.
 */
import { copyFileSync, cpSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { describe, expect, it } from 'vitest';
import { openDatabase, SQLITE_MIGRATIONS_FOLDER } from '../../src/store/db.js';
import { openStore } from '../../src/store/open.js';
import { games } from '../../src/store/schema.js';
import { tempDbPath } from '../game/helpers.js';
import preMove from './fixtures/pre-move-migration-records.json' with { type: 'json' };

const records = (db: Database.Database) =>
  db.prepare('SELECT hash, created_at AS createdAt FROM __drizzle_migrations ORDER BY id').all();

/** The previous layout: the same migrations straight under `<dir>/migrations`. */
function oldLayout(dir: string): string {
  const folder = join(dir, 'migrations');
  mkdirSync(folder, { recursive: true });
  for (const f of readdirSync(SQLITE_MIGRATIONS_FOLDER).filter((n) => n.endsWith('.sql')))
    copyFileSync(join(SQLITE_MIGRATIONS_FOLDER, f), join(folder, f));
  cpSync(join(SQLITE_MIGRATIONS_FOLDER, 'meta'), join(folder, 'meta'), { recursive: true });
  return folder;
}

describe('the SQLite migrations in migrations/sqlite/', () => {
  it('open a database the previous layout migrated without applying anything again', async () => {
    const tmp = tempDbPath();
    try {
      const old = new Database(tmp.path);
      migrate(drizzle(old), { migrationsFolder: oldLayout(`${tmp.path}-old`) });
      // the very records the code wrote before the move come first (later migrations add theirs after them)
      const before = records(old);
      expect(before.slice(0, preMove.records.length)).toEqual(preMove.records);
      await drizzle(old).insert(games).values({
        channelId: 'c',
        variantId: 'classic',
        gmUserId: 'gm',
        movementMs: 1,
        retreatMs: 1,
        adjustmentMs: 1,
        createdAt: 1,
      });
      old.close();

      const reopened = openDatabase(tmp.path);
      expect(records(reopened.sqlite)).toEqual(before);
      expect(await reopened.db.select().from(games).where(eq(games.channelId, 'c'))).toHaveLength(1);
      reopened.close();

      const store = await openStore({ dialect: 'sqlite', path: tmp.path });
      const rows = await store.transaction(async (tx) => tx.select().from(store.table(games)), { write: false });
      expect(rows).toHaveLength(1);
      await store.close();
    } finally {
      tmp.cleanup();
    }
  });
});
