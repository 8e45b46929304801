/**
 * An order confirmation DM goes out before the post that publishes its phase's orders, or not at all:
 * one still waiting for its quiet period when the phase resolves is dropped in the resolving transaction; the results
 * post waits for one in flight; one put back after a failed attempt, or freed after a crash, is dropped instead of
 * being sent after the results.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { deliverOutbox, registerDeliverer, type DeliveryRow } from '../../../src/game/delivery/index.js';
import { resolvePhase } from '../../../src/game/resolve/index.js';
import { submitOrders } from '../../../src/game/orders/index.js';
import { CONFIRMATION_DROPPED } from '../../../src/game/outbox/write.js';
import { outbox } from '../../../src/store/schema.js';
import { CHANNEL, internalErrors, makeEnv, ok, outboxRows, startedGame, userOf, type TestEnv } from '../helpers.js';

let env: TestEnv;
let gameId: number;
beforeEach(async () => {
  internalErrors.length = 0;
  env = await makeEnv();
  env.deps.limits = { confirmationQuietMs: 15_000 };
  gameId = (await startedGame(env.deps, ['France', 'Germany'])).game.id;
});
afterEach(async () => {
  await env.close();
  expect(internalErrors).toEqual([]);
});

const france = { channelId: CHANNEL, userId: userOf('France') };
const confirmations = async () => (await outboxRows(env.deps)).filter((r) => r.dedupeKey.startsWith('confirm:'));
const results = async () => (await outboxRows(env.deps)).filter((r) => r.kind === 'phase_results');

/** Delivers what is due, recording the order in which rows were sent; `hold` keeps a row's send pending. */
async function deliver(sent: string[], hold?: (row: DeliveryRow) => Promise<void> | undefined) {
  return deliverOutbox({
    store: env.deps.store,
    now: env.deps.now,
    baseDelayMs: 1000,
    send: async (row) => {
      await hold?.(row);
      sent.push(row.kind === 'dm' ? `dm:${row.dedupeKey.split(':')[0]}` : row.kind);
    },
  });
}

describe('order confirmations and the results post', () => {
  it('a confirmation still waiting for its quiet period when the phase resolves is dropped; the results go out', async () => {
    const sent: string[] = [];
    await deliver(sent); // the start post, DMs and status
    ok(await submitOrders(env.deps, { ...france, text: 'A par - bur' }));
    expect(await confirmations()).toHaveLength(1);
    ok(await resolvePhase(env.deps, { gameId, reason: 'gm' }));
    expect((await confirmations())[0]).toMatchObject({
      sentAt: null,
      failedAt: env.clock.t,
      lastError: CONFIRMATION_DROPPED,
    });
    env.clock.advance(60_000); // the quiet period would be over
    sent.length = 0;
    await deliver(sent);
    expect(sent).toContain('phase_results');
    expect(sent).not.toContain('dm:confirm');
  });

  it('the results post waits for a confirmation being sent when the phase resolves, then follows it', async () => {
    env.deps.limits = { confirmationQuietMs: 0 };
    const sent: string[] = [];
    await deliver(sent);
    ok(await submitOrders(env.deps, { ...france, text: 'A par - bur' }));
    let release!: () => void;
    const inFlight = new Promise<void>((r) => (release = r));
    let resolvedWhileSending!: Promise<void>;
    const pass = deliver(sent, async (row) => {
      if (!row.dedupeKey.startsWith('confirm:')) return undefined;
      // The phase resolves while the DM is on its way; a second deliverer must not post the results meanwhile.
      ok(await resolvePhase(env.deps, { gameId, reason: 'gm' }));
      const sentBefore = sent.length;
      resolvedWhileSending = deliverOutbox({
        store: env.deps.store,
        now: env.deps.now,
        send: async (r) => void sent.push(r.kind === 'dm' ? `dm:${r.dedupeKey.split(':')[0]}` : r.kind),
      })
        .then(async () => {
          // Other targets (the status, the phase DMs) are not held up: sent meanwhile, by this deliverer or by the
          // first, whose pass may have claimed them and still be sending when this one ends (a loaded machine).
          await vi.waitFor(() => expect(sent.length).toBeGreaterThan(sentBefore), { timeout: 10_000 });
          expect((await results())[0]!.sentAt).toBeNull();
          expect(sent).not.toContain('phase_results');
        })
        .finally(release);
      return inFlight;
    });
    await pass;
    await resolvedWhileSending;
    await deliver(sent);
    expect(sent.indexOf('dm:confirm')).toBeGreaterThanOrEqual(0);
    expect(sent.indexOf('phase_results')).toBeGreaterThan(sent.indexOf('dm:confirm'));
    expect((await confirmations())[0]!.sentAt).not.toBeNull();
  });

  it('a confirmation that failed an attempt before the phase resolved is not retried after the results', async () => {
    env.deps.limits = { confirmationQuietMs: 0 };
    await deliver([]);
    ok(await submitOrders(env.deps, { ...france, text: 'A par - bur' }));
    const sent: string[] = [];
    const failing = () =>
      deliver(sent, async (row) => {
        if (!row.dedupeKey.startsWith('confirm:')) return undefined;
        // The phase resolves while the attempt is failing (a DM 500): the row is put back for a retry.
        ok(await resolvePhase(env.deps, { gameId, reason: 'gm' }));
        return Promise.reject(new Error('500 Internal Server Error'));
      });
    expect(await failing()).toMatchObject({ retried: 1 });
    expect((await confirmations())[0]).toMatchObject({ sentAt: null, failedAt: null, attempts: 1 });
    expect(sent).toContain('phase_results'); // the failed attempt no longer holds the results back
    env.clock.advance(60_000);
    expect(await deliver(sent)).toMatchObject({ skipped: 1 });
    expect(sent).not.toContain('dm:confirm');
    expect((await confirmations())[0]).toMatchObject({ sentAt: null, lastError: CONFIRMATION_DROPPED });
  });

  it('after a crash: a confirmation claimed by the dead process when the phase resolved is dropped, never sent after the results', async () => {
    env.deps.limits = { confirmationQuietMs: 0 };
    await deliver([]);
    ok(await submitOrders(env.deps, { ...france, text: 'A par - bur' }));
    // A process claimed the confirmation, resolved the phase, and was killed before either was sent.
    const alive = new Set<string>();
    const clock = { wallNow: () => 1_000_000, isAlive: (d: { id: string }) => alive.has(d.id) };
    const dead = await registerDeliverer(env.deps.store, clock);
    await env.deps.store.db
      .update(outbox)
      .set({ claimedBy: dead.id })
      .where(eq(outbox.id, (await confirmations())[0]!.id));
    ok(await resolvePhase(env.deps, { gameId, reason: 'deadline' }));
    expect((await confirmations())[0]).toMatchObject({ claimedBy: dead.id, failedAt: null }); // in flight: not dropped there
    const restarted = await registerDeliverer(env.deps.store, clock); // frees the dead process's claim
    alive.add(restarted.id);
    const sent: string[] = [];
    await deliverOutbox({
      store: env.deps.store,
      now: env.deps.now,
      deliverer: restarted,
      ...clock,
      send: async (r) => void sent.push(r.kind === 'dm' ? `dm:${r.dedupeKey.split(':')[0]}` : r.kind),
    });
    expect(sent).toContain('phase_results');
    expect(sent).not.toContain('dm:confirm');
    expect((await confirmations())[0]).toMatchObject({ sentAt: null, lastError: CONFIRMATION_DROPPED });
  });

  it('a rollback reopens the phase: a new confirmation for it is sent, and dropped again only by its next results', async () => {
    env.deps.limits = { confirmationQuietMs: 0 };
    await deliver([]);
    ok(await resolvePhase(env.deps, { gameId, reason: 'gm' }));
    await deliver([]);
    const { gmRollback } = await import('../../../src/game/gm/index.js');
    ok(await gmRollback(env.deps, { channelId: CHANNEL, userId: 'user-gm' }));
    ok(await submitOrders(env.deps, { ...france, text: 'A par - pic' }));
    const sent: string[] = [];
    await deliver(sent);
    expect(sent).toContain('dm:confirm');
    expect((await confirmations()).at(-1)!.sentAt).not.toBeNull();
  });
});
