/**
 * Computer players in card-game seats (src/game/cards/computer.ts): the game master hands a seat to a
 * computer player and back; it plays every step of its turns through a person's use-cases (the fall back through the
 * wizard's draft, effect by effect); a table moved while it thought is left alone; a failed or refused answer takes
 * the card game's default at once, so a table never stalls; a whole game with computer seats ends and replays.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { runAiJob, type AiAnswer, type AiJob } from '../../../src/ai/job.js';
import type { Action } from '../../../src/cardgame/index.js';
import {
  cardComputerDuties,
  cardComputerSeats,
  cardsMyView,
  draftEffect,
  gmReplaceCards,
  startFallBack,
  sweepCardGames,
  verifyCardReplay,
  type CardComputersOptions,
} from '../../../src/game/cards/index.js';
import { cardTableText } from '../../../src/bot/cards/words.js';
import { internalErrors, type TestEnv } from '../helpers.js';
import {
  actOnce,
  at,
  CH,
  chooseFirst,
  eventRows,
  giveAll,
  GM,
  info,
  ok,
  outboxRows,
  startedCards,
  storedState,
  USERS,
  cardDataOf,
  cardEventOf,
} from './helpers.js';

let env: TestEnv;
afterEach(async () => {
  await env?.close();
  expect(internalErrors).toEqual([]);
});

/** The AI in this thread, without search (the worker runs the same `runAiJob`). */
const inThread = async (job: AiJob): Promise<AiAnswer> =>
  runAiJob({ ...job, ...(job.kind === 'cards' ? { playouts: 0 } : {}) });

/** Hands seat `seat` to a computer player. */
async function toComputer(seat: number): Promise<void> {
  ok(await gmReplaceCards(env.deps, at(GM), { seat, computer: true }));
}

/** Plays every due computer seat until none is due (each answer may make another computer seat due). */
async function playComputers(options: CardComputersOptions = {}): Promise<number> {
  const seats = cardComputerSeats(env.deps, { ask: inThread, ...options });
  let played = 0;
  for (let i = 0; i < 1000; i++) {
    const round = await seats.play();
    if (round.length === 0) return played;
    await Promise.all(round);
    played += round.length;
  }
  throw new Error('computer seats never stopped');
}

describe('card game: computer seats', () => {
  it('the game master hands a seat to a computer player (the channel is told) and back; never the last person', async () => {
    env = await startedCards(2);
    await toComputer(1);
    const g = await info(env);
    expect(g.seats.find((s) => s.seat === 1)!.userId).toMatch(/^computer:/);
    expect(await gmReplaceCards(env.deps, at(GM), { seat: 0, computer: true })).toMatchObject({
      ok: false,
      error: expect.stringContaining('a table of computer players only is refused'),
    });
    expect(await gmReplaceCards(env.deps, at(GM), { seat: 0, userId: USERS[3], computer: true })).toMatchObject({
      ok: false,
      error: expect.stringContaining('either to a user or to a computer player'),
    });
    const notices = (await outboxRows(env))
      .filter((r) => r.kind === 'notice')
      .map((r) => (r.payload as { text: string }).text);
    expect(notices.at(-1)).toMatch(/^The game master handed .+ to a computer player \(normal\)\.$/);
    // named as a computer player in the table; no DM is queued for it
    const table = cardTableText(g.table!, g.seats, g.deadline, false);
    expect(table.text).toContain('a computer player (');
    expect(table.text).not.toContain('computer:');
    expect((await outboxRows(env)).filter((r) => r.targetKind === 'user' && r.target.startsWith('computer:'))).toEqual(
      [],
    );
    // and back to a person
    ok(await gmReplaceCards(env.deps, at(GM), { seat: 1, userId: USERS[3] }));
    expect((await info(env)).seats.find((s) => s.seat === 1)!).toMatchObject({ userId: USERS[3], notify: 'mention' });
    expect(await cardComputerDuties(env.deps)).toEqual([]);
  });

  it('gives, chooses, wages and falls back through the use-cases; a game with computer seats ends and replays', async () => {
    env = await startedCards(3, { preset: 'standard', dynastyCards: true });
    await toComputer(1);
    await toComputer(2);
    for (let guard = 0; guard < 2000 && (await info(env)).phase !== 'finished'; guard++) {
      await playComputers();
      const g = await info(env);
      if (g.phase === 'finished') break;
      // the person at seat 0: gives, chooses the first state, falls back at once
      if (g.phase === 'give') await giveAll(env);
      else if (g.phase === 'choose') await chooseFirst(env);
      else if (g.toActUserId === USERS[0]) await actOnce(env, 'fallBack');
      else
        throw new Error(
          `a computer seat is due and did not play: ${JSON.stringify(await cardComputerDuties(env.deps))}`,
        );
    }
    expect((await info(env)).phase).toBe('finished');
    const rows = await eventRows(env);
    const byComputer = rows.filter((r) => r.actor.startsWith('user:computer:')).map((r) => r.action as Action);
    expect(new Set(byComputer.map((a) => a.type))).toEqual(new Set(['give', 'choose', 'wage', 'fallBack']));
    // fall backs with chosen effects and recruits went through the wizard's draft
    expect(
      byComputer.some((a) => a.type === 'fallBack' && (a.effects ?? []).some((e) => !('draw' in e && e.draw))),
    ).toBe(true);
    expect(byComputer.some((a) => a.type === 'fallBack' && (a.recruit ?? []).length > 0)).toBe(true);
    expect(rows.some((r) => r.actor === 'computer')).toBe(false);
    expect(ok(await verifyCardReplay(env.deps, (await info(env)).gameId)).same).toBe(true);
    // no ping ever went to a computer seat
    for (const r of (await outboxRows(env)).filter((x) => cardEventOf(x) === 'turn'))
      expect(cardDataOf(r, 'turn').userId).not.toMatch(/^computer:/);
  });

  it('a failed answer takes the default at once (never a stalled table)', async () => {
    env = await startedCards(2);
    await toComputer(1);
    const errors: unknown[] = [];
    await playComputers({ ask: () => Promise.reject(new Error('worker gone')), onError: (e) => errors.push(e) });
    expect((await storedState(env)).gives[1]).not.toBeNull();
    expect((await eventRows(env)).at(-1)!.actor).toBe('computer');
    expect(errors.map(String)).toEqual(['Error: worker gone']);
  });

  it('a refused answer on the same table takes the default; the log thread says why', async () => {
    env = await startedCards(2);
    await toComputer(1);
    const errors: unknown[] = [];
    await playComputers({
      ask: async () => ({ kind: 'cards', action: { type: 'give', seat: 1, cards: ['B01', 'B01'] } }),
      onError: (e) => errors.push(e),
    });
    expect((await eventRows(env)).at(-1)!.actor).toBe('computer');
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).not.toMatch(/\b(B\d\d|D\d\d|W\d)\b/);
    const log = (await outboxRows(env)).filter((r) => cardEventOf(r) === 'log').map((r) => cardDataOf(r, 'log').text);
    expect(log.at(-1)).toContain('the computer player could not decide: default');
  });

  it('an answer for a table that moved while it thought is dropped, and the new turn is asked again', async () => {
    env = await startedCards(2);
    await giveAll(env);
    await toComputer(1);
    const g = await info(env);
    // whoever chooses, the computer seat is asked when it is due; a GM replace in between moves the table
    let asked = 0;
    const slow = async (job: AiJob) => {
      asked++;
      if (asked === 1) ok(await gmReplaceCards(env.deps, at(GM), { seat: 0, userId: USERS[3] })); // the table moves
      return inThread(job);
    };
    if (g.phase === 'choose' && g.toAct === 1) {
      const v0 = (await info(env)).version;
      await Promise.all(await cardComputerSeats(env.deps, { ask: slow }).play());
      expect((await info(env)).phase).toBe('choose'); // dropped: asked on version v0, the table is at v0 + 1
      expect((await info(env)).version).toBe(v0 + 1);
      await playComputers();
      expect((await info(env)).phase).toBe('battle');
    } else {
      await chooseFirst(env);
      const due = await cardComputerDuties(env.deps);
      if (due.length === 0) await actOnce(env, 'fallBack');
      const v0 = (await info(env)).version;
      await Promise.all(await cardComputerSeats(env.deps, { ask: slow }).play());
      expect((await info(env)).version).toBe(v0 + 1);
      expect(
        (await eventRows(env)).filter(
          (r) => r.actor.startsWith('user:computer:') && r.seq > 2 && (r.action as Action).type !== 'give',
        ),
      ).toEqual([]);
      await playComputers();
      expect(
        (await eventRows(env)).some(
          (r) => r.actor.startsWith('user:computer:') && (r.action as Action).type !== 'give',
        ),
      ).toBe(true);
    }
  });

  it('a half-done fall-back draft (a restart in the middle of the wizard) is started again from the top', async () => {
    env = await startedCards(2);
    await toComputer(1);
    await playComputers();
    await giveAll(env);
    // play until the computer seat is to act in a battle with a claim, then leave a half-done draft in its name
    for (let guard = 0; guard < 200; guard++) {
      const g = await info(env);
      const s = await storedState(env);
      if (
        g.phase === 'battle' &&
        g.toAct === 1 &&
        ok(await startFallBack(env.deps, { channelId: CH, userId: g.toActUserId! }, { version: g.version })).draft
          .remaining.length > 0
      )
        break;
      if (g.phase === 'choose' && g.toAct === 0) await chooseFirst(env);
      else if (g.toAct === 0) await actOnce(env, 'wage');
      else await Promise.all(await cardComputerSeats(env.deps, { ask: inThread }).play());
      expect(s.phase).not.toBe('finished');
    }
    const g = await info(env);
    const caller = { channelId: CH, userId: g.toActUserId! };
    const draft = ok(await startFallBack(env.deps, caller, { version: g.version })).draft;
    const sym = draft.remaining[0]!;
    ok(await draftEffect(env.deps, caller, { version: g.version, effect: { symbol: sym, draw: true } }));
    const seq = (await storedState(env)) && (await eventRows(env)).length;
    await Promise.all(await cardComputerSeats(env.deps, { ask: inThread }).play());
    const last = (await eventRows(env))[seq]!;
    expect(last.actor).toBe(`user:${caller.userId}`);
    expect((last.action as Action).type).toMatch(/wage|fallBack/);
    expect(ok(await cardsMyView(env.deps, at(USERS[0]!))).game.version).toBeGreaterThan(g.version);
  });

  it('turns that time out while nobody asks it (the bot was down) never mark a computer seat away', async () => {
    env = await startedCards(2, { preset: 'standard' });
    await giveAll(env);
    await toComputer(1);
    for (let i = 0; i < 6 && (await info(env)).phase !== 'finished'; i++) {
      env.clock.advance(2 * 3_600_000);
      await sweepCardGames(env.deps);
    }
    expect(
      (await eventRows(env)).filter((r) => r.actor === 'timeout' && (r.action as Action).seat === 1).length,
    ).toBeGreaterThanOrEqual(2);
    expect((await info(env)).seats.find((s) => s.seat === 1)).toMatchObject({ away: false, timeouts: 0 });
    // and it plays its turn itself as soon as it is asked again
    const before = (await eventRows(env)).length;
    if ((await cardComputerDuties(env.deps)).length === 0) await actOnce(env, 'fallBack');
    await playComputers();
    expect((await eventRows(env)).slice(before).some((r) => r.actor.startsWith('user:computer:'))).toBe(true);
  });
});
