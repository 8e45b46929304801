import { first } from '../../../src/store/store.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memberRef } from '../../../src/game/core/text-refs.js';
import { eq } from 'drizzle-orm';
import {
  deliverOutbox,
  HEARTBEAT_TIMEOUT_MS,
  PermanentDeliveryError,
  processAlive,
  pruneOutbox,
  registerDeliverer,
  RetryLaterError,
  startOutboxLoop,
  type DeliveryRow,
} from '../../../src/game/delivery/index.js';
import type { GameDeps } from '../../../src/game/core/index.js';
import { beat, claimsByOwner } from '../../../src/game/delivery/claims.js';
import { enqueue, queueStatus, startPostKey } from '../../../src/game/outbox/write.js';
import { deliverers, games, outbox, substituteCalls } from '../../../src/store/schema.js';
import { callPostKey } from '../../../src/game/seats/index.js';
import { CHANNEL, GM, internalErrors, makeEnv, ok, outboxRows, tempDbPath, type TestEnv } from '../helpers.js';
import { createGame, joinGame, startGame } from '../../../src/game/lobby/index.js';
import { resolveDuePhases } from '../../../src/game/resolve/index.js';

let env: TestEnv;
let gameId: number;
beforeEach(async () => {
  internalErrors.length = 0;
  env = await makeEnv();
  gameId = ok(await createGame(env.deps, { channelId: CHANNEL, guildId: 'g', userId: GM, variantId: 'classic' })).game
    .id;
  // start from an empty outbox
  await env.deps.store.db.delete(outbox);
});
afterEach(async () => {
  await env.close();
  expect(internalErrors).toEqual([]);
});

async function queue(deps: GameDeps, key: string, target = CHANNEL, kind: 'notice' | 'dm' = 'notice') {
  return await deps.store.transaction(
    async (tx) =>
      await enqueue(tx, {
        gameId,
        payload:
          kind === 'dm' ? { type: 'dm', gameId, text: key, reason: 'reminder' } : { type: 'notice', gameId, text: key },
        target: { kind: kind === 'dm' ? 'user' : 'channel', id: target },
        dedupeKey: key,
        now: deps.now(),
      }),
  );
}

const deliverWith = (
  send: (row: DeliveryRow) => Promise<void | { messageId?: string }>,
  extra: Partial<Parameters<typeof deliverOutbox>[0]> = {},
) => deliverOutbox({ store: env.deps.store, now: env.deps.now, send, baseDelayMs: 1000, maxAttempts: 3, ...extra });

describe('deliverOutbox', () => {
  it('sends due rows in order, once, and marks them sent', async () => {
    expect(await queue(env.deps, 'a')).toBe(true);
    expect(await queue(env.deps, 'b')).toBe(true);
    expect(await queue(env.deps, 'a')).toBe(false); // same dedupe key: not queued twice
    const seen: string[] = [];
    expect(await deliverWith(async (row) => void seen.push(row.dedupeKey))).toMatchObject({ sent: 2, failed: 0 });
    expect(await deliverWith(async (row) => void seen.push(row.dedupeKey))).toMatchObject({ sent: 0 });
    expect(seen).toEqual(['a', 'b']);
    expect((await outboxRows(env.deps)).every((r) => r.sentAt !== null && r.attempts === 1)).toBe(true);
  });

  it('sends other targets’ heads before a status edit queued earlier, when slots are scarce', async () => {
    await env.deps.store.transaction(async (tx) => await queueStatus(tx, gameId, env.deps.now()));
    await queue(env.deps, 'results elsewhere', 'other-channel');
    await queue(env.deps, 'a dm', 'someone', 'dm');
    const seen: string[] = [];
    await deliverWith(async (row) => void seen.push(row.kind), { concurrency: 1 });
    expect(seen).toEqual(['notice', 'dm', 'status']);
  });

  it('retries with exponential backoff and gives up after maxAttempts, keeping the error', async () => {
    await queue(env.deps, 'x');
    const failing = async () => {
      throw new Error('503 Service Unavailable');
    };
    expect(await deliverWith(failing)).toMatchObject({ retried: 1 });
    let row = (await outboxRows(env.deps))[0];
    expect(row).toMatchObject({
      attempts: 1,
      nextAttemptAt: env.clock.t + 1000,
      lastError: '503 Service Unavailable',
      sentAt: null,
    });
    expect(await deliverWith(failing)).toMatchObject({ retried: 0 }); // not due yet
    env.clock.advance(1000);
    await deliverWith(failing);
    row = (await outboxRows(env.deps))[0];
    expect(row).toMatchObject({ attempts: 2, nextAttemptAt: env.clock.t + 2000 });
    env.clock.advance(2000);
    expect(await deliverWith(failing)).toMatchObject({ failed: 1 });
    row = (await outboxRows(env.deps))[0];
    expect(row.failedAt).toBe(env.clock.t);
    expect(row.lastError).toMatch(/gave up after 3 attempts: 503/);
  });

  it('recovers when the outage ends', async () => {
    await queue(env.deps, 'x');
    await deliverWith(async () => {
      throw new Error('ECONNRESET');
    });
    env.clock.advance(1000);
    expect(await deliverWith(async () => {})).toMatchObject({ sent: 1 });
    expect((await outboxRows(env.deps))[0]).toMatchObject({ attempts: 2, lastError: null });
  });

  it('fails a row at once on a permanent error; closed DMs queue one channel notice per player', async () => {
    await queue(env.deps, 'dm1', 'user-1', 'dm');
    await queue(env.deps, 'dm2', 'user-1', 'dm');
    const send = async (row: DeliveryRow) => {
      if (row.targetKind === 'user') throw new PermanentDeliveryError('Cannot send messages to this user', 'dm_closed');
    };
    const stats = await deliverWith(send);
    expect(stats).toMatchObject({ failed: 2, sent: 1 });
    const rows = await outboxRows(env.deps);
    expect(rows.filter((r) => r.failedAt !== null).map((r) => r.lastError)).toEqual([
      'dm_closed: Cannot send messages to this user',
      'dm_closed: Cannot send messages to this user',
    ]);
    const notices = rows.filter((r) => r.kind === 'notice');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ target: CHANNEL, sentAt: expect.any(Number) });
    expect((notices[0].payload as { text: string }).text).toContain(
      `📪 ${memberRef('user-1')}, I cannot send you direct messages`,
    );
  });

  it('a deleted channel fails all its rows without retrying and pauses the game running there', async () => {
    ok(await joinGame(env.deps, { channelId: CHANNEL, userId: 'p1', power: 'France' }));
    ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM }));
    await queue(env.deps, 'n1');
    await queue(env.deps, 'dm', 'p1', 'dm');
    let calls = 0;
    await deliverWith(async (row) => {
      calls++;
      if (row.targetKind === 'channel') throw new PermanentDeliveryError('Unknown Channel', 'channel_gone');
    });
    env.clock.advance(60_000);
    await deliverWith(async () => void calls++);
    const rows = await outboxRows(env.deps);
    const channelRows = rows.filter((r) => r.targetKind === 'channel' && !r.lastError?.startsWith('skipped'));
    expect(channelRows.length).toBeGreaterThan(1);
    expect(channelRows.every((r) => r.sentAt === null && r.lastError === 'channel_gone: Unknown Channel')).toBe(true);
    expect(calls).toBe(1 + rows.filter((r) => r.targetKind === 'user').length);
    const game = first(await env.deps.store.db.select().from(games).where(eq(games.id, gameId)).limit(1))!;
    expect(game).toMatchObject({ status: 'paused', deadlineMs: null, pausedRemainingMs: 24 * 3_600_000 });
    expect((await resolveDuePhases(env.deps)).resolved).toBe(0);
  });

  it('keeps per-target order: a later row waits while an earlier one to the same target is retrying', async () => {
    await queue(env.deps, 'first');
    await queue(env.deps, 'second');
    await queue(env.deps, 'dm', 'user-9', 'dm');
    const seen: string[] = [];
    await deliverWith(async (row) => {
      seen.push(row.dedupeKey);
      if (row.dedupeKey === 'first') throw new Error('timeout');
    });
    // Two targets are sent side by side: which of them the fake hears first is free.
    expect([...seen].sort()).toEqual(['dm', 'first']);
    seen.length = 0;
    env.clock.advance(1000);
    await deliverWith(async (row) => void seen.push(row.dedupeKey));
    expect(seen).toEqual(['first', 'second']);
  });

  it('a row due now frees the rows held for a mark before it in its channel, never a retry nor a held status', async () => {
    const t = env.deps.now();
    const held = async (key: string, dueAt: number) =>
      await env.deps.store.transaction(async (tx) => {
        await enqueue(tx, {
          gameId,
          payload: { type: 'notice', gameId, text: key },
          target: { kind: 'channel', id: CHANNEL },
          dedupeKey: key,
          now: t,
          dueAt,
        });
      });
    await queue(env.deps, 'retrying', 'chan-2');
    await deliverWith(async () => {
      throw new Error('timeout');
    });
    await held('held-1', t + 300_000);
    await held('status-mark:1:1', t + 300_000);
    await held('elsewhere', t + 300_000);
    await env.deps.store.db.update(outbox).set({ target: 'chan-2' }).where(eq(outbox.dedupeKey, 'elsewhere'));
    await held('held-2', t + 600_000);
    const seen: string[] = [];
    const send = async (row: DeliveryRow) => void seen.push(row.dedupeKey);
    await deliverWith(send);
    expect(seen).toEqual([]);
    // A public event posts now: what was held in its channel goes first, in order; the rest keeps its time.
    await queue(env.deps, 'public');
    await deliverWith(send);
    expect(seen).toEqual(['held-1', 'held-2', 'public']);
    const due = Object.fromEntries((await outboxRows(env.deps)).map((r) => [r.dedupeKey, r.nextAttemptAt]));
    expect(due).toMatchObject({ 'status-mark:1:1': t + 300_000, elsewhere: t + 300_000, retrying: t + 1000 });
  });

  it('coalesces status edits, stores the status message id, and posts anew when that message is gone', async () => {
    await env.deps.store.transaction(async (tx) => {
      await queueStatus(tx, gameId, env.clock.t);
      await queueStatus(tx, gameId, env.clock.t);
    });
    const sent: DeliveryRow[] = [];
    const stats = await deliverWith(async (row) => {
      sent.push(row);
      return { messageId: 'm-1' };
    });
    expect(stats).toMatchObject({ sent: 1, skipped: 1 });
    expect(sent[0].statusMessageId).toBeNull();
    // the text is the status at delivery time
    expect((sent[0].payload as { text: string }).text).toContain(
      `**Classic Diplomacy** · game master ${memberRef('user-gm')}`,
    );
    expect((sent[0].payload as { text: string }).text).toMatch(/Forming/);
    expect(
      first(await env.deps.store.db.select().from(games).where(eq(games.id, gameId)).limit(1))!.statusMessageId,
    ).toBe('m-1');

    await env.deps.store.transaction(async (tx) => await queueStatus(tx, gameId, env.clock.t));
    const edits: (string | null)[] = [];
    await deliverWith(async (row) => {
      edits.push(row.statusMessageId);
      if (row.statusMessageId === 'm-1') throw new PermanentDeliveryError('Unknown Message', 'message_gone');
      return { messageId: 'm-2' };
    });
    expect(edits).toEqual(['m-1', null]);
    expect(
      first(await env.deps.store.db.select().from(games).where(eq(games.id, gameId)).limit(1))!.statusMessageId,
    ).toBe('m-2');
  });

  it('never hands the same row to two deliverers at once', async () => {
    const tmp = tempDbPath();
    const a = await makeEnv(tmp.path);
    const b = await makeEnv(tmp.path);
    try {
      const gid = ok(await createGame(a.deps, { channelId: 'c', guildId: null, userId: GM, variantId: 'classic' })).game
        .id;
      await a.deps.store.db.delete(outbox);
      await a.deps.store.transaction(
        async (tx) =>
          await enqueue(tx, {
            gameId: gid,
            payload: { type: 'notice', gameId: gid, text: 't' },
            target: { kind: 'channel', id: 'c' },
            dedupeKey: 'k',
            now: a.clock.t,
          }),
      );
      const sends: string[] = [];
      let release!: () => void;
      let sending!: () => void;
      // The first deliverer has claimed the row and is sending it (however long the database took to get there).
      const inSend = new Promise<void>((r) => (sending = r));
      const slow = deliverOutbox({
        store: a.deps.store,
        now: a.deps.now,
        send: () =>
          new Promise<void>((r) => {
            sends.push('a');
            release = r;
            sending();
          }),
      });
      await inSend;
      await deliverOutbox({ store: b.deps.store, now: b.deps.now, send: async () => void sends.push('b') });
      release();
      await slow;
      expect(sends).toEqual(['a']);
    } finally {
      await a.close();
      await b.close();
      tmp.cleanup();
    }
  });

  it('delivers to different targets concurrently, in order per target: a slow target delays only itself', async () => {
    for (let i = 0; i < 5; i++) await queue(env.deps, `flood-${i}`, 'busy-channel');
    await queue(env.deps, 'dm-1', 'slow-user', 'dm');
    await queue(env.deps, 'dm-2', 'slow-user', 'dm');
    await queue(env.deps, 'results', 'other-channel');
    const done: string[] = [];
    let releaseDm!: () => void;
    const dmGate = new Promise<void>((r) => (releaseDm = r));
    let releaseFlood!: () => void;
    const floodGate = new Promise<void>((r) => (releaseFlood = r));
    const pass = deliverWith(async (row) => {
      if (row.dedupeKey === 'dm-1')
        await dmGate; // a DM target stuck (rate-limited or slow)
      else if (row.dedupeKey === 'flood-0')
        await floodGate; // the flooded channel's first post still in flight: its backlog waits behind it
      else await new Promise((r) => setTimeout(r, 1));
      done.push(row.dedupeKey);
    });
    // The other channel's post goes out while both stuck targets hold their own rows (a deliverer that went target by
    // target would never get to it: the wait would time out).
    // Waits as long as a loaded machine may need (a second by default): what is checked is the order, not the time.
    const enough = { timeout: 20_000 };
    await vi.waitFor(() => expect(done).toContain('results'), enough);
    expect(done.filter((k) => k !== 'results')).toEqual([]);
    releaseFlood();
    // The stuck DM held back only its own target; the flooded channel went on, in order.
    await vi.waitFor(() => expect(done).toContain('flood-4'), enough);
    expect(done).not.toContain('dm-2');
    releaseDm();
    expect(await pass).toMatchObject({ sent: 8, failed: 0 });
    const order = (prefix: string) => done.filter((k) => k.startsWith(prefix));
    expect(order('flood')).toEqual(['flood-0', 'flood-1', 'flood-2', 'flood-3', 'flood-4']);
    expect(order('dm')).toEqual(['dm-1', 'dm-2']);
  });

  it('a delivery that ends while the pass is claiming frees its target’s next row, though another target stays stuck', async () => {
    await queue(env.deps, 'flood-0', 'busy-channel');
    await queue(env.deps, 'flood-1', 'busy-channel');
    await queue(env.deps, 'dm-1', 'slow-user', 'dm');
    await queue(env.deps, 'results', 'other-channel');
    const done: string[] = [];
    let releaseDm!: () => void;
    const dmGate = new Promise<void>((r) => (releaseDm = r));
    let releaseFlood!: () => void;
    const floodGate = new Promise<void>((r) => (releaseFlood = r));
    // The pass's second claim (after `results` went out) has looked at the heads, flood-0's still claimed; flood-0
    // ends before that claim returns (a loaded machine's timing, made certain here).
    const store = env.deps.store;
    let claims = 0;
    const racing = {
      ...store,
      transaction: async <T>(fn: Parameters<typeof store.transaction<T>>[0], o?: { isolation?: string }) => {
        const result = await store.transaction(fn, o as never);
        if (o?.isolation === 'read committed' && ++claims === 2) {
          releaseFlood();
          await vi.waitFor(() => expect(done).toContain('flood-0'));
          await vi.waitFor(async () =>
            expect((await outboxRows(env.deps)).find((r) => r.dedupeKey === 'flood-0')?.sentAt).not.toBeNull(),
          );
          await new Promise((r) => setTimeout(r, 50)); // its delivery has been counted as ended
        }
        return result;
      },
    };
    const pass = deliverWith(
      async (row) => {
        if (row.dedupeKey === 'dm-1') await dmGate;
        else if (row.dedupeKey === 'flood-0') await floodGate;
        done.push(row.dedupeKey);
      },
      { store: racing },
    );
    try {
      // Without another claim the pass would wait for the stuck DM before sending flood-1.
      await vi.waitFor(() => expect(done).toContain('flood-1'), { timeout: 5_000 });
      expect(done).not.toContain('dm-1');
    } finally {
      releaseDm();
    }
    expect(await pass).toMatchObject({ sent: 4, failed: 0 });
    expect(done.filter((k) => k.startsWith('flood'))).toEqual(['flood-0', 'flood-1']);
  });

  it('a pass given no deliverer beats for the one it registers: a send longer than the timeout keeps its claim', async () => {
    await queue(env.deps, 'slow');
    let wall = Date.now(); // not before this process started (an older start with our pid is a dead predecessor's)
    const wallNow = () => wall;
    let release!: () => void;
    let sending!: () => void;
    const inSend = new Promise<void>((r) => (sending = r));
    const sends: string[] = [];
    const pass = deliverWith(
      () =>
        new Promise<void>((r) => {
          sends.push('a');
          release = r;
          sending();
        }),
      { wallNow, heartbeatMs: 10 },
    );
    await inSend;
    wall += HEARTBEAT_TIMEOUT_MS + 5_000; // the send has lasted longer than a dead deliverer's silence
    await new Promise((r) => setTimeout(r, 200)); // time for the pass's deliverer to beat
    // Another process starts and frees the claims of dead deliverers: the pass is alive, its claim stays.
    const other = await registerDeliverer(env.deps.store, { wallNow });
    const claims = await claimsByOwner(env.deps.store);
    expect([...claims.values()]).toEqual([1]);
    expect(claims.has(other.id)).toBe(false);
    release();
    expect(await pass).toMatchObject({ sent: 1 });
    expect(sends).toEqual(['a']);
  });

  it('a row sent in parts records each part as it goes; a retry, or a deliverer after a crash, goes on from the next', async () => {
    await queue(env.deps, 'long');
    const seen: [number | undefined, number][] = [];
    // Three of five parts go out, then Discord fails.
    const sendParts = (failAt: number | null) => async (row: DeliveryRow) => {
      for (let i = row.partsSent ?? 0; i < 5; i++) {
        if (i === failAt) throw new Error('503 Service Unavailable');
        seen.push([row.partsSent, i]);
        await row.partSent?.(i + 1);
      }
    };
    expect(await deliverWith(sendParts(3))).toMatchObject({ retried: 1 });
    expect((await outboxRows(env.deps))[0]).toMatchObject({ partsSent: 3, sentAt: null, attempts: 1 });
    env.clock.advance(1000);
    expect(await deliverWith(sendParts(null))).toMatchObject({ sent: 1 });
    expect(seen).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [3, 3],
      [3, 4],
    ]);
    expect((await outboxRows(env.deps))[0]).toMatchObject({ partsSent: 5, attempts: 2 });
    // Never backwards: a stale deliverer recording fewer parts changes nothing.
    await queue(env.deps, 'again');
    await deliverWith(async (row) => {
      await row.partSent?.(2);
      await row.partSent?.(1);
    });
    expect((await outboxRows(env.deps)).find((r) => r.dedupeKey === 'again')).toMatchObject({ partsSent: 2 });
  });

  it('puts a rate-limited row back without counting an attempt', async () => {
    await queue(env.deps, 'limited');
    expect(
      await deliverWith(async () =>
        Promise.reject(new RetryLaterError('POST /channels/:id/messages is rate-limited', 4000)),
      ),
    ).toMatchObject({ deferred: 1 });
    expect((await outboxRows(env.deps))[0]).toMatchObject({
      attempts: 0,
      nextAttemptAt: env.clock.t + 4000,
      claimedBy: null,
      sentAt: null,
    });
    env.clock.advance(4000);
    expect(await deliverWith(async () => {})).toMatchObject({ sent: 1 });
  });
});

describe('claims (kill -9)', () => {
  const wall = { t: 1_000_000 };
  const clock = (alive: Set<string>) => ({ wallNow: () => wall.t, isAlive: (d: { id: string }) => alive.has(d.id) });

  it("a restarted deliverer takes a dead predecessor's claims over at once, and resends the row", async () => {
    await queue(env.deps, 'in-flight');
    await queue(env.deps, 'next');
    const alive = new Set<string>();
    const dead = await registerDeliverer(env.deps.store, clock(alive));
    alive.add(dead.id);
    // The old process claimed the row and was killed before marking it sent.
    await env.deps.store.db.update(outbox).set({ claimedBy: dead.id }).where(eq(outbox.dedupeKey, 'in-flight'));
    expect(await deliverWith(async () => {}, clock(alive))).toMatchObject({ sent: 0 }); // its owner still runs: untouched
    alive.delete(dead.id); // kill -9
    const seen: string[] = [];
    const restarted = await registerDeliverer(env.deps.store, clock(alive));
    alive.add(restarted.id);
    // No time passes: the claim of a process that no longer runs is freed at registration.
    expect(
      await deliverWith(async (row) => void seen.push(row.dedupeKey), { ...clock(alive), deliverer: restarted }),
    ).toMatchObject({ sent: 2 });
    expect(seen).toEqual(['in-flight', 'next']);
  });

  it('a restarted deliverer hands the row over with the parts its predecessor recorded', async () => {
    await queue(env.deps, 'half-sent');
    const alive = new Set<string>();
    const dead = await registerDeliverer(env.deps.store, clock(alive));
    // Killed while sending the third part: two were recorded.
    await env.deps.store.db
      .update(outbox)
      .set({ claimedBy: dead.id, partsSent: 2 })
      .where(eq(outbox.dedupeKey, 'half-sent'));
    const restarted = await registerDeliverer(env.deps.store, clock(alive));
    alive.add(restarted.id);
    const from: (number | undefined)[] = [];
    expect(
      await deliverWith(async (row) => void from.push(row.partsSent), { ...clock(alive), deliverer: restarted }),
    ).toMatchObject({ sent: 1 });
    expect(from).toEqual([2]);
  });

  it("never takes a live owner's claim, however long its send takes; a frozen one loses it after the heartbeat timeout", async () => {
    await queue(env.deps, 'slow');
    const alive = new Set<string>();
    const owner = await registerDeliverer(env.deps.store, clock(alive));
    alive.add(owner.id);
    await env.deps.store.db.update(outbox).set({ claimedBy: owner.id });
    const other = { ...clock(alive), heartbeatTimeoutMs: HEARTBEAT_TIMEOUT_MS };
    for (let minute = 0; minute < 10; minute++) {
      wall.t += 60_000;
      env.clock.advance(60_000);
      await beat(env.deps.store, owner, clock(alive)); // the owner keeps beating
      expect(await deliverWith(async () => {}, other)).toMatchObject({ sent: 0 });
    }
    expect((await claimsByOwner(env.deps.store)).get(owner.id)).toBe(1);
    // Frozen (another host, say): no heartbeat for longer than the timeout.
    wall.t += HEARTBEAT_TIMEOUT_MS + 1;
    expect(await deliverWith(async () => {}, other)).toMatchObject({ sent: 1 });
  });

  it('two live processes sharing the database (shards) send every row once, each target in order', async () => {
    const tmp = tempDbPath();
    const a = await makeEnv(tmp.path);
    const b = await makeEnv(tmp.path);
    try {
      const gid = ok(await createGame(a.deps, { channelId: 'c', guildId: null, userId: GM, variantId: 'classic' })).game
        .id;
      await a.deps.store.db.delete(outbox);
      await a.deps.store.transaction(async (tx) => {
        for (let i = 0; i < 120; i++) {
          const target = `target-${i % 8}`;
          await enqueue(tx, {
            gameId: gid,
            payload: { type: 'notice', gameId: gid, text: `${i}` },
            target: { kind: 'channel', id: target },
            dedupeKey: `${target}:${i}`,
            now: a.clock.t,
          });
        }
      });
      const sent: { by: string; key: string }[] = [];
      const sender = (by: string) => async (row: DeliveryRow) => {
        await new Promise((r) => setTimeout(r, Math.random() * 3));
        sent.push({ by, key: row.dedupeKey });
      };
      const loops = [
        await startOutboxLoop({
          store: a.deps.store,
          now: a.deps.now,
          send: sender('a'),
          intervalMs: 60_000,
          concurrency: 3,
        }),
        await startOutboxLoop({
          store: b.deps.store,
          now: b.deps.now,
          send: sender('b'),
          intervalMs: 60_000,
          concurrency: 3,
        }),
      ];
      await vi.waitFor(() => expect(sent).toHaveLength(120), { timeout: 20_000 });
      await Promise.all(loops.map((l) => l.stop()));
      expect(new Set(sent.map((s) => s.key)).size).toBe(120);
      expect(new Set(sent.map((s) => s.by))).toEqual(new Set(['a', 'b']));
      for (let t = 0; t < 8; t++) {
        const order = sent.filter((s) => s.key.startsWith(`target-${t}:`)).map((s) => Number(s.key.split(':')[1]));
        expect(order).toEqual([...order].sort((x, y) => x - y));
      }
    } finally {
      await a.close();
      await b.close();
      tmp.cleanup();
    }
  });

  it('knows a process is gone from its pid, and that its own pid registered before it started is a predecessor', () => {
    expect(processAlive({ pid: process.pid, startedAt: Date.now() })).toBe(true);
    expect(processAlive({ pid: process.pid, startedAt: Date.now() - (process.uptime() + 60) * 1000 })).toBe(false);
    expect(processAlive({ pid: 2 ** 22 + 17, startedAt: 0 })).toBe(false);
  });

  it('a loop frees its claims when it stops', async () => {
    await queue(env.deps, 'x');
    let release!: () => void;
    const loop = await startOutboxLoop({
      store: env.deps.store,
      now: env.deps.now,
      send: () => new Promise<void>((r) => (release = r)),
      intervalMs: 60_000,
    });
    await vi.waitFor(async () => expect((await claimsByOwner(env.deps.store)).get(loop.deliverer.id)).toBe(1));
    // The claim is written before the send begins: wait for the send itself.
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    release();
    await loop.stop();
    expect((await claimsByOwner(env.deps.store)).size).toBe(0);
    expect(await env.deps.store.db.select().from(deliverers)).toEqual([]);
  });
  it('a heartbeat in flight when the loop stops finishes before the deliverer is forgotten', async () => {
    let held: (() => void) | null = null;
    let hold = false;
    const store = Object.create(env.deps.store) as typeof env.deps.store;
    store.transaction = (async (...args: Parameters<typeof env.deps.store.transaction>) => {
      // The heartbeat's transaction is the only one that inserts (an upsert of this deliverer's row).
      if (hold && String(args[0]).includes('.insert(')) {
        hold = false;
        await new Promise<void>((r) => (held = r));
      }
      return await env.deps.store.transaction(...args);
    }) as typeof env.deps.store.transaction;
    const loop = await startOutboxLoop({
      store,
      now: env.deps.now,
      send: async () => {},
      intervalMs: 60_000,
      heartbeatMs: 5,
    });
    await loop.idle();
    hold = true; // the next heartbeat waits until released
    await vi.waitFor(() => expect(held).toBeTypeOf('function'));
    const stopping = loop.stop();
    await new Promise((r) => setTimeout(r, 20));
    held!();
    await stopping;
    await new Promise((r) => setTimeout(r, 20)); // a beat left running would write its row back by now
    expect(await env.deps.store.db.select().from(deliverers)).toEqual([]);
  });
});

describe('restarts', () => {
  it('rows queued before a crash are delivered after reopening the database, once', async () => {
    const tmp = tempDbPath();
    try {
      let a = await makeEnv(tmp.path);
      const gid = ok(await createGame(a.deps, { channelId: 'c', guildId: null, userId: GM, variantId: 'classic' })).game
        .id;
      await a.deps.store.transaction(
        async (tx) =>
          await enqueue(tx, {
            gameId: gid,
            payload: { type: 'notice', gameId: gid, text: 't' },
            target: { kind: 'channel', id: 'c' },
            dedupeKey: 'before-crash',
            now: a.clock.t,
          }),
      );
      await a.close(); // the bot dies before delivering
      a = await makeEnv(tmp.path);
      const seen: string[] = [];
      await deliverOutbox({ store: a.deps.store, now: a.deps.now, send: async (row) => void seen.push(row.dedupeKey) });
      await deliverOutbox({ store: a.deps.store, now: a.deps.now, send: async (row) => void seen.push(row.dedupeKey) });
      expect(seen.filter((k) => k === 'before-crash')).toHaveLength(1);
      await a.close();
    } finally {
      tmp.cleanup();
    }
  });
});

describe('pruneOutbox', () => {
  it('deletes old delivered and failed rows, keeps pending and recent ones', async () => {
    await queue(env.deps, 'old-sent');
    await queue(env.deps, 'old-failed', 'user-2', 'dm');
    await deliverWith(async (row) => {
      if (row.targetKind === 'user') throw new PermanentDeliveryError('closed', 'rejected');
    });
    env.clock.advance(31 * 86_400_000);
    await queue(env.deps, 'pending');
    expect(await pruneOutbox({ store: env.deps.store, now: env.deps.now })).toBe(2);
    expect((await outboxRows(env.deps)).map((r) => r.dedupeKey)).toEqual(['pending']);
  });

  it("keeps an open substitute call's post, whose edits need it, however old; a closed call's goes", async () => {
    const call = async (power: string) =>
      (
        await env.deps.store.db
          .insert(substituteCalls)
          .values({ gameId, power, reason: 'left', vacatedBy: null, openedAt: env.deps.now() })
          .returning()
      )[0]!;
    const open = await call('France');
    await env.deps.store.transaction(async (tx) => {
      await enqueue(tx, {
        gameId,
        payload: { type: 'substitute_call', gameId, callId: open.id, text: 'call' },
        target: { kind: 'channel', id: CHANNEL },
        dedupeKey: callPostKey(open.id),
        now: env.deps.now(),
      });
    });
    await deliverWith(async () => ({ messageId: 'm-1' }));
    env.clock.advance(31 * 86_400_000);
    expect(await pruneOutbox({ store: env.deps.store, now: env.deps.now })).toBe(0);
    await env.deps.store.db.update(substituteCalls).set({ closedAt: env.deps.now() });
    expect(await pruneOutbox({ store: env.deps.store, now: env.deps.now })).toBe(1);
  });

  it('keeps the start post while its muster runs, for the edit that closes **I’m here**', async () => {
    await env.deps.store.db.update(games).set({ musterEndsAt: env.deps.now() + 40 * 86_400_000 });
    await env.deps.store.transaction(async (tx) => {
      await enqueue(tx, {
        gameId,
        payload: { type: 'game_started', gameId, phaseId: 1, muster: true, text: 'start' },
        target: { kind: 'channel', id: CHANNEL },
        dedupeKey: startPostKey(gameId),
        now: env.deps.now(),
      });
    });
    await deliverWith(async () => ({ messageId: 'm-1' }));
    env.clock.advance(31 * 86_400_000);
    expect(await pruneOutbox({ store: env.deps.store, now: env.deps.now })).toBe(0);
    await env.deps.store.db.update(games).set({ musterEndsAt: null });
    expect(await pruneOutbox({ store: env.deps.store, now: env.deps.now })).toBe(1);
  });
});

describe('startOutboxLoop', () => {
  it('keeps going while batches come back full', async () => {
    for (let i = 0; i < 5; i++) await queue(env.deps, `r${i}`);
    const seen: string[] = [];
    const loop = await startOutboxLoop({
      store: env.deps.store,
      now: env.deps.now,
      send: async (row) => void seen.push(row.dedupeKey),
      intervalMs: 60_000,
      limit: 2,
    });
    await loop.idle();
    expect(seen).toEqual(['r0', 'r1', 'r2', 'r3', 'r4']);
    await loop.stop();
  });

  it('does not spin while the only waiting rows sit behind a head that is due later', async () => {
    await queue(env.deps, 'head');
    await queue(env.deps, 'behind');
    await env.deps.store.db
      .update(outbox)
      .set({ nextAttemptAt: env.clock.t + 3_600_000 })
      .where(eq(outbox.dedupeKey, 'head'));
    let clockReads = 0;
    const now = () => (clockReads++, env.clock.t);
    const loop = await startOutboxLoop({ store: env.deps.store, now, send: async () => {}, intervalMs: 60_000 });
    await new Promise((r) => setTimeout(r, 300));
    await loop.stop();
    expect(clockReads).toBeLessThan(20); // a spinning loop reads the clock thousands of times
    expect((await outboxRows(env.deps)).every((r) => r.sentAt === null)).toBe(true);
  });

  it('delivers when kicked and stops cleanly', async () => {
    const seen: string[] = [];
    const loop = await startOutboxLoop({
      store: env.deps.store,
      now: env.deps.now,
      send: async (row) => void seen.push(row.dedupeKey),
      intervalMs: 60_000,
    });
    await loop.idle();
    await queue(env.deps, 'late');
    loop.kick();
    await loop.idle();
    expect(seen).toEqual(['late']);
    await loop.stop();
  });
});
