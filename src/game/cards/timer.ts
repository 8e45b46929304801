/**
 * Card-game deadlines, swept by the shared scheduler (src/game/resolve/scheduler.ts) through the kind's `sweep`
 * (kind.ts, `sweepCardGames`). A turn that times out (`timeoutCardTurn`) takes the defaults (commit.ts `commitDefault`,
 * docs/rules/card-game.md "D-26") in one transaction that first re-reads the game: the deadline must still be due,
 * so two sweeps (or two processes) process it exactly once. Two timeouts in a row mark a seat away.
 * The setup give's deadline takes its default but never counts as a missed turn.
 * The 25 % reminder of a long turn is queued once (its time is cleared in the same transaction).
 */
import { first, inSnapshot, type Tx } from '../../store/store.js';
import { and, eq, isNotNull, lte, min } from 'drizzle-orm';
import { games } from '../../store/schema.js';
import { cardGames, cardSeats } from './tables.js';
import { isComputer, isPerson, playerName, inTransaction, type GameDeps, type Result } from '../core/index.js';
import { vacateCardSeat } from './seats.js';
import { commitDefault, runAutomatic } from './commit.js';
import { queueCardNotice, queueTable, queueTurnPing, turnPingText } from './outbox.js';
import { dynastyMsg } from './names.js';
import { msg } from '../../i18n/index.js';
import { cardCtxById, reload, seatRow, seatsToAct, type CardCtx } from './store.js';
import { AWAY_AFTER_TIMEOUTS, CARD_KIND } from './types.js';
import { NMR_GRACE_MS } from '../seats/index.js';
import type { Seat } from '../../cardgame/index.js';

export interface CardSweepResult {
  /** Turns (or gives, or choices) resolved by their deadline. */
  timedOut: number;
  reminders: number;
  /** Turns past their deadline that the card AI plays for their member (`nmr: computer`). */
  awaiting: number;
  failures: string[];
}

/** The earliest card-game deadline or reminder of a running game, or null. */
export async function nextCardWakeAt(deps: GameDeps): Promise<number | null> {
  const running = and(eq(games.status, 'active'), eq(games.kind, CARD_KIND));
  const d = first(
    await inSnapshot(deps.store, (tx) =>
      tx
        .select({ at: min(cardGames.deadlineMs) })
        .from(cardGames)
        .innerJoin(games, eq(games.id, cardGames.gameId))
        .where(and(running, isNotNull(cardGames.deadlineMs)))
        .limit(1),
    ),
  );
  const r = first(
    await inSnapshot(deps.store, (tx) =>
      tx
        .select({ at: min(cardGames.remindAtMs) })
        .from(cardGames)
        .innerJoin(games, eq(games.id, cardGames.gameId))
        .where(and(running, isNotNull(cardGames.remindAtMs)))
        .limit(1),
    ),
  );
  const xs = [d?.at, r?.at].filter((x): x is number => typeof x === 'number');
  return xs.length ? Math.min(...xs) : null;
}

/**
 * Whether a seat's turn past its deadline is the card AI's to play now rather than the default's: `nmr: computer`, a
 * member's seat, within `NMR_GRACE_MS` of the deadline (src/game/seats/nmr.ts).
 */
export function lateForComputer(ctx: CardCtx, seat: Seat, now: number): boolean {
  const row = seatRow(ctx, seat);
  const deadline = ctx.card.deadlineMs;
  return (
    ctx.game.nmr === 'computer' &&
    ctx.state?.phase !== 'give' &&
    !!row &&
    isPerson(row.userId) &&
    !row.away &&
    !row.conceded &&
    deadline !== null &&
    deadline <= now &&
    now < deadline + NMR_GRACE_MS
  );
}

/**
 * Times out one game's turn if (still) due; `{timedOut: 0}` when another sweep got there first. Under `nmr: computer`
 * a member's turn waits for the card AI (`awaiting`), for at most the grace.
 */
export async function timeoutCardTurn(
  deps: GameDeps,
  gameId: number,
): Promise<Result<{ timedOut: number; awaiting?: number }>> {
  return await inTransaction(deps, async (tx, changed) => {
    const ctx = await cardCtxById(tx, gameId);
    const now = deps.now();
    if (ctx?.game.status !== 'active' || ctx.card.deadlineMs === null || ctx.card.deadlineMs > now)
      return { ok: true, timedOut: 0 };
    const toAct = seatsToAct(ctx.state);
    const due = toAct.filter((seat) => !lateForComputer(ctx, seat, now));
    if (due.length < toAct.length && due.length === 0) return { ok: true, timedOut: 0, awaiting: 1 };
    // The setup give is not a turn: a newcomer still reading the 8 cards dealt is never counted as absent.
    const counts = ctx.state?.phase !== 'give';
    let cur: CardCtx = ctx;
    for (const seat of due) {
      const r = await commitDefault(tx, cur, seat, 'timeout', now);
      if ('ok' in r) return r;
      cur = r;
      if (counts) {
        await markTimeout(tx, cur, seat, now);
        cur = await reload(tx, cur);
      }
    }
    cur = await runAutomatic(tx, cur, now);
    changed(gameId);
    return { ok: true, timedOut: due.length };
  });
}

/** A member's turn ran out (or the card AI played it for them): counted toward away and vacant. */
export async function markTimeout(tx: Tx, ctx: CardCtx, seat: number, now: number): Promise<void> {
  const row = seatRow(ctx, seat);
  // A computer seat is never marked away (its turn ran out while the bot was down): it plays its next turn itself.
  if (!row || row.conceded || isComputer(row.userId)) return;
  const timeouts = row.timeouts + 1;
  // Silent for `vacate_after` turns in a row: the seat goes to a substitute (src/game/cards/seats.ts).
  if (ctx.game.vacateAfter > 0 && timeouts >= ctx.game.vacateAfter && isPerson(row.userId)) {
    await vacateCardSeat(tx, ctx, seat, 'silent', now);
    return;
  }
  // Under `nmr: computer` the card AI plays a late turn, so the seat is never marked away (away seats take defaults).
  const away = row.away || (timeouts >= AWAY_AFTER_TIMEOUTS && ctx.game.nmr !== 'computer');
  await tx.update(cardSeats).set({ timeouts, away }).where(eq(cardSeats.id, row.id));
  if (away && !row.away) {
    await queueCardNotice(
      tx,
      ctx.game,
      msg('cards.notice.away', {
        dynasty: dynastyMsg(ctx.state!.seats[seat]!.dynasty),
        who: playerName(row.userId),
        count: timeouts,
      }),
      `cards:away:${ctx.game.id}:${seat}:${ctx.card.seq}`,
      now,
    );
    await queueTable(tx, ctx, now);
  }
}

/** Queues the 25 % reminder of the current turn once. */
export async function remindCardTurn(deps: GameDeps, gameId: number): Promise<Result<{ reminders: number }>> {
  return await inTransaction(deps, async (tx, changed) => {
    const ctx = await cardCtxById(tx, gameId);
    const now = deps.now();
    if (ctx?.game.status !== 'active' || ctx.card.remindAtMs === null || ctx.card.remindAtMs > now)
      return { ok: true, reminders: 0 };
    await tx.update(cardGames).set({ remindAtMs: null }).where(eq(cardGames.gameId, gameId));
    let n = 0;
    for (const seat of seatsToAct(ctx.state)) {
      await queueTurnPing(
        tx,
        ctx,
        seat,
        `v${ctx.card.version}`,
        turnPingText(ctx, seat, ctx.card.deadlineMs, true),
        now,
        true,
      );
      n++;
    }
    changed(gameId);
    return { ok: true, reminders: n };
  });
}

/** Everything due in every card game, each game in its own transaction. */
export async function sweepCardGames(deps: GameDeps): Promise<CardSweepResult> {
  const now = deps.now();
  const running = and(eq(games.status, 'active'), eq(games.kind, CARD_KIND));
  const dueTurns = await inSnapshot(deps.store, (tx) =>
    tx
      .select({ id: cardGames.gameId })
      .from(cardGames)
      .innerJoin(games, eq(games.id, cardGames.gameId))
      .where(and(running, lte(cardGames.deadlineMs, now))),
  );
  const result: CardSweepResult = { timedOut: 0, reminders: 0, awaiting: 0, failures: [] };
  for (const { id } of dueTurns) {
    const r = await timeoutCardTurn(deps, id);
    if (r.ok) {
      result.timedOut += r.timedOut;
      result.awaiting += r.awaiting ?? 0;
    } else result.failures.push(`card game ${id}: ${r.error}`);
  }
  // After the timeouts: a turn that just timed out has a new clock and no stale reminder.
  const dueReminders = await inSnapshot(deps.store, (tx) =>
    tx
      .select({ id: cardGames.gameId })
      .from(cardGames)
      .innerJoin(games, eq(games.id, cardGames.gameId))
      .where(and(running, lte(cardGames.remindAtMs, now))),
  );
  for (const { id } of dueReminders) {
    const r = await remindCardTurn(deps, id);
    if (r.ok) result.reminders += r.reminders;
    else result.failures.push(`card game ${id}: ${r.error}`);
  }
  return result;
}
