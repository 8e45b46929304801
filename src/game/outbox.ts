/**
 * Delivering the outbox, independent of Discord: the bot supplies `send(row)`.
 *
 * - Rows go out in id order per target (a channel never sees the results of Fall before those of Spring).
 * - A row is claimed with a lease in a transaction before `send` is called, so two deliverers never send it
 *   at the same time; it is marked sent right after. A crash between the two sends it again after the lease
 *   (at-least-once; the send side may use the dedupe key to drop the repeat).
 * - A failure is retried with exponential backoff (base · 2^(attempts-1), capped), up to `maxAttempts`; then
 *   the row is marked failed with its last error. A `PermanentDeliveryError` fails the row at once; for
 *   `dm_closed` a notice asks the player, in the game's channel, to open their DMs (once per game and user).
 * - `channel_gone` fails every pending row for that channel and pauses a running game there.
 * - Status edits are coalesced: an older status row is skipped when a newer one for the same game waits;
 *   a status row's text is the game's status at delivery time.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../store/db.js';
import { auditLog, games, outbox, type OutboxRow } from '../store/schema.js';
import { enqueue, type OutboxPayload } from './outbox-write.js';
import { buildStatus } from './status.js';

export type PermanentReason =
  /** The channel was deleted or the bot lost access to it. */
  | 'channel_gone'
  /** The user does not accept DMs from the bot. */
  | 'dm_closed'
  /** The message to edit no longer exists (status message deleted): a new one is posted instead. */
  | 'message_gone'
  /** Anything else that retrying cannot fix (missing permissions, invalid payload). */
  | 'rejected';

/** Thrown by `send` for failures that retrying cannot fix. */
export class PermanentDeliveryError extends Error {
  constructor(
    message: string,
    readonly reason: PermanentReason,
  ) {
    super(message);
    this.name = 'PermanentDeliveryError';
  }
}

/** What `send` gets. */
export interface DeliveryRow {
  id: number;
  gameId: number | null;
  phaseId: number | null;
  kind: OutboxPayload['type'];
  targetKind: 'channel' | 'user';
  /** Channel id, or user id for a DM. */
  target: string;
  payload: OutboxPayload;
  dedupeKey: string;
  /** Attempts made before this one. */
  attempts: number;
  /** For `status` rows: the message to edit (null: post a new one and return its id). */
  statusMessageId: string | null;
}

/** Sends one row; for `status` rows returns the id of the message posted or edited. Throws on failure. */
export type SendFn = (row: DeliveryRow) => Promise<void | { messageId?: string }>;

export interface DeliverOptions {
  db: Db;
  now: () => number;
  send: SendFn;
  /** Give up after this many failed attempts (default 8). */
  maxAttempts?: number;
  /** First retry delay (default 5 s), doubled each attempt … */
  baseDelayMs?: number;
  /** … up to this (default 1 h). */
  maxDelayMs?: number;
  /** How long a claimed row is reserved for the deliverer that claimed it (default 2 min). */
  leaseMs?: number;
  /** Most rows handled in one call (default 100). */
  limit?: number;
}

export interface DeliveryStats {
  sent: number;
  retried: number;
  failed: number;
  skipped: number;
}

/** Claims the next due row (lease) or returns undefined. */
function claimNext(db: Db, now: number, leaseMs: number): OutboxRow | undefined {
  return db.transaction(
    (tx) => {
      const candidate = tx
        .select()
        .from(outbox)
        .where(
          sql`${outbox.sentAt} IS NULL AND ${outbox.failedAt} IS NULL AND ${outbox.nextAttemptAt} <= ${now}
              AND (${outbox.claimedUntil} IS NULL OR ${outbox.claimedUntil} <= ${now})
              AND NOT EXISTS (SELECT 1 FROM outbox AS earlier WHERE earlier.target = ${outbox.target}
                AND earlier.id < ${outbox.id} AND earlier.sent_at IS NULL AND earlier.failed_at IS NULL)`,
        )
        .orderBy(outbox.id)
        .limit(1)
        .get();
      if (!candidate) return undefined;
      tx.update(outbox).set({ claimedUntil: now + leaseMs }).where(eq(outbox.id, candidate.id)).run();
      return { ...candidate, claimedUntil: now + leaseMs };
    },
    { behavior: 'immediate' },
  );
}

/**
 * The channel is gone (deleted, or the bot lost access): every pending row for it fails now, and a running
 * game in it is paused with its time left, so it stops resolving phases nobody can see. A game master can
 * `/gm resume` it if access comes back. Returns the number of other rows failed.
 */
function channelGone(tx: Tx, row: OutboxRow, error: string, t: number): number {
  const others = tx
    .update(outbox)
    .set({ failedAt: t, claimedUntil: null, lastError: error })
    .where(and(eq(outbox.target, row.target), eq(outbox.targetKind, 'channel'), isNull(outbox.sentAt), isNull(outbox.failedAt)))
    .run().changes;
  const running = tx
    .select()
    .from(games)
    .where(and(eq(games.channelId, row.target), eq(games.status, 'active')))
    .all();
  for (const game of running) {
    tx.update(games)
      .set({ status: 'paused', deadlineMs: null, pausedRemainingMs: Math.max(0, (game.deadlineMs ?? t) - t) })
      .where(eq(games.id, game.id))
      .run();
    tx.insert(auditLog).values({ gameId: game.id, userId: null, action: 'channel_gone_pause', detail: { error }, at: t }).run();
  }
  return others;
}

/** A newer unsent status row for the same game makes this one pointless. */
function superseded(db: Db, row: OutboxRow): boolean {
  if (row.kind !== 'status' || row.gameId === null) return false;
  const newer = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.kind, 'status'), eq(outbox.gameId, row.gameId), gt(outbox.id, row.id), isNull(outbox.sentAt), isNull(outbox.failedAt)))
    .limit(1)
    .get();
  return newer !== undefined;
}

/** Delivers due rows one by one until none is due (or `limit` is reached). Never throws because of `send`. */
export async function deliverOutbox(options: DeliverOptions): Promise<DeliveryStats> {
  const { db, now, send } = options;
  const maxAttempts = options.maxAttempts ?? 8;
  const base = options.baseDelayMs ?? 5_000;
  const cap = options.maxDelayMs ?? 3_600_000;
  const lease = options.leaseMs ?? 120_000;
  const limit = options.limit ?? 100;
  const stats: DeliveryStats = { sent: 0, retried: 0, failed: 0, skipped: 0 };

  for (let n = 0; n < limit; n++) {
    const row = claimNext(db, now(), lease);
    if (!row) break;
    if (superseded(db, row)) {
      db.update(outbox).set({ sentAt: now(), claimedUntil: null, lastError: 'skipped: superseded by a newer status' }).where(eq(outbox.id, row.id)).run();
      stats.skipped++;
      continue;
    }
    let statusMessageId: string | null = null;
    let payload = row.payload as OutboxPayload;
    if (row.kind === 'status' && row.gameId !== null) {
      // The status as it is now (see queueStatus).
      const fresh = db.transaction((tx) => {
        const game = tx.select().from(games).where(eq(games.id, row.gameId!)).get();
        return game ? { messageId: game.statusMessageId, text: buildStatus(tx, game).text } : null;
      });
      if (!fresh) {
        db.update(outbox).set({ failedAt: now(), claimedUntil: null, lastError: 'the game no longer exists' }).where(eq(outbox.id, row.id)).run();
        stats.failed++;
        continue;
      }
      statusMessageId = fresh.messageId;
      payload = { type: 'status', gameId: row.gameId, text: fresh.text };
    }
    const delivery: DeliveryRow = {
      id: row.id,
      gameId: row.gameId,
      phaseId: row.phaseId,
      kind: row.kind as DeliveryRow['kind'],
      targetKind: row.targetKind,
      target: row.target,
      payload,
      dedupeKey: row.dedupeKey,
      attempts: row.attempts,
      statusMessageId,
    };
    try {
      const answer = await send(delivery);
      db.transaction((tx) => {
        tx.update(outbox)
          .set({ sentAt: now(), claimedUntil: null, attempts: row.attempts + 1, lastError: null })
          .where(eq(outbox.id, row.id))
          .run();
        const messageId = answer && typeof answer === 'object' ? answer.messageId : undefined;
        if (row.kind === 'status' && row.gameId !== null && messageId) {
          tx.update(games).set({ statusMessageId: messageId }).where(eq(games.id, row.gameId)).run();
        }
      });
      stats.sent++;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const t = now();
      if (err instanceof PermanentDeliveryError) {
        if (err.reason === 'message_gone' && row.kind === 'status' && row.gameId !== null) {
          // The status message was deleted: forget it and post a fresh one right away.
          db.transaction((tx) => {
            tx.update(games).set({ statusMessageId: null }).where(eq(games.id, row.gameId!)).run();
            tx.update(outbox).set({ claimedUntil: null, nextAttemptAt: t, lastError: message }).where(eq(outbox.id, row.id)).run();
          });
          stats.retried++;
          continue;
        }
        db.transaction((tx) => {
          tx.update(outbox)
            .set({ failedAt: t, claimedUntil: null, attempts: row.attempts + 1, lastError: `${err.reason}: ${message}` })
            .where(eq(outbox.id, row.id))
            .run();
          if (err.reason === 'channel_gone' && row.targetKind === 'channel') {
            stats.failed += channelGone(tx, row, `${err.reason}: ${message}`, t);
          }
          if (err.reason === 'dm_closed' && row.gameId !== null) {
            const game = tx.select().from(games).where(eq(games.id, row.gameId)).get();
            if (game) {
              enqueue(tx, {
                gameId: game.id,
                payload: {
                  type: 'notice',
                  gameId: game.id,
                  text: `📪 <@${row.target}>, I cannot send you direct messages, so you will miss order confirmations and reminders. Allow DMs from server members to receive them.`,
                },
                target: { kind: 'channel', id: game.channelId },
                dedupeKey: `dm-closed:${game.id}:${row.target}`,
                now: t,
              });
            }
          }
        });
        stats.failed++;
        continue;
      }
      const attempts = row.attempts + 1;
      if (attempts >= maxAttempts) {
        db.update(outbox)
          .set({ failedAt: t, claimedUntil: null, attempts, lastError: `gave up after ${attempts} attempts: ${message}` })
          .where(eq(outbox.id, row.id))
          .run();
        stats.failed++;
      } else {
        const delay = Math.min(cap, base * 2 ** (attempts - 1));
        db.update(outbox)
          .set({ attempts, nextAttemptAt: t + delay, claimedUntil: null, lastError: message })
          .where(eq(outbox.id, row.id))
          .run();
        stats.retried++;
      }
    }
  }
  return stats;
}

/** Deletes delivered rows, and rows given up on, older than `keepMs` (default 30 days); returns how many. */
export function pruneOutbox(options: { db: Db; now: () => number; keepMs?: number }): number {
  const before = options.now() - (options.keepMs ?? 30 * 86_400_000);
  return options.db
    .delete(outbox)
    .where(sql`(${outbox.sentAt} IS NOT NULL AND ${outbox.sentAt} < ${before}) OR (${outbox.failedAt} IS NOT NULL AND ${outbox.failedAt} < ${before})`)
    .run().changes;
}

/** Records the id of the game's status message (when the bot posted it outside the outbox). */
export function setStatusMessageId(deps: { db: Db }, gameId: number, messageId: string | null): void {
  deps.db.update(games).set({ statusMessageId: messageId }).where(eq(games.id, gameId)).run();
}

export interface OutboxLoop {
  /** Deliver as soon as possible (after a use-case queued something). */
  kick(): void;
  /** Stops the loop and waits for the delivery in progress. */
  stop(): Promise<void>;
  /** Resolves when the current delivery pass (if any) is done. */
  idle(): Promise<void>;
}

/**
 * Runs `deliverOutbox` when kicked and every `intervalMs` (default 5 s), one pass at a time, and prunes old
 * delivered rows once an hour.
 */
export function startOutboxLoop(options: DeliverOptions & { intervalMs?: number; onError?: (err: unknown) => void }): OutboxLoop {
  const interval = options.intervalMs ?? 5_000;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let prunedAt = -Infinity;

  const schedule = () => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(kick, interval);
    timer.unref?.();
  };

  const pass = async () => {
    do {
      again = false;
      try {
        const stats = await deliverOutbox(options);
        // A full batch means more may be waiting.
        if (stats.sent + stats.retried + stats.failed + stats.skipped >= (options.limit ?? 100)) again = true;
      } catch (err) {
        options.onError?.(err);
      }
    } while (again && !stopped);
    if (options.now() - prunedAt >= 3_600_000) {
      prunedAt = options.now();
      try {
        pruneOutbox(options);
      } catch (err) {
        options.onError?.(err);
      }
    }
    running = null;
    schedule();
  };

  function kick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass();
  }

  kick();
  return {
    kick,
    idle: async () => {
      while (running) await running;
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      while (running) await running;
    },
  };
}
