import { sqliteStoreOf } from '../../src/store/sqlite-store.js';
import { first } from '../../src/store/store.js';
/**
 * A results post longer than one message goes out in parts, each exactly once and in order, even when the
 * bot is killed with SIGKILL between them. The bot runs as a child process against the Discord stand-in
 * (test/support/crash-bot.ts).
 *
 * The post is a real adjudication made long: a Warhammer game with 19 of its 21 powers seated, whose board is crafted
 * with a unit in every province (116 units) and every unit given a seeded legal support, so the results post lists
 * every unit with why its support was not used, more than 8,000 characters. At the deadline the bot resolves the
 * phase and posts it; it is killed right after the stand-in stored its second part (before the bot heard back), and
 * again right after the stand-in stored its fourth, and started again at once each time.
 *
 * Then: the post is the queued text cut at line boundaries into parts under 2,000 characters, in order, one right
 * after the other, the maps with the first; the outbox knew at each kill which parts Discord had (`parts_sent`), so
 * only the part in flight was sent again (Discord answered its repeated nonce with the message it had), never one
 * before it; and the row ends delivered with every part counted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { discordText } from '../../src/bot/markup.js';
import { nonceFor } from '../../src/bot/send.js';
import { legalOrders } from '../../src/engine/options.js';
import type { Unit } from '../../src/engine/types.js';
import { createGame, joinGame, startGame } from '../../src/game/lobby/index.js';
import { submitOrders } from '../../src/game/orders/index.js';
import { openDatabase } from '../../src/store/db.js';
import { outbox, phases } from '../../src/store/schema.js';
import { getVariant } from '../../src/variants/index.js';
import { crashBot } from '../support/crash-bot.js';
import { FakeDiscord, type FakeMessage } from '../support/fake-discord/index.js';
import { rng } from '../support/random.js';
import { partsOfPost } from './harness.js';

const CHANNEL = 'wh-parts';
const STEP_MS = 3_600_000 + 1_000;
const variant = getVariant('warhammer')!;
/** Every power but the two Dogs of War seats (seated, they would open a start step first). */
const SEATED = variant.powers.map((p) => p.name).filter((p) => p !== 'Tilea' && p !== 'Estalia');
const playerOf = (power: string) => `parts-${power.toLowerCase().replace(/[^a-z]+/g, '-')}`;

describe('kill -9 between the parts of a long results post', () => {
  const dir = mkdtempSync(join(tmpdir(), 'zhanguo-parts-crash-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('posts every part once, in order: the outbox goes on from the part in flight', { timeout: 180_000 }, async () => {
    expect(SEATED).toHaveLength(19);
    const fake = await FakeDiscord.start({ users: ['gm', ...SEATED.map(playerOf)], channels: [CHANNEL] });
    const dbPath = join(dir, 'bot.db');
    const database = openDatabase(dbPath);
    const bot = crashBot(fake, { dbPath, stepMs: STEP_MS });
    try {
      // The game, set up as the commands would, with a crafted board: a unit in every province, each given a support.
      const deps = { store: sqliteStoreOf(database), now: () => Date.now() };
      const channelId = fake.channel(CHANNEL).id;
      const created = await createGame(deps, {
        channelId,
        guildId: fake.guildId,
        userId: fake.user('gm').id,
        variantId: 'warhammer',
        optionsText: 'decisiveBattles=off',
        durations: { movement: '1h', retreat: '1h', adjustment: '1h' },
      });
      if (!created.ok) throw new Error(created.error);
      for (const power of SEATED) {
        const joined = await joinGame(deps, { channelId, userId: fake.user(playerOf(power)).id, power });
        if (!joined.ok) throw new Error(joined.error);
      }
      const started = await startGame(deps, { channelId, userId: fake.user('gm').id });
      if (!started.ok) throw new Error(started.error);
      const phase = first(await database.db.select().from(phases).where(eq(phases.id, started.phase.id)).limit(1))!;
      const provinces = [...variant.map.provinces.values()].filter((p) => p.kind !== 'impassable');
      const units: Unit[] = provinces.map((p, i) => ({
        power: SEATED[i % SEATED.length]!,
        type: p.kind === 'sea' ? 'F' : 'A',
        province: p.id,
        coast: null,
      }));
      expect(units.length).toBeGreaterThan(100);
      const position = { ...phase.position, units };
      await database.db.update(phases).set({ position }).where(eq(phases.id, phase.id));
      const random = rng(20261124);
      for (const power of SEATED) {
        const orders = legalOrders(variant, position, power).map(({ orders: legal }) => {
          const supports = legal.filter((o) => / S .* - /.test(o));
          return supports.length > 0 ? supports[Math.floor(random() * supports.length)]! : legal[0]!;
        });
        const stored = await submitOrders(deps, {
          channelId,
          userId: fake.user(playerOf(power)).id,
          text: orders.join('; '),
        });
        if (!stored.ok) throw new Error(stored.error);
        expect(stored.rejected, power).toEqual([]);
      }

      // The results row, once the bot queued it, and its part `i` (found by the part's nonce).
      // Read synchronously on the raw connection: the stand-in asks the predicate as it stores each message.
      const resultsRow = () => database.db.select().from(outbox).where(eq(outbox.kind, 'phase_results')).get();
      const isPart = (i: number) => (m: FakeMessage) => {
        const row = resultsRow();
        return row !== undefined && m.nonce === nonceFor(row.dedupeKey, i === 0 ? undefined : i);
      };

      await bot.start();
      // The deadline passes; killed right after Discord stored the second part.
      const killed1 = bot.killWhenStored(isPart(1));
      bot.passDeadline();
      await killed1;
      // The outbox knows the first part went out; the second was in flight.
      expect(await resultsRow()).toMatchObject({ partsSent: 1, sentAt: null });
      // Started again: it goes on from the second part; killed right after Discord stored the fourth.
      const killed2 = bot.killWhenStored(isPart(3));
      await bot.start();
      await killed2;
      expect(await resultsRow()).toMatchObject({ partsSent: 3, sentAt: null });
      await bot.start();

      for (let i = 0; (await resultsRow())?.sentAt == null && i < 300; i++)
        await new Promise((r) => setTimeout(r, 100));
      const row = (await resultsRow())!;
      expect(row.sentAt).not.toBeNull();
      expect(bot.kills).toBe(2);

      // The queued text as Discord shows it (its references formatted, src/bot/markup.ts).
      const text = discordText((row.payload as { text: string }).text);
      expect(text.length).toBeGreaterThan(8000);
      const firstPart = fake.channelMessages(CHANNEL).find(isPart(0))!;
      const parts = await partsOfPost(fake, sqliteStoreOf(database).db, firstPart);
      expect(parts.length).toBeGreaterThanOrEqual(5);
      expect(row.partsSent).toBe(parts.length);
      for (const part of parts) {
        expect(part.content.length).toBeLessThanOrEqual(2000);
        expect(part.embeds).toEqual([]);
      }
      // Cut only where a line ends: the text's parts, joined with the line breaks they were cut at, are the queued
      // text; the last part is the board after, alone, drawn after the second restart.
      expect(
        parts
          .slice(0, -1)
          .map((m) => m.content)
          .join('\n'),
      ).toBe(text);
      expect(parts[0]!.content.startsWith('**Spring 2500 movement: results**\n')).toBe(true);
      expect(parts[0]!.attachments.map((a) => a.filename)).toEqual(['spring-2500-movement-orders.png']);
      expect(parts.at(-1)!.attachments.map((a) => a.filename)).toEqual(['spring-2500-movement-after.png']);
      // Only the part in flight at each kill was asked again (Discord had it: the same message came back).
      const ofThisPost = new Set(parts.map((m) => m.nonce));
      expect(fake.state.repeatedNonces.filter((n) => ofThisPost.has(n))).toEqual([
        nonceFor(row.dedupeKey, 1),
        nonceFor(row.dedupeKey, 3),
      ]);
      expect(fake.unexpectedErrors()).toEqual([]);
    } finally {
      await bot.stop();
      database.close();
      await fake.close();
    }
  });
});
