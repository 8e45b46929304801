/**
 * The migration that lets a sandbox have no game behind it (one opened from a game file, `/sandbox start file:`) on a
 * database made by the schema before it: SQLite rebuilds the `sandboxes` table, so every row must come through with
 * its game, board, orders and stage, and play on; afterwards a row without a game can be written.
 */
import { sqliteStoreOf } from '../../src/store/sqlite-store.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../src/store/db.js';
import * as schema from '../../src/store/schema.js';
import { createGame, joinGame, startGame } from '../../src/game/lobby/index.js';
import type { GameDeps } from '../../src/game/core/index.js';
import { orderSandbox, startSandbox, viewSandbox } from '../../src/game/sandbox/sandbox.js';
import { internalErrors, ok, T0 } from '../game/helpers.js';
import { columnsAddedAfter, migrationBefore, openOldDatabase } from '../support/old-database.js';

const dir = mkdtempSync(join(tmpdir(), 'zhanguo-sandbox-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('migrating the sandboxes to an optional game', () => {
  it('keeps every sandbox with its game, board and orders; a sandbox without a game can then be stored', async () => {
    const path = join(dir, 'bot.db');
    const before = migrationBefore('CREATE TABLE `__new_sandboxes`');
    const old = openOldDatabase(path, before);
    const oldDb = drizzle(old, { schema }) as Db;
    const t = T0;
    const oldDeps: GameDeps = {
      store: sqliteStoreOf({ db: oldDb, sqlite: old, close: () => old.close() }),
      now: () => t,
    };
    // Today's code writes columns later migrations add: added for the while, dropped again after.
    const later = columnsAddedAfter(before);
    for (const [table, column, type] of later) old.exec(`ALTER TABLE \`${table}\` ADD \`${column}\` ${type}`);
    ok(await createGame(oldDeps, { channelId: 'c', guildId: 'g', userId: 'gm', variantId: 'classic' }));
    ok(await joinGame(oldDeps, { channelId: 'c', userId: 'user-france', power: 'France' }));
    ok(await startGame(oldDeps, { channelId: 'c', userId: 'gm' }));
    const me = { userId: 'user-france' };
    ok(await startSandbox(oldDeps, { ...me, channelId: 'c', guildId: 'g' }));
    ok(await orderSandbox(oldDeps, { ...me, text: 'A par - bur' }));
    for (const [table, column] of later) old.exec(`ALTER TABLE \`${table}\` DROP COLUMN \`${column}\``);
    const stageBefore = (old.prepare('SELECT stage FROM sandboxes').get() as { stage: string }).stage;
    const nullable = () =>
      (
        old.prepare("SELECT \"notnull\" AS n FROM pragma_table_info('sandboxes') WHERE name = 'game_id'").get() as {
          n: number;
        }
      ).n;
    expect(nullable()).toBe(1);
    old.close();

    const opened = openDatabase(path);
    try {
      const deps: GameDeps = {
        store: sqliteStoreOf(opened),
        now: () => t + 1000,
        onError: (e) => void internalErrors.push(e),
      };
      const view = ok(await viewSandbox(deps, me));
      expect(view.sandbox).toMatchObject({ id: 1, gameChannelId: 'c', label: 'Spring 1901 movement' });
      expect(view.sandbox.orders).toEqual([{ power: 'France', text: 'A par - bur' }]);
      expect(view.board.stage).toEqual(JSON.parse(stageBefore));
      const notNull = opened.sqlite
        .prepare("SELECT \"notnull\" AS n FROM pragma_table_info('sandboxes') WHERE name = 'game_id'")
        .get() as { n: number };
      expect(notNull.n).toBe(0);
      opened.sqlite
        .prepare(
          "INSERT INTO sandboxes (owner_user_id, guild_id, game_id, variant_id, options, seated, source, position, orders, created_at, used_at, expires_at) SELECT 'x', 'g', NULL, variant_id, options, seated, 'a file', position, '[]', created_at, used_at, expires_at FROM sandboxes WHERE id = 1",
        )
        .run();
      expect(opened.sqlite.prepare('SELECT count(*) AS n FROM sandboxes WHERE game_id IS NULL').get()).toEqual({
        n: 1,
      });
      expect(internalErrors).toEqual([]);
    } finally {
      opened.close();
    }
  });
});
