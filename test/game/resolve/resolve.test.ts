import { first } from '../../../src/store/store.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { timeRef } from '../../../src/game/core/text-refs.js';
import { spawn } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { gameStatus } from '../../../src/game/history/index.js';
import {
  resolveDuePhases,
  resolvePhase,
  startScheduler,
  toggleReady,
  nextWakeAt,
} from '../../../src/game/resolve/index.js';
import { submitOrders } from '../../../src/game/orders/index.js';
import { t } from '../../../src/i18n/index.js';
import { gmAdvance, gmExtend } from '../../../src/game/gm/index.js';

import { auditLog, games, phases } from '../../../src/store/schema.js';
import {
  CHANNEL,
  CLASSIC_POWERS,
  GM,
  HOUR,
  T0,
  err,
  internalErrors,
  databaseAt,
  makeEnv,
  TEST_DIALECT,
  ok,
  outboxRows,
  startedGame,
  tempDbPath,
  userOf,
  type TestDeps,
  type TestEnv,
} from '../helpers.js';

let env: TestEnv;
beforeEach(() => {
  internalErrors.length = 0;
});
afterEach(async () => {
  await env?.close();
  vi.useRealTimers();
  expect(internalErrors).toEqual([]);
});

async function currentPhase(deps: TestDeps) {
  const status = ok(await gameStatus(deps, CHANNEL)).status;
  return status;
}

async function resolutions(deps: TestDeps) {
  return await deps.store.db.select().from(auditLog).where(eq(auditLog.action, 'resolve'));
}

describe('resolving a phase', () => {
  it('applies the defaults when nobody orders: every unit holds', async () => {
    env = await makeEnv();
    await startedGame(env.deps);
    env.clock.advance(24 * HOUR);
    expect(await resolveDuePhases(env.deps)).toEqual({ resolved: 1, failures: [] });
    const status = await currentPhase(env.deps);
    expect(status.phase!.label).toBe('Fall 1901 movement');
    expect(status.game.deadline).toBe(T0 + 48 * HOUR);
    const spring = first(await env.deps.store.db.select().from(phases).where(eq(phases.idx, 0)).limit(1))!;
    const results = spring.adjudication!.results;
    expect(results).toHaveLength(22);
    expect(results.every((r) => r.defaulted && r.order.endsWith(' H'))).toBe(true);
    const posted = (await outboxRows(env.deps)).find((r) => r.kind === 'phase_results')!;
    expect(posted.target).toBe(CHANNEL);
    expect((posted.payload as { phaseId: number }).phaseId).toBe(spring.id);
    expect((posted.payload as { text: string }).text).toContain(
      `Next: **Fall 1901 movement**, deadline ${timeRef(T0 + 48 * HOUR, 'R')} (${timeRef(T0 + 48 * HOUR, 'f')}).`,
    );
  });

  it('resolves at once when every player with something to decide is ready (civil-disorder powers are not waited for)', async () => {
    env = await makeEnv();
    await startedGame(env.deps, ['France', 'Germany']);
    ok(await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf('France'), text: 'A par - bur' }));
    const first = ok(await toggleReady(env.deps, { channelId: CHANNEL, userId: userOf('France') }));
    expect(first).toMatchObject({ ready: true, resolved: [], waitingFor: ['Germany'] });
    // Ready with two units still without an order: the reply names them and the phase they are missing in.
    expect(t('en', first.left!)).toBe(
      '⚠️ **Spring 1901 movement**: still without an order: F bre, A mar. You can give orders with `/order` until the phase resolves.',
    );
    expect((await currentPhase(env.deps)).powers.find((p) => p.power === 'France')!.ready).toBe(true);
    // toggling twice withdraws readiness
    expect(ok(await toggleReady(env.deps, { channelId: CHANNEL, userId: userOf('France') })).ready).toBe(false);
    ok(await toggleReady(env.deps, { channelId: CHANNEL, userId: userOf('France') }));
    const last = ok(await toggleReady(env.deps, { channelId: CHANNEL, userId: userOf('Germany') }));
    expect(last.resolved.map((p) => p.code)).toEqual(['S1901M']);
    expect(last.left).toBeNull();
    expect((await currentPhase(env.deps)).phase!.code).toBe('F1901M');
    expect((await currentPhase(env.deps)).powers.find((p) => p.power === 'France')!.ready).toBe(false);
  });

  it('claims a phase exactly once: a second or stale resolve is refused and changes nothing', async () => {
    env = await makeEnv();
    const started = await startedGame(env.deps);
    const gameId = started.game.id;
    ok(await resolvePhase(env.deps, { gameId, phaseId: started.phase.id, reason: 'gm' }));
    expect(err(await resolvePhase(env.deps, { gameId, phaseId: started.phase.id, reason: 'deadline' }))).toMatch(
      /already been resolved/,
    );
    expect(await resolutions(env.deps)).toHaveLength(1);
    expect((await outboxRows(env.deps)).filter((r) => r.kind === 'phase_results')).toHaveLength(1);
  });

  it('two connections to the same file resolving the same phase: exactly one wins', async () => {
    const tmp = tempDbPath();
    try {
      env = await makeEnv(tmp.path);
      const started = await startedGame(env.deps);
      const other = await makeEnv(tmp.path, 2);
      const a = await resolvePhase(env.deps, {
        gameId: started.game.id,
        phaseId: started.phase.id,
        reason: 'deadline',
      });
      const b = await resolvePhase(other.deps, {
        gameId: started.game.id,
        phaseId: started.phase.id,
        reason: 'deadline',
      });
      expect([a.ok, b.ok].filter(Boolean)).toHaveLength(1);
      expect(await resolutions(env.deps)).toHaveLength(1);
      await other.close();
    } finally {
      tmp.cleanup();
    }
  });

  it('four processes sweeping the same database at the same moment resolve the phase once', async () => {
    const tmp = tempDbPath();
    try {
      env = await makeEnv(tmp.path);
      await startedGame(env.deps);
      await env.close();
      const after = T0 + 25 * HOUR;
      const where = await databaseAt(tmp.path);
      const run = () =>
        new Promise<string>((resolve, reject) => {
          const child = spawn(
            process.execPath,
            ['--import', 'tsx', 'test/game/fixtures/sweep.ts', where, String(after)],
            {
              cwd: process.cwd(),
              stdio: ['ignore', 'pipe', 'pipe'],
            },
          );
          let out = '';
          let errText = '';
          child.stdout.on('data', (d) => (out += d));
          child.stderr.on('data', (d) => (errText += d));
          child.on('close', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(errText))));
        });
      const outputs = await Promise.all([run(), run(), run(), run()]);
      const counts = outputs.map((o) => JSON.parse(o).resolved as number);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
      env = await makeEnv(tmp.path);
      expect(await resolutions(env.deps)).toHaveLength(1);
      expect((await outboxRows(env.deps)).filter((r) => r.kind === 'phase_results')).toHaveLength(1);
    } finally {
      tmp.cleanup();
    }
  });
});

describe('scheduler', () => {
  it('sweeps at start-up: a deadline that passed while the bot was down resolves once after reopening', async () => {
    const tmp = tempDbPath();
    try {
      env = await makeEnv(tmp.path);
      await startedGame(env.deps);
      await env.close(); // the bot goes down
      env = await makeEnv(tmp.path);
      env.clock.advance(30 * HOUR); // the deadline passes meanwhile
      const onDue = vi.fn();
      const scheduler = await startScheduler({ ...env.deps, onDue });
      expect(onDue).toHaveBeenCalledTimes(1);
      expect(onDue.mock.calls[0][0]).toMatchObject({ resolved: 1 });
      expect((await scheduler.sweep()).resolved).toBe(0);
      await scheduler.stop();
      expect(await resolutions(env.deps)).toHaveLength(1);
      expect((await currentPhase(env.deps)).phase!.code).toBe('F1901M');
    } finally {
      tmp.cleanup();
    }
  });

  // The timer logic, on SQLite only: fake timers cannot wait for a database server's real answers.
  it.skipIf(TEST_DIALECT === 'postgres')(
    'wakes for the deadline with one timer, re-armed after changes (fake timers)',
    async () => {
      vi.useFakeTimers({ now: T0 });
      const opened = await makeEnv();
      env = opened;
      const deps = { ...env.deps, now: () => Date.now() };
      const scheduler = await startScheduler({ ...deps, maxSleepMs: 24 * HOUR });
      expect(await nextWakeAt(deps)).toBeNull();
      await startedGame(deps, CLASSIC_POWERS, CHANNEL, { movement: '10m', retreat: '5m', adjustment: '5m' });
      await scheduler.poke();
      // reminder (10% of 10 minutes = 1 minute before) comes first, then the deadline
      expect(scheduler.nextWake()).toBe(T0 + 9 * 60_000);
      await vi.advanceTimersByTimeAsync(9 * 60_000);
      const reminders = (await outboxRows(deps)).filter(
        (r) => r.kind === 'dm' && (r.payload as { reason: string }).reason === 'reminder',
      );
      expect(reminders).toHaveLength(7);
      expect(scheduler.nextWake()).toBe(T0 + 10 * 60_000);
      await vi.advanceTimersByTimeAsync(60_000);
      expect((await currentPhase(deps)).phase!.code).toBe('F1901M');
      expect(await resolutions(deps)).toHaveLength(1);
      await scheduler.stop();
    },
  );

  it('does not spin on an overdue phase that fails to resolve: it retries later', async () => {
    vi.useFakeTimers({ now: T0 });
    env = await makeEnv();
    const deps = { ...env.deps, now: () => Date.now() };
    await startedGame(deps, ['France'], CHANNEL, { movement: '10m' });
    await deps.store.db.update(games).set({ variantId: 'withdrawn' });
    vi.setSystemTime(T0 + 11 * 60_000);
    const errors: unknown[] = [];
    const scheduler = await startScheduler({ ...deps, onError: (e) => errors.push(e), retryMs: 30_000 });
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toMatch(/no longer available/);
    expect(scheduler.nextWake()).toBe(Date.now() + 30_000);
    await scheduler.stop();
  });

  it('clamps long sleeps to the setTimeout limit', async () => {
    vi.useFakeTimers({ now: T0 });
    env = await makeEnv();
    const deps = { ...env.deps, now: () => Date.now() };
    await startedGame(deps, ['France'], CHANNEL, { movement: '30d' });
    const scheduler = await startScheduler({ ...deps, maxSleepMs: Number.MAX_SAFE_INTEGER });
    expect(scheduler.nextWake()).toBe(T0 + 2 ** 31 - 1);
    await scheduler.stop();
  });

  it('stops only once a sweep in flight has ended: nothing reaches the store after it closes', async () => {
    env = await makeEnv();
    await startedGame(env.deps);
    const scheduler = await startScheduler({ ...env.deps });
    env.clock.advance(24 * HOUR);
    const sweeping = scheduler.sweep(); // a deadline being resolved as the bot stops
    await scheduler.stop();
    await env.close(); // afterEach: no transaction failed on the closed store
    expect((await sweeping).resolved).toBe(1);
  });
});

describe('reminders', () => {
  it('a game-master extension earns a new reminder before the new deadline', async () => {
    env = await makeEnv();
    await startedGame(env.deps, ['France']);
    const scheduler = await startScheduler({ ...env.deps });
    env.clock.advance(23 * HOUR);
    expect((await scheduler.sweep()).reminders).toBe(1);
    ok(await gmExtend(env.deps, { channelId: CHANNEL, userId: GM, duration: '1d' }));
    expect((await scheduler.sweep()).reminders).toBe(0);
    env.clock.advance(24 * HOUR);
    expect((await scheduler.sweep()).reminders).toBe(1);
    await scheduler.stop();
  });

  it('a power with nothing to decide cannot be ready, and is not waited for', async () => {
    env = await makeEnv();
    const started = await startedGame(env.deps, ['France', 'Germany']);
    // Turn the first phase into a retreat phase where only Germany has a dislodged unit.
    expect(started.phase.code).toBe('S1901M');
    const position = first(await env.deps.store.db.select().from(phases).limit(1))!.position;
    const munich = position.units.find((u) => u.province === 'mun')!;
    const retreat = {
      ...position,
      phase: { season: 'spring' as const, year: 1901, type: 'retreat' as const },
      units: position.units.filter((u) => u.province !== 'mun'),
      dislodged: [{ ...munich, attackerFrom: 'tyr', viaConvoy: false, retreatOptions: ['ruh', 'boh'] }],
    };
    await env.deps.store.db.update(phases).set({ position: retreat, type: 'retreat' });
    expect(err(await toggleReady(env.deps, { channelId: CHANNEL, userId: userOf('France') }))).toMatch(
      /France has nothing to decide/,
    );
    ok(await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf('Germany'), text: 'A mun R ruh' }));
    const r = ok(await toggleReady(env.deps, { channelId: CHANNEL, userId: userOf('Germany') }));
    expect(r.resolved.map((p) => p.code)).toEqual(['S1901R']);
    expect((await currentPhase(env.deps)).phase!.code).toBe('F1901M');
    expect((await currentPhase(env.deps)).powers.find((p) => p.power === 'Germany')!.units).toBe(3);
  });

  it('skips phases with nothing to decide (winter without builds)', async () => {
    env = await makeEnv();
    await startedGame(env.deps, ['France', 'Germany']);
    ok(await gmAdvance(env.deps, { channelId: CHANNEL, userId: GM }));
    ok(await gmAdvance(env.deps, { channelId: CHANNEL, userId: GM }));
    expect((await currentPhase(env.deps)).phase!.code).toBe('S1902M');
  });

  it('go once per phase, only to players with missing orders', async () => {
    env = await makeEnv();
    await startedGame(env.deps);
    ok(
      await submitOrders(env.deps, {
        channelId: CHANNEL,
        userId: userOf('England'),
        text: 'F lon H; F edi H; A lvp H',
      }),
    );
    ok(await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf('France'), text: 'A par H' }));
    const scheduler = await startScheduler({ ...env.deps });
    env.clock.advance(22 * HOUR);
    expect((await scheduler.sweep()).reminders).toBe(0);
    env.clock.advance(HOUR);
    expect((await scheduler.sweep()).reminders).toBe(6);
    expect((await scheduler.sweep()).reminders).toBe(0);
    await scheduler.stop();
    const targets = (await outboxRows(env.deps))
      .filter((r) => r.kind === 'dm' && (r.payload as { reason: string }).reason === 'reminder')
      .map((r) => r.target);
    expect(targets).not.toContain(userOf('England'));
    expect(targets).toContain(userOf('France'));
    const france = (await outboxRows(env.deps)).find(
      (r) => r.target === userOf('France') && (r.payload as { reason: string }).reason === 'reminder',
    )!;
    expect((france.payload as { text: string }).text).toMatch(/A mar/);
    expect(first(await env.deps.store.db.select().from(games).limit(1))!.status).toBe('active');
  });
});
