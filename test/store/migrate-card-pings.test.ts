/**
 * Migration 0016 (the turn pings still up kept in `card_games.pings`, the fall-back wizard's steps in
 * `card_drafts.steps`) on a database made by the schema before it: a 3-seat card game in its first battle whose last
 * seat has a half-done fall-back draft (two effects chosen one at a time, as the previous wizard stored them) and
 * turn pings posted. The rows are what the previous code wrote: the same game played by the game layer on a fresh
 * database, every column of the previous schema copied (the new ones did not exist), loaded into a database built by
 * the migrations up to 0015 alone. After the migration the game plays on: the draft is there, Back undoes its last
 * effect (a draft without steps), a wizard screen is stored as one step, the fall back is applied; the pings column
 * starts empty and keeps what the deliverer records.
 */
import { sqliteStoreOf } from '../../src/store/sqlite-store.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/store/db.js';
import type { GameDeps } from '../../src/game/core/types.js';
import {
  cardPings,
  cardsDraft,
  cardsPlayOptions,
  draftBack,
  draftChoose,
  draftEffect,
  finishFallBack,
  recordCardPing,
  startFallBack,
  wageBattle,
} from '../../src/game/cards/index.js';
import { at, chooseFirst, giveAll, info, ok, startedCards } from '../game/cards/helpers.js';
import { internalErrors, makeEnv } from '../game/helpers.js';
import { migrationBefore, writeOldDatabase, type Fixture } from '../support/old-database.js';

const dir = mkdtempSync(join(tmpdir(), 'zhanguo-card-pings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Parents before children, so the loaded rows satisfy their foreign keys. */
const LOAD_ORDER = ['games', 'card_games', 'card_seats', 'card_events', 'card_drafts', 'outbox'];
/** The columns migration 0016 adds: the previous code never wrote them. */
const NEW_COLUMNS: Record<string, string[]> = { card_games: ['pings'], card_drafts: ['steps'] };

describe('migrating the card tables to kept pings and draft steps (0016)', () => {
  it('keeps a game with a half-done draft, which plays on; pings start empty and are kept', async () => {
    // the game as the previous code left it
    const fresh = await makeEnv(join(dir, 'fresh.db'));
    await startedCards(3, { env: fresh });
    await giveAll(fresh);
    await chooseFirst(fresh);
    const env = fresh;
    const g = await info(env);
    const me = g.toActUserId!;
    const bright = ok(await cardsPlayOptions(env.deps, at(me))).wages.find(
      (w) => !w.dark && !w.dynasty && /^B/.test(w.bright),
    )!;
    ok(await wageBattle(env.deps, at(me), { ...bright, version: g.version }));
    for (let i = 0; i < 2; i++) {
      const cur = await info(env);
      ok(await startFallBack(env.deps, at(cur.toActUserId!), { version: cur.version }));
      ok(await finishFallBack(env.deps, at(cur.toActUserId!), { version: cur.version }));
    }
    const last = await info(env);
    const d0 = ok(await startFallBack(env.deps, at(me), { version: last.version })).draft;
    const [a, b] = d0.remaining as [string, string];
    ok(await draftEffect(env.deps, at(me), { version: last.version, effect: { symbol: a, draw: true } }));
    ok(await draftEffect(env.deps, at(me), { version: last.version, effect: { symbol: b, draw: true } }));
    const fixture: Fixture = { at: env.clock.t, tables: {} };
    for (const table of LOAD_ORDER) {
      const rows = env.opened.sqlite.prepare(`SELECT * FROM "${table}"`).all() as Record<string, unknown>[];
      fixture.tables[table] = rows.map((r) =>
        Object.fromEntries(Object.entries(r).filter(([k]) => !(NEW_COLUMNS[table] ?? []).includes(k))),
      );
    }
    await env.close();
    expect(fixture.tables.card_drafts).toHaveLength(1);
    expect(fixture.tables.outbox!.length).toBeGreaterThan(5);

    const path = join(dir, 'bot.db');
    const before = migrationBefore('ADD `pings`');
    expect(before).toBe('0015_outbox_parts_sent');
    writeOldDatabase(path, before, fixture, LOAD_ORDER);
    const opened = openDatabase(path);
    try {
      const deps: GameDeps = {
        store: sqliteStoreOf(opened),
        now: () => fixture.at + 1000,
        onError: (e) => void internalErrors.push(e),
      };
      expect(opened.sqlite.prepare('SELECT pings FROM card_games').all()).toEqual([{ pings: null }]);
      expect(opened.sqlite.prepare('SELECT steps FROM card_drafts').all()).toEqual([{ steps: null }]);
      // the draft as stored; Back (no steps kept) undoes its last effect; a screen is then one step
      const d = ok(await cardsDraft(deps, at(me))).draft;
      expect([d.effects, d.steps]).toEqual([
        [
          { symbol: a, draw: true },
          { symbol: b, draw: true },
        ],
        0,
      ]);
      expect(ok(await draftBack(deps, at(me), { version: last.version })).draft.effects).toEqual([
        { symbol: a, draw: true },
      ]);
      const d2 = ok(
        await draftChoose(deps, at(me), { version: last.version, effects: [{ symbol: b, draw: true }] }),
      ).draft;
      expect([d2.effects.length, d2.steps]).toEqual([2, 1]);
      expect(ok(await draftBack(deps, at(me), { version: last.version })).draft.effects).toEqual([
        { symbol: a, draw: true },
      ]);
      ok(await draftChoose(deps, at(me), { version: last.version, effects: [{ symbol: b, draw: true }] }));
      const done = ok(await finishFallBack(deps, at(me), { version: last.version })).game;
      expect(done.round).toBe(2);
      // the pings column keeps what the deliverer records, once per message
      expect(await cardPings(deps, g.gameId)).toEqual([]);
      const ping = { channelId: 'chan-cards', messageId: 'm-1', userId: me, phase: 'choose', dm: false };
      ok(await recordCardPing(deps, g.gameId, ping));
      ok(await recordCardPing(deps, g.gameId, ping));
      expect(await cardPings(deps, g.gameId)).toEqual([ping]);
      expect(internalErrors).toEqual([]);
    } finally {
      opened.close();
    }
  });
});
