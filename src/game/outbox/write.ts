/**
 * Writing to the outbox, always inside the transaction that caused the message, so a message exists if and
 * only if its cause was committed. The dedupe key is UNIQUE: queuing the same message twice is a no-op.
 *
 * Secrecy: payloads for channels never carry orders of an unresolved phase. Results posts only name a
 * resolved phase; status texts only say who has submitted, never what.
 */
import {
  channelRef,
  isPerson,
  hideMembers,
  identitiesHiddenNow,
  reportInternal,
  powerParam,
  VACANT_ID_PREFIX,
  vacantUserId,
  variantOfGame,
} from '../core/index.js';
import { and, asc, eq, gt, inArray, isNull, like, notLike, sql } from 'drizzle-orm';
import type { Tx } from '../../store/store.js';
import { msg, t, type Msg, type MsgParam } from '../../i18n/index.js';
import { reusedQuery } from '../../store/prepared.js';
import { gameById, showHeldBoard } from '../../store/queries.js';
import { auditLog, games, outbox, substituteCalls, type GameRow, type OutboxRow } from '../../store/schema.js';
import { nextProgressMark, privateActDueAt } from './marks.js';
import { copyToWatchers } from './watchers.js';

/** What the deliverer's `send` receives in `row.payload`; `type` equals `row.kind`. */
export type OutboxPayload =
  /**
   * Channel: the game has started; attach the map of `phaseId`'s starting position. `muster`: the post carries the
   * **I'm here** button of the game's muster (src/game/muster). Also, under this stored name, the post that opens a
   * phase's orders after a variant's start step (src/game/phase/steps.ts), posted the same way.
   */
  | ({ type: 'game_started'; gameId: number; phaseId: number; muster?: true } & Worded)
  /** Channel: results of the resolved phase `phaseId`; attach its map with orders and results drawn. */
  | ({ type: 'phase_results'; gameId: number; phaseId: number } & Worded)
  /**
   * Channel: edit the status message in place (`row.statusMessageId`), or post it when there is none.
   * `text` is filled in at delivery time with the status as it is then.
   */
  | ({ type: 'status'; gameId: number; own?: KindStatus } & Worded)
  /**
   * Channel: a post of a variant's phase step (src/game/phase/steps.ts); `picture` names the plug-in's picture of phase
   * `phaseId` to attach (e.g. the orders with a provisional result), null for none.
   */
  | ({ type: 'step_post'; gameId: number; phaseId: number; picture: string | null } & Worded)
  /**
   * Channel: the game has ended (solo, draw, concession). `phaseId`: the final board, drawn after the text (rows
   * queued before it was added have none).
   */
  | ({ type: 'game_over'; gameId: number; phaseId?: number } & Worded)
  /**
   * Channel: a plain notice (rollback, replacement, a player who cannot be reached by DM); it notifies the members it
   * names unless `quiet` (a member's own act told to the channel, as a public reply tells it).
   */
  | ({ type: 'notice'; gameId: number; quiet?: boolean } & Worded)
  /** DM to the user `row.target`; with `mapPhaseId`, the map of that phase's position is attached (never its orders). */
  | ({
      type: 'dm';
      gameId: number;
      reason: DmReason;
      mapPhaseId?: number;
      /** With `mapPhaseId` in a fog game: the map is that phase's board as this power sees it (src/game/fog). */
      mapPower?: string;
      /**
       * A fog game's results DM (src/game/fog): the maps of resolved phase `phaseId` as `power` saw it (its orders with
       * their results, then the board after) are drawn at delivery from that power's view.
       */
      fogResults?: { phaseId: number; power: string };
      /**
       * Anonymous press (src/game/press/press.ts): who to tell, without naming anyone, when the DM cannot be delivered;
       * `kept`: sent while the seat was empty and handed to its next player when they took it.
       */
      press?: { fromUserId: string; toPower: string; kept?: boolean };
      /** A request to watch the player's power (src/game/spectators): the bot adds its Allow / Deny buttons. */
      spectateRequest?: number;
    } & Worded)
  /**
   * Discord's side of press thread `threadRowId` (src/game/press/press.ts): create it in the channel if it does not exist,
   * then give it exactly the members its plan names (`pressThreadPlan`, read at delivery).
   */
  | { type: 'press_thread'; gameId: number; threadRowId: number }
  /**
   * Channel: a substitute call (src/game/seats/substitute-calls.ts); the bot adds its **Claim** button for call `callId`.
   * Once posted, the deliverer keeps the message's id in the row's payload (`messageId`), for the edit that closes it.
   */
  | ({ type: 'substitute_call'; gameId: number; callId: number; messageId?: string } & Worded)
  /**
   * Channel: edit substitute call `callId`'s post so its button no longer offers the seat: `taken` by a claim (or the
   * game master's choice), or `closed` with the game, and its text say so (rows queued before they carried a text
   * change the button only). The deliverer hands the sender the post's id (`DeliveryRow.callMessageId`); a call whose
   * post never went out has nothing to edit.
   */
  | ({ type: 'substitute_call_closed'; gameId: number; callId: number; why: 'taken' | 'closed' } & Partial<Worded>)
  /**
   * Channel: bring open substitute call `callId`'s post up to date (its phase, deadline and what the seat holds), queued
   * with every status edit (`queueStatus`). Its text is written at delivery from the game as it is then
   * (src/game/seats `openCallLines`); nothing is sent when the post already reads so or the call has closed.
   */
  | ({ type: 'substitute_call_refresh'; gameId: number; callId: number } & Partial<Worded>)
  /**
   * Channel: the game's muster is over (src/game/muster): edit its start post so **I'm here** is disabled. The deliverer
   * hands the sender the id of the start post's part with the button (`DeliveryRow.callMessageId`).
   */
  | { type: 'muster_closed'; gameId: number }
  /**
   * DM: a request to watch that still offered its buttons ended otherwise than by them (the game ended, the asker
   * stopped, the player stopped it, the seat changed hands): edit the request DM sent by the row of dedupe key
   * `askKey` to its text (`lines`) with no buttons (docs/table.md "Spectators"). The deliverer hands the sender the
   * DM's id (`DeliveryRow.callMessageId`); a request DM never sent has nothing to edit.
   */
  | ({ type: 'spectate_request_closed'; gameId: number; requestId: number; askKey: string } & Worded)
  /** A game kind's own row (src/game/core/kinds.ts): what it means is the kind's, delivered by its bot side. */
  | KindPayload;

/**
 * A row's text: `lines`, message keys the bot words line by line in the reader's locale (src/game/core/locales.ts
 * `readerLocale`, docs/locales.md), and `text`, their English wording, kept for rows written before locales existed
 * and for readers that do not word (logs at debug, tests). A row without `lines` is sent as its `text`.
 */
export interface Worded {
  text: string;
  lines?: Msg[];
  /**
   * A spectator's copy of a row that showed a seat's player the game (watchers.ts): sent to the spectator by DM as
   * the original is sent (its maps drawn the same way), never with a link of the player's.
   */
  watch?: { power: string };
}

/** A row's text from a plain text (sent as it is) or from message lines (worded in the reader's locale). */
export function worded(text: string | readonly Msg[]): Worded {
  return typeof text === 'string' ? { text } : { text: text.map((line) => t('en', line)).join('\n'), lines: [...text] };
}

/**
 * A game kind's own outbox row: `event` names what happened in the kind's words (the card game's
 * `log`, `turn`, `round`, `over`) and `data` carries it; both are opaque to the outbox and the sender, which hand
 * the row to the kind of that name (src/bot/kinds.ts). The kind types its events by narrowing `E`.
 * `prompt`: the row asks a player to act now (a turn ping), so it is untrue once the game is cancelled and is
 * dropped with it, like a reminder (`LAPSES_WITH_GAME`).
 */
export type KindPayload<E extends { event: string; data: unknown } = { event: string; data: unknown }> = {
  type: 'kind';
  gameId: number;
  kind: string;
  prompt?: boolean;
} & E;

/**
 * What a game kind adds to its status row at delivery (`GameKind.status`, e.g. the card game's table with its board
 * and buttons): the kind's own data, handed to its bot side to draw the message.
 */
export interface KindStatus {
  kind: string;
  data: unknown;
}

export type DmReason =
  | 'power_assigned'
  | 'order_confirmation'
  | 'reminder'
  | 'phase_started'
  | 'game_over'
  | 'replaced'
  /** A variant's plug-in telling a player about its step or action (the step opened, what was stored …). */
  | 'variant'
  /** Anonymous press relayed to its recipient, the sender's copy, or a press that could not be delivered. */
  | 'press'
  /** A fog game's results, as the player's power saw them (src/game/fog). */
  | 'results'
  /** Spectators (src/game/spectators): a request to watch, its answer, a revocation. */
  | 'spectate';

export type OutboxKind = OutboxPayload['type'];

export interface Enqueue {
  gameId: number | null;
  phaseId?: number | null;
  payload: OutboxPayload;
  target: { kind: 'channel' | 'user'; id: string };
  dedupeKey: string;
  now: number;
  /** Not delivered before this time (default: `now`). */
  dueAt?: number;
}

/** The dedupe key of a game's start post (the muster's closing edit finds the post by it). */
export function startPostKey(gameId: number): string {
  return `start:${gameId}`;
}

/** Dedupe keys of order confirmation DMs: `confirm:<phase>:<power>:<token>` (src/game/orders/orders.ts). */
export const ORDER_CONFIRMATION_KEY = 'confirm:';

/**
 * Channel posts that publish a phase's orders: its results, and a variant's step posts with a picture (made once the
 * orders are closed, e.g. a provisional result with its map).
 */
export const PUBLISHES_ORDERS: readonly OutboxKind[] = ['phase_results', 'step_post'];

/** `last_error` of an order confirmation that was not sent because its phase's orders were published first. */
export const CONFIRMATION_DROPPED = 'dropped: its phase resolved first, and the results show the orders';

/**
 * Queues a message; returns false when a message with the same dedupe key already exists.
 *
 * An order confirmation DM goes out before the post that publishes its phase's orders, or not at all.
 * Queuing that post (in the transaction that resolves the phase) drops the phase's confirmations that no deliverer
 * holds yet: the post shows what was stored, and a DM after it would confirm orders for a phase that is over. A
 * confirmation already in flight is waited for by the post (outbox.ts `claimHeads`); one put back after a failed
 * attempt, or freed after a crash, is dropped by the deliverer instead of being sent late (`deliverOne`).
 */
export async function enqueue(tx: Tx, m: Enqueue): Promise<boolean> {
  // A computer player reads no DMs, and a vacant seat has nobody to read them.
  if (m.target.kind === 'user' && !isPerson(m.target.id)) return false;
  const payload = await channelSafe(tx, m);
  const res = await insertRow(tx, { ...m, payload });
  // A spectator sees what the watched seat's player sees: the same row, copied as it is queued (watchers.ts).
  if (res === 1) await copyToWatchers(tx, { ...m, payload });
  if (res === 1 && m.target.kind === 'channel' && (m.dueAt ?? m.now) <= m.now)
    await releaseHeld(tx, m.target.id, m.gameId, m.now);
  if (res === 1 && m.phaseId != null && PUBLISHES_ORDERS.includes(m.payload.type)) {
    await tx
      .update(outbox)
      .set({ failedAt: m.now, lastError: CONFIRMATION_DROPPED })
      .where(
        and(
          eq(outbox.phaseId, m.phaseId),
          eq(outbox.kind, 'dm'),
          like(outbox.dedupeKey, `${ORDER_CONFIRMATION_KEY}${m.phaseId}:%`),
          isNull(outbox.sentAt),
          isNull(outbox.failedAt),
          isNull(outbox.claimedBy),
        ),
      );
  }
  return res === 1;
}

const insertRowQuery = reusedQuery((db) =>
  db
    .insert(outbox)
    .values({
      gameId: sql.placeholder('gameId'),
      phaseId: sql.placeholder('phaseId'),
      kind: sql.placeholder('kind'),
      targetKind: sql.placeholder('targetKind'),
      target: sql.placeholder('target'),
      payload: sql.placeholder('payload'),
      dedupeKey: sql.placeholder('dedupeKey'),
      createdAt: sql.placeholder('createdAt'),
      nextAttemptAt: sql.placeholder('nextAttemptAt'),
    })
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning({ id: outbox.id }),
);

/** Inserts the row as it is (1), unless a row with its dedupe key exists (0). */
async function insertRow(tx: Tx, m: Enqueue): Promise<number> {
  const inserted = await insertRowQuery(tx, {
    gameId: m.gameId,
    phaseId: m.phaseId ?? null,
    kind: m.payload.type,
    targetKind: m.target.kind,
    target: m.target.id,
    payload: m.payload,
    dedupeKey: m.dedupeKey,
    createdAt: m.now,
    nextAttemptAt: m.dueAt ?? m.now,
  });
  return inserted.length;
}

/**
 * A channel post due now frees the posts and edits of the same channel held for a mark of the clock
 * (`privateActDueAt`): the channel's rows go out in the order they were queued, so one held would otherwise keep this
 * one waiting; and the event that posts now is public (a phase, the game master's act, the end), so showing with it
 * every act until then is what the status does too (`queueProgressStatus`). A held row is one queued due later that
 * was never tried (a retry's wait is left alone); the status edits held for a mark wait in a queue of their own
 * (src/game/delivery `HEADS`) and need no freeing. The board a player's act changed shows with its post: the game's
 * held board becomes its board (src/game/phase/held-board.ts, whose sweep does the same at the mark).
 */
async function releaseHeld(tx: Tx, channelId: string, gameId: number | null, now: number): Promise<void> {
  if (gameId !== null) await showHeldBoard(tx, gameId);
  await tx
    .update(outbox)
    .set({ nextAttemptAt: now })
    .where(
      and(
        eq(outbox.targetKind, 'channel'),
        eq(outbox.target, channelId),
        gt(outbox.nextAttemptAt, now),
        eq(outbox.attempts, 0),
        isNull(outbox.lastError),
        isNull(outbox.sentAt),
        isNull(outbox.failedAt),
        isNull(outbox.claimedBy),
        notLike(outbox.dedupeKey, `${STATUS_MARK_KEY}%`),
      ),
    );
}

/** When a DM kept for a seat nobody holds is due: never, until the seat's next player takes it (`handOverKept`). */
const KEPT_FOR_NEXT_HOLDER = Number.MAX_SAFE_INTEGER;

/**
 * Keeps a DM for the seat of `power`, which nobody holds now (anonymous press to an empty seat, docs/bot.md "Press"):
 * a row addressed to the seat's vacant holder and never due, which `handOverKept` gives to whoever takes the seat
 * next. It waits in a queue of its own (its target), so it holds back nobody's messages.
 */
export async function keepForSeat(
  tx: Tx,
  m: Omit<Enqueue, 'target' | 'dueAt' | 'payload'> & { power: string; payload: OutboxPayload & { type: 'dm' } },
): Promise<void> {
  const { power, ...row } = m;
  await insertRow(tx, { ...row, target: { kind: 'user', id: vacantUserId(power) }, dueAt: KEPT_FOR_NEXT_HOLDER });
}

/** The DMs kept for a seat nobody held (`keepForSeat`), oldest first; with `power` null, every seat's of the game. */
function keptRows(tx: Tx, gameId: number, power: string | null) {
  return tx
    .select()
    .from(outbox)
    .where(
      and(
        eq(outbox.gameId, gameId),
        eq(outbox.targetKind, 'user'),
        power === null ? like(outbox.target, `${VACANT_ID_PREFIX}%`) : eq(outbox.target, vacantUserId(power)),
        isNull(outbox.sentAt),
        isNull(outbox.failedAt),
      ),
    )
    .orderBy(asc(outbox.id));
}

/**
 * The seat of `power` changed hands: the DMs kept for it go to its new holder, a member, now and after what the hand-over
 * queued for them (each keeps its dedupe key, so it goes out once); a computer player reads none, so they are dropped
 * and their senders told (`tellUnreadSenders`).
 */
export async function handOverKept(tx: Tx, game: GameRow, power: string, holder: string, now: number): Promise<void> {
  const kept = await keptRows(tx, game.id, power);
  if (kept.length === 0) return;
  if (!isPerson(holder)) {
    await dropRows(tx, kept, now, 'dropped: the seat went to a computer player');
    // The seat changed hands: in a game that hides who plays whom, the sender hears at the next mark of the clock.
    return await tellUnreadSenders(tx, game, kept, 'press.keptUnreadComputer', now, privateActDueAt(game, now));
  }
  for (const row of kept) {
    await tx.delete(outbox).where(eq(outbox.id, row.id));
    await enqueue(tx, {
      gameId: game.id,
      phaseId: row.phaseId,
      payload: row.payload as OutboxPayload,
      target: { kind: 'user', id: holder },
      dedupeKey: row.dedupeKey,
      now,
    });
  }
}

/**
 * The game is over (finished or cancelled): the DMs kept for seats nobody took are dropped (nobody will read them as
 * the game's), and each member whose press was among them is told, once, in one DM: how many of their messages to which
 * power were never read (docs/bot.md "Press"). The DM goes to the sender alone, who knows what they sent; it names no
 * member, and the seat left empty to the end is what the final post shows. Its dedupe key names the sender's first
 * dropped row, which is dropped once: the same drop tells once, and a game rolled back and ended again tells anew only
 * of what was kept since.
 */
export async function dropKept(tx: Tx, game: GameRow, now: number): Promise<void> {
  const kept = await keptRows(tx, game.id, null);
  await dropRows(tx, kept, now, 'dropped: the game ended before anyone took the seat');
  await tellUnreadSenders(tx, game, kept, 'press.keptUnread', now);
  await tellUndelivered(tx, game, now);
}

/**
 * The audit action of a press DM refused by its recipient's closed DMs in a game that hides who plays whom
 * (src/game/delivery): its sender is told only when the game ends (`tellUndelivered`), as "France's player closed
 * DMs" would pair France with a member known to have closed theirs (docs/bot.md "Anonymous press").
 */
export const PRESS_UNDELIVERED = 'press_undelivered';

/**
 * The game is over: each member whose press a closed DM refused while identities were hidden is told once, in one DM,
 * how many of their messages to which power never arrived. The audit rows, one per refused message, are then deleted:
 * the DM now says what they kept for it, and nothing else reads them, so a game's press no longer grows the audit log
 * once told (docs/bot.md "Anonymous press"). Its dedupe key names the sender's first such refusal (ids are not used
 * again), so a later end of the game tells only of what was refused since.
 */
async function tellUndelivered(tx: Tx, game: GameRow, now: number): Promise<void> {
  const ofGame = and(eq(auditLog.gameId, game.id), eq(auditLog.action, PRESS_UNDELIVERED));
  const refused = await tx.select().from(auditLog).where(ofGame).orderBy(asc(auditLog.id));
  const bySender = new Map<string, { firstId: number; counts: Map<string, number> }>();
  for (const row of refused) {
    const toPower = (row.detail as { toPower?: unknown } | null)?.toPower;
    if (!row.userId || typeof toPower !== 'string') continue;
    const sender = bySender.get(row.userId) ?? { firstId: row.id, counts: new Map<string, number>() };
    sender.counts.set(toPower, (sender.counts.get(toPower) ?? 0) + 1);
    bySender.set(row.userId, sender);
  }
  const variant = variantOfGame(game);
  const channel = channelRef(game.channelId);
  for (const [userId, { firstId, counts }] of bySender) {
    const lines = [...counts].map(([power, count]) =>
      msg('press.undeliveredAtEnd', { count, power: variant ? powerParam(variant, power) : power, channel }),
    );
    await queueDm(tx, game, {
      to: userId,
      reason: 'press',
      text: lines,
      dedupeKey: `press-undelivered-end:${game.id}:${userId}:${firstId}`,
      now,
    });
  }
  if (refused.length > 0) await tx.delete(auditLog).where(ofGame);
}

/**
 * Each member whose press was among the dropped rows is told once, in one DM, how many of their messages to which power
 * were never read, and why (`key`). The DM goes to the sender alone, who knows what they sent; it names no member. Its
 * dedupe key names the sender's first dropped row, which is dropped once: the same drop tells once.
 */
async function tellUnreadSenders(
  tx: Tx,
  game: GameRow,
  kept: readonly OutboxRow[],
  key: 'press.keptUnread' | 'press.keptUnreadComputer',
  now: number,
  dueAt?: number,
): Promise<void> {
  const bySender = new Map<string, { firstId: number; counts: Map<string, number> }>();
  for (const row of kept) {
    const press = (row.payload as OutboxPayload & { type: 'dm' }).press;
    if (!press) continue;
    const sender = bySender.get(press.fromUserId) ?? { firstId: row.id, counts: new Map<string, number>() };
    sender.counts.set(press.toPower, (sender.counts.get(press.toPower) ?? 0) + 1);
    bySender.set(press.fromUserId, sender);
  }
  const variant = variantOfGame(game);
  const channel = channelRef(game.channelId);
  for (const [userId, { firstId, counts }] of bySender) {
    const lines = [...counts].map(([power, count]) =>
      msg(key, { count, power: variant ? powerParam(variant, power) : power, channel }),
    );
    await queueDm(tx, game, {
      to: userId,
      reason: 'press',
      text: lines,
      dedupeKey: `press-unread:${game.id}:${userId}:${firstId}`,
      now,
      dueAt,
    });
  }
}

async function dropRows(tx: Tx, rows: readonly OutboxRow[], now: number, why: string): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .update(outbox)
    .set({ failedAt: now, lastError: why })
    .where(
      inArray(
        outbox.id,
        rows.map((r) => r.id),
      ),
    );
}

/**
 * The payload as the channel may read it: in a game that hides identities, a channel text never carries a member
 * reference before the final post, which reveals who played whom (src/game/core/identities.ts). A reference found here is
 * a text written without `publicHolderName`: it is replaced, and reported to the operator.
 */
async function channelSafe(tx: Tx, m: Enqueue): Promise<OutboxPayload> {
  if (m.target.kind !== 'channel' || m.gameId === null || m.payload.type === 'game_over') return m.payload;
  const said = 'text' in m.payload ? m.payload.text : undefined;
  if (said === undefined || !said.includes('⟦member:')) return m.payload;
  const game = await gameById(tx, m.gameId);
  if (!game) return m.payload;
  const { text, hidden } = hideMembers(game, said);
  if (hidden > 0)
    reportInternal({}, new Error(`a ${m.payload.type} post named a member in a game that hides identities`));
  if (hidden === 0) return m.payload;
  const lines = 'lines' in m.payload && m.payload.lines ? { lines: m.payload.lines.map((l) => hideIn(game, l)) } : {};
  return { ...m.payload, text, ...lines } as OutboxPayload;
}

/** A message line with the member references of its texts (at any depth) hidden as `hideMembers` hides them. */
function hideIn(game: GameRow, line: Msg): Msg {
  if (!line.params) return line;
  const params: Record<string, MsgParam> = {};
  for (const [name, value] of Object.entries(line.params))
    params[name] =
      typeof value === 'string'
        ? hideMembers(game, value).text
        : typeof value === 'number' || !('key' in value)
          ? value // a number, or a name the variant gives (never a member)
          : hideIn(game, value);
  return { key: line.key, params };
}

/** Does a pending row say something untrue once its game is cancelled: a DM, a notice, a kind's prompt (turn ping)? */
export function lapsesWithGame(row: Pick<OutboxRow, 'kind' | 'payload'>): boolean {
  if (row.kind === 'dm' || row.kind === 'notice') return true;
  return row.kind === 'kind' && (row.payload as { prompt?: unknown }).prompt === true;
}

/**
 * Queues a channel notice: a plain text, or message lines worded in the game's locale. `dueAt`: not posted before
 * (`privateActDueAt` for a notice that follows one member's private act).
 */
export async function queueNotice(
  tx: Tx,
  game: GameRow,
  notice: { text: string | readonly Msg[]; dedupeKey: string; now: number; phaseId?: number; dueAt?: number },
): Promise<void> {
  await enqueue(tx, {
    gameId: game.id,
    phaseId: notice.phaseId ?? null,
    payload: { type: 'notice', gameId: game.id, ...worded(notice.text) },
    target: { kind: 'channel', id: game.channelId },
    dedupeKey: notice.dedupeKey,
    now: notice.now,
    dueAt: notice.dueAt,
  });
}

/** Queues a DM; `dueAt`: not sent before (`privateActDueAt` for a DM that follows another member's private act). */
export async function queueDm(
  tx: Tx,
  game: GameRow,
  dm: {
    to: string;
    reason: DmReason;
    text: string | readonly Msg[];
    dedupeKey: string;
    now: number;
    phaseId?: number;
    dueAt?: number;
  },
): Promise<void> {
  await enqueue(tx, {
    gameId: game.id,
    phaseId: dm.phaseId ?? null,
    payload: { type: 'dm', gameId: game.id, ...worded(dm.text), reason: dm.reason },
    target: { kind: 'user', id: dm.to },
    dedupeKey: dm.dedupeKey,
    now: dm.now,
    dueAt: dm.dueAt,
  });
}

/** Dedupe keys of the status edits held for a mark: `status-mark:<game>:<mark>` (one per game and mark). */
export const STATUS_MARK_KEY = 'status-mark:';

/**
 * The substitute calls of a game whose post (`unposted`), or whose closing edit (`unclosed`), waits for a mark of the
 * clock (`privateActDueAt`): what the channel has not been told yet.
 */
export async function heldCallRows(
  tx: Tx,
  gameId: number,
  now: number,
): Promise<{ unposted: Set<number>; unclosed: Set<number> }> {
  const rows = await tx
    .select({ kind: outbox.kind, payload: outbox.payload })
    .from(outbox)
    .where(
      and(
        eq(outbox.gameId, gameId),
        inArray(outbox.kind, ['substitute_call', 'substitute_call_closed']),
        gt(outbox.nextAttemptAt, now),
        isNull(outbox.sentAt),
        isNull(outbox.failedAt),
      ),
    );
  const unposted = new Set<number>();
  const unclosed = new Set<number>();
  for (const row of rows) {
    const callId = Number((row.payload as { callId?: unknown }).callId);
    (row.kind === 'substitute_call' ? unposted : unclosed).add(callId);
  }
  return { unposted, unclosed };
}

/**
 * Queues the status edit that shows a player's own act (a join, orders, readiness, a step's answer): at once in an
 * open game; in a game that hides who plays whom (until it ends), one edit at the next mark of the clock for every
 * act until then (PROGRESS_EVERY_MS). A public event (a phase, the game master's act, the end) still edits at once,
 * with the players' progress as it was at the last mark passed (src/game/phase/shown-progress.ts).
 */
export async function queueProgressStatus(
  tx: Tx,
  game: Pick<GameRow, 'id' | 'press' | 'status' | 'channelId' | 'currentPhaseId'>,
  now: number,
): Promise<void> {
  if (!identitiesHiddenNow(game)) return await queueStatus(tx, game.id, now);
  const mark = nextProgressMark(now);
  await enqueue(tx, {
    gameId: game.id,
    phaseId: game.currentPhaseId,
    payload: { type: 'status', gameId: game.id, text: '' },
    target: { kind: 'channel', id: game.channelId },
    dedupeKey: `${STATUS_MARK_KEY}${game.id}:${mark}`,
    now,
    dueAt: mark,
  });
}

/**
 * Queues an edit of the game's status message. The text is written when the row is delivered
 * (`deliverOutbox` fills `payload.text` from the game as it is then), so the edit always shows the latest
 * state and the use-case's transaction stays short.
 */
export async function queueStatus(tx: Tx, gameId: number, now: number): Promise<void> {
  const bumped = (
    await tx
      .update(games)
      .set({ statusVersion: sql`${games.statusVersion} + 1` })
      .where(eq(games.id, gameId))
      .returning({
        statusVersion: games.statusVersion,
        channelId: games.channelId,
        currentPhaseId: games.currentPhaseId,
      })
  )[0]!;
  if (!bumped) return;
  await enqueue(tx, {
    gameId,
    phaseId: bumped.currentPhaseId,
    payload: { type: 'status', gameId, text: '' },
    target: { kind: 'channel', id: bumped.channelId },
    dedupeKey: `status:${gameId}:${bumped.statusVersion}`,
    now,
  });
  // What changes the status may change what an open substitute call says of its seat (a phase, a deadline).
  const open = await tx
    .select({ id: substituteCalls.id })
    .from(substituteCalls)
    .where(and(eq(substituteCalls.gameId, gameId), isNull(substituteCalls.closedAt)));
  for (const call of open)
    await enqueue(tx, {
      gameId,
      payload: { type: 'substitute_call_refresh', gameId, callId: call.id },
      target: { kind: 'channel', id: bumped.channelId },
      dedupeKey: `substitute-refresh:${call.id}:${bumped.statusVersion}`,
      now,
    });
}
