/**
 * What the status shows of a running muster (docs/table.md "Mustering"; the muster itself is src/game/muster): who has
 * not pressed **I'm here** yet and when it ends. In a game that hides who plays whom it names powers only, and a
 * confirmation shows from the next mark of the clock, as the players' other acts (src/game/outbox
 * `queueProgressStatus`): an answer seen at once would pair the member seen pressing with the power.
 */
import type { Tx } from '../../store/store.js';
import { playersOf } from '../../store/queries.js';
import type { GameRow, PlayerRow } from '../../store/schema.js';
import { listParam, msg, type Msg } from '../../i18n/index.js';
import {
  gamePowerParam,
  identitiesHiddenNow,
  isPerson,
  memberRef,
  powersParam,
  timeRef,
  variantOfGame,
} from '../core/index.js';
import { lastProgressMark, nextProgressMark } from '../outbox/index.js';
import { announcedSeats } from './announced-seats.js';

/** A seat's holder must answer the muster: a member (not a computer player, not a vacant seat). */
export const answersMuster = (seat: Pick<PlayerRow, 'userId'>): boolean => isPerson(seat.userId);

/** When the running muster of a game opened (its end minus its length). */
export const musterOpenedAt = (game: Pick<GameRow, 'musterEndsAt' | 'musterMs'>): number =>
  (game.musterEndsAt ?? 0) - (game.musterMs ?? 0);

/**
 * Has the seat answered the muster that opened at `openedAt`: pressed **I'm here**, or taken the seat since (a claim
 * is a presence).
 */
export function mustered(seat: Pick<PlayerRow, 'musteredAt' | 'joinedAt'>, openedAt: number): boolean {
  return seat.musteredAt !== null || seat.joinedAt > openedAt;
}

/**
 * When a running muster ends: at its time, or sooner once every seat has answered — at once in an open game, and in a
 * game that hides who plays whom at the first mark of the clock after the last answer, when the status shows it too
 * (`muster_ends_at` itself never moves, so nothing anyone reads changes at the moment of a press).
 */
export function musterDueAt(
  game: Pick<GameRow, 'musterEndsAt' | 'musterMs' | 'press' | 'status'>,
  seats: readonly Pick<PlayerRow, 'userId' | 'musteredAt' | 'joinedAt'>[],
): number | null {
  if (game.musterEndsAt === null) return null;
  const openedAt = musterOpenedAt(game);
  const answering = seats.filter(answersMuster);
  if (answering.length === 0 || answering.some((s) => !mustered(s, openedAt))) return game.musterEndsAt;
  const last = Math.max(...answering.map((s) => s.musteredAt ?? s.joinedAt));
  return Math.min(game.musterEndsAt, identitiesHiddenNow(game) ? nextProgressMark(last) : last);
}

/** The status lines of a running muster (none when there is none). */
export async function musterStatusLines(tx: Tx, game: GameRow, now: number): Promise<Msg[]> {
  if (game.musterEndsAt === null || (game.status !== 'active' && game.status !== 'paused')) return [];
  const openedAt = musterOpenedAt(game);
  const hidden = identitiesHiddenNow(game);
  // Hidden identities: an answer counts from the last mark of the clock it came before.
  const shownBefore = hidden ? lastProgressMark(now) : Number.POSITIVE_INFINITY;
  // The seats as the channel knows them (`announcedSeats`): a seat left since the mark still waits for its member, or
  // its dropping out of the list would tell the leave, and when, before the channel is told (docs/bot.md).
  const seats = await announcedSeats(tx, game, await playersOf(tx, game.id), now);
  const waiting = seats.filter(
    (s) => answersMuster(s) && !(mustered(s, openedAt) && (s.musteredAt ?? s.joinedAt) < shownBefore),
  );
  const endsAt = (at: number) => ({ relative: timeRef(at, 'R'), date: timeRef(at, 'f') });
  const ends = endsAt(game.musterEndsAt);
  // Everyone's answer shown: the muster closes at the mark that showed the last one (it is settled then).
  if (waiting.length === 0)
    return [msg('muster.status.allHere', endsAt(musterDueAt(game, seats) ?? game.musterEndsAt))];
  const variant = variantOfGame(game);
  // In the variant's order, as the status lists its powers (docs/table.md "Mustering"); the store reads them by name.
  const order = variant?.powers.map((p) => p.name) ?? [];
  waiting.sort((a, b) => order.indexOf(a.power) - order.indexOf(b.power));
  const names = waiting.map((s) => s.power);
  const who = hidden
    ? variant
      ? powersParam(variant, names)
      : names.join(', ')
    : listParam(
        waiting.map((s) =>
          msg('muster.status.seat', {
            power: gamePowerParam(game, s.power),
            member: memberRef(s.userId),
          }),
        ),
      );
  return [msg('muster.status.waiting', { ...ends, who })];
}
