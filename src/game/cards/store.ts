/**
 * Reading and writing a card game inside a use-case's transaction: the `games` row, its `card_games` row, its
 * seats, and the parsed engine state. Nothing here logs anything (the state holds every hand).
 */
import { first, type Tx } from '../../store/store.js';
import { CARD_GAME } from '../../cardgame/identity.js';
import { and, asc, eq } from 'drizzle-orm';
import { type CardGameState, type Seat, publicView } from '../../cardgame/index.js';
import { gameById, gameNotFinished, idText, latestGameByChannel, openGameByChannel } from '../../store/queries.js';
import { games, type GameRow } from '../../store/schema.js';
import { fail, type Refusal } from '../core/index.js';
import { msg } from '../../i18n/index.js';
import { cardDrafts, cardGames, cardSeats, type CardDraftRow, type CardGameRow, type CardSeatRow } from './tables.js';
import {
  CARD_KIND,
  type CardGameInfo,
  type CardGameSettings,
  type CardEngineSetup,
  type CardPhase,
  type CardSeatInfo,
} from './types.js';

export interface CardCtx {
  game: GameRow;
  card: CardGameRow;
  seats: CardSeatRow[];
  state: CardGameState | null;
}

/** The refusal's English (`cards.refused.stale`): the bot knows a stale view by it, the tests read it. */
export const STALE = 'The table changed — reopen.';

/** The table moved since the view the player acted on (`STALE` in English). */
export function staleTable(): Refusal {
  return fail(msg('cards.refused.stale'));
}

export function settingsOf(card: CardGameRow): CardGameSettings & { engine?: CardEngineSetup } {
  return card.settings as CardGameSettings & { engine?: CardEngineSetup };
}

export async function loadCtx(tx: Tx, game: GameRow): Promise<CardCtx | null> {
  if (game.kind !== CARD_KIND) return null;
  const card = first(await tx.select().from(cardGames).where(eq(cardGames.gameId, game.id)).limit(1));
  if (!card) return null;
  const seats = await tx
    .select()
    .from(cardSeats)
    .where(eq(cardSeats.gameId, game.id))
    .orderBy(asc(cardSeats.seat), asc(cardSeats.id));
  return { game, card, seats, state: card.state ? (JSON.parse(card.state) as CardGameState) : null };
}

/**
 * The channel's unfinished game if it is a card game: the context, or a sentence. A card game's log thread counts
 * as its channel, so `/cards …` typed there works too.
 */
export async function openCardGame(tx: Tx, channelId: string): Promise<CardCtx | Refusal> {
  const game = (await openGameByChannel(tx, channelId)) ?? (await gameOfThread(tx, channelId));
  if (!game) {
    const last = await latestGameByChannel(tx, channelId);
    if (last?.kind === CARD_KIND) return fail(msg('cards.refused.over'));
    return fail(msg('cards.refused.noCardGame', { variant: CARD_GAME.id }));
  }
  const ctx = await loadCtx(tx, game);
  if (!ctx) return fail(msg('cards.refused.diplomacy', { variant: game.variantId }));
  return ctx;
}

/** The unfinished card game whose log thread this is. */
async function gameOfThread(tx: Tx, threadId: string): Promise<GameRow | undefined> {
  const id = idText(threadId);
  if (!id) return undefined;
  const row = first(
    await tx
      .select({ game: games })
      .from(cardGames)
      .innerJoin(games, eq(games.id, cardGames.gameId))
      .where(and(eq(cardGames.threadId, id), gameNotFinished))
      .limit(1),
  );
  return row?.game;
}

export async function cardCtxById(tx: Tx, gameId: number): Promise<CardCtx | null> {
  const game = await gameById(tx, gameId);
  return game ? await loadCtx(tx, game) : null;
}

export function seatOfUser(ctx: CardCtx, userId: string): CardSeatRow | undefined {
  return ctx.seats.find((s) => s.userId === idText(userId));
}

export function seatRow(ctx: CardCtx, seat: Seat): CardSeatRow | undefined {
  return ctx.seats.find((s) => s.seat === seat);
}

export async function draftOf(tx: Tx, gameId: number, seat: Seat): Promise<CardDraftRow | undefined> {
  return first(
    await tx
      .select()
      .from(cardDrafts)
      .where(and(eq(cardDrafts.gameId, gameId), eq(cardDrafts.seat, seat)))
      .limit(1),
  );
}

export async function deleteDrafts(tx: Tx, gameId: number, seat?: Seat): Promise<void> {
  await tx
    .delete(cardDrafts)
    .where(
      seat === undefined
        ? eq(cardDrafts.gameId, gameId)
        : and(eq(cardDrafts.gameId, gameId), eq(cardDrafts.seat, seat)),
    );
}

/** The seat to act: the turn in battle and tie-break, the chooser in the choose phase; null otherwise. */
export function toActOf(state: CardGameState | null): Seat | null {
  if (!state) return null;
  if (state.phase === 'battle' || state.phase === 'tiebreak') return state.turnSeat;
  if (state.phase === 'choose') return state.chooser?.seat ?? null;
  return null;
}

/** Seats whose action is due now (the give phase: every seat that has not given). */
export function seatsToAct(state: CardGameState | null): Seat[] {
  if (!state) return [];
  if (state.phase === 'give') return state.gives.flatMap((g, i) => (g === null ? [i] : []));
  const s = toActOf(state);
  return s === null ? [] : [s];
}

export function seatInfo(row: CardSeatRow): CardSeatInfo {
  return {
    seat: row.seat,
    userId: row.userId,
    dynasty: (row.dynasty as CardSeatInfo['dynasty']) ?? null,
    notify: row.notify,
    away: row.away,
    conceded: row.conceded,
    timeouts: row.timeouts,
  };
}

export function infoOf(ctx: CardCtx): CardGameInfo {
  const toAct = toActOf(ctx.state);
  const { engine: _engine, ...settings } = settingsOf(ctx.card);
  return {
    gameId: ctx.game.id,
    channelId: ctx.game.channelId,
    guildId: ctx.game.guildId,
    gmUserId: ctx.game.gmUserId,
    status: ctx.game.status,
    phase: ctx.card.phase as CardPhase,
    round: ctx.card.round,
    version: ctx.card.version,
    deadline: ctx.card.deadlineMs,
    pausedRemainingMs: ctx.card.pausedRemainingMs,
    settings,
    seats: ctx.seats.map(seatInfo),
    toAct,
    toActUserId: toAct === null ? null : (seatRow(ctx, toAct)?.userId ?? null),
    threadId: ctx.card.threadId,
    tableMessageId: ctx.game.statusMessageId,
    table: ctx.state ? publicView(ctx.state) : null,
    rollbackRound: rollbackRoundOf(ctx.card),
  };
}

/** Where `gmRollbackCards` would go back to (see `CardGameInfo.rollbackRound`). */
function rollbackRoundOf(card: CardGameRow): number | null {
  if (card.roundStartSeq === 0 || card.seq === card.roundStartSeq) return null;
  if (card.phase === 'battle' || card.phase === 'tiebreak') return card.round;
  return card.phase === 'choose' ? card.round - 1 : null;
}

/** Reloads the context after writes in the same transaction. */
export async function reload(tx: Tx, ctx: CardCtx): Promise<CardCtx> {
  return (await cardCtxById(tx, ctx.game.id))!;
}

/**
 * Gives seat `n` to `holder` (`/gm replace`, a substitute's claim): its row is updated (or made, for a seat nobody
 * held since a `/gm kick`), absence and concession reset, its fall-back draft dropped, and open wizards made stale.
 */
export async function handSeatRow(
  tx: Tx,
  ctx: CardCtx,
  n: Seat,
  holder: { userId: string; notify?: CardSeatRow['notify'] },
  now: number,
): Promise<void> {
  const row = seatRow(ctx, n);
  const fresh = { away: false, timeouts: 0, conceded: false, ...holder };
  if (row) await tx.update(cardSeats).set(fresh).where(eq(cardSeats.id, row.id));
  else
    await tx
      .insert(cardSeats)
      .values({ gameId: ctx.game.id, seat: n, dynasty: ctx.state!.seats[n]!.dynasty, joinedAt: now, ...fresh });
  await deleteDrafts(tx, ctx.game.id, n);
  await bumpVersion(tx, ctx, now);
}

/** A stored change that is not an engine action (seats, drafts' void, GM tools): open wizards become stale. */
export async function bumpVersion(tx: Tx, ctx: CardCtx, now: number): Promise<void> {
  await tx
    .update(cardGames)
    .set({ version: ctx.card.version + 1, updatedAt: now })
    .where(eq(cardGames.gameId, ctx.game.id));
}
