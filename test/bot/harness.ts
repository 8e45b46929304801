/**
 * Test harness for the bot end to end: the fake Discord, a temp-file database, and the real bot
 * (discord.js client through DISCORD_API_BASE) that can be stopped and started again on the same database. In the
 * vitest project `postgres` the database is a PostgreSQL one (a copy of the worker's migrated template), opened anew
 * at each start as a restarted process opens it.
 */
import { eq } from 'drizzle-orm';
import { games } from '../../src/store/schema.js';
import { hidesIdentities } from '../../src/game/core/index.js';
import { pinSeats, pinnedRandom, type PinnableRandom } from '../support/drawn-seats.js';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBot, type BotOptions, type RunningBot } from '../../src/bot/app.js';
import { createMapRenderer, type MapRenderer } from '../../src/bot/maps.js';
import type { Position } from '../../src/engine/types.js';
import type { Variant } from '../../src/engine/variant.js';
import { buildScene, drawableVariant, type RenderOptions } from '../../src/render/index.js';
import { DEFAULT_LIMITS, type Limits } from '../../src/game/core/index.js';
import { createLogger } from '../../src/log.js';
import { nonceFor } from '../../src/bot/send.js';
import { openDatabase, type OpenedDatabase } from '../../src/store/db.js';
import { openPostgresStore } from '../../src/store/postgres-store.js';
import { sqliteStoreOf } from '../../src/store/sqlite-store.js';
import type { OpenedStore as Store, StoreDb } from '../../src/store/store.js';
import { migratedPostgresDatabase, returnPostgresDatabase, TEST_POOL } from '../support/postgres.js';
import { outbox } from '../../src/store/schema.js';
import { expect, inject } from 'vitest';
import {
  FakeDiscord,
  type FakeDiscordOptions,
  type FakeInteraction,
  type FakeMessage,
} from '../support/fake-discord/index.js';
import type { OptionValue } from '../support/fake-discord/commands.js';

export const GENEROUS_BUDGETS = Object.fromEntries(
  Object.keys(DEFAULT_LIMITS.budgets).map((action) => [action, { uses: 10_000, windowMs: 1000 }]),
) as Limits['budgets'];

export interface Harness {
  fake: FakeDiscord;
  bot: RunningBot | null;
  /** The store the bot runs on now (reads of a test's own go through `store.db`). */
  store: Store;
  /** The raw SQLite connection, for checks of SQLite itself; absent on PostgreSQL (such tests run on SQLite only). */
  database: OpenedDatabase;
  dbPath: string;
  /** The bot's clock: real time plus `clock.offset`. */
  clock: { offset: number; now(): number };
  /** The bot's randomness (the test's own if it gave one): `pin` keeps the next start's draw (joinDrawn). */
  random: PinnableRandom;
  start(): Promise<RunningBot>;
  stop(): Promise<void>;
  close(): Promise<void>;
}

export async function createHarness(fakeOpts: FakeDiscordOptions, botOpts: Partial<BotOptions> = {}): Promise<Harness> {
  const fake = await FakeDiscord.start(fakeOpts);
  const dir = mkdtempSync(join(tmpdir(), 'zhanguo-bot-'));
  const dbPath = join(dir, 'zhanguo.db');
  const clock = {
    offset: 0,
    now() {
      return Date.now() + this.offset;
    },
  };
  const log = createLogger((process.env.TEST_LOG_LEVEL as 'info' | undefined) ?? 'silent');
  const postgresUrl = inject('testStore') === 'postgres' ? await migratedPostgresDatabase('bot') : null;
  const openedSqlite = postgresUrl ? sqliteOnly() : openDatabase(dbPath);
  let returnedDatabase = false;
  const h: Harness = {
    fake,
    bot: null,
    store: postgresUrl
      ? await openPostgresStore({ url: postgresUrl, maxConnections: 5, ...TEST_POOL })
      : sqliteStoreOf(openedSqlite),
    database: openedSqlite,
    dbPath,
    clock,
    random: pinnedRandom(botOpts.random),
    async start() {
      if (postgresUrl && h.store === closedStore)
        h.store = await openPostgresStore({ url: postgresUrl, maxConnections: 5, ...TEST_POOL });
      if (!postgresUrl) {
        if (!h.database.sqlite.open) h.database = openDatabase(dbPath);
        h.store = sqliteStoreOf(h.database); // the same store per connection; a test may have swapped the database
      }
      h.bot = await startBot({
        maps: scenesOnly(),
        token: fake.token,
        store: h.store,
        log,
        apiBase: fake.apiBase,
        devGuildId: fake.guildId,
        now: () => clock.now(),
        outboxIntervalMs: 200,
        outboxRetryMs: 200,
        schedulerMaxSleepMs: 1000,
        // Tests that are not about abuse limits get generous budgets and immediate order confirmations;
        // abuse.e2e passes its own `limits` and meets the real defaults.
        limits: { confirmationQuietMs: 0, budgets: GENEROUS_BUDGETS },
        ...botOpts,
        random: h.random,
      });
      return h.bot;
    },
    /** Stops the bot and closes the database, as a process exit would. */
    async stop() {
      await h.bot?.stop();
      h.bot = null;
      if (postgresUrl) {
        if (h.store !== closedStore) await h.store.close();
        h.store = closedStore;
      } else h.database.close();
    },
    async close() {
      await h.stop();
      await fake.close();
      rmSync(dir, { recursive: true, force: true });
      // Stopped: nothing is connected to its database any more (given back once, a second close gives nothing).
      if (postgresUrl && !returnedDatabase) returnPostgresDatabase(postgresUrl);
      returnedDatabase = true;
      // Every text reached Discord formatted: no reference of the game layer's texts (src/game/core/text-refs.ts) shows.
      expect(unformatted(fake), 'texts sent with a reference the bot did not format (src/bot/markup.ts)').toEqual([]);
    },
  };
  return h;
}

/** The store of a stopped bot on PostgreSQL (its pool closed); the next start opens a new one. */
const closedStore = new Proxy({} as Store, {
  get: () => {
    throw new Error('the bot is stopped: its database is closed until the next start');
  },
});

/** `Harness.database` on PostgreSQL: a test that reads SQLite itself runs on SQLite only. */
function sqliteOnly(): OpenedDatabase {
  return new Proxy({} as OpenedDatabase, {
    get: () => {
      throw new Error('this test reads SQLite directly; it runs on SQLite only');
    },
  });
}

/** The messages (content, embeds) the bot sent with a reference left in them, for a readable failure. */
function unformatted(fake: FakeDiscord): string[] {
  return fake.deliveries
    .flatMap((d) => [
      d.content,
      ...d.embeds.flatMap((e) => [e.title, e.description, ...(e.fields ?? []).map((f) => f.value)]),
    ])
    .filter((text): text is string => typeof text === 'string' && text.includes('⟦'))
    .map((text) => text.slice(0, 200));
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The results post of a phase (by its label, e.g. `Spring 1901 movement`) in a game channel, once it arrives. */
export function waitForResults(h: Harness, channel: string, label: string, timeoutMs = 45_000): Promise<FakeMessage> {
  // A game created with `notify:` starts its posts with the role's mention.
  return h.fake.waitForChannelMessage(
    channel,
    (m) => m.content.replace(/^<@&\d+> /, '').startsWith(`**${label}: results**`),
    timeoutMs,
  );
}

/**
 * The messages a channel post went out in, part by part (a post longer than one message is several),
 * given its first message: each part is found by the nonce it carries (src/bot/send.ts `nonceFor`: its outbox row's
 * dedupe key, and the part's index after the first). Each part is in the channel exactly once, after the one before
 * it, with no other post of the bot between them; only the first carries attachments.
 */
export async function partsOfPost(fake: FakeDiscord, db: StoreDb, first: FakeMessage): Promise<FakeMessage[]> {
  const rowOf = async () =>
    (await db.select({ key: outbox.dedupeKey, sentAt: outbox.sentAt }).from(outbox)).find(
      (r) => nonceFor(r.key) === first.nonce,
    );
  expect(await rowOf(), `no outbox row sent ${first.content.slice(0, 60)}`).toBeDefined();
  // The first part is in the channel; the others follow it: wait until the row is delivered whole.
  await expect.poll(async () => (await rowOf())?.sentAt ?? null, { timeout: 20_000 }).not.toBeNull();
  const row = await rowOf();
  const posts = fake.channelMessages(first.channelId).filter((m) => !m.interactionId && (m.type ?? 0) === 0);
  const parts: FakeMessage[] = [];
  for (let i = 0; ; i++) {
    const nonce = nonceFor(row!.key, i === 0 ? undefined : i);
    const found = posts.filter((m) => m.nonce === nonce);
    if (found.length === 0) break;
    expect(found, `part ${i} of ${row!.key} once`).toHaveLength(1);
    if (i > 0)
      expect(posts.indexOf(found[0]!), `part ${i} of ${row!.key} right after part ${i - 1}`).toBe(
        posts.indexOf(parts[i - 1]!) + 1,
      );
    parts.push(found[0]!);
  }
  expect(parts[0]).toBe(first);
  // Only the first part carries a map, and a results post's last part: the board after, alone; a final post's: the
  // final board, alone (src/bot/send.ts).
  for (const [i, part] of parts.slice(1, -1).entries())
    expect(part.attachments, `part ${i + 1} carries no attachment`).toEqual([]);
  const last = parts.at(-1)!;
  if (parts.length > 1 && last.attachments.length > 0) {
    if (last.content === '**The final board**') expect(last.attachments).toHaveLength(1);
    else {
      expect(last.attachments.map((a) => a.filename)).toEqual([expect.stringMatching(/-after\.png$/)]);
      expect(last.content).toBe('**The board after the results above**');
    }
  }
  return parts;
}

/** A map's byte budget: 250 KiB, 400 KiB for a variant of more than 8 powers (docs/render.md, `mapBudget`). */
export const MAP_BUDGET = 250 * 1024;
export const MARKED_MAP_BUDGET = 400 * 1024;

/** A channel post carries exactly one real map: a PNG of at least 800 px width, under its budget. */
export function expectMapPost(message: FakeMessage, budget = MAP_BUDGET): void {
  expect(message.attachments).toHaveLength(1);
  expectRealMap(message.attachments[0]!, budget);
}

/**
 * A results post carries two real maps, one per message, so that Discord shows each at full width: its first part the
 * orders with their results, its last part the board after the phase. Returns the post's parts.
 */
export async function expectResultsPost(
  h: Pick<Harness, 'fake' | 'store'>,
  first: FakeMessage,
  budget = MAP_BUDGET,
): Promise<FakeMessage[]> {
  const parts = await partsOfPost(h.fake, h.store.db, first);
  expect(parts.length).toBeGreaterThanOrEqual(2);
  const kinds = parts.map((m) => m.attachments.map((a) => a.filename.replace(/^.*-(orders|after)\.png$/, '$1')));
  expect(kinds[0]).toEqual(['orders']);
  expect(kinds.at(-1)).toEqual(['after']);
  for (const png of [...first.attachments, ...parts.at(-1)!.attachments]) expectRealMap(png, budget);
  return parts;
}

function expectRealMap(png: FakeMessage['attachments'][number], budget: number): void {
  expect(png.contentType).toBe('image/png');
  expect(png.data.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(png.data.readUInt32BE(16)).toBeGreaterThanOrEqual(800); // IHDR width
  expect(png.data.length).toBeGreaterThan(20_000);
  // An 8-bit palette PNG (IHDR bit depth 8, colour type 3) under its budget: 250 KiB, 400 KiB over 8 powers, whose
  // busy maps keep every flat colour exact (docs/render.md).
  expect([png.data[24], png.data[25]], png.filename).toEqual([8, 3]);
  expect(png.data.length, png.filename).toBeLessThan(budget);
}

/**
 * The harness's pictures, unless a test passes its own `maps` (`recordingMaps()` for real ones): each scene is built
 * as the render worker builds it, so a position the renderer cannot draw fails the test, but it is not drawn: the
 * PNG is its signature and a digest of what it was drawn from. Drawing, quantising and compressing were about 40 % of
 * an end-to-end file's time; the pictures themselves are checked by test/render and by the files that ask for real
 * ones (`expectMapPost`, `expectResultsPost`).
 */
export function scenesOnly(): MapRenderer {
  return createMapRenderer(createLogger('silent'), {
    skipPrepare: true,
    renderPng: async (variant, position, opts) => {
      const built = buildScene(drawableVariant(variant), position, opts);
      if (!built.ok) throw new Error(`the harness's map of ${variant.id}: ${built.error}`);
      return { png: digestPng([variant.id, position, opts]), warnings: built.scene.warnings };
    },
  });
}

/** The bot's real pictures, for the files that check them (`expectMapPost`, `expectResultsPost`, the render queue). */
export function realMaps(): MapRenderer {
  return createMapRenderer(createLogger('silent'));
}

/** A stand-in picture: the PNG signature, then a digest of `input` (equal inputs, equal bytes). */
export function digestPng(input: unknown): Buffer {
  const digest = createHash('sha256').update(JSON.stringify(input)).digest();
  return Buffer.concat([PNG_SIGNATURE, digest]);
}

/** One picture the bot drew: what it was drawn from, under the file name it was posted with. */
export interface DrawnMap {
  name: string;
  variant: Variant;
  position: Position;
  opts: RenderOptions;
  /** The picture drawn, once drawn (none when the renderer gave none). */
  png?: Buffer;
}

/**
 * The bot's real map renderer, recording what each picture was drawn from (variant, position, orders, results,
 * overlays), so a test can check a posted map through its scene as well as its PNG.
 */
export function recordingMaps(): { maps: MapRenderer; drawn: DrawnMap[] } {
  const real = createMapRenderer(createLogger('silent'));
  const drawn: DrawnMap[] = [];
  return {
    drawn,
    maps: {
      async render(variant, position, opts, name) {
        const map: DrawnMap = { name, variant, position, opts };
        drawn.push(map);
        const picture = await real.render(variant, position, opts, name);
        if (picture) map.png = picture.png;
        return picture;
      },
      warm: () => real.warm?.() ?? Promise.resolve(),
    },
  };
}

/**
 * Runs a command that asks for a confirmation (`/gm advance`, `/gm rollback`, `/gm cancel`, `/orders clear`,
 * `/concede to:`) and clicks its confirm button. A command refused outright (no buttons) is returned as is.
 */
export async function slashConfirmed(
  h: Harness,
  user: string,
  channel: string,
  command: string,
  options: Record<string, OptionValue> = {},
): Promise<FakeInteraction> {
  const asked = await h.fake.slash(user, channel, command, options);
  const confirm = asked.originalMessageId ? h.fake.buttons(asked).find((b) => b.label !== 'Cancel') : undefined;
  if (!confirm) return asked;
  return h.fake.click(user, asked, confirm.customId!);
}

/**
 * Members join the channel's game that hides who plays whom with `/game join` (a place each, no power chosen) and
 * play the powers given (member name → power) once it starts: the places are pinned and the start's draw kept
 * (test/support/drawn-seats.ts). Every member of the game joins here, the draw counting them all.
 */
export async function joinDrawn(h: Harness, channel: string, seats: Record<string, string>): Promise<void> {
  for (const user of Object.keys(seats)) await h.fake.slash(user, channel, 'game join');
  const ids = Object.fromEntries(Object.entries(seats).map(([user, power]) => [h.fake.user(user).id, power]));
  await pinSeats(h.store, h.fake.channel(channel).id, ids);
  h.random.pin(Object.keys(seats).length);
}

/**
 * Members take the powers given (member name → power) in the channel's forming game: with `/game join power:` in an
 * open game, and in one that hides who plays whom by `joinDrawn`.
 */
export async function joinSeats(h: Harness, channel: string, seats: Record<string, string>): Promise<void> {
  const game = (
    await h.store.db
      .select()
      .from(games)
      .where(eq(games.channelId, h.fake.channel(channel).id))
  ).find((g) => g.status === 'forming');
  if (game && hidesIdentities(game)) return await joinDrawn(h, channel, seats);
  for (const [user, power] of Object.entries(seats)) await h.fake.slash(user, channel, 'game join', { power });
}
