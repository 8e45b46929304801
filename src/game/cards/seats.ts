/**
 * A card table's seats for substitute calls (src/game/seats/seats.ts, `KindSeats`; docs/bot.md "Seats that never stall"): a
 * seat is named by its dynasty. A seat whose player timed out `vacate_after` turns in a row, or left, becomes vacant
 * (holder `vacant:<dynasty>`, src/game/core/holder.ts): under `nmr: hold` it is away (its turns resolve at once with
 * the card game's defaults, docs/cardgame.md "Defaults"); under `nmr: computer` the card AI plays it (computer.ts)
 * until a substitute claims it. Claiming hands the seat over as `/gm replace` does: the fall-back draft is dropped, the
 * old holder loses the hand, the new one is told to press "My hand".
 */
import { eq } from 'drizzle-orm';
import { dynastyLabel } from '../../cardgame/names.js';
import type { Seat } from '../../cardgame/index.js';
import type { Tx } from '../../store/store.js';
import type { GameRow } from '../../store/schema.js';
import {
  isPerson,
  playerName,
  vacantUserId,
  type KindSeats,
  type SeatDescription,
  channelRef,
  timeRef,
  typed,
} from '../core/index.js';
import { queueDm } from '../outbox/index.js';
import { openSubstituteCall } from '../seats/index.js';
import { matchDynasty } from './lobby.js';
import { queueCardNotice, queueTable, queueTurnPing, turnPingText } from './outbox.js';
import { dynastyMsg } from './names.js';
import { msg } from '../../i18n/index.js';
import { bumpVersion, deleteDrafts, handSeatRow, loadCtx, reload, seatRow, seatsToAct, type CardCtx } from './store.js';
import { cardSeats } from './tables.js';
import { runAutomatic } from './commit.js';

/** The seat (number) of a dynasty named in a call, or null. */
function seatNumber(ctx: CardCtx, dynasty: string): Seat | null {
  const n = ctx.state?.seats.findIndex((s) => dynastyLabel(s.dynasty) === dynasty || s.dynasty === dynasty) ?? -1;
  return n >= 0 ? n : null;
}

function describeSeat(ctx: CardCtx, n: Seat): SeatDescription {
  const s = ctx.state!;
  const seat = s.seats[n]!;
  return {
    power: dynastyLabel(seat.dynasty),
    named: dynastyMsg(seat.dynasty),
    phase: msg('cards.log.round', { round: s.round }),
    // the table's deadline is the turn's of the seats to act now: the seat's own only when it is one of them
    deadline: ctx.game.status === 'active' && seatsToAct(s).includes(n) ? ctx.card.deadlineMs : null,
    holdings: msg('cards.seat.holdings', { cards: seat.hand.length, supply: seat.supply }),
  };
}

/** Makes a card seat vacant (its player timed out `vacate_after` turns in a row, or left) and calls a substitute. */
export async function vacateCardSeat(
  tx: Tx,
  ctx: CardCtx,
  n: Seat,
  reason: 'silent' | 'left',
  now: number,
): Promise<void> {
  const row = seatRow(ctx, n);
  if (!row || !isPerson(row.userId) || !ctx.state) return;
  const dynasty = ctx.state.seats[n]!.dynasty;
  const label = dynastyLabel(dynasty);
  // Under `nmr: computer` the card AI plays a vacant seat (computer.ts); otherwise it resolves at once, as away.
  const away = ctx.game.nmr !== 'computer';
  await tx
    .update(cardSeats)
    .set({ userId: vacantUserId(dynasty), away, timeouts: 0, notify: 'off' })
    .where(eq(cardSeats.id, row.id));
  await deleteDrafts(tx, ctx.game.id, n);
  await bumpVersion(tx, ctx, now);
  const next = await reload(tx, ctx);
  await openSubstituteCall(
    tx,
    next.game,
    { power: label, reason, vacatedBy: row.userId, description: describeSeat(next, n) },
    now,
  );
  const meanwhile = msg(ctx.game.nmr === 'computer' ? 'cards.dm.meanwhileComputer' : 'cards.dm.meanwhileDefaults');
  const seat = dynastyMsg(dynasty);
  const channel = channelRef(ctx.game.channelId);
  await queueDm(tx, ctx.game, {
    to: row.userId,
    reason: 'replaced',
    text: [
      reason === 'silent'
        ? msg('cards.dm.vacatedSilent', { dynasty: seat, channel, count: ctx.game.vacateAfter, meanwhile })
        : msg('cards.dm.vacatedLeft', { dynasty: seat, channel, meanwhile }),
    ],
    dedupeKey: `cards:vacated:${ctx.game.id}:${n}:${now}`,
    now,
  });
  await queueTable(tx, next, now);
}

/** Hands a card seat to the member who claimed it (as `/gm replace` does); `returning`: their own seat back. */
async function handCardSeat(
  tx: Tx,
  ctx: CardCtx,
  n: Seat,
  userId: string,
  now: number,
  returning: boolean,
): Promise<void> {
  const row = seatRow(ctx, n);
  const dynasty = ctx.state!.seats[n]!.dynasty;
  await handSeatRow(tx, ctx, n, { userId, notify: 'mention' }, now);
  const previous = row?.userId ?? null;
  if (previous && isPerson(previous))
    await queueDm(tx, ctx.game, {
      to: previous,
      reason: 'replaced',
      text: [msg('cards.dm.substituteTook', { dynasty: dynastyMsg(dynasty), channel: channelRef(ctx.game.channelId) })],
      dedupeKey: `cards:claimed-previous:${ctx.game.id}:${n}:${now}`,
      now,
    });
  const next = await reload(tx, ctx);
  const d = describeSeat(next, n);
  const s = next.state!;
  const hand = s.seats[n]!;
  await queueDm(tx, ctx.game, {
    to: userId,
    reason: 'power_assigned',
    text: [
      msg('cards.dm.claimed', {
        dynasty: dynastyMsg(dynasty),
        game: msg('cards.game.name'),
        channel: channelRef(ctx.game.channelId),
        cards: hand.hand.length,
        supply: hand.supply,
        round: s.round,
        due: d.deadline !== null ? msg('cards.dm.claimedDue', { deadline: timeRef(d.deadline, 'R') }) : '',
      }),
    ],
    dedupeKey: `cards:claimed:${ctx.game.id}:${n}:${now}`,
    now,
  });
  await queueCardNotice(
    tx,
    ctx.game,
    returning
      ? msg('cards.notice.back', { who: playerName(userId), dynasty: dynastyMsg(dynasty) })
      : previous && isPerson(previous)
        ? msg('cards.notice.substituteFor', {
            who: playerName(userId),
            dynasty: dynastyMsg(dynasty),
            previous: playerName(previous),
          })
        : msg('cards.notice.substitute', { who: playerName(userId), dynasty: dynastyMsg(dynasty) }),
    `cards:claimed-notice:${ctx.game.id}:${n}:${now}`,
    now,
  );
  await queueTable(tx, next, now);
  if (seatsToAct(next.state).includes(n))
    await queueTurnPing(tx, next, n, `claim-${now}`, turnPingText(next, n, next.card.deadlineMs, false), now);
}

async function ctxOf(tx: Tx, game: GameRow): Promise<CardCtx | null> {
  const ctx = await loadCtx(tx, game);
  return ctx?.state ? ctx : null;
}

export const cardSeatsOfKind: KindSeats = {
  // A card table is played with its buttons, not `/order` (docs/cardgame.md).
  claimedKey: 'seats.claim.doneCards',
  async seatOf(tx, game, userId) {
    const ctx = await ctxOf(tx, game);
    const row = ctx?.seats.find((s) => s.userId === userId);
    return ctx && row?.seat != null ? dynastyLabel(ctx.state!.seats[row.seat]!.dynasty) : null;
  },
  async find(tx, game, text) {
    const ctx = await ctxOf(tx, game);
    const dynasty = matchDynasty(text);
    if (!ctx || !dynasty) return null;
    const n = seatNumber(ctx, dynasty);
    return n === null ? null : dynastyLabel(dynasty);
  },
  unknown: async (_tx, _game, text) => msg('seats.refused.notSeat', { typed: typed(text) }),
  async holderOf(tx, game, seat) {
    const ctx = await ctxOf(tx, game);
    const n = ctx ? seatNumber(ctx, seat) : null;
    return ctx && n !== null ? (seatRow(ctx, n)?.userId ?? null) : null;
  },
  async describe(tx, game, seat) {
    const ctx = (await ctxOf(tx, game))!;
    return describeSeat(ctx, seatNumber(ctx, seat)!);
  },
  async vacate(tx, game, seat, reason, now) {
    const ctx = await ctxOf(tx, game);
    const n = ctx ? seatNumber(ctx, seat) : null;
    if (!ctx || n === null) return;
    await vacateCardSeat(tx, ctx, n, reason, now);
    // A player who leaves on their own turn: the seat's turn resolves now (docs/cardgame.md "Absence"), not at the
    // deadline, so the table never waits on a seat nobody holds.
    await runAutomatic(tx, await reload(tx, ctx), now);
  },
  async hand(tx, game, seat, userId, now, returning) {
    const ctx = await ctxOf(tx, game);
    const n = ctx ? seatNumber(ctx, seat) : null;
    if (ctx && n !== null) await handCardSeat(tx, ctx, n, userId, now, returning);
  },
};
