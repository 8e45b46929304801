/**
 * The marks of the clock (docs/decisions.md "Hidden identities"): when what follows one member's private act may show
 * in a game that hides who plays whom.
 */
import type { GameRow } from '../../store/schema.js';
import { identitiesHiddenNow } from '../core/index.js';

/**
 * In a game that hides who plays whom, what the status message shows of the players' own acts (a join, orders,
 * readiness, a step's answer) changes only at the marks of the clock every PROGRESS_EVERY_MS (UTC :00, :05, …), all
 * the acts since the last mark together: an edit right after each act, per power, would let anyone who sees a member
 * act (online, typing, saying so) pair them with the power (docs/bot.md "Press", "Hidden identities").
 */
export const PROGRESS_EVERY_MS = 5 * 60_000;

/** The first mark of the clock after `now` (see PROGRESS_EVERY_MS). */
export function nextProgressMark(now: number): number {
  return (Math.floor(now / PROGRESS_EVERY_MS) + 1) * PROGRESS_EVERY_MS;
}

/** The last mark of the clock at or before `now` (see PROGRESS_EVERY_MS). */
export function lastProgressMark(now: number): number {
  return Math.floor(now / PROGRESS_EVERY_MS) * PROGRESS_EVERY_MS;
}

/**
 * When a channel post or edit that follows one member's private act (a seat left or claimed, a pause proposed, a
 * notice that their DMs are closed) may go out: at once in an open game; in a game that hides who plays whom (until it
 * ends), at the next mark of the clock, with the status edit of that mark, for the same reason (docs/decisions.md
 * "Hidden identities"). A post due now in the same channel (a public event) takes the held ones with it (`enqueue`).
 */
export function privateActDueAt(game: Pick<GameRow, 'press' | 'status'>, now: number): number {
  return identitiesHiddenNow(game) ? nextProgressMark(now) : now;
}
