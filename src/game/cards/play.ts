/**
 * A seated player's actions: the setup give, the choice of the next battle, wage battle, concede, away and
 * notify. Each is one transaction; a refusal changes nothing. Plays carry the table `version` the player saw:
 * when the table moved since, the play is refused with "The table changed — reopen."
 */
import { eq } from 'drizzle-orm';
import { matchDynasty } from './lobby.js';
import {
  holderName,
  fail,
  inReadTransaction,
  inTransaction,
  type Caller,
  type GameDeps,
  type Refusal,
  type Result,
  timeRef,
  typed,
} from '../core/index.js';
import { fallBackOption, legalWages, privateView, type Action, type Seat, type StateId } from '../../cardgame/index.js';
import type { Tx } from '../../store/store.js';
import { cardSeats, type CardSeatRow } from './tables.js';
import { commitAction, markPresentInTx, runAutomatic } from './commit.js';
import { queueLog, queueTable } from './outbox.js';
import { msg, type Msg } from '../../i18n/index.js';
import { dynastyMsg } from './names.js';
import { bumpVersion, infoOf, openCardGame, reload, seatOfUser, staleTable, type CardCtx } from './store.js';
import type { CardGameInfo, CardNotifyMode, CardPlayOptions, CardWageInput } from './types.js';

export type SeatCtx = { ctx: CardCtx; row: CardSeatRow; seat: Seat };

/** The caller's seat in the channel's running card game, or a sentence. */
export async function seatCtx(
  tx: Tx,
  caller: Caller,
  opts: { allowPaused?: boolean } = {},
): Promise<SeatCtx | Refusal> {
  const ctx = await openCardGame(tx, caller.channelId);
  if ('ok' in ctx) return ctx;
  const row = seatOfUser(ctx, caller.userId);
  if (!row) return fail(msg('cards.refused.notSeated'));
  if (ctx.game.status === 'forming' || !ctx.state || row.seat === null) return fail(msg('cards.refused.notStarted'));
  if (ctx.game.status === 'paused' && !opts.allowPaused) return fail(msg('cards.refused.paused'));
  return { ctx, row, seat: row.seat };
}

function checkVersion(ctx: CardCtx, version: number | undefined | null): Refusal | null {
  if (version === undefined || version === null) return null;
  return version === ctx.card.version ? null : staleTable();
}

/** "It is @u's turn (deadline in 2 hours)" for someone pressing an action out of turn. */
export function notYourTurn(ctx: CardCtx): Msg {
  const info = infoOf(ctx);
  if (info.phase === 'give') return msg('cards.refused.everyoneGives');
  if (info.toActUserId === null) return msg('cards.refused.nobodyToAct');
  const who = holderName(info.toActUserId);
  return info.deadline
    ? msg('cards.refused.turnOfDue', { who, deadline: timeRef(info.deadline, 'R') })
    : msg('cards.refused.turnOf', { who });
}

/** Commits a player's action and lets away seats that follow resolve; the result carries the public events. */
async function playerAction(
  deps: GameDeps,
  caller: Caller,
  version: number | null | undefined,
  build: (sc: SeatCtx) => Action | Refusal,
): Promise<Result<{ game: CardGameInfo }>> {
  return await inTransaction(deps, async (tx, changed) => {
    const sc = await seatCtx(tx, caller);
    if ('ok' in sc) return sc;
    const stale = checkVersion(sc.ctx, version);
    if (stale) return stale;
    const action = build(sc);
    if ('ok' in action) return action;
    const now = deps.now();
    await markPresentInTx(tx, sc.ctx, caller.userId);
    const r = await commitAction(tx, await reload(tx, sc.ctx), action, `user:${caller.userId}`, now);
    if ('ok' in r) return r;
    const after = await runAutomatic(tx, r, now);
    changed(sc.ctx.game.id);
    return { ok: true, game: infoOf(after) };
  });
}

/**
 * Setup (docs/cardgame.md "Lobby and setup"): the caller's 2 cards for the recruiting row, changeable until every seat
 * has chosen or the deadline passes (then D-21's default).
 */
export async function giveCards(
  deps: GameDeps,
  caller: Caller,
  cards: string[],
): Promise<Result<{ game: CardGameInfo }>> {
  return await playerAction(deps, caller, null, ({ ctx, seat }) => {
    if (ctx.state!.phase !== 'give') return fail(msg('cards.refused.giveOver'));
    if (!Array.isArray(cards)) return fail(msg('cards.refused.chooseTwo'));
    return { type: 'give', seat, cards: cards.map(String) };
  });
}

/** The chooser picks the state to battle in (and, after a Spy claim, the start seat by seat number or dynasty). */
export async function chooseBattle(
  deps: GameDeps,
  caller: Caller,
  input: { version?: number | null; state: string; start?: number | string | null },
): Promise<Result<{ game: CardGameInfo }>> {
  return await playerAction(deps, caller, input.version, ({ ctx, seat }) => {
    const s = ctx.state!;
    if (s.phase !== 'choose') return fail(msg('cards.refused.noChoice'));
    if (s.chooser?.seat !== seat) return fail(msg('cards.refused.chooserTurn', { why: notYourTurn(ctx) }));
    // No state named (the wizard's default button): the engine takes the default state (docs/cardgame.md "Defaults").
    const state = String(input.state ?? '')
      .trim()
      .toLowerCase() as StateId;
    const a: Action = { type: 'choose', seat, ...(state ? { state } : {}) };
    if (input.start !== undefined && input.start !== null && input.start !== '') {
      const n =
        typeof input.start === 'number'
          ? input.start
          : s.seats.findIndex((x) => x.dynasty === matchDynasty(String(input.start)));
      if (!Number.isInteger(n) || n < 0 || n >= s.seats.length)
        return fail(msg('cards.refused.noSeat', { seat: typed(input.start) }));
      a.start = n;
    }
    return a;
  });
}

/**
 * Wage battle (docs/cardgame.md "The play wizard"): a bright (or wild) card and an optional second card, re-validated
 * by the engine.
 */
export async function wageBattle(
  deps: GameDeps,
  caller: Caller,
  input: CardWageInput & { version?: number | null },
): Promise<Result<{ game: CardGameInfo }>> {
  return await playerAction(deps, caller, input.version, ({ ctx, seat }) => {
    const s = ctx.state!;
    if (s.phase !== 'battle' && s.phase !== 'tiebreak') return fail(msg('cards.refused.noBattle'));
    if (s.turnSeat !== seat) return fail(notYourTurn(ctx));
    const a: Action = { type: 'wage', seat, bright: String(input.bright ?? '') };
    if (input.dark) a.dark = String(input.dark);
    if (input.dynasty) a.dynasty = true;
    if (input.cover) a.cover = input.cover;
    if (input.take) a.take = String(input.take);
    if (input.give) a.give = String(input.give);
    if (input.takeBack) a.takeBack = String(input.takeBack);
    return a;
  });
}

/** The seat's own view, legal plays and fall-back preview (ephemeral replies only: it holds the hand). */
export async function cardsPlayOptions(deps: GameDeps, caller: Caller): Promise<Result<CardPlayOptions>> {
  return await inReadTransaction(deps, async (tx) => {
    const sc = await seatCtx(tx, caller, { allowPaused: true });
    if ('ok' in sc) return sc;
    const s = sc.ctx.state!;
    const wages = legalWages(s, sc.seat).map(({ type: _t, seat: _s, ...w }) => w as CardWageInput);
    const { options: _o, ...fallBack } = fallBackOption(s, sc.seat, false);
    return { ok: true, game: infoOf(sc.ctx), seat: sc.seat, view: privateView(s, sc.seat), wages, fallBack };
  });
}

/** The caller's hand and own view, whatever the phase (My hand). */
export async function cardsMyView(
  deps: GameDeps,
  caller: Caller,
): Promise<Result<{ game: CardGameInfo; seat: Seat; view: ReturnType<typeof privateView> }>> {
  return await inReadTransaction(deps, async (tx) => {
    const sc = await seatCtx(tx, caller, { allowPaused: true });
    if ('ok' in sc) return sc;
    return { ok: true, game: infoOf(sc.ctx), seat: sc.seat, view: privateView(sc.ctx.state!, sc.seat) };
  });
}

/**
 * Concede: the seat's turns fall back at once with the defaults from now on (docs/cardgame.md "Commands": `/concede`).
 */
export async function concedeCards(deps: GameDeps, caller: Caller): Promise<Result<{ game: CardGameInfo }>> {
  return await inTransaction(deps, async (tx, changed) => {
    const sc = await seatCtx(tx, caller, { allowPaused: true });
    if ('ok' in sc) return sc;
    if (sc.row.conceded) return fail(msg('cards.refused.conceded'));
    const now = deps.now();
    await tx.update(cardSeats).set({ conceded: true, away: true }).where(eq(cardSeats.id, sc.row.id));
    await bumpVersion(tx, sc.ctx, now);
    const ctx = await reload(tx, sc.ctx);
    await queueLog(
      tx,
      ctx,
      `concede:${sc.seat}`,
      msg('cards.log.conceded', { dynasty: dynastyMsg(ctx.state!.seats[sc.seat]!.dynasty) }),
      now,
    );
    await queueTable(tx, ctx, now);
    const after = await runAutomatic(tx, ctx, now);
    changed(ctx.game.id);
    return { ok: true, game: infoOf(after) };
  });
}

/** `/cards away on|off` (docs/cardgame.md "Absence"): while on, the seat's turns resolve at once with the defaults. */
export async function setCardsAway(
  deps: GameDeps,
  caller: Caller,
  on: boolean,
): Promise<Result<{ game: CardGameInfo }>> {
  return await inTransaction(deps, async (tx, changed) => {
    const ctx0 = await openCardGame(tx, caller.channelId);
    if ('ok' in ctx0) return ctx0;
    const row = seatOfUser(ctx0, caller.userId);
    if (!row) return fail(msg('cards.refused.notSeated'));
    if (row.conceded) return fail(msg('cards.refused.concededAway'));
    if (row.away === on) return fail(msg(on ? 'cards.refused.alreadyAway' : 'cards.refused.notAway'));
    const now = deps.now();
    await tx.update(cardSeats).set({ away: on, timeouts: 0 }).where(eq(cardSeats.id, row.id));
    let ctx = await reload(tx, ctx0);
    await queueTable(tx, ctx, now);
    if (on) ctx = await runAutomatic(tx, ctx, now);
    changed(ctx.game.id);
    return { ok: true, game: infoOf(ctx) };
  });
}

/** `/cards notify mode:` how the player is told of their turn. */
export async function setCardsNotify(
  deps: GameDeps,
  caller: Caller,
  mode: string,
): Promise<Result<{ game: CardGameInfo; mode: CardNotifyMode }>> {
  return await inTransaction(deps, async (tx) => {
    const ctx = await openCardGame(tx, caller.channelId);
    if ('ok' in ctx) return ctx;
    const row = seatOfUser(ctx, caller.userId);
    if (!row) return fail(msg('cards.refused.notSeated'));
    const m = String(mode ?? '')
      .trim()
      .toLowerCase();
    if (m !== 'mention' && m !== 'dm' && m !== 'off')
      return fail(msg('cards.refused.notifyMode', { mode: typed(mode) }));
    await tx.update(cardSeats).set({ notify: m }).where(eq(cardSeats.id, row.id));
    return { ok: true, game: infoOf(await reload(tx, ctx)), mode: m };
  });
}

/**
 * Any interaction of a seated player clears their away mark (docs/cardgame.md "Absence"); the bot calls it on button
 * presses.
 */
export async function markCardsPresent(deps: GameDeps, caller: Caller): Promise<Result<object>> {
  return await inTransaction(deps, async (tx, changed) => {
    const ctx = await openCardGame(tx, caller.channelId);
    if ('ok' in ctx) return { ok: true };
    const row = seatOfUser(ctx, caller.userId);
    if (!row || row.conceded || (!row.away && row.timeouts === 0)) return { ok: true };
    await markPresentInTx(tx, ctx, caller.userId);
    await queueTable(tx, ctx, deps.now());
    changed(ctx.game.id);
    return { ok: true };
  });
}
