/**
 * The card game's side effects, queued in the transaction that caused them (src/game/outbox/write.ts): the
 * table message (kind `status`, edited in place and filled at delivery), turn pings, log-thread lines, the round
 * summary and the end of the game. Every public payload is built from `publicView`.
 */
import { CARD_GAME } from '../../cardgame/identity.js';
import { boardKey } from '../../cardgame/board.js';
import { publicView, type GameEvent, type CardGameView } from '../../cardgame/index.js';
import type { Tx } from '../../store/db.js';
import type { GameRow } from '../../store/schema.js';
import { isComputer, playerName, memberRef } from '../core/index.js';
import { enqueue, queueStatus, type KindPayload } from '../outbox/index.js';
import { infoOf, loadCtx, seatRow, seatsToAct, toActOf, type CardCtx } from './store.js';
import {
  cardTableText,
  changedStates,
  deadlineTimes,
  dynastyLabel,
  holderOf,
  logLine,
  roundSummaryText,
  stateLabel,
  winnerText,
} from './text.js';
import { CARD_KIND, type CardsEvent, type CardTablePayload } from './types.js';

/** One of the card game's own rows (`CardsEvent`): a turn ping is a prompt, dropped if the game is cancelled. */
function cardsPayload(gameId: number, e: CardsEvent): KindPayload<CardsEvent> {
  return { type: 'kind', gameId, kind: CARD_KIND, ...(e.event === 'turn' ? { prompt: true } : {}), ...e };
}

/** The table message as it is now (the outbox deliverer calls this for a card game's `status` row). */
export async function cardTablePayload(
  tx: Tx,
  game: GameRow,
): Promise<{ text: string; cards: CardTablePayload } | null> {
  const ctx = await loadCtx(tx, game);
  if (!ctx) return null;
  const info = infoOf(ctx);
  if (!ctx.state || !info.table) {
    const s = info.settings;
    const joined = info.seats.map((x) =>
      x.dynasty ? holderOf(x.userId, dynastyLabel(x.dynasty)) : playerName(x.userId),
    );
    const text = [
      `${CARD_GAME.name} — lobby (${joined.length}/${s.seats} seats). Game master: ${memberRef(game.gmUserId)}.`,
      `Turns: ${s.preset === 'custom' ? 'custom' : s.preset}, ${Math.round(s.turnMs / 1000)} s a turn · dynasty cards ${s.dynastyCards ? 'on' : 'off'}.`,
      ...(game.demonstration
        ? ['🤖 Demonstration table: computer players play every seat; nobody joins.']
        : game.computerFill
          ? ['🤖 Computer players take every seat nobody has joined when the game starts.']
          : []),
      joined.length ? `Seated: ${joined.join(', ')}` : 'Nobody has joined yet: `/game join`.',
    ].join('\n');
    return {
      text,
      cards: {
        version: info.version,
        phase: 'lobby',
        round: 0,
        deadline: null,
        toActUserId: null,
        toActUserIds: [],
        title: `${CARD_GAME.title} — lobby`,
        text,
        board: null,
        boardKey: '',
      },
    };
  }
  const t = cardTableText(info.table, info.seats, info.deadline, game.status === 'paused');
  return {
    text: `**${t.title}**\n${t.text}`,
    cards: {
      version: info.version,
      phase: info.phase,
      round: info.round,
      deadline: info.deadline,
      toActUserId: info.toActUserId,
      toActUserIds:
        game.status === 'active' ? seatsToAct(ctx.state).flatMap((seat) => seatRow(ctx, seat)?.userId ?? []) : [],
      title: t.title,
      text: t.text,
      board: info.table,
      boardKey: `${info.round}:${boardKey(ctx.state)}`,
    },
  };
}

export async function queueTable(tx: Tx, ctx: CardCtx, now: number): Promise<void> {
  await queueStatus(tx, ctx.game.id, now);
}

export async function queueLog(tx: Tx, ctx: CardCtx, seq: number | string, text: string, now: number): Promise<void> {
  await enqueue(tx, {
    gameId: ctx.game.id,
    payload: cardsPayload(ctx.game.id, { event: 'log', data: { text } }),
    target: { kind: 'channel', id: ctx.game.channelId },
    dedupeKey: `cards:log:${ctx.game.id}:${seq}`,
    now,
  });
}

export async function queueActionLog(
  tx: Tx,
  ctx: CardCtx,
  seq: number,
  round: number,
  events: readonly GameEvent[],
  actor: string | undefined,
  now: number,
): Promise<void> {
  await queueLog(
    tx,
    ctx,
    seq,
    logLine(round, events, { dynasties: ctx.state!.seats.map((x) => x.dynasty), actor }),
    now,
  );
}

/**
 * One ping per turn (design §3.4), carrying the buttons to act on it (docs/bot.md "Card game turns"): a mention
 * in the game's channel, or a DM, per the seat's notify mode — never in the log thread, where no button is.
 * `key` names the turn (the event seq that began it), so the same turn is never pinged twice.
 */
export async function queueTurnPing(
  tx: Tx,
  ctx: CardCtx,
  seat: number,
  key: string,
  text: string,
  now: number,
  reminder = false,
): Promise<void> {
  const row = seatRow(ctx, seat);
  // A computer player needs no ping: it is asked as soon as its turn is stored (src/game/cards/computer.ts).
  if (!row || row.notify === 'off' || row.away || row.conceded || isComputer(row.userId)) return;
  await enqueue(tx, {
    gameId: ctx.game.id,
    payload: cardsPayload(ctx.game.id, {
      event: 'turn',
      data: { userId: row.userId, text, reminder, phase: ctx.state?.phase ?? 'battle' },
    }),
    target: row.notify === 'dm' ? { kind: 'user', id: row.userId } : { kind: 'channel', id: ctx.game.channelId },
    dedupeKey: `cards:${reminder ? 'remind' : 'turn'}:${ctx.game.id}:${key}:${seat}`,
    now,
  });
}

/** The ping text for whoever must act now. */
export function turnPingText(ctx: CardCtx, seat: number, deadline: number | null, reminder: boolean): string {
  const s = ctx.state!;
  const user = seatRow(ctx, seat)?.userId;
  const who = user ? playerName(user) : dynastyLabel(s.seats[seat]!.dynasty);
  const due = deadline !== null ? ` Deadline ${deadlineTimes(deadline)}.` : '';
  const lead = reminder ? `Reminder: ${who}, ` : `${who}, `;
  switch (s.phase) {
    case 'give':
      return `${lead}choose 2 of your 8 cards for the recruiting row.${due}`;
    case 'choose':
      return `${lead}choose the ${s.round === 1 ? 'first' : 'next'} state to battle in${s.chooser?.pickStart ? ' and who starts' : ''}.${due}`;
    case 'tiebreak':
      return `${lead}your turn in the tie-break battle (round ${s.round}): wage battle or fall back.${due}`;
    default:
      return `${lead}your turn in round ${s.round}, battle in ${s.currentState ? stateLabel(s.currentState) : '?'}: wage battle or fall back.${due}`;
  }
}

/** Pings everyone who must act after a change (the give phase: every seat that has not given). */
export async function queuePingsForNow(tx: Tx, ctx: CardCtx, key: string, now: number): Promise<void> {
  const s = ctx.state;
  if (!s || ctx.game.status !== 'active') return;
  if (s.phase === 'give') {
    for (const [seat, g] of s.gives.entries())
      if (g === null) await queueTurnPing(tx, ctx, seat, key, turnPingText(ctx, seat, ctx.card.deadlineMs, false), now);
    return;
  }
  const seat = toActOf(s);
  if (seat !== null) await queueTurnPing(tx, ctx, seat, key, turnPingText(ctx, seat, ctx.card.deadlineMs, false), now);
}

export async function queueRoundSummary(
  tx: Tx,
  ctx: CardCtx,
  seq: number,
  round: number,
  events: readonly GameEvent[],
  before: CardGameView,
  now: number,
): Promise<void> {
  const after = publicView(ctx.state!);
  await enqueue(tx, {
    gameId: ctx.game.id,
    payload: cardsPayload(ctx.game.id, {
      event: 'round',
      data: {
        round,
        text: roundSummaryText(round, events, after),
        board: after,
        changed: changedStates(before, after),
      },
    }),
    target: { kind: 'channel', id: ctx.game.channelId },
    dedupeKey: `cards:round:${ctx.game.id}:${seq}`,
    now,
  });
}

export async function queueGameOver(
  tx: Tx,
  ctx: CardCtx,
  seq: number,
  events: readonly GameEvent[],
  now: number,
): Promise<void> {
  const view = publicView(ctx.state!);
  const reason = events.find((e) => e.kind === 'gameOver')?.text;
  const text = [winnerText(view), reason ?? ''].filter(Boolean).join('\n');
  await enqueue(tx, {
    gameId: ctx.game.id,
    payload: cardsPayload(ctx.game.id, { event: 'over', data: { text, board: view } }),
    target: { kind: 'channel', id: ctx.game.channelId },
    dedupeKey: `cards:over:${ctx.game.id}:${seq}`,
    now,
  });
}
