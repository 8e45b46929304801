import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startScheduler } from '../../../src/game/resolve/scheduler.js';
import { runAutomatic } from '../../../src/game/cards/commit.js';
import { cardCtxById } from '../../../src/game/cards/store.js';
import { cardSeats } from '../../../src/game/cards/tables.js';
import {
  cardsDraft,
  cardsPlayOptions,
  draftEffect,
  markCardsPresent,
  setCardsAway,
  startFallBack,
  sweepCardGames,
  verifyCardReplay,
  wageBattle,
  finishFallBack,
} from '../../../src/game/cards/index.js';
import { internalErrors, makeEnv, tempDbPath, type TestEnv } from '../helpers.js';
import { at, chooseFirst, eventRows, giveAll, info, ok, outboxRows, startedCards, cardEventOf } from './helpers.js';

const HOUR = 3_600_000;
const envs: TestEnv[] = [];
afterEach(async () => {
  while (envs.length) await envs.pop()!.close();
  expect(internalErrors).toEqual([]);
});
const track = (e: TestEnv) => (envs.push(e), e);

describe('card game deadlines', () => {
  it('a passed deadline is processed exactly once, even by two processes sweeping the same file', async () => {
    const db = tempDbPath();
    try {
      const a = track(await makeEnv(db.path));
      await startedCards(3, { env: a });
      const b = track(await makeEnv(db.path));
      b.clock.t = a.clock.t;
      a.clock.advance(HOUR + 1);
      b.clock.advance(HOUR + 1);
      const ra = await sweepCardGames(a.deps);
      const rb = await sweepCardGames(b.deps);
      expect(ra.timedOut + rb.timedOut).toBe(3); // the three gives, once
      expect((await sweepCardGames(a.deps)).timedOut).toBe(0);
      const rows = await eventRows(a);
      expect(rows.filter((r) => r.actor === 'timeout').length).toBe(3);
      expect((await info(a)).phase).toBe('choose');
      // the give defaults (D-21) were applied, and a new deadline set for the choice
      expect((await info(a)).deadline).toBe(a.clock.t + HOUR);
    } finally {
      db.cleanup();
    }
  });

  it('the scheduler sweeps card games at start-up and wakes for their deadline', async () => {
    const env = track(await startedCards(2, { preset: 'live' }));
    await giveAll(env);
    const g = await info(env);
    expect(g.phase).toBe('choose');
    env.clock.advance(90_001);
    const scheduler = await startScheduler({ ...env.deps, maxSleepMs: 3_600_000 });
    try {
      expect((await info(env)).phase).toBe('battle');
      expect((await eventRows(env)).at(-1)!.actor).toBe('timeout');
      expect(scheduler.nextWake()).toBe((await info(env)).deadline);
    } finally {
      await scheduler.stop();
    }
  });

  it('the setup give timing out takes the default but is not a missed turn (a newcomer is never marked away for it)', async () => {
    const env = track(await startedCards(3, { preset: 'live' }));
    env.clock.advance(90_001);
    expect((await sweepCardGames(env.deps)).timedOut).toBe(3); // every give took D-21's default
    expect((await info(env)).phase).toBe('choose');
    expect((await info(env)).seats.map((s) => [s.timeouts, s.away])).toEqual([
      [0, false],
      [0, false],
      [0, false],
    ]);
    // the chooser then misses the choice: one missed turn, still not away
    env.clock.advance(90_001);
    await sweepCardGames(env.deps);
    const chooser = (await eventRows(env)).at(-1)!.action as { seat: number };
    expect((await info(env)).seats.find((s) => s.seat === chooser.seat)).toMatchObject({ timeouts: 1, away: false });
    expect(
      (await outboxRows(env)).some(
        (r) => r.kind === 'notice' && String((r.payload as { text: string }).text).includes('is marked away'),
      ),
    ).toBe(false);
  });

  it('marks a seat away after 2 timeouts in a row; its turns then resolve at once, and any action clears it', async () => {
    const env = track(await startedCards(3));
    env.clock.advance(HOUR + 1);
    await sweepCardGames(env.deps); // every give timed out: not counted as missed turns
    const chooser = (await info(env)).toAct!;
    expect((await info(env)).seats.map((s) => s.timeouts)).toEqual([0, 0, 0]);
    env.clock.advance(HOUR + 1);
    await sweepCardGames(env.deps); // the chooser's first timeout: it starts the battle, and its battle turn times out too
    expect((await info(env)).seats.find((s) => s.seat === chooser)!.timeouts).toBe(1);
    env.clock.advance(HOUR + 1);
    await sweepCardGames(env.deps); // the chooser's second timeout
    const g = await info(env);
    const seat = g.seats.find((s) => s.seat === chooser)!;
    expect(seat).toMatchObject({ away: true, timeouts: 2 });
    expect(
      (await outboxRows(env)).some(
        (r) => r.kind === 'notice' && String((r.payload as { text: string }).text).includes('is marked away'),
      ),
    ).toBe(true);
    // the second missed turn was the battle turn the chooser started: it fell back with the defaults
    const rows = await eventRows(env);
    expect(rows.at(-1)).toMatchObject({ actor: 'timeout', action: { type: 'fallBack', seat: chooser } });
    expect(g.toAct).not.toBe(chooser);
    ok(await markCardsPresent(env.deps, at(seat.userId)));
    expect((await info(env)).seats.find((s) => s.seat === chooser)).toMatchObject({ away: false, timeouts: 0 });
  });

  it('away on resolves the seat now; the game keeps its hourly cap of automatic turns', async () => {
    const env = track(await startedCards(3));
    await giveAll(env);
    await chooseFirst(env);
    const g = await info(env);
    ok(await setCardsAway(env.deps, at(g.toActUserId!), true));
    expect((await eventRows(env)).at(-1)).toMatchObject({ actor: 'away', action: { type: 'fallBack', seat: g.toAct } });
    expect(await setCardsAway(env.deps, at(g.toActUserId!), true)).toMatchObject({
      ok: false,
      error: 'You are already marked away.',
    });
  });

  it('one reminder at 25 % of a turn of an hour or more', async () => {
    const env = track(await startedCards(3));
    await giveAll(env);
    await chooseFirst(env);
    const n0 = (await outboxRows(env)).length;
    env.clock.advance(45 * 60_000 - 1);
    expect((await sweepCardGames(env.deps)).reminders).toBe(0);
    env.clock.advance(1);
    expect((await sweepCardGames(env.deps)).reminders).toBe(1);
    expect((await sweepCardGames(env.deps)).reminders).toBe(0);
    const pings = (await outboxRows(env)).slice(n0).filter((r) => cardEventOf(r) === 'turn');
    expect(pings).toHaveLength(1);
    expect(pings[0]!.payload).toMatchObject({ data: { reminder: true, userId: (await info(env)).toActUserId } });
  });

  it('live turns get no reminder', async () => {
    const env = track(await startedCards(2, { preset: 'live' }));
    await giveAll(env);
    await chooseFirst(env);
    env.clock.advance(119_000);
    expect(await sweepCardGames(env.deps)).toEqual({ timedOut: 0, reminders: 0, awaiting: 0, failures: [] });
  });

  it('a half-done fall-back draft survives a restart and is completed with the defaults at the deadline', async () => {
    const db = tempDbPath();
    try {
      const a = await makeEnv(db.path);
      await startedCards(3, { env: a });
      await giveAll(a);
      await chooseFirst(a);
      // seat to act wages; the other two fall back: the first one is last with claims
      let g = await info(a);
      const me = g.toActUserId!;
      const w = ok(await cardsPlayOptions(a.deps, at(me))).wages.find((x) => /^B/.test(x.bright) && !x.dark)!;
      ok(await wageBattle(a.deps, at(me), { ...w, version: g.version }));
      for (let i = 0; i < 2; i++) {
        g = await info(a);
        ok(await startFallBack(a.deps, at(g.toActUserId!), { version: g.version }));
        ok(await finishFallBack(a.deps, at(g.toActUserId!), { version: g.version }));
      }
      g = await info(a);
      const d = ok(await startFallBack(a.deps, at(me), { version: g.version })).draft;
      const sym = d.remaining[0]!;
      const effect = { symbol: sym, draw: true as const };
      ok(await draftEffect(a.deps, at(me), { version: g.version, effect }));
      const t = a.clock.t;
      await a.close(); // the bot stops

      const b = track(await makeEnv(db.path));
      b.clock.t = t;
      expect(ok(await cardsDraft(b.deps, at(me))).draft.effects).toEqual([effect]);
      b.clock.t = (await info(b)).deadline! + 1;
      const scheduler = await startScheduler({ ...b.deps, maxSleepMs: 3_600_000 });
      await scheduler.stop();
      const last = (await eventRows(b)).filter((r) => r.actor === 'timeout').at(-1)!;
      expect(last.action).toEqual({ type: 'fallBack', seat: d.seat, effects: [effect] });
      expect((await eventRows(b)).filter((r) => r.actor === 'timeout')).toHaveLength(1);
      expect(await verifyCardReplay(b.deps, g.gameId)).toEqual({ ok: true, same: true });
    } finally {
      db.cleanup();
    }
  });
});

describe('card game: the cap on automatic turns', () => {
  it('a table of away players resolves at once and ends (here by the stalemate rule), never looping', async () => {
    const env = track(await startedCards(2));
    const g = await info(env);
    ok(await setCardsAway(env.deps, at(g.seats[0]!.userId), true));
    ok(await setCardsAway(env.deps, at(g.seats[1]!.userId), true));
    expect((await info(env)).status).toBe('finished');
    expect((await info(env)).table!.endReason).toBe('stalemate');
    expect(await verifyCardReplay(env.deps, g.gameId)).toEqual({ ok: true, same: true });
  });

  it('beyond the hourly cap away seats wait for their deadline', async () => {
    const env = track(await startedCards(3));
    await giveAll(env);
    await chooseFirst(env);
    const g = await info(env);
    await env.deps.store.db.update(cardSeats).set({ away: true }).where(eq(cardSeats.gameId, g.gameId));
    const stopped = await env.deps.store.transaction(
      async (tx) => await runAutomatic(tx, (await cardCtxById(tx, g.gameId))!, env.clock.t, 4),
    );
    expect((await eventRows(env)).filter((r) => r.actor === 'away')).toHaveLength(4);
    expect(stopped.card.deadlineMs).toBe(env.clock.t + HOUR);
    // an hour later the budget is free again
    env.clock.advance(HOUR + 1);
    await env.deps.store.transaction(
      async (tx) => await runAutomatic(tx, (await cardCtxById(tx, g.gameId))!, env.clock.t, 4),
    );
    expect((await eventRows(env)).filter((r) => r.actor === 'away').length).toBeGreaterThanOrEqual(5);
  });
});
