/**
 * Exactly once toward Discord under kill -9: the bot runs as a child process (test/support/crash-bot.ts) against
 * the stand-in and is killed with SIGKILL at seeded random moments around resolution and delivery, at least
 * 12 times: right after the stand-in stored a message but before the bot heard back (the outbox row is
 * claimed, not yet marked sent), and at random times after a deadline passed (during resolution, rendering,
 * delivery). Each time a new process starts on the same database at once.
 *
 * Then every results post and every DM arrived exactly once and in order per target, every outbox row was
 * delivered, and the crashes really hit the window between Discord accepting a message and the bot marking it
 * sent (the stand-in saw repeated nonces and answered them with the first message).
 *
 * The restarted process frees its dead predecessor's claims at once: the child's heartbeat timeout is ten
 * minutes, so a bot that waited for it would never deliver the claimed rows within this test's time limit.
 */
import { sqliteStoreOf } from '../../src/store/sqlite-store.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { nonceFor } from '../../src/bot/send.js';
import { discordText } from '../../src/bot/markup.js';
import { splitMessage } from '../../src/bot/text.js';
import { createGame, joinGame, startGame } from '../../src/game/lobby/index.js';
import { openDatabase } from '../../src/store/db.js';
import { outbox, phases } from '../../src/store/schema.js';
import { crashBot } from '../support/crash-bot.js';
import { FakeDiscord } from '../support/fake-discord/index.js';
import { rng } from '../support/random.js';

const SEED = 20261122;
const ROUNDS = 14;
/** Each round moves the bot's clock one phase length (1 h) forward, so a deadline passes. */
const STEP_MS = 3_600_000 + 1_000;

describe('kill -9 at random moments around resolution and delivery', () => {
  const dir = mkdtempSync(join(tmpdir(), 'zhanguo-crash-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('delivers every results post and every DM exactly once and in order', { timeout: 300_000 }, async () => {
    const fake = await FakeDiscord.start({ users: ['gm', 'alice', 'bob', 'carol'], channels: ['main'] });
    const dbPath = join(dir, 'bot.db');
    const database = openDatabase(dbPath);
    const random = rng(SEED);
    let stopBot = async () => {};
    try {
      // The game, set up as the use-cases would from commands: 3 players, 1-hour phases.
      const deps = { store: sqliteStoreOf(database), now: () => Date.now() };
      const channelId = fake.channel('main').id;
      const durations = { movement: '1h', retreat: '1h', adjustment: '1h' };
      const created = await createGame(deps, {
        channelId,
        guildId: fake.guildId,
        userId: fake.user('gm').id,
        variantId: 'classic',
        durations,
        // The players stay silent; seats going to substitutes is test/bot/seats.e2e.test.ts.
        vacateAfter: 0,
      });
      if (!created.ok) throw new Error(created.error);
      for (const [user, power] of [
        ['alice', 'France'],
        ['bob', 'Germany'],
        ['carol', 'Italy'],
      ] as const) {
        const joined = await joinGame(deps, { channelId, userId: fake.user(user).id, power });
        if (!joined.ok) throw new Error(joined.error);
      }
      const started = await startGame(deps, { channelId, userId: fake.user('gm').id });
      if (!started.ok) throw new Error(started.error);

      const bot = crashBot(fake, { dbPath, stepMs: STEP_MS });
      stopBot = () => bot.stop();
      /** A running, ready bot (restarted at once after a kill, as a supervisor would). */
      const running = async (): Promise<void> => {
        while (!bot.alive) await bot.start(); // a start the test killed resolves too: start again
      };
      const until = async (what: string, done: () => boolean) => {
        const deadline = Date.now() + 60_000;
        while (!done()) {
          if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${bot.log.slice(-2000)}`);
          await running();
          await new Promise((r) => setTimeout(r, 25));
        }
      };
      const resultsPosts = () => fake.channelMessages('main').filter((m) => /^\*\*[^*]+: results\*\*/.test(m.content));

      // Kills right after the stand-in stored the n-th next message, before the bot hears back.
      const killAfterMessages = (n: number) => {
        let left = n;
        void bot.killWhenStored(() => --left <= 0);
      };

      await running();
      await until('the start post', () => fake.channelMessages('main').some((m) => m.content.includes('has started')));
      for (let round = 0; round < ROUNDS; round++) {
        const before = resultsPosts().length;
        if (random() < 0.55) killAfterMessages(1 + Math.floor(random() * 4));
        else setTimeout(() => void bot.kill(), Math.floor(random() * 500));
        await running();
        bot.passDeadline();
        await until(`the results of round ${round + 1}`, () => resultsPosts().length > before);
      }
      bot.disarm();
      await running();
      const pending = () =>
        database.sqlite
          .prepare('SELECT count(*) AS n FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL')
          .get() as { n: number };
      await until('an empty outbox', () => pending().n === 0);
      await bot.stop();

      expect(bot.kills).toBeGreaterThanOrEqual(12);
      const rows = await database.db.select().from(outbox).orderBy(asc(outbox.id));
      expect(rows.filter((r) => r.failedAt !== null)).toEqual([]);
      expect(rows.every((r) => r.sentAt !== null)).toBe(true);

      // Channel posts (all but the status message): each part of each row once (a results post's board after is a
      // part of its own), in row order.
      const posted = rows.filter((r) => r.targetKind === 'channel' && r.kind !== 'status');
      // The "pinned a message" system message aside: the status message was pinned once, crashes or not.
      const pinNotes = fake.channelMessages('main').filter((m) => m.type === 6);
      const channelMessages = fake.channelMessages('main').filter((m) => m.type !== 6);
      expect(pinNotes).toHaveLength(1);
      expect(fake.state.pinnedMessages(fake.channel('main').id).map((m) => m.id)).toEqual([pinNotes[0]!.reference]);
      const nonces = channelMessages.map((m) => m.nonce);
      expect(new Set(nonces).size).toBe(nonces.length);
      const partsOf = (r: (typeof posted)[number]) => Math.max(1, r.partsSent ?? 0);
      const rowOfNonce = new Map(
        posted.flatMap((r) =>
          Array.from({ length: partsOf(r) }, (_, i) => [nonceFor(r.dedupeKey, i === 0 ? undefined : i), r.id] as const),
        ),
      );
      const postOrder = channelMessages.map((m) => rowOfNonce.get(m.nonce!)).filter((id) => id !== undefined);
      expect(postOrder).toEqual(posted.flatMap((r) => Array.from({ length: partsOf(r) }, () => r.id)));
      expect(posted.filter((r) => r.kind === 'phase_results').every((r) => partsOf(r) >= 2)).toBe(true);
      expect(channelMessages.length - postOrder.length).toBe(1); // and the one status message, edited in place

      // Results: one per resolved phase, each phase once.
      const resolved = (await database.db.select().from(phases)).filter((p) => p.resolvedAt !== null);
      const labels = resultsPosts().map((m) => m.content.split('\n')[0]);
      expect(labels.length).toBe(resolved.length);
      expect(new Set(labels).size).toBe(labels.length);
      expect(resolved.length).toBeGreaterThanOrEqual(ROUNDS);

      // DMs: each part of each DM row exactly once, in row order, per player.
      for (const user of ['alice', 'bob', 'carol']) {
        const id = fake.user(user).id;
        const expected = rows
          .filter((r) => r.targetKind === 'user' && r.target === id)
          .flatMap((r) => {
            const parts = splitMessage(discordText((r.payload as { text: string }).text)).slice(0, 3);
            return parts.map((_, i) => nonceFor(r.dedupeKey, parts.length > 1 ? i : undefined));
          });
        expect(expected.length).toBeGreaterThan(ROUNDS);
        expect(fake.dms(user).map((m) => m.nonce)).toEqual(expected);
      }

      // The kills hit the window between Discord storing a message and the bot marking its row sent.
      expect(fake.state.nonceRepeats).toBeGreaterThan(0);
      expect(fake.unexpectedErrors()).toEqual([]);
    } finally {
      await stopBot();
      database.close();
      await fake.close();
    }
  });
});
