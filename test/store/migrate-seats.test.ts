/**
 * Migration 0018 (seats that never stall: `games.nmr`, `vacate_after`, `min_reliability`, `phases.missing_filled_at`,
 * the `seat_records` and `substitute_calls` tables) on a database made by the schema before it: a Classic game in its
 * first phase with orders stored, its rows written by today's code and loaded into a database built by the migrations
 * up to 0017 alone (the new columns left out). After the migration the game plays on as it did: missing orders hold
 * (`nmr` hold), no seat is ever vacated for silence (games from before keep `vacate_after` 0), the phase resolves once
 * and the record starts with it.
 */
import { sqliteStoreOf } from '../../src/store/sqlite-store.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveDuePhases } from '../../src/game/resolve/index.js';
import { submitOrders } from '../../src/game/orders/index.js';
import type { GameDeps } from '../../src/game/core/types.js';
import { openDatabase } from '../../src/store/db.js';
import { CHANNEL, internalErrors, makeEnv, ok, startedGame, userOf } from '../game/helpers.js';
import { migrationBefore, writeOldDatabase, type Fixture } from '../support/old-database.js';

const dir = mkdtempSync(join(tmpdir(), 'zhanguo-seats-migration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LOAD_ORDER = ['games', 'players', 'phases', 'orders', 'outbox'];

describe('migrating to seats that never stall (0018)', () => {
  it('keeps a running game, which plays on as before: holds, no vacant seat, one record per member and phase', async () => {
    const fresh = await makeEnv(join(dir, 'fresh.db'));
    await startedGame(fresh.deps, ['England', 'France', 'Germany']);
    ok(
      await submitOrders(fresh.deps, {
        channelId: CHANNEL,
        userId: userOf('England'),
        text: 'F lon - nth; A lvp - yor',
      }),
    );
    const fixture: Fixture = { at: fresh.clock.t, tables: {} };
    for (const table of LOAD_ORDER)
      fixture.tables[table] = fresh.opened.sqlite.prepare(`SELECT * FROM "${table}"`).all() as Record<
        string,
        unknown
      >[];
    await fresh.close();

    const before = migrationBefore('CREATE TABLE `seat_records`');
    expect(before).toBe('0017_yummy_vance_astro');
    const path = join(dir, 'bot.db');
    writeOldDatabase(path, before, fixture, LOAD_ORDER);
    const opened = openDatabase(path);
    try {
      const game = opened.sqlite.prepare('SELECT nmr, vacate_after, min_reliability, deadline_ms FROM games').get() as {
        nmr: string;
        vacate_after: number;
        min_reliability: number | null;
        deadline_ms: number;
      };
      expect([game.nmr, game.vacate_after, game.min_reliability]).toEqual(['hold', 0, null]);
      let now = game.deadline_ms + 1;
      const deps: GameDeps = {
        store: sqliteStoreOf(opened),
        now: () => now,
        onError: (e) => void internalErrors.push(e),
      };
      expect(await resolveDuePhases(deps)).toEqual({ resolved: 1, failures: [] });
      // Three more phases with France and Germany silent: nobody is vacated.
      for (let i = 0; i < 3; i++) {
        now = (opened.sqlite.prepare('SELECT deadline_ms AS d FROM games').get() as { d: number }).d + 1;
        await resolveDuePhases(deps);
      }
      expect(opened.sqlite.prepare('SELECT count(*) AS n FROM substitute_calls').get()).toEqual({ n: 0 });
      expect(opened.sqlite.prepare("SELECT count(*) AS n FROM players WHERE user_id LIKE 'vacant:%'").get()).toEqual({
        n: 0,
      });
      const first = opened.sqlite
        .prepare(
          'SELECT power, outcome FROM seat_records WHERE turn = (SELECT min(turn) FROM seat_records) ORDER BY power',
        )
        .all();
      expect(first).toEqual([
        { power: 'England', outcome: 'partial' },
        { power: 'France', outcome: 'missed' },
        { power: 'Germany', outcome: 'missed' },
      ]);
      expect(internalErrors).toEqual([]);
    } finally {
      opened.close();
    }
  });
});
