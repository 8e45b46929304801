/**
 * In a game that hides who plays whom, a phase whose powers are all ready resolves at the next mark of the clock, by
 * the scheduler's sweep, not inside the last `/ready` (whose moment the results post would give away); exactly once,
 * across sweeps, processes and restarts; not at all early when a power takes its readiness back before the mark. An
 * open game resolves at once (docs/decisions.md "Hidden identities").
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createGame, startGame } from '../../../src/game/lobby/index.js';
import { nextWakeAt, startScheduler, toggleReady, type Scheduler } from '../../../src/game/resolve/index.js';
import { nextProgressMark } from '../../../src/game/outbox/index.js';
import { claimSeat, leaveSeat } from '../../../src/game/seats/index.js';
import { auditLog, games, substituteCalls } from '../../../src/store/schema.js';
import {
  CHANNEL,
  GM,
  HOUR,
  T0,
  internalErrors,
  makeEnv,
  ok,
  outboxRows,
  tempDbPath,
  userOf,
  type TestDeps,
  type TestEnv,
  joinPowers,
} from '../helpers.js';

const POWERS = ['England', 'France', 'Germany'];
const as = (power: string) => ({ channelId: CHANNEL, userId: userOf(power) });
/** The last `/ready` comes two minutes past T0 (a mark): the next mark is three minutes later. */
const LAST_READY = T0 + 2 * 60_000;
const MARK = nextProgressMark(LAST_READY);

let env: TestEnv;
const schedulers: Scheduler[] = [];
beforeEach(() => {
  internalErrors.length = 0;
});
afterEach(async () => {
  await Promise.all(schedulers.splice(0).map((s) => s.stop()));
  await env?.close();
  expect(internalErrors).toEqual([]);
});

async function game(deps: TestDeps, press: 'open' | 'gunboat' | 'anonymous', movement = '24h'): Promise<number> {
  const durations = { movement, retreat: '12h', adjustment: '12h' };
  ok(
    await createGame(deps, {
      channelId: CHANNEL,
      guildId: 'guild-1',
      userId: GM,
      variantId: 'classic',
      press,
      durations,
    }),
  );
  await joinPowers(deps, CHANNEL, POWERS);
  return ok(await startGame(deps, { channelId: CHANNEL, userId: GM })).game.id;
}

async function allReady(e: TestEnv) {
  e.clock.t = LAST_READY;
  const replies = [];
  for (const power of POWERS) replies.push(ok(await toggleReady(e.deps, as(power))));
  return replies;
}

async function resolutions(deps: TestDeps) {
  return (await deps.store.db.select().from(auditLog).where(eq(auditLog.action, 'resolve'))).map(
    (r) => (r.detail as { reason: string }).reason,
  );
}

const resultsPosts = async (deps: TestDeps) =>
  (await outboxRows(deps)).filter((r) => r.kind === 'phase_results').map((r) => r.createdAt);

async function scheduler(e: TestEnv): Promise<Scheduler> {
  const s = await startScheduler({ ...e.deps, maxSleepMs: 24 * HOUR });
  schedulers.push(s);
  return s;
}

describe('a game that hides who plays whom, every power ready', () => {
  it('resolves not at the last /ready but at the next mark, by the sweep, once, as the ready path does', async () => {
    env = await makeEnv();
    await game(env.deps, 'gunboat');
    const replies = await allReady(env);
    expect(replies.map((r) => r.resolved)).toEqual([[], [], []]);
    expect(await resolutions(env.deps)).toEqual([]);
    expect(await resultsPosts(env.deps)).toEqual([]);
    expect(await nextWakeAt(env.deps)).toBe(MARK);
    // A scheduler a millisecond before the mark: its start-up sweep resolves nothing. (Stopped at once: its timer,
    // armed for the mark 1 ms of the test's clock away, would fire again and again while that clock stands still.)
    env.clock.t = MARK - 1;
    await (await scheduler(env)).stop();
    expect(await resolutions(env.deps)).toEqual([]);
    env.clock.t = MARK;
    const s = await scheduler(env);
    expect(await resolutions(env.deps)).toEqual(['ready']);
    expect((await s.sweep()).resolved).toBe(0);
    // The same records as a phase every power readied resolves with at once: only the time tells them apart.
    expect(await resolutions(env.deps)).toEqual(['ready']);
    expect(await resultsPosts(env.deps)).toEqual([MARK]);
    const [row] = await env.deps.store.db.select().from(games);
    expect(row!.readyAtMarkMs).toBeNull();
    expect(await nextWakeAt(env.deps)).toBeGreaterThan(MARK); // the next phase's reminder
  });

  it('a power that takes its readiness back before the mark: nothing resolves at the mark', async () => {
    env = await makeEnv();
    await game(env.deps, 'anonymous');
    await allReady(env);
    env.clock.t = MARK - 60_000;
    expect(ok(await toggleReady(env.deps, as('France'))).ready).toBe(false);
    const s = await scheduler(env);
    env.clock.t = MARK;
    expect((await s.sweep()).resolved).toBe(0);
    expect(await resolutions(env.deps)).toEqual([]);
    expect(await nextWakeAt(env.deps)).toBeGreaterThan(MARK); // the reminder before the deadline
    // Ready again before the next mark: that mark resolves it.
    ok(await toggleReady(env.deps, as('France')));
    env.clock.t = nextProgressMark(MARK);
    expect((await s.sweep()).resolved).toBe(1);
    expect(await resultsPosts(env.deps)).toEqual([nextProgressMark(MARK)]);
  });

  it('a seat handed over before the mark, its new player not ready: the mark resolves nothing', async () => {
    env = await makeEnv();
    await game(env.deps, 'gunboat');
    await allReady(env);
    ok(await leaveSeat(env.deps, as('France')));
    const [call] = await env.deps.store.db.select().from(substituteCalls);
    ok(await claimSeat(env.deps, { channelId: CHANNEL, callId: call!.id, userId: 'user-sub' }));
    const s = await scheduler(env);
    env.clock.t = MARK;
    expect((await s.sweep()).resolved).toBe(0);
    expect(await resolutions(env.deps)).toEqual([]);
    const [row] = await env.deps.store.db.select().from(games);
    expect(row!.readyAtMarkMs).toBeNull();
  });

  it('a deadline before the mark resolves the phase by its deadline, once; the mark then does nothing', async () => {
    env = await makeEnv();
    await game(env.deps, 'gunboat', '3m');
    await allReady(env);
    const [row] = await env.deps.store.db.select().from(games);
    expect(row!.deadlineMs).toBeLessThan(MARK);
    const s = await scheduler(env);
    env.clock.t = row!.deadlineMs!;
    expect((await s.sweep()).resolved).toBe(1);
    env.clock.t = MARK;
    expect((await s.sweep()).resolved).toBe(0);
    expect(await resolutions(env.deps)).toEqual(['deadline']);
  });

  it('two processes sweeping at the mark resolve the phase once', async () => {
    const tmp = tempDbPath();
    try {
      env = await makeEnv(tmp.path);
      await game(env.deps, 'gunboat');
      await allReady(env);
      const other = await makeEnv(tmp.path, 2);
      try {
        const [a, b] = [await scheduler(env), await scheduler(other)];
        env.clock.t = MARK;
        other.clock.t = MARK;
        const swept = await Promise.all([a.sweep(), b.sweep()]);
        expect(swept.map((r) => r.resolved).sort()).toEqual([0, 1]);
        expect(swept.flatMap((r) => r.failures)).toEqual([]);
        expect(await resolutions(env.deps)).toEqual(['ready']);
        expect(await resultsPosts(env.deps)).toHaveLength(1);
      } finally {
        await Promise.all(schedulers.splice(0).map((s) => s.stop()));
        await other.close();
      }
    } finally {
      tmp.cleanup();
    }
  });

  it('a restart between the last /ready and the mark still resolves at the mark', async () => {
    const tmp = tempDbPath();
    try {
      env = await makeEnv(tmp.path);
      await game(env.deps, 'gunboat');
      await allReady(env);
      await env.close(); // the bot goes down before the mark, and comes back after it
      env = await makeEnv(tmp.path);
      env.clock.t = MARK + 60_000;
      const s = await scheduler(env); // its start-up sweep
      expect(await resolutions(env.deps)).toEqual(['ready']);
      expect((await s.sweep()).resolved).toBe(0);
      expect(await resultsPosts(env.deps)).toEqual([MARK + 60_000]);
    } finally {
      tmp.cleanup();
    }
  });
});

describe('an open game, every power ready', () => {
  it('resolves at once, inside the last /ready', async () => {
    env = await makeEnv();
    await game(env.deps, 'open');
    const replies = await allReady(env);
    expect(replies.at(-1)!.resolved).toHaveLength(1);
    expect(await resolutions(env.deps)).toEqual(['ready']);
    expect(await resultsPosts(env.deps)).toEqual([LAST_READY]);
  });
});
