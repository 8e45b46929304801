import { afterEach, describe, expect, it } from 'vitest';
import { memberRef } from '../../../src/game/text-refs.js';
import {
  cardsDraft,
  cardsMyView,
  cardsPlayOptions,
  concedeCards,
  createCardGame,
  joinCardGame,
  gmExtendCards,
  gmKickCards,
  gmPauseCards,
  gmReplaceCards,
  gmResumeCards,
  gmRollbackCards,
  gmSkipCards,
  startFallBack,
  sweepCardGames,
  verifyCardReplay,
  wageBattle,
  cardTableText,
  dynastyLabel,
} from '../../../src/game/cards/index.js';
import { internalErrors, type TestEnv } from '../helpers.js';
import { gmCancel } from '../../../src/game/index.js';
import { makeEnv } from '../helpers.js';
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

const HOUR = 3_600_000;
let env: TestEnv;
afterEach(() => {
  env?.close();
  expect(internalErrors).toEqual([]);
});

function battle() {
  env = startedCards(3);
  giveAll(env);
  chooseFirst(env);
  return info(env);
}

describe('card game: game-master tools', () => {
  it('only the game master uses them', () => {
    const g = battle();
    expect(gmPauseCards(env.deps, at(g.seats[0]!.userId))).toEqual({
      ok: false,
      error: 'Only the game master can do that.',
    });
  });

  it('extend moves the deadline; pause freezes it and resume shifts it by the paused time', () => {
    const g = battle();
    ok(gmExtendCards(env.deps, at(GM), '30m'));
    expect(info(env).deadline).toBe(g.deadline! + 30 * 60_000);
    env.clock.advance(10 * 60_000);
    ok(gmPauseCards(env.deps, at(GM)));
    expect(info(env)).toMatchObject({ status: 'paused', deadline: null, pausedRemainingMs: HOUR + 20 * 60_000 });
    // a paused game refuses plays and never times out
    const me = g.toActUserId!;
    expect(wageBattle(env.deps, at(me), { bright: 'B01' })).toEqual({
      ok: false,
      error: 'The game is paused by the game master.',
    });
    env.clock.advance(10 * HOUR);
    expect(sweepCardGames(env.deps).timedOut).toBe(0);
    expect(gmPauseCards(env.deps, at(GM))).toEqual({ ok: false, error: 'The game is already paused.' });
    ok(gmResumeCards(env.deps, at(GM)));
    expect(info(env)).toMatchObject({ status: 'active', deadline: env.clock.t + HOUR + 20 * 60_000 });
    expect(gmResumeCards(env.deps, at(GM))).toEqual({ ok: false, error: 'The game is not paused.' });
  });

  it('skip applies the default now', () => {
    const g = battle();
    ok(gmSkipCards(env.deps, at(GM), { version: g.version }));
    expect(eventRows(env).at(-1)).toMatchObject({ actor: `gm:${GM}`, action: { type: 'fallBack', seat: g.toAct } });
    expect(gmSkipCards(env.deps, at(GM), { version: g.version })).toEqual({
      ok: false,
      error: 'The table changed — reopen.',
    });
  });

  it('replace hands a seat to another user, clears its draft and tells the previous holder', () => {
    const g = battle();
    const old = g.toActUserId!;
    ok(startFallBack(env.deps, at(old), { version: g.version }));
    expect(
      gmReplaceCards(env.deps, at(GM), { seat: g.toAct!, userId: g.seats.find((s) => s.userId !== old)!.userId }),
    ).toMatchObject({ ok: false, error: expect.stringContaining('one seat per player') });
    const r = ok(
      gmReplaceCards(env.deps, at(GM), { seat: g.table!.seats[g.toAct!]!.dynasty, userId: 'user-new' }),
    ).game;
    expect(r.toActUserId).toBe('user-new');
    expect(r.version).toBe(g.version + 1);
    expect(cardsDraft(env.deps, at('user-new'))).toMatchObject({ ok: false });
    expect(cardsMyView(env.deps, at(old))).toEqual({ ok: false, error: 'You are not seated in this game.' });
    expect(ok(cardsMyView(env.deps, at('user-new'))).view.seats[g.toAct!]!.hand).toEqual(
      storedState(env).seats[g.toAct!]!.hand,
    );
    const dm = outboxRows(env).find(
      (row) => row.kind === 'dm' && row.target === old && (row.payload as { reason: string }).reason === 'replaced',
    );
    expect(dm).toBeDefined();
  });

  it('rollback restores the start of the round and reshuffles the cards not yet drawn, deterministically', () => {
    const g = battle();
    const start = storedState(env);
    const seq = eventRows(env).length;
    actOnce(env, 'wage');
    actOnce(env, 'fallBack');
    expect(eventRows(env).length).toBe(seq + 2);
    const r = ok(gmRollbackCards(env.deps, at(GM))).game;
    const after = storedState(env);
    // everything as at the round's start but the order of the deck (and the PRNG that shuffled it)
    const { deck: d0, rng: rng0, ...rest0 } = start;
    const { deck: d1, rng: rng1, ...rest1 } = after;
    expect(rest1).toEqual(rest0);
    expect([...d1].sort()).toEqual([...d0].sort());
    expect(d1).not.toEqual(d0);
    expect(d1.slice(0, 5)).not.toEqual(d0.slice(0, 5)); // whoever drew in the undone round knows nothing of what comes
    expect(rng1).not.toBe(rng0);
    // the rollback is stored (one row, the round's new start), so replaying the rows rebuilds the state
    expect(eventRows(env).length).toBe(seq + 1);
    expect(eventRows(env).at(-1)).toMatchObject({ actor: `gm:${GM}`, action: { type: 'rollback', n: 1 } });
    expect(verifyCardReplay(env.deps, g.gameId)).toEqual({ ok: true, same: true });
    expect(r.version).toBeGreaterThan(g.version);
    expect(gmRollbackCards(env.deps, at(GM))).toEqual({
      ok: false,
      error: 'Nothing to roll back: no action was taken since the start of the round.',
    });
    // a second rollback of the same round shuffles again, differently
    actOnce(env, 'fallBack');
    ok(gmRollbackCards(env.deps, at(GM)));
    const again = storedState(env);
    expect([...again.deck].sort()).toEqual([...d0].sort());
    expect(again.deck).not.toEqual(d1);
    expect(eventRows(env).at(-1)).toMatchObject({ action: { type: 'rollback', n: 2 } });
    expect(verifyCardReplay(env.deps, g.gameId)).toEqual({ ok: true, same: true });
    expect(
      outboxRows(env).some(
        (row) => row.kind === 'notice' && String((row.payload as { text: string }).text).includes('reshuffled'),
      ),
    ).toBe(true);
  });

  it('the same stored rows give the same reshuffle (a rollback is deterministic from the stored game)', () => {
    const decks: string[][] = [];
    for (let k = 0; k < 2; k++) {
      battle();
      actOnce(env, 'wage');
      ok(gmRollbackCards(env.deps, at(GM)));
      decks.push(storedState(env).deck);
      env.close();
    }
    // makeEnv's random is seeded the same way both times: the same game, the same rollback, the same order
    expect(decks[1]).toEqual(decks[0]);
  });

  it('kick in the lobby frees the seat: the player may join again', () => {
    env = makeEnv();
    ok(createCardGame(env.deps, { channelId: CH, guildId: 'guild-1', userId: GM, seats: 3 }));
    ok(joinCardGame(env.deps, at(USERS[0]!), 'qin'));
    ok(joinCardGame(env.deps, at(USERS[1]!)));
    expect(gmKickCards(env.deps, at(USERS[0]!), { seat: 'qin' })).toEqual({
      ok: false,
      error: 'Only the game master can do that.',
    });
    expect(gmKickCards(env.deps, at(GM), { seat: 'chu' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('Nobody holds "chu" at this table'),
    });
    // by dynasty, or by the player's user id for a seat whose dynasty is drawn at the start (the bot reads a mention)
    ok(gmKickCards(env.deps, at(GM), { seat: 'Qin' }));
    ok(gmKickCards(env.deps, at(GM), { seat: USERS[1]! }));
    expect(info(env).seats).toEqual([]);
    const notices = outboxRows(env)
      .filter((row) => row.kind === 'notice')
      .map((row) => (row.payload as { text: string }).text);
    expect(notices).toEqual([
      `👢 The game master removed ${memberRef(USERS[0]!)} from the table (Qin 秦); the seat is free again.`,
      `👢 The game master removed ${memberRef(USERS[1]!)} from the table; the seat is free again.`,
    ]);
    ok(joinCardGame(env.deps, at(USERS[0]!), 'qin'));
  });

  it('kick during play: the seat stays, nobody holds it, its turns play at once with the defaults until a replace', () => {
    const g = battle();
    const seat = g.toAct!;
    const kicked = g.toActUserId!;
    const dyn = g.table!.seats[seat]!.dynasty;
    ok(startFallBack(env.deps, at(kicked), { version: g.version }));
    const kickedAt = eventRows(env).length;
    const r = ok(gmKickCards(env.deps, at(GM), { seat: dyn }));
    // it was the seat's turn: the default fall back played at once, noted in the log as the seat's default
    expect(eventRows(env).at(-1)).toMatchObject({ actor: 'vacant', action: { type: 'fallBack', seat } });
    expect(r.game.toAct).not.toBe(seat);
    expect(r.game.seats.map((x) => x.seat)).not.toContain(seat);
    expect(cardsMyView(env.deps, at(kicked))).toEqual({ ok: false, error: 'You are not seated in this game.' });
    // the channel is told once; the player by DM; the log says why the default played
    const notices = outboxRows(env)
      .filter((row) => row.kind === 'notice')
      .map((row) => (row.payload as { text: string }).text);
    expect(notices.filter((t) => t.startsWith('👢'))).toEqual([
      `👢 The game master removed ${memberRef(kicked)} from ${dynastyLabel(dyn)}. Nobody holds the seat now: its turns play at once with the defaults (as an away player's do) until the game master hands it to someone with \`/gm replace\`.`,
    ]);
    expect(
      outboxRows(env).filter(
        (row) =>
          row.kind === 'dm' &&
          row.target === kicked &&
          String((row.payload as { text: string }).text).includes('removed you'),
      ),
    ).toHaveLength(1);
    const logs = outboxRows(env)
      .filter((row) => cardEventOf(row) === 'log')
      .map((row) => cardDataOf(row, 'log').text);
    expect(logs.at(-1)).toContain('nobody holds the seat: default');
    // the table shows the empty seat
    const table = cardTableText(r.game.table!, r.game.seats, null);
    expect(table.text).toContain(`${dynastyLabel(dyn)} — fell back`);
    expect(table.text).toContain('nobody holds the seat: defaults');
    expect(gmKickCards(env.deps, at(GM), { seat: dyn })).toMatchObject({
      ok: false,
      error: expect.stringContaining(`Nobody holds "${dyn}"`),
    });
    // no ping ever goes to a seat nobody holds; the next round plays through it without waiting for its clock
    for (let i = 0; i < 30 && info(env).round === g.round; i++) actOnce(env, 'fallBack');
    const rows = eventRows(env).slice(kickedAt);
    expect(rows.filter((row) => row.actor === 'vacant').length).toBeGreaterThanOrEqual(1);
    expect(rows.filter((row) => row.actor === `user:${kicked}`)).toHaveLength(0);
    // replace fills the seat again: its turns wait for the new player
    const filled = ok(gmReplaceCards(env.deps, at(GM), { seat: dyn, userId: 'user-new' })).game;
    expect(filled.seats.find((x) => x.seat === seat)).toMatchObject({ userId: 'user-new', away: false });
    expect(
      outboxRows(env).some(
        (row) =>
          row.kind === 'dm' &&
          row.target === kicked &&
          (row.payload as { reason: string }).reason === 'replaced' &&
          String((row.payload as { text: string }).text).includes('handed'),
      ),
    ).toBe(false);
    expect(ok(cardsMyView(env.deps, at('user-new'))).view.seats[seat]!.hand).toEqual(
      storedState(env).seats[seat]!.hand,
    );
    expect(verifyCardReplay(env.deps, g.gameId)).toEqual({ ok: true, same: true });
  });

  it('a conceded seat falls back at once on each of its turns', () => {
    const g = battle();
    const me = g.toActUserId!;
    ok(concedeCards(env.deps, at(me)));
    expect(eventRows(env).at(-1)).toMatchObject({ actor: 'conceded', action: { type: 'fallBack', seat: g.toAct } });
    expect(concedeCards(env.deps, at(me))).toEqual({ ok: false, error: 'You have already conceded.' });
    expect(cardsPlayOptions(env.deps, at(me))).toMatchObject({ ok: true });
  });
});

describe('card game: cancelled by the game master', () => {
  it('drops the pending turn pings (a prompt is untrue once the game is over) and keeps the log lines and summaries', () => {
    battle();
    const pending = () => outboxRows(env).filter((r) => r.sentAt === null && r.failedAt === null);
    expect(pending().some((r) => cardEventOf(r) === 'turn')).toBe(true);
    expect(pending().some((r) => cardEventOf(r) === 'log')).toBe(true);
    ok(gmCancel(env.deps, { ...at(GM), canManageServer: false }));
    const dropped = outboxRows(env).filter((r) => r.lastError === 'cancelled with the game');
    expect(dropped.some((r) => cardEventOf(r) === 'turn')).toBe(true);
    expect(pending().filter((r) => cardEventOf(r) === 'turn')).toEqual([]);
    expect(pending().some((r) => cardEventOf(r) === 'log')).toBe(true);
  });
});
