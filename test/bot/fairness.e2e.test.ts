/**
 * A fair outbox, through the real bot against a stand-in that rate-limits like Discord: one
 * game floods its own channel (a backlog of posts far beyond the channel's 5-per-second bucket) and a player's
 * DMs are rate-limited, while another game resolves a phase. The other game's results post goes out at once,
 * ahead of the flood's backlog; the flood and the DMs still arrive whole and in order. (How fast, in
 * milliseconds, is measured by `npm run bench`, not here.)
 */
import { sqliteStoreOf } from '../../src/store/sqlite-store.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MapRenderer } from '../../src/bot/maps.js';
import { enqueue } from '../../src/game/outbox/write.js';
import { createHarness, waitForResults, type Harness } from './harness.js';

const HOUR = 3_600_000;
const FLOOD = 40;
const DMS = 6;

describe('one target flooded or rate-limited never delays the others', () => {
  let h: Harness;
  const maps: MapRenderer = { render: async (_v, _p, _o, name) => ({ png: Buffer.from('stand-in png'), name }) };

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'alice', 'bob'], channels: ['flooded', 'quiet'] }, { maps });
    await h.start();
  });

  afterAll(async () => {
    await h?.close();
  });

  it("posts the other game's results ahead of the flood's backlog, and keeps every target's order", async () => {
    const { fake } = h;
    for (const [channel, player, power] of [
      ['flooded', 'alice', 'France'],
      ['quiet', 'bob', 'Germany'],
    ] as const) {
      await fake.slash('gm', channel, 'game create', { variant: 'classic', movement: '1h' });
      await fake.slash(player, channel, 'game join', { power });
      await fake.slash('gm', channel, 'game start');
      await fake.waitForChannelMessage(channel, (m) => m.content.includes('has started'));
    }
    await h.bot!.outbox.idle();

    // Discord's limits: 5 posts per channel per second; alice's DMs one per 2 s.
    fake.state.transport.limit('channel_messages', { limit: 5, windowMs: 1000 });
    fake.state.transport.limit('dm_messages', { limit: 1, windowMs: 2000, target: fake.user('alice').id });

    // The flooded game's backlog and a burst of DMs to alice, queued before the other game resolves.
    const flooded = fake.channel('flooded').id;
    const now = h.clock.now();
    await sqliteStoreOf(h.database).transaction(async (tx) => {
      for (let i = 0; i < FLOOD; i++) {
        await enqueue(tx, {
          gameId: null,
          payload: { type: 'notice', gameId: 0, text: `flood ${i}` },
          target: { kind: 'channel', id: flooded },
          dedupeKey: `flood:${i}`,
          now,
        });
      }
      for (let i = 0; i < DMS; i++) {
        const payload = { type: 'dm' as const, gameId: 0, text: `dm ${i}`, reason: 'order_confirmation' as const };
        await enqueue(tx, {
          gameId: null,
          payload,
          target: { kind: 'user', id: fake.user('alice').id },
          dedupeKey: `dm:${i}`,
          now,
        });
      }
    });
    h.bot!.outbox.kick();
    await fake.waitForChannelMessage('flooded', (m) => m.content === 'flood 0');

    // The quiet game's deadline passes (the flooded game's too: its results queue behind its backlog).
    h.clock.offset += 2 * HOUR;
    await h.bot!.scheduler.sweep();
    const results = await waitForResults(h, 'quiet', 'Spring 1901 movement');

    const before = (pred: (text: string) => boolean) =>
      fake.deliveries.filter((d) => BigInt(d.messageId) < BigInt(results.id) && pred(d.content)).length;
    const floodBefore = before((t) => t.startsWith('flood '));
    expect(floodBefore).toBeLessThan(FLOOD);
    expect(before((t) => t.startsWith('dm '))).toBeLessThan(DMS);

    // Everything else still arrives, whole and in order.
    await waitForResults(h, 'flooded', 'Spring 1901 movement');
    await h.bot!.outbox.idle();
    await expect
      .poll(() => fake.dms('alice').filter((m) => m.content.startsWith('dm ')).length, { timeout: 20_000 })
      .toBe(DMS);
    const floodPosts = fake
      .channelMessages('flooded')
      .map((m) => m.content)
      .filter((t) => t.startsWith('flood ') || t.includes(': results**'));
    expect(floodPosts).toEqual([
      ...Array.from({ length: FLOOD }, (_, i) => `flood ${i}`),
      expect.stringContaining('Spring 1901 movement: results'),
    ]);
    expect(
      fake
        .dms('alice')
        .map((m) => m.content)
        .filter((t) => t.startsWith('dm ')),
    ).toEqual(Array.from({ length: DMS }, (_, i) => `dm ${i}`));
    expect(fake.unexpectedErrors()).toEqual([]);
    fake.state.transport.clearLimits();
  });
});
