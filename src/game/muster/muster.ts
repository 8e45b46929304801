/**
 * Mustering (docs/table.md "Mustering"): with `muster:` set, `/game start` opens a muster of `games.muster_ms`; every
 * seated member presses **I'm here** on the start post (`players.mustered_at`). When it ends (its time, or every seat
 * confirmed), each seat still unconfirmed becomes vacant with a substitute call, exactly as a seat vacated by
 * `vacate-after` (src/game/seats), and the channel is told once which powers were vacated. Computer and vacant seats
 * need no confirmation. The game does not wait: phase one runs from the start (Diplicity and Backstabbr practice).
 *
 * Exactly once: the muster is settled by the transaction that changes `muster_ends_at` from the value it read to null
 * (`UPDATE … WHERE muster_ends_at = ?`), which one transaction wins on any number of processes.
 */
import { inSnapshot, type Tx } from '../../store/store.js';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { audit, gameById, playerByUser, playersOf } from '../../store/queries.js';
import { games, players, type GameRow, type PlayerRow } from '../../store/schema.js';
import { msg, type Msg, type MsgParam } from '../../i18n/index.js';
import {
  fail,
  identitiesHiddenNow,
  inTransaction,
  powerParam,
  powersParam,
  timeRef,
  variantOfGame,
  type GameDeps,
  type Result,
} from '../core/index.js';
import { enqueue, nextProgressMark, queueNotice, queueProgressStatus, queueStatus } from '../outbox/index.js';
import { vacateSeat } from '../seats/index.js';
import {
  announcedSeats,
  answersMuster as answers,
  musterDueAt,
  mustered,
  musterOpenedAt as openedAtOf,
} from '../phase/index.js';

/**
 * At `/game start` (inside its transaction, after the game row became active): opens the muster when the game has
 * one and a member to answer it. Returns the start post's line about it, or null when there is no muster.
 */
export async function openMuster(tx: Tx, game: GameRow, seats: readonly PlayerRow[], now: number): Promise<Msg | null> {
  if (!game.musterMs || game.musterMs <= 0 || !seats.some(answers)) return null;
  const endsAt = now + game.musterMs;
  await tx.update(games).set({ musterEndsAt: endsAt }).where(eq(games.id, game.id));
  return msg('muster.start', { relative: timeRef(endsAt, 'R'), date: timeRef(endsAt, 'f') });
}

/**
 * **I'm here**: the seated member who pressed it is marked present. Refused (privately, saying why) when the game is
 * over, its muster is over (unless they had pressed: then "already said"), or the member plays no power in it. When it was the last seat to answer, the muster ends
 * at once (in a game that hides who plays whom, at the next mark of the clock, so the end names no presser).
 */
export async function confirmMuster(
  deps: GameDeps,
  input: { gameId: number; userId: string },
): Promise<Result<{ power: MsgParam; already: boolean; channelId: string }>> {
  return await inTransaction(deps, async (tx, changed) => {
    const game = await gameById(tx, input.gameId);
    if (!game || game.status === 'finished') return fail(msg('muster.refused.gameOver'));
    const seat = await playerByUser(tx, game.id, input.userId);
    const already = seat?.musteredAt != null;
    // A member with no seat is told so, during the muster or after it (docs/table.md "Mustering").
    if (!seat) return fail(msg('muster.refused.notPlayer'));
    const variant = variantOfGame(game);
    const power = variant ? powerParam(variant, seat.power) : seat.power;
    // A second press racing the muster's end (a double click) is told it was noted, not that the muster is over; a
    // seat's holder who never pressed (a substitute seated during it) is told the seat is theirs, nothing to confirm.
    if (game.musterEndsAt === null && !already) return fail(msg('muster.refused.over', { power }));
    const now = deps.now();
    if (!already && game.musterEndsAt !== null) {
      await tx.update(players).set({ musteredAt: now }).where(eq(players.id, seat.id));
      await audit(tx, { gameId: game.id, userId: input.userId, action: 'muster', detail: {}, at: now });
      await queueProgressStatus(tx, game, now);
      await endWhenAllHere(tx, game, now);
      changed(game.id);
    }
    return {
      ok: true,
      power,
      already,
      channelId: game.channelId,
    };
  });
}

/**
 * Every seat has answered: in an open game the muster ends now. In a game that hides who plays whom nothing changes
 * now: it ends at the next mark of the clock (`musterDueAt`, the scheduler's sweep), so the end names no presser.
 */
async function endWhenAllHere(tx: Tx, game: GameRow, now: number): Promise<void> {
  if (identitiesHiddenNow(game)) return;
  const openedAt = openedAtOf(game);
  const waiting = (await playersOf(tx, game.id)).filter((s) => answers(s) && !mustered(s, openedAt));
  if (waiting.length === 0) await settle(tx, game, now);
}

/**
 * Ends a game's muster, once: the transaction that clears `muster_ends_at` from the value it read vacates every seat
 * still unconfirmed (a substitute call each, src/game/seats) and tells the channel which powers. Returns whether this
 * call settled it.
 */
async function settle(tx: Tx, game: GameRow, now: number): Promise<boolean> {
  if (game.musterEndsAt === null) return false;
  const claimed = await tx
    .update(games)
    .set({ musterEndsAt: null })
    .where(and(eq(games.id, game.id), eq(games.musterEndsAt, game.musterEndsAt)))
    .returning({ id: games.id });
  if (claimed.length !== 1) return false;
  const openedAt = openedAtOf(game);
  const absent = (await playersOf(tx, game.id)).filter((s) => answers(s) && !mustered(s, openedAt));
  for (const seat of absent) await vacateSeat(tx, game, seat.power, 'muster', now);
  const variant = variantOfGame(game);
  const powers = absent.map((s) => s.power);
  const line: Msg =
    powers.length === 0
      ? msg('muster.ended.all')
      : msg('muster.ended.vacated', {
          count: powers.length,
          powers: variant ? powersParam(variant, powers) : powers.join(', '),
        });
  await queueNotice(tx, game, { text: [line], dedupeKey: `muster-ended:${game.id}`, now });
  // The start post's **I'm here** is disabled (an edit; a press before it lands is told the muster is over).
  await enqueue(tx, {
    gameId: game.id,
    payload: { type: 'muster_closed', gameId: game.id },
    target: { kind: 'channel', id: game.channelId },
    dedupeKey: `muster-closed:${game.id}`,
    now,
  });
  await audit(tx, { gameId: game.id, userId: null, action: 'muster_ended', detail: { vacated: powers }, at: now });
  if (powers.length === 0) await queueStatus(tx, game.id, now);
  return true;
}

/**
 * The running musters (a muster being settled is not one): each game with its seats, read for a game that hides who
 * plays whom only (an open game's muster that every seat answered is settled at once, so its end is its time).
 */
async function runningMusters(tx: Tx): Promise<{ game: GameRow; seats: PlayerRow[] }[]> {
  const rows = await tx
    .select()
    .from(games)
    .where(and(inArray(games.status, ['active', 'paused']), isNotNull(games.musterEndsAt)));
  const hidden = rows.filter(identitiesHiddenNow).map((g) => g.id);
  const seats = hidden.length > 0 ? await tx.select().from(players).where(inArray(players.gameId, hidden)) : [];
  return rows.map((game) => ({ game, seats: seats.filter((s) => s.gameId === game.id) }));
}

/**
 * When a running muster is due, reading its seats as the channel knows them (`announcedSeats`): a seat left since the
 * last mark of the clock is still waited for, or the muster would end, and post, right after the leave (the last seat
 * that had not answered). While such a leave is held, the sweep looks again at the next mark.
 */
async function musterDue(tx: Tx, game: GameRow, seats: readonly PlayerRow[], now: number): Promise<number> {
  const shown = await announcedSeats(tx, game, seats, now);
  const due = musterDueAt(game, shown) ?? Number.POSITIVE_INFINITY;
  const held = shown.some((s, i) => s.userId !== seats[i]!.userId);
  return held ? Math.min(due, nextProgressMark(now)) : due;
}

/** The earliest end of a running muster (`musterDue`), or null (the scheduler's timer waits for it too). */
export async function nextMusterAt(deps: Pick<GameDeps, 'store' | 'now'>): Promise<number | null> {
  const now = deps.now();
  const due = await inSnapshot(deps.store, async (tx) => {
    const out: number[] = [];
    for (const m of await runningMusters(tx)) out.push(await musterDue(tx, m.game, m.seats, now));
    return out;
  });
  return due.length > 0 ? Math.min(...due) : null;
}

/** Settles every muster that is due (the scheduler's sweep). Returns how many this process settled, and failures. */
export async function settleDueMusters(deps: GameDeps): Promise<{ settled: number; failures: string[] }> {
  const now = deps.now();
  const isDue = async (tx: Tx, game: GameRow, seats: readonly PlayerRow[]) =>
    (await musterDue(tx, game, seats, now)) <= now;
  const due = await inSnapshot(deps.store, async (tx) => {
    const out: GameRow[] = [];
    for (const m of await runningMusters(tx)) if (await isDue(tx, m.game, m.seats)) out.push(m.game);
    return out;
  });
  let settled = 0;
  const failures: string[] = [];
  for (const { id } of due) {
    const r = await inTransaction(deps, async (tx, changed) => {
      const game = await gameById(tx, id);
      if (!game || !(await isDue(tx, game, await playersOf(tx, id)))) return { ok: true as const, done: false };
      const done = await settle(tx, game, now);
      if (done) changed(game.id);
      return { ok: true as const, done };
    });
    if (!r.ok) failures.push(`game ${id}: ${r.error}`);
    else if (r.done) settled++;
  }
  return { settled, failures };
}
