/**
 * An order confirmation DM arrives before its phase's results post, or not at all, through the real
 * bot and the stand-in: a confirmation still in its quiet period when the phase resolves is never sent (the results
 * show the orders); one already on its way (a slow DM) arrives before the results post, which waits for it; and after
 * a restart, a confirmation a dead process had claimed when the phase resolved is not sent after the results.
 */
import { sqliteStoreOf } from '../../src/store/sqlite-store.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolvePhase } from '../../src/game/resolve/index.js';
import { openDatabase } from '../../src/store/db.js';
import type { FakeMessage } from '../support/fake-discord/index.js';
import { createHarness, slashConfirmed, waitForResults, type Harness } from './harness.js';

const CHANNEL = 'diplo';
const QUIET_MS = 15_000;

describe('order confirmations never arrive after their phase results', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness(
      { users: ['gm', 'alice', 'bob'], channels: [CHANNEL] },
      { limits: { confirmationQuietMs: QUIET_MS } },
    );
    await h.start();
    await h.fake.slash('gm', CHANNEL, 'game create', {
      variant: 'classic',
      movement: '1h',
      retreat: '1h',
      adjustment: '1h',
      // Players stay silent for phases here; seats going to substitutes is test/bot/seats.e2e.test.ts.
      'vacate-after': 0,
    });
    await h.fake.slash('alice', CHANNEL, 'game join', { power: 'Austria' });
    await h.fake.slash('bob', CHANNEL, 'game join', { power: 'Italy' });
    await h.fake.slash('gm', CHANNEL, 'game start');
    await h.bot!.outbox.idle();
  });

  afterAll(async () => {
    await h?.close();
  });

  const confirmationsOf = (user: string, label: string) =>
    h.fake.dms(user).filter((m) => m.content.startsWith(`Your orders for `) && m.content.includes(`**${label}**`));
  /** Messages in the order the stand-in stored them (snowflakes grow with time). */
  const before = (a: FakeMessage, b: FakeMessage) => BigInt(a.id) < BigInt(b.id);
  const confirmationRow = () =>
    h.database.sqlite
      .prepare(
        `SELECT id, claimed_by AS claimedBy, sent_at AS sentAt, failed_at AS failedAt, last_error AS lastError FROM outbox WHERE dedupe_key LIKE 'confirm:%' ORDER BY id DESC LIMIT 1`,
      )
      .get() as {
      id: number;
      claimedBy: string | null;
      sentAt: number | null;
      failedAt: number | null;
      lastError: string | null;
    };
  /** Lets the quiet period of any waiting confirmation pass, and the outbox deliver what is then due. */
  async function afterQuietPeriod(): Promise<void> {
    h.clock.offset += 4 * QUIET_MS;
    h.bot!.outbox.kick();
    await h.bot!.outbox.idle();
  }

  it('a confirmation still waiting for its quiet period when the phase resolves is dropped: the results show the orders', async () => {
    const reply = await h.fake.slash('alice', CHANNEL, 'order', { orders: 'A vie - tyr; A bud - ser; F tri H' });
    expect(reply.text).toContain('A DM confirms your complete order set shortly');
    await slashConfirmed(h, 'gm', CHANNEL, 'gm advance');
    const results = await waitForResults(h, CHANNEL, 'Spring 1901 movement');
    expect(results.content).toContain('`A vie - tyr`');
    await afterQuietPeriod();
    expect(confirmationsOf('alice', 'Spring 1901 movement')).toEqual([]);
    expect(confirmationRow()).toMatchObject({ sentAt: null, lastError: expect.stringMatching(/^dropped: /) });
    // A confirmation whose phase is still open is sent as before, after its quiet period.
    await h.fake.slash('alice', CHANNEL, 'order', { orders: 'A tyr - ven' });
    await afterQuietPeriod();
    expect(confirmationsOf('alice', 'Fall 1901 movement')).toHaveLength(1);
  });

  it('a confirmation already on its way when the phase resolves arrives first; the results post waits for it', async () => {
    const alice = h.fake.user('alice').id;
    h.fake.state.transport.slow(alice, 4_000); // alice's DMs take four seconds, longer than drawing the results' maps
    try {
      await h.fake.slash('alice', CHANNEL, 'order', { orders: 'A tyr - ven; F tri S A tyr - ven; A ser H' });
      h.clock.offset += 4 * QUIET_MS;
      h.bot!.outbox.kick();
      // The deliverer has the DM in hand (claimed) before the game master resolves the phase.
      for (let i = 0; i < 200 && confirmationRow().claimedBy === null && confirmationRow().sentAt === null; i++)
        await new Promise((r) => setTimeout(r, 10));
      expect(confirmationRow()).toMatchObject({ sentAt: null, claimedBy: expect.any(String) });
      await slashConfirmed(h, 'gm', CHANNEL, 'gm advance');
      const results = await waitForResults(h, CHANNEL, 'Fall 1901 movement');
      const dm = await h.fake.waitForDm(
        'alice',
        (m) => m.content.startsWith('Your orders for ') && m.content.includes('`F tri S A tyr - ven`'),
      );
      expect(before(dm, results), 'the confirmation arrived before the results post').toBe(true);
    } finally {
      h.fake.state.transport.slow(alice, 0);
    }
  });

  it('after a restart: a confirmation a dead process held when the phase resolved is not sent after the results', async () => {
    await h.bot!.outbox.idle();
    await h.fake.slash('bob', CHANNEL, 'order', { orders: 'A ven R pie' });
    const row = confirmationRow();
    await h.stop();
    // As if the process that claimed the DM had resolved the phase (its deadline passed) and was killed before
    // sending either: the claim names a process that no longer runs.
    h.database = openDatabase(h.dbPath);
    h.database.sqlite
      .prepare(`UPDATE outbox SET claimed_by = 'gone-host:1:dead', next_attempt_at = 0 WHERE id = ?`)
      .run(row.id);
    h.clock.offset += 2 * 3_600_000;
    const gameId = (h.database.sqlite.prepare('SELECT id FROM games WHERE status = ?').get('active') as { id: number })
      .id;
    const resolved = await resolvePhase(
      { store: sqliteStoreOf(h.database), now: () => h.clock.now() },
      { gameId, reason: 'deadline' },
    );
    expect(resolved.ok).toBe(true);
    expect(confirmationRow()).toMatchObject({ claimedBy: 'gone-host:1:dead', sentAt: null, failedAt: null }); // in flight then
    const bob = h.fake.user('bob').id;
    h.fake.state.transport.slow(bob, 4_000); // were it sent, it would arrive after the results
    try {
      h.database.close();
      await h.start();
      const results = await waitForResults(h, CHANNEL, 'Fall 1901 retreat');
      await h.bot!.outbox.idle();
      await new Promise((r) => setTimeout(r, 1_500));
      const late = confirmationsOf('bob', 'Fall 1901 retreat').filter((m) => !before(m, results));
      expect(late, 'no confirmation after the results').toEqual([]);
      expect(confirmationRow()).toMatchObject({ sentAt: null, lastError: expect.stringMatching(/^dropped: /) });
      expect(
        h.fake.channelMessages(CHANNEL).filter((m) => m.content.includes('**Fall 1901 retreat: results**')),
      ).toHaveLength(1);
    } finally {
      h.fake.state.transport.slow(bob, 0);
    }
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });
});
