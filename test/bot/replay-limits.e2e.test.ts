/**
 * Replays against a hostile member (abuse bars): while a member's `/history replay` is being made, another
 * game's results post is drawn first — every map job reaches the render worker before any further replay step (order
 * and counts from the render queue's log, never timings); the member's second replay and another member's replay in
 * the same server are refused at once, and the member's budget then runs out. Asked again, the replay is the cached one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSY_SERVER, BUSY_USER } from '../../src/bot/replays.js';
import { DEFAULT_LIMITS } from '../../src/game/core/index.js';
import { observeRenderQueue, type RenderQueueEvent } from '../../src/render/pool.js';
import { overtaking } from '../render/replay-game.js';
import { createHarness, expectResultsPost, type Harness, realMaps, slashConfirmed, waitForResults } from './harness.js';

describe('replays: limits, and another game is never delayed', () => {
  let h: Harness;

  beforeAll(async () => {
    // The real budgets (the replay budget among them), order confirmations at once.
    h = await createHarness(
      { users: ['gm', 'gm2', 'mallory', 'alice', 'carol', 'bob', 'dave'], channels: ['alpha', 'beta'] },
      { limits: { confirmationQuietMs: 0 }, maps: realMaps() },
    );
    await h.start();
    for (const [gm, channel, players] of [
      [
        'gm',
        'alpha',
        [
          ['mallory', 'France'],
          ['alice', 'Germany'],
        ],
      ],
      [
        'gm2',
        'beta',
        [
          ['bob', 'England'],
          ['dave', 'Russia'],
        ],
      ],
    ] as const) {
      expect(
        (
          await h.fake.slash(gm, channel, 'game create', {
            variant: 'classic',
            movement: '1h',
            retreat: '1h',
            adjustment: '1h',
          })
        ).text,
      ).toContain('created');
      for (const [user, power] of players) await h.fake.slash(user, channel, 'game join', { power });
      await h.fake.slash(gm, channel, 'game start');
    }
    // Alpha plays three phases (France takes Spain, so a winter follows), so it has something to replay.
    await h.fake.slash('mallory', 'alpha', 'order', { orders: 'A par - bur; A mar - spa' });
    for (const label of ['Spring 1901 movement', 'Fall 1901 movement', 'Winter 1901 adjustment']) {
      await slashConfirmed(h, 'gm', 'alpha', 'gm advance');
      await waitForResults(h, 'alpha', label);
    }
    await h.bot!.outbox.idle();
  }, 120_000);

  afterAll(async () => {
    await h?.close();
  });

  it('draws the other game’s results before any further replay step, and refuses the flood at once', async () => {
    const events: RenderQueueEvent[] = [];
    const stop = observeRenderQueue((e) => events.push(e));
    try {
      const firstStep = new Promise<void>((resolve) => {
        const off = observeRenderQueue((e) => {
          if (e.priority === 'replay' && e.event === 'sent') {
            off();
            resolve();
          }
        });
      });
      const replay = h.fake.slashNoWait('mallory', 'alpha', 'history replay');
      await firstStep;

      // While it is being made: the same member asks another, another member of the server asks one.
      const second = await h.fake.slash('mallory', 'alpha', 'history replay', { to: 'F1901M' });
      expect(second.ephemeral).toBe(true);
      expect(second.text).toContain(BUSY_USER.error);
      const other = await h.fake.slash('carol', 'alpha', 'history replay', { to: 'S1901M' });
      expect(other.text).toContain(BUSY_SERVER.error);

      // Meanwhile the other game resolves: its results post, with both maps.
      await slashConfirmed(h, 'gm2', 'beta', 'gm advance');
      await expectResultsPost(h, await waitForResults(h, 'beta', 'Spring 1901 movement'));

      await replay.waitForResponse((r) => r.kind === 'edit', 120_000);
      const gif = replay.attachments.find((a) => a.filename === 'replay-s1901m-w1901a.gif');
      expect(gif?.data.subarray(0, 6).toString()).toBe('GIF89a');
      expect(replay.ephemeral).toBe(true);

      // Every map job the worker got (beta's two maps at least) went before any replay step queued meanwhile.
      const maps = overtaking(events);
      expect(maps.length).toBeGreaterThanOrEqual(2);
      for (const m of maps) expect(m.stepsSent, `map job ${m.job}`).toBe(0);
      for (const m of maps) expect(m.stepsDone).toBeLessThanOrEqual(1);
      // One replay made: open, one plan (3 phases), three draws, finish.
      expect(events.filter((e) => e.priority === 'replay' && e.event === 'sent')).toHaveLength(6);

      // Asked again: the cached replay (no step sent); then the member's budget (3 per 10 minutes) is spent.
      expect(DEFAULT_LIMITS.budgets.replay.uses).toBe(3);
      const cached = await h.fake.slash('mallory', 'alpha', 'history replay');
      expect(cached.attachments.find((a) => a.filename.endsWith('.gif'))!.data.equals(gif!.data)).toBe(true);
      expect(events.filter((e) => e.priority === 'replay' && e.event === 'sent')).toHaveLength(6);
      const tooFast = await h.fake.slash('mallory', 'alpha', 'history replay');
      expect(tooFast.text).toMatch(/⚠️ You are going too fast: try again in [\dhms ]+\./);
      expect(h.fake.unexpectedErrors()).toEqual([]);
    } finally {
      stop();
    }
  }, 180_000);
});
