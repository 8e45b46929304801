/**
 * One stored action: apply it with the engine, store the new state and the event row, move the turn's
 * deadline, and queue the table edit, the log line, the pings, the round summary and the end of the game — all
 * in the caller's transaction. Then seats that are away (or conceded) resolve at once with the defaults.
 */
import { first, type Tx } from '../../store/store.js';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  apply,
  publicView,
  type Action,
  type CardGameState,
  type GameEvent,
  type Seat,
  type Effect,
} from '../../cardgame/index.js';
import { games, type GameEnd } from '../../store/schema.js';
import { cardEvents, cardGames, cardSeats, type CardSeatRow } from './tables.js';
import { fail, isVacant, noteEvent, type Refusal } from '../core/index.js';
import { engineRefusal } from './engine-refusals.js';
import { msg, type Msg } from '../../i18n/index.js';
import { queueActionLog, queueGameOver, queuePingsForNow, queueRoundSummary, queueTable } from './outbox.js';
import { deleteDrafts, draftOf, reload, seatRow, seatsToAct, settingsOf, toActOf, type CardCtx } from './store.js';
import { CARD_AUTO_TURNS_PER_HOUR, REMINDER_MIN_TURN_MS } from './types.js';
import { dynastyLabel } from '../../cardgame/names.js';
import { recordSeatTurn } from '../seats/index.js';
import { rateFinishedGame, type PlacedSeat } from '../scores/index.js';

export type Fail = Refusal;

/** Actors that are not a player's own click. */
export const AUTO_ACTORS = ['timeout', 'away', 'conceded', 'vacant'] as const;

/** How a stored action's actor reads in the log thread (a player's own action needs no note). */
function actorNote(actor: string): Msg | undefined {
  if (actor === 'timeout') return msg('cards.actor.timeout');
  if (actor === 'away') return msg('cards.actor.away');
  if (actor === 'conceded') return msg('cards.actor.conceded');
  if (actor === 'vacant') return msg('cards.actor.vacant');
  if (actor.startsWith('gm:')) return msg('cards.actor.gm');
  if (actor === 'computer') return msg('cards.actor.computer');
  return undefined;
}

/** The length of the turn that starts in `state` (the setup give and the choice use the setup time). */
export function turnLength(ctx: CardCtx, state: CardGameState): number {
  const s = settingsOf(ctx.card);
  return state.phase === 'give' || state.phase === 'choose' ? s.setupMs : s.turnMs;
}

/** Deadline fields for a turn starting now. */
export function turnClock(ctx: CardCtx, state: CardGameState, now: number) {
  const len = turnLength(ctx, state);
  const deadlineMs = now + len;
  return {
    deadlineMs,
    turnStartedMs: now,
    remindAtMs: len >= REMINDER_MIN_TURN_MS ? deadlineMs - Math.round(len / 4) : null,
    pausedRemainingMs: null,
  };
}

function endsRound(events: readonly GameEvent[]): boolean {
  return events.some((e) => e.kind === 'roundEnd' || e.kind === 'tiebreakResult');
}

/**
 * Applies and stores one action. Returns the reloaded context, or the engine's refusal (nothing written).
 */
export async function commitAction(
  tx: Tx,
  ctx: CardCtx,
  action: Action,
  actor: string,
  now: number,
): Promise<CardCtx | Fail> {
  const before = ctx.state;
  if (!before) return fail(msg('cards.refused.notStarted'));
  const r = apply(before, action);
  if (!r.ok) return engineRefusal(r.error);
  const after = r.state;
  const seq = ctx.card.seq + 1;
  const version = ctx.card.version + 1;
  await tx
    .insert(cardEvents)
    .values({ gameId: ctx.game.id, seq, round: before.round, action, events: r.events, actor, at: now });
  await recordTurn(tx, ctx, before, action, actor, seq, now);

  const newRound =
    (after.phase === 'battle' || after.phase === 'tiebreak') &&
    (before.phase !== after.phase || before.round !== after.round);
  const finished = after.phase === 'finished';
  // A give that leaves the give phase open keeps the shared deadline; every other action starts a new turn.
  const newTurn = !(action.type === 'give' && after.phase === 'give');
  const clock = finished
    ? { deadlineMs: null, turnStartedMs: null, remindAtMs: null, pausedRemainingMs: null }
    : newTurn
      ? turnClock(ctx, after, now)
      : {};
  await tx
    .update(cardGames)
    .set({
      state: JSON.stringify(after),
      phase: after.phase,
      round: after.round,
      version,
      seq,
      ...(newRound ? { roundStartSeq: seq } : {}),
      ...clock,
      updatedAt: now,
    })
    .where(eq(cardGames.gameId, ctx.game.id));
  if (finished) {
    const name = (seat: Seat) => after.seats[seat]!.dynasty;
    const w = after.winner;
    const end: GameEnd = Array.isArray(w)
      ? { kind: 'draw', powers: w.map(name) }
      : w === null
        ? { kind: 'abandoned' }
        : { kind: 'solo', winner: name(w) };
    await tx.update(games).set({ status: 'finished', finishedAt: now, end }).where(eq(games.id, ctx.game.id));
    noteEvent({ kind: 'game_finished', gameId: ctx.game.id, end: after.endReason ?? 'finished' });
    // Rated once, in the kind's pool and overall (docs/bot.md "Ratings"); a game without a winner is not.
    if (w !== null) await rateFinishedGame(tx, ctx.game, placesOf(after, ctx.seats), now);
  }
  await deleteDrafts(tx, ctx.game.id);
  const next = await reload(tx, ctx);

  await queueActionLog(tx, next, seq, before.round, r.events, actorNote(actor), now);
  // One table message for the whole game, edited in place (it stays pinned); each round's summary is a post of its own.
  if (endsRound(r.events)) {
    const roundRows = await tx
      .select({ events: cardEvents.events })
      .from(cardEvents)
      .where(and(eq(cardEvents.gameId, ctx.game.id), eq(cardEvents.round, before.round)))
      .orderBy(asc(cardEvents.seq));
    const roundEvents = roundRows.flatMap((x) => x.events as GameEvent[]);
    // Controllers change only in the control round, inside this last fall back: `before` shows them as they were.
    await queueRoundSummary(tx, next, seq, before.round, roundEvents, publicView(before), now);
  }
  await queueTable(tx, next, now);
  if (finished) {
    await queueGameOver(tx, next, seq, r.events, now);
  } else if (newTurn) {
    // The player who just acted and acts again at once (the last seat in the battle) needs no ping.
    const again = toActOf(after) === toActOf(before) && actor.startsWith('user:');
    if (!again || after.phase === 'give') await queuePingsForNow(tx, next, String(seq), now);
  }
  return next;
}

/**
 * A finished game's places for the ratings (docs/bot.md "Ratings"): its winner, or the shared victory's winners, first
 * and the others tied after them; each seat played by its holder at the end.
 */
function placesOf(state: CardGameState, rows: readonly CardSeatRow[]): PlacedSeat[] {
  const winners = new Set([state.winner ?? []].flat());
  return rows.flatMap((r) =>
    r.seat === null
      ? []
      : [
          {
            seat: dynastyLabel(state.seats[r.seat]!.dynasty),
            rank: winners.has(r.seat) ? 1 : winners.size + 1,
            holders: [r.userId],
          },
        ],
  );
}

/**
 * The reliability record of a turn (src/game/seats/record.ts): the member who acted in time is `complete`, the one whose
 * time ran out `missed`. The setup give is not a turn (a newcomer reading the cards dealt is never counted absent).
 */
async function recordTurn(
  tx: Tx,
  ctx: CardCtx,
  before: CardGameState,
  action: Action,
  actor: string,
  seq: number,
  now: number,
) {
  if (before.phase === 'give' || !('seat' in action) || typeof action.seat !== 'number') return;
  const row = seatRow(ctx, action.seat);
  if (!row) return;
  // An action after the deadline (the card AI playing a late turn under `nmr: computer`) was not in time.
  const late = ctx.card.deadlineMs !== null && now > ctx.card.deadlineMs;
  const outcome =
    actor === `user:${row.userId}` ? (late ? 'missed' : 'complete') : actor === 'timeout' ? 'missed' : null;
  if (!outcome) return;
  const power = dynastyLabel(before.seats[action.seat]!.dynasty);
  await recordSeatTurn(tx, { gameId: ctx.game.id, turn: `seq:${seq}`, power, userId: row.userId, outcome }, now);
}

/**
 * The default action of a seat that must act (docs/cardgame.md "Defaults"); a stored fall-back draft keeps its choices.
 */
export async function defaultAction(tx: Tx, ctx: CardCtx, seat: Seat): Promise<Action | null> {
  const s = ctx.state;
  if (!s) return null;
  switch (s.phase) {
    case 'give':
      return s.gives[seat] === null ? { type: 'give', seat } : null;
    case 'choose':
      return s.chooser?.seat === seat ? { type: 'choose', seat } : null;
    case 'battle':
    case 'tiebreak': {
      if (s.turnSeat !== seat) return null;
      if (s.phase === 'tiebreak') return { type: 'fallBack', seat };
      const draft = await draftOf(tx, ctx.game.id, seat);
      if (draft && draft.version === ctx.card.version) {
        const a: Action = { type: 'fallBack', seat, effects: draft.effects as Effect[] };
        if (draft.recruit) a.recruit = draft.recruit;
        return a;
      }
      return { type: 'fallBack', seat };
    }
    default:
      return null;
  }
}

/** Applies a seat's default; falls back to the plain default if a stored draft no longer applies. */
export async function commitDefault(
  tx: Tx,
  ctx: CardCtx,
  seat: Seat,
  actor: string,
  now: number,
): Promise<CardCtx | Fail> {
  const a = await defaultAction(tx, ctx, seat);
  if (!a) return fail(msg('cards.refused.nothingToDo'));
  const r = await commitAction(tx, ctx, a, actor, now);
  if ('ok' in r && a.type === 'fallBack' && (a.effects || a.recruit))
    return await commitAction(tx, ctx, { type: 'fallBack', seat }, actor, now);
  return r;
}

async function autoTurnsLastHour(tx: Tx, gameId: number, now: number): Promise<number> {
  const row = first(
    await tx
      .select({ n: sql<number>`count(*)` })
      .from(cardEvents)
      .where(
        and(
          eq(cardEvents.gameId, gameId),
          gt(cardEvents.at, now - 3_600_000),
          inArray(cardEvents.actor, [...AUTO_ACTORS]),
        ),
      )
      .limit(1),
  );
  return row?.n ?? 0;
}

/**
 * Away, conceded and vacant seats resolve at once (docs/cardgame.md "Absence", docs/decisions.md), within the game's
 * hourly cap of automatic turns; beyond it they wait for their deadline.
 */
export async function runAutomatic(
  tx: Tx,
  ctx: CardCtx,
  now: number,
  cap = CARD_AUTO_TURNS_PER_HOUR,
): Promise<CardCtx> {
  let cur = ctx;
  for (let guard = 0; guard < 500; guard++) {
    if (cur.game.status !== 'active') return cur;
    // a seat with no row: the game master removed its player (`/gm kick`) and nobody holds it
    const due = seatsToAct(cur.state)
      .map((seat) => ({ seat, row: seatRow(cur, seat) }))
      .find((x) => !x.row || x.row.away || x.row.conceded);
    if (!due) return cur;
    if ((await autoTurnsLastHour(tx, cur.game.id, now)) >= cap) return cur;
    // A seat whose player left or went silent (`vacant:<dynasty>`) is nobody's: the log says so, not "away".
    const actor = !due.row || isVacant(due.row.userId) ? 'vacant' : due.row.conceded ? 'conceded' : 'away';
    const r = await commitDefault(tx, cur, due.seat, actor, now);
    if ('ok' in r) return cur;
    cur = r;
  }
  return cur;
}

/** A player acted: clear their absence (docs/cardgame.md "Absence": any interaction clears it). */
export async function markPresentInTx(tx: Tx, ctx: CardCtx, userId: string): Promise<void> {
  const row = ctx.seats.find((s) => s.userId === userId);
  if (!row || row.conceded || (!row.away && row.timeouts === 0)) return;
  await tx.update(cardSeats).set({ away: false, timeouts: 0 }).where(eq(cardSeats.id, row.id));
  row.away = false;
  row.timeouts = 0;
}
