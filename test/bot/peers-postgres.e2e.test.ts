/**
 * Several processes on one PostgreSQL (docs/architecture.md "Several machines"): two bot processes
 * (test/support/crash-bot.ts) share the database, each running the scheduler and the outbox for every game, and are
 * killed with SIGKILL at seeded random moments (right after the stand-in stored a message, before the bot heard back,
 * or at a random time after a deadline passed). The killed one comes back a little later, as a supervisor would
 * restart it.
 *
 * Then every results post and every DM arrived exactly once and in order, every phase resolved once, and the work
 * a killed process had claimed was taken over by its peer within 30 seconds (the peers use the real heartbeat
 * timeout, not a test's).
 */
import { asc, isNull, and, count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { nonceFor } from '../../src/bot/send.js';
import { createGame, joinGame, startGame } from '../../src/game/lobby/index.js';
import { HEARTBEAT_TIMEOUT_MS } from '../../src/game/delivery/claims.js';
import { openPostgresStore } from '../../src/store/postgres-store.js';
import { outbox, phases } from '../../src/store/schema.js';
import { crashBot } from '../support/crash-bot.js';
import { FakeDiscord, type FakeMessage } from '../support/fake-discord/index.js';
import { migratedPostgresDatabase } from '../support/postgres.js';
import { rng } from '../support/random.js';

const SEED = 20261125;
const ROUNDS = 12;
/** Each round moves the bots' clock one phase length (1 h) forward, so a deadline passes. */
const STEP_MS = 3_600_000 + 1_000;
/** The contract: a killed process's claimed work is taken over within this. */
const TAKEOVER_LIMIT_MS = 30_000;

describe('two bot processes on one PostgreSQL under SIGKILL', () => {
  it('resolves every phase once and sends every post and DM once; a killed peer’s work is taken over', {
    timeout: 400_000,
  }, async () => {
    const fake = await FakeDiscord.start({ users: ['gm', 'alice', 'bob', 'carol'], channels: ['main'] });
    const url = await migratedPostgresDatabase('peers');
    const store = await openPostgresStore({ url, maxConnections: 2 });
    const random = rng(SEED);
    const takeovers: number[] = [];
    // The peers use the real heartbeat timeout, not a test's.
    const env = { HEARTBEAT_TIMEOUT_MS: String(HEARTBEAT_TIMEOUT_MS), LOG_LEVEL: 'warn' };
    const peers = ['a', 'b'].map((name) => crashBot(fake, { databaseUrl: url, stepMs: STEP_MS, env, name }));
    const log = () => peers.map((p) => p.log).join('');
    try {
      const deps = { store, now: () => Date.now() };
      const channelId = fake.channel('main').id;
      const created = await createGame(deps, {
        channelId,
        guildId: fake.guildId,
        userId: fake.user('gm').id,
        variantId: 'classic',
        durations: { movement: '1h', retreat: '1h', adjustment: '1h' },
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

      const startAll = () => Promise.all(peers.filter((p) => !p.alive).map((p) => p.start()));
      const until = async (what: string, done: () => boolean | Promise<boolean>, limitMs = 90_000) => {
        const deadline = Date.now() + limitMs;
        while (!(await done())) {
          if (Date.now() > deadline) {
            throw new Error(`timed out waiting for ${what}\n${log().slice(-3000)}`);
          }
          await new Promise((r) => setTimeout(r, 50));
        }
      };
      const resultsPosts = () => fake.channelMessages('main').filter((m) => /^\*\*[^*]+: results\*\*/.test(m.content));
      const pendingRows = async () =>
        (
          await store.db
            .select({ n: count() })
            .from(outbox)
            .where(and(isNull(outbox.sentAt), isNull(outbox.failedAt)))
        )[0]!.n;

      await startAll();
      await until('the start post', () => fake.channelMessages('main').some((m) => m.content.includes('has started')));
      for (let round = 0; round < ROUNDS; round++) {
        const before = resultsPosts().length;
        const victim = peers[Math.floor(random() * peers.length)]!;
        let killedAt: number | null = null;
        // Only ever one process down at a time: its peer carries on (the contract's takeover).
        const killVictim = () => {
          if (!peers.every((p) => p.alive)) return;
          killedAt = Date.now();
          void victim.kill();
        };
        let left = 1 + Math.floor(random() * 4);
        const armed = (m: FakeMessage) => {
          if (m.interactionId || --left > 0) return;
          fake.state.events.off('message', armed);
          killVictim();
        };
        let timer: NodeJS.Timeout | null = null;
        // Killed right after the stand-in stored the n-th next message (the row it sent is claimed, not marked
        // sent), or at a random moment after the deadline passed.
        if (random() < 0.6) fake.state.events.on('message', armed);
        else timer = setTimeout(killVictim, Math.floor(random() * 800));
        for (const peer of peers) peer.passDeadline(); // the deadline passes for both
        await until(`the results of round ${round + 1}`, () => resultsPosts().length > before);
        fake.state.events.off('message', armed);
        if (timer) clearTimeout(timer);
        if (killedAt !== null) {
          // The survivor alone finishes what the dead one had claimed: the round's posts and DMs all go out.
          await until(
            'the outbox emptied by the survivor',
            async () => (await pendingRows()) === 0,
            TAKEOVER_LIMIT_MS * 2,
          );
          takeovers.push(Date.now() - killedAt);
        }
        await startAll(); // the supervisor brings the killed one back
      }
      await until('an empty outbox', async () => (await pendingRows()) === 0);
      await Promise.all(peers.map((p) => p.stop()));

      expect(peers.reduce((n, p) => n + p.kills, 0)).toBeGreaterThanOrEqual(4);
      expect(takeovers.length).toBeGreaterThan(0);
      for (const ms of takeovers) expect(ms).toBeLessThan(TAKEOVER_LIMIT_MS);
      // A killed process's claimed rows were sent again by its peer, with their nonces: Discord kept the first.
      expect(fake.state.nonceRepeats).toBeGreaterThan(0);

      const rows = await store.db.select().from(outbox).orderBy(asc(outbox.id));
      expect(rows.filter((r) => r.failedAt !== null)).toEqual([]);
      expect(rows.every((r) => r.sentAt !== null)).toBe(true);
      // Channel posts: every message once (nonces unique), in row order.
      const channelMessages = fake.channelMessages('main').filter((m) => m.type !== 6);
      const nonces = channelMessages.map((m) => m.nonce);
      expect(new Set(nonces).size).toBe(nonces.length);
      const posted = rows.filter((r) => r.targetKind === 'channel' && r.kind !== 'status');
      const partsOf = (r: (typeof posted)[number]) => Math.max(1, r.partsSent ?? 0);
      const rowOfNonce = new Map(
        posted.flatMap((r) =>
          Array.from({ length: partsOf(r) }, (_, i) => [nonceFor(r.dedupeKey, i === 0 ? undefined : i), r.id] as const),
        ),
      );
      const postOrder = channelMessages.map((m) => rowOfNonce.get(m.nonce!)).filter((id) => id !== undefined);
      expect(postOrder).toEqual(posted.flatMap((r) => Array.from({ length: partsOf(r) }, () => r.id)));
      // Every phase resolved once, each with one results post.
      const resolved = (await store.db.select().from(phases)).filter((p) => p.resolvedAt !== null);
      const labels = resultsPosts().map((m) => m.content.split('\n')[0]);
      expect(labels.length).toBe(resolved.length);
      expect(new Set(labels).size).toBe(labels.length);
      expect(resolved.length).toBeGreaterThanOrEqual(ROUNDS);
      // DMs: one per DM row (its first part's nonce), in row order, per player.
      for (const user of ['alice', 'bob', 'carol']) {
        const id = fake.user(user).id;
        const firstParts = rows.filter((r) => r.targetKind === 'user' && r.target === id).map((r) => r.dedupeKey);
        const received = fake
          .dms(user)
          .map((m) => m.nonce)
          .filter((n) => firstParts.some((key) => n === nonceFor(key) || n === nonceFor(key, 0)));
        expect(new Set(received).size).toBe(received.length);
        expect(received.length).toBe(firstParts.length);
      }
      expect(fake.unexpectedErrors()).toEqual([]);
    } finally {
      await Promise.all(peers.map((p) => p.kill()));
      await store.close();
      await fake.close();
    }
  });
});
