/**
 * The card game's side effects, queued in the transaction that caused them (src/game/outbox/write.ts): the
 * table message (kind `status`, edited in place and filled at delivery), turn pings, log-thread lines, the round
 * summary and the end of the game, as data and message keys the bot words at delivery in its reader's locale
 * (src/bot/cards/words.ts). Every public payload is built from `publicView`.
 */
import { createHash } from 'node:crypto';
import { finishReasonOf, publicView, type GameEvent, type CardGameView, type DynastyId } from '../../cardgame/index.js';
import type { Tx } from '../../store/store.js';
import type { GameRow } from '../../store/schema.js';
import { msg, type MessageKey, type Msg } from '../../i18n/index.js';
import { holderName, isComputer } from '../core/index.js';
import { enqueue, queueStatus, worded, type KindPayload } from '../outbox/index.js';
import { infoOf, loadCtx, seatRow, seatsToAct, toActOf, type CardCtx } from './store.js';
import { changedStates, deadlineTimes, SUMMARY_EVENTS } from './notation.js';
import { CARD_KIND, type CardsEvent, type CardTablePayload, type CardWords } from './types.js';

/**
 * What the table picture is drawn from, as a key: the whole public view (title, phase, battlefield, seats, row, board),
 * so the table message gets a new picture whenever anything it shows changed (docs/cardgame.md "The table message").
 */
function pictureKey(view: CardGameView): string {
  return createHash('sha256').update(JSON.stringify(view)).digest('hex').slice(0, 20);
}

/** One of the card game's own rows (`CardsEvent`): a turn ping is a prompt, dropped if the game is cancelled. */
function cardsPayload(gameId: number, e: CardsEvent): KindPayload<CardsEvent> {
  return { type: 'kind', gameId, kind: CARD_KIND, ...(e.event === 'turn' ? { prompt: true } : {}), ...e };
}

/**
 * The table message as it is now (the outbox deliverer calls this for a card game's `status` row), as data the bot
 * words in its reader's locale (src/bot/cards/words.ts `cardTableWords`): the game's for the channel's message, a
 * member's for their own copy (`/cards status`).
 */
export async function cardTablePayload(tx: Tx, game: GameRow): Promise<CardTablePayload | null> {
  const ctx = await loadCtx(tx, game);
  if (!ctx) return null;
  const info = infoOf(ctx);
  const seats = info.seats.map(({ seat, userId, dynasty, away, conceded }) => ({
    seat,
    userId,
    dynasty,
    away,
    conceded,
  }));
  if (!ctx.state || !info.table) {
    const s = info.settings;
    return {
      version: info.version,
      phase: 'lobby',
      round: 0,
      deadline: null,
      toActUserId: null,
      toActUserIds: [],
      paused: false,
      seats,
      lobby: {
        seats: s.seats,
        preset: s.preset,
        turnMs: s.turnMs,
        dynastyCards: s.dynastyCards,
        gmUserId: game.gmUserId,
        demonstration: Boolean(game.demonstration),
        computerFill: Boolean(game.computerFill),
      },
      board: null,
      boardKey: '',
    };
  }
  return {
    version: info.version,
    phase: info.phase,
    round: info.round,
    deadline: info.deadline,
    toActUserId: info.toActUserId,
    toActUserIds:
      game.status === 'active' ? seatsToAct(ctx.state).flatMap((seat) => seatRow(ctx, seat)?.userId ?? []) : [],
    paused: game.status === 'paused',
    seats,
    lobby: null,
    board: info.table,
    boardKey: info.table ? pictureKey(info.table) : '',
  };
}

export async function queueTable(tx: Tx, ctx: CardCtx, now: number): Promise<void> {
  await queueStatus(tx, ctx.game.id, now);
}

/** Message lines as a row's `words`, with their English `text`. */
function linesOf(lines: Msg | readonly Msg[]): { text: string; words: CardWords } {
  const all = Array.isArray(lines) ? [...lines] : [lines as Msg];
  return { text: worded(all).text, words: { what: 'lines', lines: all } };
}

/** A line of the game's log thread: message lines, or an action's public events (`words`). */
export async function queueLog(
  tx: Tx,
  ctx: CardCtx,
  seq: number | string,
  lines:
    | Msg
    | readonly Msg[]
    | { what: 'log'; round: number; events: GameEvent[]; dynasties: DynastyId[]; actor?: Msg },
  now: number,
): Promise<void> {
  const data = 'what' in lines ? { words: lines } : linesOf(lines as Msg | readonly Msg[]);
  await enqueue(tx, {
    gameId: ctx.game.id,
    payload: cardsPayload(ctx.game.id, { event: 'log', data }),
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
  actor: Msg | undefined,
  now: number,
): Promise<void> {
  const dynasties = ctx.state!.seats.map((x) => x.dynasty);
  await queueLog(
    tx,
    ctx,
    seq,
    { what: 'log', round, events: [...events], dynasties, ...(actor ? { actor } : {}) },
    now,
  );
}

/**
 * One ping per turn (docs/cardgame.md "The table message"), carrying the buttons to act on it (docs/bot.md "Card game
 * turns"): a mention in the game's channel, or a DM, per the seat's notify mode — never in the log thread, where no
 * button is. `key` names the turn (the event seq that began it), so the same turn is never pinged twice.
 */
export async function queueTurnPing(
  tx: Tx,
  ctx: CardCtx,
  seat: number,
  key: string,
  text: Msg,
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
      data: { userId: row.userId, ...linesOf(text), reminder, phase: ctx.state?.phase ?? 'battle' },
    }),
    target: row.notify === 'dm' ? { kind: 'user', id: row.userId } : { kind: 'channel', id: ctx.game.channelId },
    dedupeKey: `cards:${reminder ? 'remind' : 'turn'}:${ctx.game.id}:${key}:${seat}`,
    now,
  });
}

/** The ping text for whoever must act now. */
export function turnPingText(ctx: CardCtx, seat: number, deadline: number | null, reminder: boolean): Msg {
  const s = ctx.state!;
  const user = seatRow(ctx, seat)?.userId;
  const who = user ? holderName(user) : msg(`cards.dynasty.${s.seats[seat]!.dynasty}.label` as MessageKey);
  const params = {
    lead: msg(reminder ? 'cards.turn.reminder' : 'cards.turn.lead', { who }),
    due: deadline !== null ? msg('cards.turn.due', { deadline: deadlineTimes(deadline) }) : '',
    round: s.round,
  };
  switch (s.phase) {
    case 'give':
      return msg('cards.turn.give', params);
    case 'choose':
      return msg('cards.turn.choose', {
        ...params,
        first: s.round === 1 ? 'first' : 'next',
        start: s.chooser?.pickStart ? 'yes' : 'no',
      });
    case 'tiebreak':
      return msg('cards.turn.tiebreak', params);
    default:
      return msg('cards.turn.battle', {
        ...params,
        state: s.currentState ? msg(`cards.state.${s.currentState}.label` as MessageKey) : '?',
      });
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
        board: after,
        changed: changedStates(before, after),
        words: { what: 'round', round, events: events.filter((e) => SUMMARY_EVENTS.includes(e.kind)) },
      },
    }),
    target: { kind: 'channel', id: ctx.game.channelId },
    dedupeKey: `cards:round:${ctx.game.id}:${seq}`,
    now,
  });
}

/**
 * What the end post says beside the winner and the final board (docs/cardgame.md "The end of the game"): the end
 * check (`gameOver`, when this batch has it), and why the winner won unless it is the most states, which the winner
 * line and the end check already say: a win after a tie on states (superiorities, strongholds, armies, shared).
 */
export function overEvents(events: readonly GameEvent[]): GameEvent[] {
  const end = events.find((e) => e.kind === 'gameOver');
  const finished = events.find((e) => e.kind === 'finished');
  const decided = finished && finishReasonOf(finished)?.kind !== 'states' ? [finished] : [];
  return [...(end ? [end] : []), ...decided];
}

export async function queueGameOver(
  tx: Tx,
  ctx: CardCtx,
  seq: number,
  events: readonly GameEvent[],
  now: number,
): Promise<void> {
  const view = publicView(ctx.state!);
  const words: CardWords = { what: 'over', events: overEvents(events) };
  await enqueue(tx, {
    gameId: ctx.game.id,
    payload: cardsPayload(ctx.game.id, { event: 'over', data: { board: view, words } }),
    target: { kind: 'channel', id: ctx.game.channelId },
    dedupeKey: `cards:over:${ctx.game.id}:${seq}`,
    now,
  });
}

/** A channel notice of the card game (a pause, a replacement, a seat marked away) as message lines, worded at delivery. */
export async function queueCardNotice(
  tx: Tx,
  game: GameRow,
  lines: Msg | readonly Msg[],
  dedupeKey: string,
  now: number,
  quiet = false,
): Promise<void> {
  const words = worded(Array.isArray(lines) ? lines : [lines as Msg]);
  await enqueue(tx, {
    gameId: game.id,
    payload: { type: 'notice', gameId: game.id, ...(quiet ? { quiet } : {}), ...words },
    target: { kind: 'channel', id: game.channelId },
    dedupeKey,
    now,
  });
}
