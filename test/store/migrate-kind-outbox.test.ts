/**
 * The game-kind outbox migration (migration 0013) on a database made by the previous schema: the card
 * game's own rows (`cards_log`, `cards_turn`, `cards_round`, `cards_over`) become generic game-kind rows
 * (`{type: 'kind', kind: 'cards', event, data}`), and the rows still pending at the upgrade are delivered by the new
 * bot to the local Discord stand-in, then the game plays on.
 *
 * The fixture (test/store/fixtures/pre-kind-outbox-db.json) is every row of the card tables, `games`, `outbox` and
 * `audit_log` of a database that the code of main at 179737a (schema of migration 0012) wrote while playing two card
 * games: a 3-seat game in its second round (a turn ping, log lines, a round summary and table edits pending) and a
 * 2-seat game played to its end (its last log line, round summary, table edits and the end of the game pending).
 * Older rows are marked sent, as a bot stopped mid-game leaves them. The test builds that database with the
 * migrations up to 0012 alone, loads the rows (its made-up ids mapped to the stand-in's users and channels), then
 * starts the bot on it, which applies every migration as it does in production.
 */
import { readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cardsPlayOptions,
  wageBattle,
  cardGameInChannel,
  startFallBack,
  finishFallBack,
} from '../../src/game/cards/index.js';
import { openDatabase } from '../../src/store/db.js';
import { createHarness, type Harness } from '../bot/harness.js';
import { writeOldDatabase, type Fixture } from '../support/old-database.js';

const TEXT = readFileSync(new URL('./fixtures/pre-kind-outbox-db.json', import.meta.url), 'utf8');
/** The last migration of the schema the fixture was written with. */
const BEFORE = '0012_computer_seats';
/** Parents before children, so the loaded rows satisfy their foreign keys. */
const LOAD_ORDER = ['games', 'card_games', 'card_seats', 'card_events', 'card_drafts', 'outbox', 'audit_log'];
const OLD_KINDS = ['cards_log', 'cards_turn', 'cards_round', 'cards_over'];

describe('migrating a database with pending card-game outbox rows to game-kind rows', () => {
  let h: Harness;
  let fixture: Fixture;
  const sql = () => h.database.sqlite;
  type OutboxRow = {
    id: number;
    kind: string;
    payload: string;
    sent_at: number | null;
    failed_at: number | null;
    target: string;
    dedupe_key: string;
  };
  const outboxRows = () => sql().prepare('SELECT * FROM outbox ORDER BY id').all() as OutboxRow[];
  const oldRows = () => fixture.tables.outbox as unknown as OutboxRow[];

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'gm2', 'ann', 'bob', 'cid', 'dan', 'eve'], channels: ['cards', 'cards2'] });
    // The fixture's made-up ids become the stand-in's (longer names first: `chan-cards-2` before `chan-cards`).
    const ids: [string, string][] = [
      ['chan-cards-2', h.fake.channel('cards2').id],
      ['chan-cards', h.fake.channel('cards').id],
      ['guild-1', h.fake.guildId],
      ['user-gm2', h.fake.user('gm2').id],
      ['user-gm', h.fake.user('gm').id],
      ['user-a', h.fake.user('ann').id],
      ['user-b', h.fake.user('bob').id],
      ['user-c', h.fake.user('cid').id],
      ['user-d', h.fake.user('dan').id],
      ['user-e', h.fake.user('eve').id],
    ];
    fixture = JSON.parse(ids.reduce((text, [from, to]) => text.replaceAll(from, to), TEXT)) as Fixture;
    // The database the harness made is replaced by one of the previous schema holding the fixture's rows.
    h.database.close();
    for (const f of [h.dbPath, `${h.dbPath}-wal`, `${h.dbPath}-shm`]) rmSync(f, { force: true });
    expect(Object.keys(fixture.tables).sort()).toEqual([...LOAD_ORDER].sort());
    writeOldDatabase(h.dbPath, BEFORE, fixture, LOAD_ORDER);
    // The bot's clock starts where the fixture's stopped (its turns not yet due).
    h.clock.offset = fixture.at + 1000 - Date.now();
    h.database = openDatabase(h.dbPath);
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  it('has rows of every old card kind to move, sent and pending', () => {
    const pending = oldRows()
      .filter((r) => r.sent_at === null)
      .map((r) => r.kind);
    for (const kind of OLD_KINDS) expect([kind, pending.includes(kind)]).toEqual([kind, true]);
    expect(oldRows().filter((r) => r.sent_at !== null && OLD_KINDS.includes(r.kind)).length).toBeGreaterThan(50);
  });

  it('rewrites every card-game row as a game-kind row with the same meaning, and leaves every other row as it was', () => {
    const now = new Map(outboxRows().map((r) => [r.id, r]));
    expect(now.size).toBe(oldRows().length);
    for (const before of oldRows()) {
      const after = now.get(before.id)!;
      expect([after.dedupe_key, after.target, after.sent_at]).toEqual([
        before.dedupe_key,
        before.target,
        before.sent_at,
      ]);
      if (!OLD_KINDS.includes(before.kind)) {
        expect([after.kind, JSON.parse(after.payload)]).toEqual([before.kind, JSON.parse(before.payload)]);
        continue;
      }
      const { type, gameId, ...data } = JSON.parse(before.payload) as { type: string; gameId: number };
      const event = before.kind.slice('cards_'.length);
      expect(after.kind).toBe('kind');
      expect(JSON.parse(after.payload)).toEqual({
        type: 'kind',
        gameId,
        kind: 'cards',
        event,
        data,
        ...(event === 'turn' ? { prompt: true } : {}),
      });
      expect(type).toBe(before.kind);
    }
    expect(outboxRows().filter((r) => OLD_KINDS.includes(r.kind))).toEqual([]);
  });

  it('delivers the rows pending at the upgrade through the new bot: table, log thread, turn ping, round summary, end of game', async () => {
    const pendingBefore = outboxRows().filter((r) => r.sent_at === null).length;
    expect(pendingBefore).toBe(oldRows().filter((r) => r.sent_at === null).length);
    await h.start();
    await h.bot!.outbox.idle();
    await expect
      .poll(() => outboxRows().filter((r) => r.sent_at === null && r.failed_at === null).length, { timeout: 20_000 })
      .toBe(0);
    expect(outboxRows().filter((r) => r.failed_at !== null)).toEqual([]);
    expect(h.fake.unexpectedErrors()).toEqual([]);

    // The finished game: its round summary and the end of the game with their images, the table message, the log line.
    const ended = h.fake.channelMessages('cards2');
    expect(ended.some((m) => m.attachments.some((a) => a.filename === 'round-11-summary.png'))).toBe(true);
    const over = ended.find((m) => m.attachments.some((a) => a.filename === 'final-board.png'))!;
    expect(over.content).toContain('First Emperor');
    const thread2 = (
      sql().prepare('SELECT thread_id AS t FROM card_games WHERE game_id = 2').get() as { t: string | null }
    ).t!;
    expect(h.fake.channelMessages(thread2).some((m) => m.content.includes('Yan unites China'))).toBe(true);
    // the table message, posted anew (the fixture's bot never posted it) and pinned: the finished game's
    expect(ended.filter((m) => m.embeds.length > 0).map((m) => [m.embeds[0]!.title, m.pinned])).toEqual([
      ['Game over', true],
    ]);

    // The running game: its turn ping pings exactly the player to act, with the buttons to act on it.
    const running = h.fake.channelMessages('cards');
    const toAct = (await cardGameInChannel(h.bot!.deps, h.fake.channel('cards').id))!.toActUserId!;
    const ping = running.find((m) => m.content.includes('your turn'))!;
    expect(h.fake.pings(ping).users).toEqual([toAct]);
    expect(h.fake.buttons(ping).length).toBeGreaterThan(0);
    expect(running.some((m) => m.attachments.some((a) => a.filename.startsWith('round-1-summary')))).toBe(true);
  }, 60_000);

  it('plays on: the player to act acts, and the next turn is pinged', async () => {
    const deps = h.bot!.deps;
    const channelId = h.fake.channel('cards').id;
    const g = (await cardGameInChannel(deps, channelId))!;
    const caller = { channelId, userId: g.toActUserId! };
    const o = await cardsPlayOptions(deps, caller);
    if (!o.ok) throw new Error(o.error);
    if (o.wages.length > 0)
      expect((await wageBattle(deps, caller, { ...o.wages[0]!, version: g.version })).ok).toBe(true);
    else {
      expect((await startFallBack(deps, caller, { version: g.version })).ok).toBe(true);
      expect((await finishFallBack(deps, caller, { version: g.version })).ok).toBe(true);
    }
    const next = (await cardGameInChannel(deps, channelId))!;
    expect(next.version).toBeGreaterThan(g.version);
    h.bot!.outbox.kick();
    if (next.toActUserId && next.phase !== 'finished') {
      const pinged = await h.fake.waitForChannelMessage(
        'cards',
        (m) => m.content.includes('your turn') && h.fake.pings(m).users.includes(next.toActUserId!),
      );
      expect(h.fake.buttons(pinged).length).toBeGreaterThan(0);
    }
    await h.bot!.outbox.idle();
    const fresh = outboxRows().filter((r) => r.id > oldRows().at(-1)!.id);
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh.filter((r) => OLD_KINDS.includes(r.kind))).toEqual([]);
  }, 60_000);
});
