import { afterEach, describe, expect, it } from 'vitest';
import { memberRef } from '../../../src/game/core/text-refs.js';
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
  dynastyLabel,
} from '../../../src/game/cards/index.js';
import { cardTableText } from '../../../src/bot/cards/words.js';
import { internalErrors, type TestEnv, makeEnv } from '../helpers.js';
import { gmCancel } from '../../../src/game/gm/index.js';
import { createGame } from '../../../src/game/lobby/index.js';
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
afterEach(async () => {
  await env?.close();
  expect(internalErrors).toEqual([]);
});

async function battle() {
  env = await startedCards(3);
  await giveAll(env);
  await chooseFirst(env);
  return await info(env);
}

describe('card game: game-master tools', () => {
  it('only the game master uses them', async () => {
    const g = await battle();
    expect(await gmPauseCards(env.deps, at(g.seats[0]!.userId))).toMatchObject({
      ok: false,
      error: 'Only the game master can do that.',
    });
  });

  it('extend moves the deadline; pause freezes it and resume shifts it by the paused time', async () => {
    const g = await battle();
    ok(await gmExtendCards(env.deps, at(GM), '30m'));
    expect((await info(env)).deadline).toBe(g.deadline! + 30 * 60_000);
    env.clock.advance(10 * 60_000);
    ok(await gmPauseCards(env.deps, at(GM)));
    expect(await info(env)).toMatchObject({ status: 'paused', deadline: null, pausedRemainingMs: HOUR + 20 * 60_000 });
    // a paused game refuses plays and never times out
    const me = g.toActUserId!;
    expect(await wageBattle(env.deps, at(me), { bright: 'B01' })).toMatchObject({
      ok: false,
      error: 'The game is paused by the game master.',
    });
    env.clock.advance(10 * HOUR);
    expect((await sweepCardGames(env.deps)).timedOut).toBe(0);
    expect(await gmPauseCards(env.deps, at(GM))).toMatchObject({ ok: false, error: 'The game is already paused.' });
    ok(await gmResumeCards(env.deps, at(GM)));
    expect(await info(env)).toMatchObject({ status: 'active', deadline: env.clock.t + HOUR + 20 * 60_000 });
    expect(await gmResumeCards(env.deps, at(GM))).toMatchObject({ ok: false, error: 'The game is not paused.' });
  });

  it('skip applies the default now', async () => {
    const g = await battle();
    ok(await gmSkipCards(env.deps, at(GM), { version: g.version }));
    expect((await eventRows(env)).at(-1)).toMatchObject({
      actor: `gm:${GM}`,
      action: { type: 'fallBack', seat: g.toAct },
    });
    expect(await gmSkipCards(env.deps, at(GM), { version: g.version })).toMatchObject({
      ok: false,
      error: 'The table changed — reopen.',
    });
  });

  it('replace hands a seat to another user, clears its draft and tells the previous holder', async () => {
    const g = await battle();
    const old = g.toActUserId!;
    ok(await startFallBack(env.deps, at(old), { version: g.version }));
    expect(
      await gmReplaceCards(env.deps, at(GM), { seat: g.toAct!, userId: g.seats.find((s) => s.userId !== old)!.userId }),
    ).toMatchObject({ ok: false, error: expect.stringContaining('one seat per player') });
    const replaced = ok(
      await gmReplaceCards(env.deps, at(GM), { seat: g.table!.seats[g.toAct!]!.dynasty, userId: 'user-new' }),
    );
    // The reply says a draft was cleared only when there was one.
    expect(replaced.draftCleared).toBe(true);
    const r = replaced.game;
    expect(r.toActUserId).toBe('user-new');
    expect(r.version).toBe(g.version + 1);
    expect(await cardsDraft(env.deps, at('user-new'))).toMatchObject({ ok: false });
    expect(await cardsMyView(env.deps, at(old))).toMatchObject({
      ok: false,
      error: 'You are not seated in this game.',
    });
    expect(ok(await cardsMyView(env.deps, at('user-new'))).view.seats[g.toAct!]!.hand).toEqual(
      (await storedState(env)).seats[g.toAct!]!.hand,
    );
    const dm = (await outboxRows(env)).find(
      (row) => row.kind === 'dm' && row.target === old && (row.payload as { reason: string }).reason === 'replaced',
    );
    expect(dm).toBeDefined();
    const back = ok(await gmReplaceCards(env.deps, at(GM), { seat: g.table!.seats[g.toAct!]!.dynasty, userId: old }));
    expect(back.draftCleared).toBe(false);
  });

  it('rollback restores the start of the round and reshuffles the cards not yet drawn, deterministically', async () => {
    const g = await battle();
    const start = await storedState(env);
    const seq = (await eventRows(env)).length;
    await actOnce(env, 'wage');
    await actOnce(env, 'fallBack');
    expect((await eventRows(env)).length).toBe(seq + 2);
    const r = ok(await gmRollbackCards(env.deps, at(GM))).game;
    const after = await storedState(env);
    // everything as at the round's start but the order of the deck (and the PRNG that shuffled it)
    const { deck: d0, rng: rng0, ...rest0 } = start;
    const { deck: d1, rng: rng1, ...rest1 } = after;
    expect(rest1).toEqual(rest0);
    expect([...d1].sort()).toEqual([...d0].sort());
    expect(d1).not.toEqual(d0);
    expect(d1.slice(0, 5)).not.toEqual(d0.slice(0, 5)); // whoever drew in the undone round knows nothing of what comes
    expect(rng1).not.toBe(rng0);
    // the rollback is stored (one row, the round's new start), so replaying the rows rebuilds the state
    expect((await eventRows(env)).length).toBe(seq + 1);
    expect((await eventRows(env)).at(-1)).toMatchObject({ actor: `gm:${GM}`, action: { type: 'rollback', n: 1 } });
    expect(await verifyCardReplay(env.deps, g.gameId)).toEqual({ ok: true, same: true });
    expect(r.version).toBeGreaterThan(g.version);
    expect(await gmRollbackCards(env.deps, at(GM))).toMatchObject({
      ok: false,
      error: 'Nothing to roll back: no action was taken since the start of the round.',
    });
    // a second rollback of the same round shuffles again, differently
    await actOnce(env, 'fallBack');
    ok(await gmRollbackCards(env.deps, at(GM)));
    const again = await storedState(env);
    expect([...again.deck].sort()).toEqual([...d0].sort());
    expect(again.deck).not.toEqual(d1);
    expect((await eventRows(env)).at(-1)).toMatchObject({ action: { type: 'rollback', n: 2 } });
    expect(await verifyCardReplay(env.deps, g.gameId)).toEqual({ ok: true, same: true });
    expect(
      (await outboxRows(env)).some(
        (row) => row.kind === 'notice' && String((row.payload as { text: string }).text).includes('reshuffled'),
      ),
    ).toBe(true);
  });

  it('says which round a rollback goes back to: none before a play, the round just played while the next is chosen', async () => {
    const g = await battle();
    expect(g.rollbackRound).toBeNull();
    await actOnce(env, 'wage');
    expect((await info(env)).rollbackRound).toBe(1);
    while ((await storedState(env)).phase === 'battle') await actOnce(env, 'fallBack');
    const choosing = await info(env);
    expect([choosing.phase, choosing.round, choosing.rollbackRound]).toEqual(['choose', 2, 1]);
    ok(await gmRollbackCards(env.deps, at(GM)));
    const back = await storedState(env);
    expect([back.phase, back.round]).toEqual(['battle', 1]);
    expect((await info(env)).rollbackRound).toBeNull();
  });

  it('the same stored rows give the same reshuffle (a rollback is deterministic from the stored game)', async () => {
    const decks: string[][] = [];
    for (let k = 0; k < 2; k++) {
      await battle();
      await actOnce(env, 'wage');
      ok(await gmRollbackCards(env.deps, at(GM)));
      decks.push((await storedState(env)).deck);
      await env.close();
    }
    // makeEnv's random is seeded the same way both times: the same game, the same rollback, the same order
    expect(decks[1]).toEqual(decks[0]);
  });

  it('kick in the lobby frees the seat: the player may join again', async () => {
    env = await makeEnv();
    ok(await createCardGame(env.deps, { channelId: CH, guildId: 'guild-1', userId: GM, seats: 3 }));
    ok(await joinCardGame(env.deps, at(USERS[0]!), 'qin'));
    ok(await joinCardGame(env.deps, at(USERS[1]!)));
    expect(await gmKickCards(env.deps, at(USERS[0]!), { seat: 'qin' })).toMatchObject({
      ok: false,
      error: 'Only the game master can do that.',
    });
    expect(await gmKickCards(env.deps, at(GM), { seat: 'chu' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('Nobody holds "chu" at this table'),
    });
    // by dynasty, or by the player's user id for a seat whose dynasty is drawn at the start (the bot reads a mention)
    ok(await gmKickCards(env.deps, at(GM), { seat: 'Qin' }));
    ok(await gmKickCards(env.deps, at(GM), { seat: USERS[1]! }));
    expect((await info(env)).seats).toEqual([]);
    const notices = (await outboxRows(env))
      .filter((row) => row.kind === 'notice')
      .map((row) => (row.payload as { text: string }).text);
    expect(notices).toEqual([
      `👢 The game master removed ${memberRef(USERS[0]!)} from the table (Qin 秦); the seat is free again.`,
      `👢 The game master removed ${memberRef(USERS[1]!)} from the table; the seat is free again.`,
    ]);
    ok(await joinCardGame(env.deps, at(USERS[0]!), 'qin'));
  });

  it('kick during play: the seat stays, nobody holds it, its turns play at once with the defaults until a replace', async () => {
    const g = await battle();
    const seat = g.toAct!;
    const kicked = g.toActUserId!;
    const dyn = g.table!.seats[seat]!.dynasty;
    ok(await startFallBack(env.deps, at(kicked), { version: g.version }));
    const kickedAt = (await eventRows(env)).length;
    const r = ok(await gmKickCards(env.deps, at(GM), { seat: dyn }));
    // it was the seat's turn: the default fall back played at once, noted in the log as the seat's default
    expect((await eventRows(env)).at(-1)).toMatchObject({ actor: 'vacant', action: { type: 'fallBack', seat } });
    expect(r.game.toAct).not.toBe(seat);
    expect(r.game.seats.map((x) => x.seat)).not.toContain(seat);
    expect(await cardsMyView(env.deps, at(kicked))).toMatchObject({
      ok: false,
      error: 'You are not seated in this game.',
    });
    // the channel is told once; the player by DM; the log says why the default played
    const notices = (await outboxRows(env))
      .filter((row) => row.kind === 'notice')
      .map((row) => (row.payload as { text: string }).text);
    expect(notices.filter((t) => t.startsWith('👢'))).toEqual([
      `👢 The game master removed ${memberRef(kicked)} from ${dynastyLabel(dyn)}. Nobody holds the seat now: its turns play at once with the defaults (as an away player's do) until the game master hands it to someone with \`/gm replace\`.`,
    ]);
    expect(
      (await outboxRows(env)).filter(
        (row) =>
          row.kind === 'dm' &&
          row.target === kicked &&
          String((row.payload as { text: string }).text).includes('removed you'),
      ),
    ).toHaveLength(1);
    const logs = (await outboxRows(env))
      .filter((row) => cardEventOf(row) === 'log')
      .map((row) => cardDataOf(row, 'log').text);
    expect(logs.at(-1)).toContain('nobody holds the seat: default');
    // the table shows the empty seat
    const table = cardTableText(r.game.table!, r.game.seats, null);
    expect(table.text).toContain(`${dynastyLabel(dyn)} — fell back`);
    expect(table.text).toContain('nobody holds the seat: defaults');
    expect(await gmKickCards(env.deps, at(GM), { seat: dyn })).toMatchObject({
      ok: false,
      error: expect.stringContaining(`Nobody holds "${dyn}"`),
    });
    // no ping ever goes to a seat nobody holds; the next round plays through it without waiting for its clock
    for (let i = 0; i < 30 && (await info(env)).round === g.round; i++) await actOnce(env, 'fallBack');
    const rows = (await eventRows(env)).slice(kickedAt);
    expect(rows.filter((row) => row.actor === 'vacant').length).toBeGreaterThanOrEqual(1);
    expect(rows.filter((row) => row.actor === `user:${kicked}`)).toHaveLength(0);
    // replace fills the seat again: its turns wait for the new player
    const filled = ok(await gmReplaceCards(env.deps, at(GM), { seat: dyn, userId: 'user-new' })).game;
    expect(filled.seats.find((x) => x.seat === seat)).toMatchObject({ userId: 'user-new', away: false });
    expect(
      (await outboxRows(env)).some(
        (row) =>
          row.kind === 'dm' &&
          row.target === kicked &&
          (row.payload as { reason: string }).reason === 'replaced' &&
          String((row.payload as { text: string }).text).includes('handed'),
      ),
    ).toBe(false);
    expect(ok(await cardsMyView(env.deps, at('user-new'))).view.seats[seat]!.hand).toEqual(
      (await storedState(env)).seats[seat]!.hand,
    );
    expect(await verifyCardReplay(env.deps, g.gameId)).toEqual({ ok: true, same: true });
  });

  it('a conceded seat falls back at once on each of its turns', async () => {
    const g = await battle();
    const me = g.toActUserId!;
    ok(await concedeCards(env.deps, at(me)));
    expect((await eventRows(env)).at(-1)).toMatchObject({
      actor: 'conceded',
      action: { type: 'fallBack', seat: g.toAct },
    });
    expect(await concedeCards(env.deps, at(me))).toMatchObject({ ok: false, error: 'You have already conceded.' });
    expect(await cardsPlayOptions(env.deps, at(me))).toMatchObject({ ok: true });
  });
});

describe('card game: cancelled by the game master', () => {
  it('drops the pending turn pings (a prompt is untrue once the game is over) and keeps the log lines and summaries', async () => {
    await battle();
    const pending = async () => (await outboxRows(env)).filter((r) => r.sentAt === null && r.failedAt === null);
    expect((await pending()).some((r) => cardEventOf(r) === 'turn')).toBe(true);
    expect((await pending()).some((r) => cardEventOf(r) === 'log')).toBe(true);
    ok(await gmCancel(env.deps, { ...at(GM), canManageServer: false }));
    const dropped = (await outboxRows(env)).filter((r) => r.lastError === 'cancelled with the game');
    expect(dropped.some((r) => cardEventOf(r) === 'turn')).toBe(true);
    expect((await pending()).filter((r) => cardEventOf(r) === 'turn')).toEqual([]);
    expect((await pending()).some((r) => cardEventOf(r) === 'log')).toBe(true);
  });

  it('then says the card game is over, until a later game of the channel (the latest by creation) is not one', async () => {
    await battle();
    ok(await gmCancel(env.deps, { ...at(GM), canManageServer: false }));
    expect(await cardsMyView(env.deps, at(USERS[0]!))).toMatchObject({
      ok: false,
      error: 'The card game in this channel is over. Anyone can start a new one with `/game create`.',
    });
    ok(await createGame(env.deps, { channelId: CH, guildId: 'guild-1', userId: GM, variantId: 'classic' }));
    ok(await gmCancel(env.deps, { ...at(GM), canManageServer: false }));
    expect(await cardsMyView(env.deps, at(USERS[0]!))).toMatchObject({
      ok: false,
      error: expect.stringContaining('There is no card game in this channel.'),
    });
  });
});
