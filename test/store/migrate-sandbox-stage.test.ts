/**
 * The migration that gives sandboxes their `stage` (the variant's steps in a sandbox) on a database made
 * by the schema before it: a Warhammer game with a sandbox in it, its owner's orders and an answer of the old
 * `/sandbox decide` (the dropped `answers` column), and a stepped-through phase. After the migration the sandbox is
 * there with its board and orders, its orders open, and it plays on through the Decisive Battle phase.
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
import { actSandbox, nextSandbox, orderSandbox, viewSandbox } from '../../src/game/sandbox/sandbox.js';
import { internalErrors, ok, T0 } from '../game/helpers.js';
import { columnsAddedAfter, migrationBefore, openOldDatabase, tablesCreatedAfter } from '../support/old-database.js';

const dir = mkdtempSync(join(tmpdir(), 'zhanguo-sandbox-stage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('migrating the sandboxes to their stage', () => {
  it('keeps every sandbox, its board and orders, and plays it on', async () => {
    const path = join(dir, 'bot.db');
    const before = migrationBefore('ADD `stage`');
    const old = openOldDatabase(path, before);
    const oldDb = drizzle(old, { schema }) as Db;
    // The game through the game layer (its tables are the same in both schemas but for columns added later, which
    // today's code writes: added for the while and dropped again, so the database is the old schema's); the sandbox
    // as the old code wrote it.
    const t = T0;
    const oldDeps: GameDeps = {
      store: sqliteStoreOf({ db: oldDb, sqlite: old, close: () => old.close() }),
      now: () => t,
    };
    const later = columnsAddedAfter(before).filter(([table]) => table !== 'sandboxes');
    for (const [table, column, type] of later) old.exec(`ALTER TABLE \`${table}\` ADD \`${column}\` ${type}`);
    const laterTables = tablesCreatedAfter(before);
    for (const { statements } of laterTables) for (const statement of statements) old.exec(statement);
    ok(await createGame(oldDeps, { channelId: 'c', guildId: 'g', userId: 'gm', variantId: 'warhammer' }));
    for (const power of ['Bretonnia', 'Empire'])
      ok(await joinGame(oldDeps, { channelId: 'c', userId: `user-${power}`, power }));
    ok(await startGame(oldDeps, { channelId: 'c', userId: 'gm' }));
    for (const [table, column] of later) old.exec(`ALTER TABLE \`${table}\` DROP COLUMN \`${column}\``);
    for (const { table } of laterTables.reverse()) old.exec(`DROP TABLE \`${table}\``);
    const position = old.prepare('SELECT position FROM phases').get() as { position: string };
    const orders = [
      {
        power: 'Bretonnia',
        unitKey: 'cour',
        text: 'A cour - wast',
        order: {
          kind: 'move',
          unit: { type: 'A', province: 'cour', coast: null },
          to: { province: 'wast', coast: null },
          viaConvoy: false,
        },
      },
    ];
    const insert = old.prepare(
      'INSERT INTO sandboxes (owner_user_id, guild_id, game_id, variant_id, options, seated, source, position, orders, answers, last, steps, created_at, used_at, expires_at) VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?, ?, NULL, 0, ?, ?, ?)',
    );
    insert.run(
      'user-owner',
      'g',
      'warhammer',
      '{"decisiveBattles":"gm"}',
      '["Bretonnia","Empire"]',
      'S2500M',
      position.position,
      JSON.stringify(orders),
      '{"wast":"A cour"}',
      t,
      t,
      t + 3_600_000,
    );
    expect(old.prepare('SELECT count(*) AS n FROM sandboxes').get()).toEqual({ n: 1 });
    old.close();

    const opened = openDatabase(path);
    try {
      const deps: GameDeps = {
        store: sqliteStoreOf(opened),
        now: () => t + 1000,
        onError: (e) => void internalErrors.push(e),
      };
      const me = { userId: 'user-owner' };
      const view = ok(await viewSandbox(deps, me));
      expect(view.sandbox).toMatchObject({
        id: 1,
        label: 'Spring 2500 movement',
        orders: [{ power: 'Bretonnia', text: 'A cour - wast' }],
        step: null,
        posts: [],
      });
      expect(view.board.stage).toEqual({ step: null, token: '', records: [], posts: [] });
      ok(await orderSandbox(deps, { ...me, text: 'A altd - wast' }));
      expect(ok(await nextSandbox(deps, me)).sandbox.step?.name).toBe('declarations');
      ok(await actSandbox(deps, { ...me, by: 'player', power: 'Bretonnia', action: 'declare', choice: 'move A cour' }));
      ok(await actSandbox(deps, { ...me, by: 'player', power: 'Empire', action: 'declare', choice: 'none' }));
      ok(await nextSandbox(deps, me));
      ok(
        await actSandbox(deps, { ...me, by: 'gm', power: null, action: 'battle', choice: 'wast', detail: 'Bretonnia' }),
      );
      const played = ok(await nextSandbox(deps, me));
      expect(played.kind).toBe('resolved');
      expect(played.sandbox.label).toBe('Fall 2500 movement');
      expect(internalErrors).toEqual([]);
    } finally {
      opened.close();
    }
  });
});
