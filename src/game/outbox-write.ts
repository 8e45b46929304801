/**
 * Writing to the outbox, always inside the transaction that caused the message, so a message exists if and
 * only if its cause was committed. The dedupe key is UNIQUE: queuing the same message twice is a no-op.
 *
 * Secrecy: payloads for channels never carry orders of an unresolved phase. Results posts only name a
 * resolved phase; status texts only say who has submitted, never what.
 */
import { and, eq, isNull, like, sql } from 'drizzle-orm';
import type { Tx } from '../store/db.js';
import { games, outbox, type GameRow } from '../store/schema.js';
import type { CardGameView } from '../cardgame/index.js';

/** What the deliverer's `send` receives in `row.payload`; `type` equals `row.kind`. */
export type OutboxPayload =
  /** Channel: the game has started; attach the map of `phaseId`'s starting position. */
  | { type: 'game_started'; gameId: number; phaseId: number; text: string }
  /** Channel: results of the resolved phase `phaseId`; attach its map with orders and results drawn. */
  | { type: 'phase_results'; gameId: number; phaseId: number; text: string }
  /**
   * Channel: edit the status message in place (`row.statusMessageId`), or post it when there is none.
   * `text` is filled in at delivery time with the status as it is then.
   */
  | { type: 'status'; gameId: number; text: string; cards?: CardTablePayload }
  /**
   * Channel: a post of a variant's phase step (src/game/steps.ts); `picture` names the plug-in's picture of phase
   * `phaseId` to attach (e.g. the orders with a provisional result), null for none.
   */
  | { type: 'step_post'; gameId: number; phaseId: number; text: string; picture: string | null }
  /** Channel: the game has ended (solo, draw, concession). */
  | { type: 'game_over'; gameId: number; text: string }
  /** Channel: a plain notice (rollback, replacement, a player who cannot be reached by DM). */
  | { type: 'notice'; gameId: number; text: string }
  /** DM to the user `row.target`. */
  | { type: 'dm'; gameId: number; text: string; reason: DmReason }
  /** Card game, channel: one line for the game's log thread (the bot opens the thread once, `recordCardThread`). */
  | { type: 'cards_log'; gameId: number; text: string }
  /**
   * Card game: "it is your turn", with the buttons to act on it (`phase`: give, choose, battle, tiebreak).
   * `row.targetKind` channel: post `text` in the game's channel mentioning exactly `userId` (allowed mentions:
   * that user only); user: a DM to `userId`.
   */
  | { type: 'cards_turn'; gameId: number; userId: string; text: string; reminder: boolean; phase?: string }
  /** Card game, channel: the round summary (design §3.6 step 4) with the board after the round (public view). */
  | { type: 'cards_round'; gameId: number; round: number; text: string; board: CardGameView; changed: string[] }
  /** Card game, channel: the end of the game (design §3.10) with the final board (public view). */
  | { type: 'cards_over'; gameId: number; text: string; board: CardGameView };

/**
 * A card game's table message (design §3.4), filled at delivery from the game as it is then: the texts of
 * `cardTableText` plus the public view for the buttons and the board image. Built only from `publicView`.
 */
export interface CardTablePayload {
  version: number;
  phase: string;
  round: number;
  deadline: number | null;
  /** User to act (for "It is @X's turn" replies), or null. */
  toActUserId: string | null;
  /** Every user who must act now (the setup give: all who have not chosen); their turn pings stay, others go. */
  toActUserIds?: string[];
  title: string;
  text: string;
  board: CardGameView | null;
  /** Changes when the board changed (attach a fresh image only then). */
  boardKey: string;
}

export type DmReason =
  | 'power_assigned'
  | 'order_confirmation'
  | 'reminder'
  | 'phase_started'
  | 'game_over'
  | 'replaced'
  /** A variant's plug-in telling a player about its step or action (the step opened, what was stored …). */
  | 'variant';

export type OutboxKind = OutboxPayload['type'];

export interface Enqueue {
  gameId: number | null;
  phaseId?: number | null;
  payload: OutboxPayload;
  target: { kind: 'channel' | 'user'; id: string };
  dedupeKey: string;
  now: number;
}

/** Dedupe keys of order confirmation DMs: `confirm:<phase>:<power>:<token>` (src/game/orders.ts). */
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
 * Issue 23 §3: an order confirmation DM goes out before the post that publishes its phase's orders, or not at all.
 * Queuing that post (in the transaction that resolves the phase) drops the phase's confirmations that no deliverer
 * holds yet: the post shows what was stored, and a DM after it would confirm orders for a phase that is over. A
 * confirmation already in flight is waited for by the post (outbox.ts `claimHeads`); one put back after a failed
 * attempt, or freed after a crash, is dropped by the deliverer instead of being sent late (`deliverOne`).
 */
export function enqueue(tx: Tx, m: Enqueue): boolean {
  const res = tx
    .insert(outbox)
    .values({
      gameId: m.gameId,
      phaseId: m.phaseId ?? null,
      kind: m.payload.type,
      targetKind: m.target.kind,
      target: m.target.id,
      payload: m.payload,
      dedupeKey: m.dedupeKey,
      createdAt: m.now,
      nextAttemptAt: m.now,
    })
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .run();
  if (res.changes === 1 && m.phaseId != null && PUBLISHES_ORDERS.includes(m.payload.type)) {
    tx.update(outbox)
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
      )
      .run();
  }
  return res.changes === 1;
}

/** Queues a channel notice. */
export function queueNotice(tx: Tx, game: GameRow, text: string, dedupeKey: string, now: number, phaseId?: number): void {
  enqueue(tx, {
    gameId: game.id,
    phaseId: phaseId ?? null,
    payload: { type: 'notice', gameId: game.id, text },
    target: { kind: 'channel', id: game.channelId },
    dedupeKey,
    now,
  });
}

/** Queues a DM. */
export function queueDm(
  tx: Tx,
  game: GameRow,
  userId: string,
  reason: DmReason,
  text: string,
  dedupeKey: string,
  now: number,
  phaseId?: number,
): void {
  enqueue(tx, {
    gameId: game.id,
    phaseId: phaseId ?? null,
    payload: { type: 'dm', gameId: game.id, text, reason },
    target: { kind: 'user', id: userId },
    dedupeKey,
    now,
  });
}

/**
 * Queues an edit of the game's status message. The text is written when the row is delivered
 * (`deliverOutbox` fills `payload.text` from the game as it is then), so the edit always shows the latest
 * state and the use-case's transaction stays short.
 */
export function queueStatus(tx: Tx, gameId: number, now: number): void {
  const bumped = tx
    .update(games)
    .set({ statusVersion: sql`${games.statusVersion} + 1` })
    .where(eq(games.id, gameId))
    .returning({ statusVersion: games.statusVersion, channelId: games.channelId, currentPhaseId: games.currentPhaseId })
    .get();
  if (!bumped) return;
  enqueue(tx, {
    gameId,
    phaseId: bumped.currentPhaseId,
    payload: { type: 'status', gameId, text: '' },
    target: { kind: 'channel', id: bumped.channelId },
    dedupeKey: `status:${gameId}:${bumped.statusVersion}`,
    now,
  });
}
