import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startScheduler } from '../../../src/game/scheduler.js';
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
afterEach(() => {
  while (envs.length) envs.pop()!.close();
  expect(internalErrors).toEqual([]);
});
const track = (e: TestEnv) => (envs.push(e), e);

describe('card game deadlines', () => {
  it('a passed deadline is processed exactly once, even by two processes sweeping the same file', () => {
    const db = tempDbPath();
    try {
      const a = track(makeEnv(db.path));
      startedCards(3, { env: a });
      const b = track(makeEnv(db.path));
      b.clock.t = a.clock.t;
      a.clock.advance(HOUR + 1);
      b.clock.advance(HOUR + 1);
      const ra = sweepCardGames(a.deps);
      const rb = sweepCardGames(b.deps);
      expect(ra.timedOut + rb.timedOut).toBe(3); // the three gives, once
      expect(sweepCardGames(a.deps).timedOut).toBe(0);
      const rows = eventRows(a);
      expect(rows.filter((r) => r.actor === 'timeout').length).toBe(3);
      expect(info(a).phase).toBe('choose');
      // the give defaults (D-21) were applied, and a new deadline set for the choice
      expect(info(a).deadline).toBe(a.clock.t + HOUR);
    } finally {
      db.cleanup();
    }
  });

  it('the scheduler sweeps card games at start-up and wakes for their deadline', () => {
    const env = track(startedCards(2, { preset: 'live' }));
    giveAll(env);
    const g = info(env);
    expect(g.phase).toBe('choose');
    env.clock.advance(90_001);
    const scheduler = startScheduler({ ...env.deps, maxSleepMs: 3_600_000 });
    try {
      expect(info(env).phase).toBe('battle');
      expect(eventRows(env).at(-1)!.actor).toBe('timeout');
      expect(scheduler.nextWake()).toBe(info(env).deadline);
    } finally {
      scheduler.stop();
    }
  });

  it('the setup give timing out takes the default but is not a missed turn (a newcomer is never marked away for it)', () => {
    const env = track(startedCards(3, { preset: 'live' }));
    env.clock.advance(90_001);
    expect(sweepCardGames(env.deps).timedOut).toBe(3); // every give took D-21's default
    expect(info(env).phase).toBe('choose');
    expect(info(env).seats.map((s) => [s.timeouts, s.away])).toEqual([
      [0, false],
      [0, false],
      [0, false],
    ]);
    // the chooser then misses the choice: one missed turn, still not away
    env.clock.advance(90_001);
    sweepCardGames(env.deps);
    const chooser = eventRows(env).at(-1)!.action as { seat: number };
    expect(info(env).seats.find((s) => s.seat === chooser.seat)).toMatchObject({ timeouts: 1, away: false });
    expect(
      outboxRows(env).some(
        (r) => r.kind === 'notice' && String((r.payload as { text: string }).text).includes('is marked away'),
      ),
    ).toBe(false);
  });

  it('marks a seat away after 2 timeouts in a row; its turns then resolve at once, and any action clears it', () => {
    const env = track(startedCards(3));
    env.clock.advance(HOUR + 1);
    sweepCardGames(env.deps); // every give timed out: not counted as missed turns
    const chooser = info(env).toAct!;
    expect(info(env).seats.map((s) => s.timeouts)).toEqual([0, 0, 0]);
    env.clock.advance(HOUR + 1);
    sweepCardGames(env.deps); // the chooser's first timeout: it starts the battle, and its battle turn times out too
    expect(info(env).seats.find((s) => s.seat === chooser)!.timeouts).toBe(1);
    env.clock.advance(HOUR + 1);
    sweepCardGames(env.deps); // the chooser's second timeout
    const g = info(env);
    const seat = g.seats.find((s) => s.seat === chooser)!;
    expect(seat).toMatchObject({ away: true, timeouts: 2 });
    expect(
      outboxRows(env).some(
        (r) => r.kind === 'notice' && String((r.payload as { text: string }).text).includes('is marked away'),
      ),
    ).toBe(true);
    // the second missed turn was the battle turn the chooser started: it fell back with the defaults
    const rows = eventRows(env);
    expect(rows.at(-1)).toMatchObject({ actor: 'timeout', action: { type: 'fallBack', seat: chooser } });
    expect(g.toAct).not.toBe(chooser);
    ok(markCardsPresent(env.deps, at(seat.userId)));
    expect(info(env).seats.find((s) => s.seat === chooser)).toMatchObject({ away: false, timeouts: 0 });
  });

  it('away on resolves the seat now; the game keeps its hourly cap of automatic turns', () => {
    const env = track(startedCards(3));
    giveAll(env);
    chooseFirst(env);
    const g = info(env);
    ok(setCardsAway(env.deps, at(g.toActUserId!), true));
    expect(eventRows(env).at(-1)).toMatchObject({ actor: 'away', action: { type: 'fallBack', seat: g.toAct } });
    expect(setCardsAway(env.deps, at(g.toActUserId!), true)).toEqual({
      ok: false,
      error: 'You are already marked away.',
    });
  });

  it('one reminder at 25 % of a turn of an hour or more', () => {
    const env = track(startedCards(3));
    giveAll(env);
    chooseFirst(env);
    const n0 = outboxRows(env).length;
    env.clock.advance(45 * 60_000 - 1);
    expect(sweepCardGames(env.deps).reminders).toBe(0);
    env.clock.advance(1);
    expect(sweepCardGames(env.deps).reminders).toBe(1);
    expect(sweepCardGames(env.deps).reminders).toBe(0);
    const pings = outboxRows(env)
      .slice(n0)
      .filter((r) => cardEventOf(r) === 'turn');
    expect(pings).toHaveLength(1);
    expect(pings[0]!.payload).toMatchObject({ data: { reminder: true, userId: info(env).toActUserId } });
  });

  it('live turns get no reminder', () => {
    const env = track(startedCards(2, { preset: 'live' }));
    giveAll(env);
    chooseFirst(env);
    env.clock.advance(119_000);
    expect(sweepCardGames(env.deps)).toEqual({ timedOut: 0, reminders: 0, awaiting: 0, failures: [] });
  });

  it('a half-done fall-back draft survives a restart and is completed with the defaults at the deadline', () => {
    const db = tempDbPath();
    try {
      const a = makeEnv(db.path);
      startedCards(3, { env: a });
      giveAll(a);
      chooseFirst(a);
      // seat to act wages; the other two fall back: the first one is last with claims
      let g = info(a);
      const me = g.toActUserId!;
      const w = ok(cardsPlayOptions(a.deps, at(me))).wages.find((x) => /^B/.test(x.bright) && !x.dark)!;
      ok(wageBattle(a.deps, at(me), { ...w, version: g.version }));
      for (let i = 0; i < 2; i++) {
        g = info(a);
        ok(startFallBack(a.deps, at(g.toActUserId!), { version: g.version }));
        ok(finishFallBack(a.deps, at(g.toActUserId!), { version: g.version }));
      }
      g = info(a);
      const d = ok(startFallBack(a.deps, at(me), { version: g.version })).draft;
      const sym = d.remaining[0]!;
      const effect = { symbol: sym, draw: true as const };
      ok(draftEffect(a.deps, at(me), { version: g.version, effect }));
      const t = a.clock.t;
      a.close(); // the bot stops

      const b = track(makeEnv(db.path));
      b.clock.t = t;
      expect(ok(cardsDraft(b.deps, at(me))).draft.effects).toEqual([effect]);
      b.clock.t = info(b).deadline! + 1;
      const scheduler = startScheduler({ ...b.deps, maxSleepMs: 3_600_000 });
      scheduler.stop();
      const last = eventRows(b)
        .filter((r) => r.actor === 'timeout')
        .at(-1)!;
      expect(last.action).toEqual({ type: 'fallBack', seat: d.seat, effects: [effect] });
      expect(eventRows(b).filter((r) => r.actor === 'timeout')).toHaveLength(1);
      expect(verifyCardReplay(b.deps, g.gameId)).toEqual({ ok: true, same: true });
    } finally {
      db.cleanup();
    }
  });
});

describe('card game: the cap on automatic turns', () => {
  it('a table of away players resolves at once and ends (here by the stalemate rule), never looping', () => {
    const env = track(startedCards(2));
    const g = info(env);
    ok(setCardsAway(env.deps, at(g.seats[0]!.userId), true));
    ok(setCardsAway(env.deps, at(g.seats[1]!.userId), true));
    expect(info(env).status).toBe('finished');
    expect(info(env).table!.endReason).toBe('stalemate');
    expect(verifyCardReplay(env.deps, g.gameId)).toEqual({ ok: true, same: true });
  });

  it('beyond the hourly cap away seats wait for their deadline', () => {
    const env = track(startedCards(3));
    giveAll(env);
    chooseFirst(env);
    const g = info(env);
    env.deps.db.update(cardSeats).set({ away: true }).where(eq(cardSeats.gameId, g.gameId)).run();
    const stopped = env.deps.db.transaction((tx) => runAutomatic(tx, cardCtxById(tx, g.gameId)!, env.clock.t, 4));
    expect(eventRows(env).filter((r) => r.actor === 'away')).toHaveLength(4);
    expect(stopped.card.deadlineMs).toBe(env.clock.t + HOUR);
    // an hour later the budget is free again
    env.clock.advance(HOUR + 1);
    env.deps.db.transaction((tx) => runAutomatic(tx, cardCtxById(tx, g.gameId)!, env.clock.t, 4));
    expect(eventRows(env).filter((r) => r.actor === 'away').length).toBeGreaterThanOrEqual(5);
  });
});
