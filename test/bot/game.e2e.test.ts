/**
 * End to end: the fake Discord, the real bot (discord.js through DISCORD_API_BASE), a temp-file
 * database, and a scripted 7-player Classic game through Spring 1901, Fall 1901 (a dislodgement and a retreat)
 * and Winter 1901 (builds). Asserts: every results post is one channel message with the map as a PNG, the
 * results and the next deadline; every player gets DM confirmations; before a phase resolves nobody but
 * the ordering power's player (and no channel message) ever sees its orders; and a restart in the middle
 * of the winter phase, with the deadline passing while the bot is down, resolves it exactly once. Then the game's
 * replay (`/history replay`), decoded frame by frame and compared with the results posts' maps.
 */
import omggif from 'omggif';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { history, renderInputsForResults } from '../../src/game/history/index.js';
import { renderMap } from '../../src/render/index.js';
import { barHeight } from '../../src/render/replay/frames.js';
import { REPLAY_WIDTH } from '../../src/render/replay/index.js';
import { decodeFrames, difference, pixelsOf } from '../render/replay-game.js';
import { type FakeMessage, textOf } from '../support/fake-discord/index.js';
import {
  createHarness,
  expectMapPost,
  expectResultsPost,
  type Harness,
  realMaps,
  waitForResults as waitForResultsIn,
} from './harness.js';
import {
  FALL_1901,
  FALL_1901_RETREAT,
  playerOf,
  POWERS,
  SPRING_1901,
  WINTER_1901,
  type ScriptPower,
} from './script.js';

const CHANNEL = 'diplomacy';
const HOUR = 3_600_000;

describe('a 7-player Classic game through the Discord bot', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness(
      { users: ['gm', ...POWERS.map(playerOf)], channels: [CHANNEL, 'lobby'] },
      { maps: realMaps() },
    );
    await h.start();
  });

  afterAll(async () => {
    await h?.close();
  });

  /** The results post of a phase (by its label) in the game channel. */
  const resultsPosts = (label: string): FakeMessage[] =>
    h.fake.channelMessages(CHANNEL).filter((m) => m.content.startsWith(`**${label}: results**`));

  const waitForResults = (label: string) => waitForResultsIn(h, CHANNEL, label);

  /**
   * Orders of `orders` must not appear anywhere but in their own player's private messages, in anything
   * delivered since `since` (the start of the phase: earlier results are public and may repeat an order text).
   */
  function expectOrdersPrivate(orders: Partial<Record<ScriptPower, string[]>>, since: number): void {
    for (const [power, list] of Object.entries(orders) as [ScriptPower, string[]][]) {
      for (const delivery of h.fake.deliveries.slice(since)) {
        const text = textOf(delivery);
        const ownPrivate =
          delivery.audience.kind === 'user' && delivery.audience.userId === h.fake.user(playerOf(power)).id;
        if (ownPrivate) continue;
        for (const order of list) {
          expect(
            text.includes(order),
            `${power}'s order "${order}" leaked (${delivery.via} to ${JSON.stringify(delivery.audience)})`,
          ).toBe(false);
        }
      }
    }
  }

  /** Each power's player submits its orders; the reply is ephemeral and lists them as stored; a DM confirms. */
  async function submit(orders: Partial<Record<ScriptPower, string[]>>): Promise<void> {
    for (const [power, list] of Object.entries(orders) as [ScriptPower, string[]][]) {
      const player = playerOf(power);
      const dmsBefore = h.fake.dms(player).length;
      const reply = await h.fake.slash(player, CHANNEL, 'order', { orders: list.join('; ') });
      expect(reply.ephemeral).toBe(true);
      expect(reply.text, reply.text).not.toContain('❌');
      for (const order of list) expect(reply.text).toContain(`\`${order}\``);
      const dm = await h.fake.waitForDm(
        player,
        (m) => h.fake.dms(player).indexOf(m) >= dmsBefore && m.content.includes(`Your orders for ${power}`),
      );
      for (const order of list) expect(dm.content).toContain(`\`${order}\``);
    }
  }

  async function everyoneReady(powers: readonly ScriptPower[]): Promise<void> {
    for (const power of powers) {
      const reply = await h.fake.slash(playerOf(power), CHANNEL, 'ready');
      expect(reply.ephemeral).toBe(true);
      expect(reply.text).toContain(`${power} is ready`);
    }
  }

  it('creates the game, lets seven players join, and starts with the map and a DM per player', async () => {
    const created = await h.fake.slash('gm', CHANNEL, 'game create', {
      variant: 'classic',
      movement: '1h',
      retreat: '1h',
      adjustment: '1h',
    });
    expect(created.ephemeral).toBe(false);
    expect(created.text).toContain('Classic');
    const free = await h.fake.autocomplete('austria', CHANNEL, 'game join', { power: 'a' }, 'power');
    expect(free.map((c) => c.value)).toContain('Austria');
    for (const power of POWERS) {
      const joined = await h.fake.slash(playerOf(power), CHANNEL, 'game join', { power });
      expect(joined.text).toContain(`joined the game as **${power}**`);
    }
    const started = await h.fake.slash('gm', CHANNEL, 'game start');
    expect(started.text).toContain('7 players');
    const startPost = await h.fake.waitForChannelMessage(CHANNEL, (m) => m.content.includes('has started'));
    expectMapPost(startPost);
    for (const power of POWERS) {
      await h.fake.waitForDm(playerOf(power), (m) => m.content.includes(`You play **${power}**`));
    }
  });

  it('Spring 1901: secret orders, DM confirmations, and one results post with the map when all are ready', async () => {
    const suggestions = await h.fake.autocomplete('france', CHANNEL, 'order', { orders: 'A par - b' }, 'orders');
    expect(suggestions.map((c) => c.value)).toEqual(expect.arrayContaining(['A par - bur', 'A par - bre']));
    // Ready before ordering: the reply says what is still without an order, and in which phase; run again to undo.
    const early = await h.fake.slash('france', CHANNEL, 'ready');
    expect(early.text).toMatch(
      /^✅ France is ready\. Waiting for: .*\n⚠️ \*\*Spring 1901 movement\*\*: still without an order: F bre, A mar, A par\. You can give orders with `\/order` until the phase resolves\.$/,
    );
    expect((await h.fake.slash('france', CHANNEL, 'ready')).text).toContain('France is no longer ready');
    const since = h.fake.deliveries.length;
    await submit(SPRING_1901);
    expectOrdersPrivate(SPRING_1901, since);
    const status = await h.fake.slash('gm', CHANNEL, 'game status');
    expect(status.text).toContain('Spring 1901');
    await everyoneReady(POWERS);
    const results = await waitForResults('Spring 1901 movement');
    await expectResultsPost(h, results);
    const text = textOf(results);
    expect(text).toContain('`A par - bur`');
    expect(text).toMatch(/<t:\d+:R>/);
    expect(text).toContain('Fall 1901 movement');
  });

  it('Fall 1901: Austria dislodges Italy in Venice; the results name the retreat options', async () => {
    const since = h.fake.deliveries.length;
    await submit(FALL_1901);
    expectOrdersPrivate(FALL_1901, since);
    await everyoneReady(POWERS);
    const results = await waitForResults('Fall 1901 movement');
    await expectResultsPost(h, results);
    const text = textOf(results);
    expect(text).toMatch(/Italy A ven .*dislodged.*pie/);
    expect(text).toMatch(/<t:\d+:R>/);
    const why = await h.fake.slash('italy', CHANNEL, 'why', { province: 'ven' });
    expect(why.text).toContain('ven');
  });

  it('Fall 1901 retreat: only Italy acts; the army retreats to Piedmont', async () => {
    const refused = await h.fake.slash('france', CHANNEL, 'ready');
    expect(refused.text).toContain('nothing to decide');
    const since = h.fake.deliveries.length;
    await submit(FALL_1901_RETREAT);
    expectOrdersPrivate(FALL_1901_RETREAT, since);
    await everyoneReady(['Italy']);
    const results = await waitForResults('Fall 1901 retreat');
    await expectResultsPost(h, results);
    expect(textOf(results)).toContain('`A ven R pie`');
    // Fall ownership changes are announced once the fall retreats are done.
    expect(textOf(results)).toMatch(/Supply centres[\s\S]*Venice \(ven\): Italy → Austria/);
    expect(textOf(results)).toContain('Winter 1901 adjustment');
  });

  it('Winter 1901: the bot stops mid-phase, the deadline passes, and the restarted bot resolves it exactly once', async () => {
    const since = h.fake.deliveries.length;
    await submit(WINTER_1901);
    expectOrdersPrivate(WINTER_1901, since);
    await h.bot!.outbox.idle();
    await h.stop();

    // The deadline (1 h) passes while the bot is down.
    h.clock.offset += 2 * HOUR;
    expect(resultsPosts('Winter 1901 adjustment')).toHaveLength(0);

    await h.start();
    const results = await waitForResults('Winter 1901 adjustment');
    await expectResultsPost(h, results);
    const text = textOf(results);
    for (const build of ['A vie B', 'A bud B', 'A mos B', 'F stp/nc B']) expect(text).toContain(`\`${build}\``);
    expect(text).toContain('Spring 1902 movement');
    expect(text).toMatch(/<t:\d+:R>/);

    // Let the scheduler sweep and the deliverer pass a few more times: nothing is resolved or posted twice.
    await new Promise((r) => setTimeout(r, 1500));
    await h.bot!.scheduler.sweep();
    await h.bot!.outbox.idle();
    for (const label of ['Spring 1901 movement', 'Fall 1901 movement', 'Fall 1901 retreat', 'Winter 1901 adjustment']) {
      expect(resultsPosts(label), label).toHaveLength(1);
    }
    expect(h.fake.channelMessages(CHANNEL).filter((m) => m.content.includes('has started!'))).toHaveLength(1);
    const resolvedWinter = h.database.sqlite
      .prepare(`SELECT count(*) AS n FROM phases WHERE season = 'winter' AND year = 1901 AND resolved_at IS NOT NULL`)
      .get() as { n: number };
    expect(resolvedWinter.n).toBe(1);

    const austria = await h.fake.slash('austria', CHANNEL, 'orders show');
    expect(austria.text).toContain('Spring 1902');
  });

  it("/history replay: the whole game as one GIF whose phase boundaries are the results posts' maps, frame by frame", async () => {
    const reply = await h.fake.slash('gm', CHANNEL, 'history replay', {}, { deferredTimeoutMs: 120_000 });
    expect(reply.ephemeral).toBe(true);
    expect(reply.text).toContain('**Replay** from Spring 1901 movement to Winter 1901 adjustment');
    const gif = reply.attachments.find((a) => a.filename.endsWith('.gif'))!;
    expect(gif.filename).toBe('replay-s1901m-w1901a.gif');
    const frames = decodeFrames(gif.data);
    const width = new omggif.GifReader(gif.data).width;
    expect(width).toBe(REPLAY_WIDTH);

    // The phases' pictures as the results posts draw them: the same inputs give those posts' very PNGs ...
    const deps = h.bot!.deps;
    const listed = await history(deps, { channelId: h.fake.channel(CHANNEL).id });
    const played = listed.ok ? listed.phases.filter((p) => p.resolvedAt !== null) : [];
    expect(played.map((p) => p.code)).toEqual(['S1901M', 'F1901M', 'F1901R', 'W1901A']);
    const top = barHeight(width);
    let at = 0;
    for (const phase of played) {
      const inputs = (await renderInputsForResults(deps, phase.id))!;
      const { variant, position, ...opts } = inputs.orders;
      const post = resultsPosts(phase.label)[0]!;
      const posted = post.attachments.find((a) => a.filename.endsWith('-orders.png'))!;
      expect((await renderMap(variant, position, opts)).png.equals(posted.data), phase.code).toBe(true);
      // ... and drawn at the replay's width, each is a frame of the replay, in order, within quantisation.
      const map = await pixelsOf((await renderMap(variant, position, { ...opts, width })).png);
      const found = frames.findIndex((f, i) => i >= at && difference(f.pixels, width, top, map) < 0.002);
      expect(found, `${phase.code}'s orders map is a frame after frame ${at}`).toBeGreaterThanOrEqual(at);
      at = found + 1;
    }
    const last = (await renderInputsForResults(deps, played.at(-1)!.id))!.after;
    const { variant, position, ...opts } = last;
    expect(
      difference(
        frames.at(-1)!.pixels,
        width,
        top,
        await pixelsOf((await renderMap(variant, position, { ...opts, width })).png),
      ),
    ).toBeLessThan(0.002);

    // Asked again: the cached replay, byte for byte.
    const again = await h.fake.slash('gm', CHANNEL, 'history replay', {}, { deferredTimeoutMs: 120_000 });
    expect(again.attachments.find((a) => a.filename.endsWith('.gif'))!.data.equals(gif.data)).toBe(true);
    // A range, shared in the channel.
    const shared = await h.fake.slash(
      'austria',
      CHANNEL,
      'history replay',
      { from: 'F1901M', to: 'F1901R', share: true },
      { deferredTimeoutMs: 120_000 },
    );
    expect(shared.ephemeral).toBe(false);
    expect(shared.text).toContain('from Fall 1901 movement to Fall 1901 retreat (`F1901M`–`F1901R`, 2 phases)');
    const backwards = await h.fake.slash('austria', CHANNEL, 'history replay', { from: 'W1901A', to: 'S1901M' });
    expect(backwards.text).toMatch(/W1901A comes after S1901M/);
  });

  it('kept one status message, edited in place, that never shows what anyone ordered', () => {
    const statuses = h.fake
      .channelMessages(CHANNEL)
      .filter((m) => m.content.startsWith('**Classic Diplomacy** · game master'));
    expect(statuses).toHaveLength(1);
    const status = statuses[0]!;
    expect(status.history.length).toBeGreaterThan(10);
    expect(status.content).toContain('Spring 1902');
    for (const version of [status, ...status.history])
      expect(version.content).not.toMatch(/`[AF] [a-z]{3}(\/[a-z]{2})? [-HSCRBD]/);
  });

  it('sent every player DM confirmations and never answered with an unexpected error', () => {
    for (const power of POWERS) {
      const confirmations = h.fake.dms(playerOf(power)).filter((m) => m.content.includes(`Your orders for ${power}`));
      expect(confirmations.length, power).toBeGreaterThanOrEqual(2);
    }
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });
});
