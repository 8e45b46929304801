/**
 * Delivering the outbox, independent of Discord: the bot supplies `send(row)`.
 *
 * - Fair and concurrent: each target (a channel, or a user's DMs) is its own queue. A pass
 *   claims the oldest due head of every target's queue, up to `concurrency` at once, and claims the next row of
 *   a target as soon as the one before it is done. A slow or rate-limited target therefore delays only itself;
 *   a flooded channel's backlog never goes ahead of another target's message. Rows go out in id order per
 *   target (a channel never sees the results of Fall before those of Spring).
 * - Claims (src/game/delivery/claims.ts): a row is claimed in a transaction by naming the
 *   deliverer process before `send` is called, and marked sent right after. A crash between the two leaves the
 *   claim to a dead process; the next live deliverer (the restarted bot) frees it at once and sends again, and
 *   the send side's nonce (derived from the row and part) makes Discord drop the repeat. A row sent as several
 *   messages records each as Discord takes it (`parts_sent`), so the resend starts at the part that was in flight.
 *   A partly sent row is never cancelled (a rollback or a cancelled game): the rest of it follows.
 * - A failure is retried with exponential backoff (base · 2^(attempts-1), capped), up to `maxAttempts`; then
 *   the row is marked failed with its last error. `RetryLaterError` (a rate limit) puts the row back without
 *   counting an attempt. A `PermanentDeliveryError` fails the row at once; for `dm_closed` a notice asks the
 *   player, in the game's channel, to open their DMs (once per game and user).
 * - `channel_gone` fails every pending row for that channel and pauses a running game there.
 * - Status edits are coalesced: an older status row is skipped when a newer one for the same game waits;
 *   a status row's text is the game's status at delivery time.
 * - An order confirmation DM goes out before the post that publishes its phase's orders, or not at all: that
 *   post waits while one is in flight, and one outrun by it is dropped instead of sent (src/game/outbox/write.ts
 *   `enqueue`).
 * - Logs: one info line per delivery (kind, attempts, ms), failures at warn with the error's Discord code and
 *   HTTP status (never a payload: message text stays out of logs).
 */
import { gameById } from '../../store/queries.js';
import { first, inSnapshot, type Store, type Tx } from '../../store/store.js';
import { and, eq, gt, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import { serializeError, type Logger } from '../../log.js';
import { auditLog, games, outbox, substituteCalls, type GameRow, type OutboxRow } from '../../store/schema.js';
import {
  beat,
  HEARTBEAT_MS,
  pruneDeliverers,
  registerDeliverer,
  releaseDeadClaims,
  unregisterDeliverer,
  type ClaimClock,
  type Deliverer,
} from './claims.js';
import {
  CONFIRMATION_DROPPED,
  enqueue,
  ORDER_CONFIRMATION_KEY,
  PRESS_UNDELIVERED,
  PUBLISHES_ORDERS,
  STATUS_MARK_KEY,
  privateActDueAt,
  queueDm,
  startPostKey,
  worded,
  type OutboxPayload,
} from '../outbox/index.js';
import { pinnedStatus } from '../phase/index.js';
import { callPostKey, openCallLines } from '../seats/index.js';
import { requestUndelivered } from '../spectators/index.js';
import {
  hidesIdentities,
  channelRef,
  gamePowerParam,
  identitiesHiddenNow,
  memberRef,
  readerLocale,
} from '../core/index.js';
import { msg, type Locale, type Msg } from '../../i18n/index.js';

export type PermanentReason =
  /** The channel was deleted or the bot lost access to it. */
  | 'channel_gone'
  /** The user does not accept DMs from the bot. */
  | 'dm_closed'
  /** The message to edit no longer exists (status message deleted): a new one is posted instead. */
  | 'message_gone'
  /** Anything else that retrying cannot fix (missing permissions, invalid payload). */
  | 'rejected';

/** Thrown by `send` for failures that retrying cannot fix (`cause`: Discord's own error, its route and code). */
export class PermanentDeliveryError extends Error {
  constructor(
    message: string,
    readonly reason: PermanentReason,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'PermanentDeliveryError';
  }
}

/** Thrown by `send` when the target is rate-limited: the row waits `retryAfterMs` without losing an attempt. */
export class RetryLaterError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
    this.name = 'RetryLaterError';
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
  /**
   * For `substitute_call_closed` rows: the call's post to edit; for `muster_closed` rows: the part of the start post
   * that carries **I'm here**; for `spectate_request_closed` rows: the request DM (null: it was never posted).
   */
  callMessageId?: string | null;
  /**
   * For a message sent as several (a long post or DM): how many Discord already has (0: none), and how `send` records
   * one more, right after Discord took it, so a retry or a restarted bot goes on from the next.
   */
  partsSent?: number;
  partSent?: (count: number) => Promise<void>;
  /** The language the row's `lines` are worded in (src/game/core/locales.ts `readerLocale`); missing: English. */
  locale?: Locale;
}

/**
 * Sends one row; for `status` rows returns the id of the message posted or edited, for `substitute_call` rows the id
 * of the post. Throws on failure.
 */
export type SendFn = (row: DeliveryRow) => Promise<void | { messageId?: string }>;

export interface DeliverOptions extends ClaimClock {
  store: Store;
  now: () => number;
  send: SendFn;
  /**
   * The process delivering (claims name it); by default one is registered for the duration of the call, and beats
   * every `heartbeatMs` (default `HEARTBEAT_MS`) so a pass longer than the heartbeat timeout keeps its claims.
   */
  deliverer?: Deliverer;
  heartbeatMs?: number;
  /** Give up after this many failed attempts (default 8). */
  maxAttempts?: number;
  /** First retry delay (default 5 s), doubled each attempt … */
  baseDelayMs?: number;
  /** … up to this (default 1 h). */
  maxDelayMs?: number;
  /** Most rows handled in one call (default 100). */
  limit?: number;
  /** Most deliveries in flight at once, each to a different target (default 16). */
  concurrency?: number;
  log?: Pick<Logger, 'debug' | 'info' | 'warn'>;
  /** Resolves when new rows may be waiting (the loop's kick), so a pass claims them without waiting for a slot. */
  wake?: () => Promise<void>;
  /** True once the loop is stopping: claim nothing more, finish what is in flight. */
  stopping?: () => boolean;
}

export interface DeliveryStats {
  sent: number;
  retried: number;
  failed: number;
  skipped: number;
  /** Put back because the target was rate-limited (no attempt counted). */
  deferred: number;
}

/**
 * The oldest pending row of each target (only these may be sent: per-target order). A status edit held for a mark of
 * the clock (src/game/outbox/write.ts `queueProgressStatus`) waits in a queue of its own beside its channel's, so the
 * channel's posts never wait for it; it needs no order among them, since its text is the status as it is when it goes
 * out.
 */
const HEADS = sql`SELECT min(id) AS id FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL
  GROUP BY target, (dedupe_key LIKE ${`${STATUS_MARK_KEY}%`})`;

const PUBLISHING = sql.join(
  PUBLISHES_ORDERS.map((kind) => sql`${kind}`),
  sql`, `,
);

/**
 * A post publishing a phase's orders (`o`) waits while an order confirmation of that phase, queued before it, is
 * being sent (claimed): the DM goes out first (see src/game/outbox/write.ts `enqueue`).
 */
const WAITS_FOR_CONFIRMATION = sql`o.kind IN (${PUBLISHING}) AND EXISTS (
  SELECT 1 FROM outbox AS c WHERE c.claimed_by IS NOT NULL AND c.sent_at IS NULL AND c.failed_at IS NULL
    AND c.phase_id = o.phase_id AND c.id < o.id AND c.kind = 'dm' AND c.dedupe_key LIKE ${`${ORDER_CONFIRMATION_KEY}%`})`;

/**
 * Claims are compare-and-set updates, right under read committed, so racing deliverers on PostgreSQL never retry for
 * them. What that level gives up: a results post and an order confirmation claimed in the same instant by two
 * deliverers may go out together instead of the confirmation first (SQLite, one transaction at a time, keeps it).
 */
const CLAIMS = { isolation: 'read committed' } as const;

/**
 * Claims up to `max` rows, each the oldest pending row of its target, due and unclaimed (one transaction, so
 * two deliverers never claim the same row). Targets whose head is a status edit come after every other: an edit is
 * coalesced and shows the game as it is when it goes out, so when slots are scarce (many games' players ordering at
 * once) a results post or a DM never waits behind other games' edits.
 */
async function claimHeads(store: Store, now: number, me: Deliverer, max: number): Promise<OutboxRow[]> {
  return await store.transaction(async (tx) => {
    const heads = await store.execute(
      tx,
      sql`SELECT o.id AS id FROM outbox AS o JOIN (${HEADS}) AS head ON head.id = o.id
            WHERE o.claimed_by IS NULL AND o.next_attempt_at <= ${now} AND NOT (${WAITS_FOR_CONFIRMATION})
            ORDER BY CASE WHEN o.kind = 'status' THEN 1 ELSE 0 END, o.id LIMIT ${max}`,
    );
    const claimed: OutboxRow[] = [];
    for (const head of heads) {
      const id = Number(head.id);
      const row = (
        await tx
          .update(outbox)
          .set({ claimedBy: me.id })
          // Still unclaimed and unsent: under read committed a head another deliverer sent meanwhile is not taken.
          .where(and(eq(outbox.id, id), isNull(outbox.claimedBy), isNull(outbox.sentAt), isNull(outbox.failedAt)))
          .returning()
      )[0];
      if (row) claimed.push(row);
    }
    return claimed;
  }, CLAIMS);
}

/**
 * The channel is gone (deleted, or the bot lost access): every pending row for it fails now, and a running
 * game in it is paused with its time left, so it stops resolving phases nobody can see. A game master can
 * `/gm resume` it if access comes back. Returns the number of other rows failed.
 */
async function channelGone(tx: Tx, row: OutboxRow, error: string, t: number): Promise<number> {
  const others = (
    await tx
      .update(outbox)
      .set({ failedAt: t, claimedBy: null, lastError: error })
      .where(
        and(
          eq(outbox.target, row.target),
          eq(outbox.targetKind, 'channel'),
          isNull(outbox.sentAt),
          isNull(outbox.failedAt),
        ),
      )
      .returning({ id: outbox.id })
  ).length;
  const running = await tx
    .select()
    .from(games)
    .where(and(eq(games.channelId, row.target), eq(games.status, 'active')));
  for (const game of running) {
    await tx
      .update(games)
      .set({ status: 'paused', deadlineMs: null, pausedRemainingMs: Math.max(0, (game.deadlineMs ?? t) - t) })
      .where(eq(games.id, game.id));
    await tx
      .insert(auditLog)
      .values({ gameId: game.id, userId: null, action: 'channel_gone_pause', detail: { error }, at: t });
  }
  return others;
}

/**
 * An order confirmation whose phase's orders were published after it was queued (a retry after a failed attempt,
 * or a row freed after a crash): sending it now would confirm orders for a phase that is over.
 */
async function outrunConfirmation(store: Store, row: OutboxRow): Promise<boolean> {
  const phaseId = row.phaseId;
  if (row.kind !== 'dm' || phaseId === null || !row.dedupeKey.startsWith(ORDER_CONFIRMATION_KEY)) return false;
  const published = first(
    await inSnapshot(store, (tx) =>
      tx
        .select({ id: outbox.id })
        .from(outbox)
        .where(
          and(
            gt(outbox.id, row.id),
            eq(outbox.phaseId, phaseId),
            inArray(outbox.kind, [...PUBLISHES_ORDERS]),
            isNull(outbox.failedAt),
          ),
        )
        .limit(1),
    ),
  );
  return published !== undefined;
}

/**
 * A newer unsent status row for the same game that is due makes this one pointless (one held for a later mark of the
 * clock does not: this edit shows a public event now).
 */
async function superseded(store: Store, row: OutboxRow, now: number): Promise<boolean> {
  const gameId = row.gameId;
  if (row.kind !== 'status' || gameId === null) return false;
  const newer = first(
    await inSnapshot(store, (tx) =>
      tx
        .select({ id: outbox.id })
        .from(outbox)
        .where(
          and(
            eq(outbox.kind, 'status'),
            eq(outbox.gameId, gameId),
            gt(outbox.id, row.id),
            isNull(outbox.sentAt),
            isNull(outbox.failedAt),
            lte(outbox.nextAttemptAt, now),
          ),
        )
        .limit(1),
    ),
  );
  return newer !== undefined;
}

type Outcome = keyof DeliveryStats;

interface DeliverySettings {
  store: Store;
  now: () => number;
  send: SendFn;
  me: Deliverer;
  maxAttempts: number;
  base: number;
  cap: number;
  log: Pick<Logger, 'debug' | 'info' | 'warn'> | undefined;
}

/** What a row sends: its payload, or for a status edit the status as it is now (see queueStatus); null without its game. */
async function payloadToSend(
  s: DeliverySettings,
  row: OutboxRow,
): Promise<{ payload: OutboxPayload; statusMessageId: string | null } | null | 'unchanged'> {
  const payload = row.payload as OutboxPayload;
  if (payload.type === 'substitute_call_refresh') return await refreshedCall(s, payload);
  if (row.kind !== 'status' || row.gameId === null) return { payload, statusMessageId: null };
  const gameId = row.gameId;
  const fresh = await s.store.transaction(async (tx) => {
    const game = await gameById(tx, gameId);
    if (!game) return null;
    const status = await pinnedStatus(tx, game, s.now());
    return { messageId: game.statusMessageId, ...('lines' in status ? worded(status.lines) : status) };
  });
  if (!fresh) return null;
  return {
    statusMessageId: fresh.messageId,
    payload: {
      type: 'status',
      gameId,
      text: fresh.text,
      ...('lines' in fresh ? { lines: fresh.lines } : {}),
      ...('own' in fresh ? { own: fresh.own } : {}),
    },
  };
}

/**
 * What an open call's refresh sends: its post's text as the call reads now (src/game/seats `openCallLines`), or
 * `unchanged` when the post already reads so, was never posted, or the call has closed (its closing edit says so).
 */
async function refreshedCall(
  s: DeliverySettings,
  payload: Extract<OutboxPayload, { type: 'substitute_call_refresh' }>,
): Promise<{ payload: OutboxPayload; statusMessageId: null } | 'unchanged'> {
  return await s.store.transaction(async (tx) => {
    const lines = await openCallLines(tx, payload.callId);
    const post = await postPayloadOf(tx, callPostKey(payload.callId));
    if (!lines || typeof post?.messageId !== 'string' || sortedJson(post.lines) === sortedJson(lines))
      return 'unchanged';
    return { payload: { ...payload, ...worded(lines) }, statusMessageId: null };
  });
}

/** A value as JSON with every object's keys in one order: PostgreSQL's `jsonb` gives a payload back in its own. */
function sortedJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** What a post's row keeps of it once sent, by the post's dedupe key: its message id and the lines it shows. */
async function postPayloadOf(tx: Tx, key: string): Promise<{ messageId?: unknown; lines?: unknown } | undefined> {
  const post = first(
    await tx.select({ payload: outbox.payload }).from(outbox).where(eq(outbox.dedupeKey, key)).limit(1),
  );
  return post?.payload as { messageId?: unknown; lines?: unknown } | undefined;
}

/** A call's post was rewritten: its row keeps the words it now shows, which the next refresh compares with. */
async function rememberCallText(tx: Tx, payload: OutboxPayload): Promise<void> {
  if (payload.type !== 'substitute_call_refresh' || !payload.lines) return;
  const key = callPostKey(payload.callId);
  const post = await postPayloadOf(tx, key);
  if (post)
    await tx
      .update(outbox)
      .set({ payload: { ...post, text: payload.text, lines: payload.lines } })
      .where(eq(outbox.dedupeKey, key));
}

/** The rows that edit a message another row sent (`postedMessageOf`). */
const EDITS: readonly string[] = [
  'substitute_call_closed',
  'substitute_call_refresh',
  'muster_closed',
  'spectate_request_closed',
];

/** The row as the sender gets it: what to send, where, in which locale, and how to record the parts sent. */
async function deliveryRowOf(
  s: DeliverySettings,
  row: OutboxRow,
  shown: { payload: OutboxPayload; statusMessageId: string | null },
): Promise<DeliveryRow> {
  const { store } = s;
  return {
    id: row.id,
    gameId: row.gameId,
    phaseId: row.phaseId,
    kind: row.kind as DeliveryRow['kind'],
    targetKind: row.targetKind,
    target: row.target,
    payload: shown.payload,
    dedupeKey: row.dedupeKey,
    attempts: row.attempts,
    statusMessageId: shown.statusMessageId,
    ...(EDITS.includes(row.kind) ? { callMessageId: await postedMessageOf(store, row) } : {}),
    partsSent: row.partsSent,
    locale: await store.transaction((tx) =>
      readerLocale(tx, { kind: row.targetKind, id: row.target, gameId: row.gameId }),
    ),
    // Only ever forward (a peer that took the claim over may have recorded more).
    partSent: async (count) =>
      await store.transaction(async (tx) => {
        await tx
          .update(outbox)
          .set({ partsSent: count })
          .where(and(eq(outbox.id, row.id), lt(outbox.partsSent, count)));
      }),
  };
}

/** One write to the outbox (`where`: a row, or a row this deliverer still claims), in a transaction of its own. */
async function setRow(store: Store, where: SQL | undefined, values: Partial<OutboxRow>): Promise<void> {
  await store.transaction(async (tx) => {
    await tx.update(outbox).set(values).where(where);
  });
}

/** Delivers one claimed row and records the outcome; never throws. */
async function deliverOne(s: DeliverySettings, row: OutboxRow): Promise<Outcome> {
  const { store, now, send, log } = s;
  const mine = and(eq(outbox.id, row.id), eq(outbox.claimedBy, s.me.id));
  const started = performance.now();
  const fields = () => ({
    outboxId: row.id,
    gameId: row.gameId,
    kind: row.kind,
    target: row.targetKind,
    attempts: row.attempts + 1,
    ms: Math.round(performance.now() - started),
  });
  try {
    if (await outrunConfirmation(store, row)) {
      await setRow(store, eq(outbox.id, row.id), { failedAt: now(), claimedBy: null, lastError: CONFIRMATION_DROPPED });
      log?.info(fields(), 'outbox row dropped: its phase resolved first');
      return 'skipped';
    }
    if (await superseded(store, row, now())) {
      await setRow(store, eq(outbox.id, row.id), {
        sentAt: now(),
        claimedBy: null,
        lastError: 'skipped: superseded by a newer status',
      });
      return 'skipped';
    }
    const shown = await payloadToSend(s, row);
    if (shown === 'unchanged') {
      await setRow(store, eq(outbox.id, row.id), {
        sentAt: now(),
        claimedBy: null,
        lastError: 'skipped: the call post already reads so, or the call is closed',
      });
      return 'skipped';
    }
    if (shown === null) {
      await setRow(store, eq(outbox.id, row.id), {
        failedAt: now(),
        claimedBy: null,
        lastError: 'the game no longer exists',
      });
      return 'failed';
    }
    const delivery = await deliveryRowOf(s, row, shown);
    let answer: void | { messageId?: string };
    try {
      answer = await send(delivery);
    } catch (err) {
      return await failed(s, row, err, fields);
    }
    await store.transaction(async (tx) => {
      // Sent, even if a peer took the claim over meanwhile (it then found Discord's copy through the nonce).
      await tx
        .update(outbox)
        .set({ sentAt: now(), claimedBy: null, attempts: row.attempts + 1, lastError: null })
        .where(eq(outbox.id, row.id));
      const messageId = answer && typeof answer === 'object' ? answer.messageId : undefined;
      if (messageId) await rememberMessage(tx, row, messageId);
      await rememberCallText(tx, delivery.payload);
    });
    log?.info(fields(), 'outbox delivered');
    return 'sent';
  } catch (err) {
    // The database failed (busy for longer than its timeout): free the row for the next pass.
    log?.warn({ ...fields(), err }, 'outbox bookkeeping failed; the row will be tried again');
    try {
      await setRow(store, mine, { claimedBy: null });
    } catch {
      // Still failing: the claim is freed when this process stops (or dies).
    }
    return 'retried';
  }
}

/**
 * Keeps the id of a message the row posted, for the edits to come: a game's status message (`games`), a substitute
 * call's post (the row's own payload, which its closing edit reads: `callMessageOf`).
 */
async function rememberMessage(tx: Tx, row: OutboxRow, messageId: string): Promise<void> {
  if (row.kind === 'status' && row.gameId !== null)
    await tx.update(games).set({ statusMessageId: messageId }).where(eq(games.id, row.gameId));
  // A start post with a muster: the part that carries **I'm here**, for the edit that closes it (src/game/muster).
  // A request to watch: its DM with the buttons, for the edit that removes them if the request ends otherwise.
  const asked = row.kind === 'dm' && (row.payload as { spectateRequest?: unknown }).spectateRequest !== undefined;
  if (row.kind === 'substitute_call' || row.kind === 'game_started' || asked)
    await tx
      .update(outbox)
      .set({ payload: { ...(row.payload as object), messageId } })
      .where(eq(outbox.id, row.id));
}

/**
 * The post an edit changes, once sent (null: never posted): the call of a `substitute_call_closed` or
 * `substitute_call_refresh` row, the start post (its part with **I'm here**) of a `muster_closed` row, the request DM
 * of a `spectate_request_closed` row.
 */
async function postedMessageOf(store: Store, row: OutboxRow): Promise<string | null> {
  const key =
    row.kind === 'muster_closed'
      ? startPostKey(Number(row.gameId))
      : row.kind === 'spectate_request_closed'
        ? String((row.payload as { askKey?: string }).askKey)
        : callPostKey(Number((row.payload as { callId?: number }).callId));
  const id = (await inSnapshot(store, (tx) => postPayloadOf(tx, key)))?.messageId;
  return typeof id === 'string' ? id : null;
}

/** Records a failed send: later (rate limit), retry with backoff, or give up. */
async function failed(
  s: DeliverySettings,
  row: OutboxRow,
  err: unknown,
  fields: () => Record<string, unknown>,
): Promise<Outcome> {
  const { store, now, log } = s;
  const mine = and(eq(outbox.id, row.id), eq(outbox.claimedBy, s.me.id));
  const message = err instanceof Error ? err.message : String(err);
  const t = now();
  if (err instanceof RetryLaterError) {
    await setRow(store, mine, {
      nextAttemptAt: t + err.retryAfterMs,
      claimedBy: null,
      lastError: `rate limited: ${message}`,
    });
    log?.info(
      { ...fields(), attempts: row.attempts, retryInMs: err.retryAfterMs },
      'outbox delivery rate-limited; retrying later',
    );
    return 'deferred';
  }
  if (err instanceof PermanentDeliveryError) {
    if (err.reason === 'message_gone' && row.kind === 'status' && row.gameId !== null) {
      // The status message was deleted: forget it and post a fresh one right away.
      await store.transaction(async (tx) => {
        await tx.update(games).set({ statusMessageId: null }).where(eq(games.id, row.gameId!));
        await tx.update(outbox).set({ claimedBy: null, nextAttemptAt: t, lastError: message }).where(mine);
      });
      log?.info({ ...fields(), reason: err.reason }, 'status message gone; posting a new one');
      return 'retried';
    }
    let others = 0;
    await store.transaction(async (tx) => {
      await tx
        .update(outbox)
        .set({ failedAt: t, claimedBy: null, attempts: row.attempts + 1, lastError: `${err.reason}: ${message}` })
        .where(eq(outbox.id, row.id));
      if (err.reason === 'channel_gone' && row.targetKind === 'channel') {
        others = await channelGone(tx, row, `${err.reason}: ${message}`, t);
      }
      if (err.reason === 'dm_closed' && row.gameId !== null) await dmClosed(tx, row, row.gameId, t);
    });
    log?.warn({ ...failure(s, row, err, fields), alsoFailed: others }, 'outbox delivery given up');
    return 'failed';
  }
  const attempts = row.attempts + 1;
  if (attempts >= s.maxAttempts) {
    await setRow(store, eq(outbox.id, row.id), {
      failedAt: t,
      claimedBy: null,
      attempts,
      lastError: `gave up after ${attempts} attempts: ${message}`,
    });
    log?.warn(failure(s, row, err, fields), 'outbox delivery given up after too many attempts');
    return 'failed';
  }
  const delay = Math.min(s.cap, s.base * 2 ** (attempts - 1));
  await setRow(store, mine, { attempts, nextAttemptAt: t + delay, claimedBy: null, lastError: message });
  log?.warn({ ...failure(s, row, err, fields), retryInMs: delay }, 'outbox delivery failed; will retry');
  return 'retried';
}

/**
 * A DM that cannot reach its member (closed DMs): the press's sender told (at the end in a game that hides who plays
 * whom), a request to watch ended, and the channel told that the member's DMs are closed, unless that would pair a
 * power with a member (docs/bot.md "Anonymous press", docs/table.md "Spectators").
 */
async function dmClosed(tx: Tx, row: OutboxRow, gameId: number, t: number): Promise<void> {
  const game = await gameById(tx, gameId);
  const sent = row.payload as OutboxPayload;
  const press = sent.type === 'dm' ? sent.press : undefined;
  if (game && press && identitiesHiddenNow(game))
    // A game that hides who plays whom: "France's player closed DMs" would pair France with a member known to
    // have closed theirs (an open game's notice names them). The sender learns it when the game ends, with the
    // final post that names everyone (src/game/outbox `dropKept`; docs/bot.md "Anonymous press").
    await tx.insert(auditLog).values({
      gameId: game.id,
      userId: press.fromUserId,
      action: PRESS_UNDELIVERED,
      detail: { toPower: press.toPower, row: row.id },
      at: t,
    });
  else if (game && press)
    // The game ended since (the final post named everyone): the sender learns it did not arrive, now.
    await queueDm(tx, game, {
      to: press.fromUserId,
      reason: 'press',
      text: [
        msg('press.undelivered', {
          power: gamePowerParam(game, press.toPower),
          channel: channelRef(game.channelId),
        }),
      ],
      dedupeKey: `press-undelivered:${row.id}`,
      now: t,
    });
  // A spectator's DMs (src/game/spectators) are no player's: the channel's notice about a player's DMs is not theirs.
  const toSpectator =
    ('watch' in sent && sent.watch !== undefined) ||
    (sent.type === 'dm' && sent.reason === 'spectate' && sent.spectateRequest === undefined);
  // A request to watch a power, or press to it, is another member's act aimed at that power: in a game that
  // hides who plays whom, a notice after it (even at the next mark) would tell the asker or the sender that this
  // power's player closed DMs (docs/table.md "Spectators", docs/bot.md "Anonymous press").
  const askedToWatch = sent.type === 'dm' && sent.reason === 'spectate' && sent.spectateRequest !== undefined;
  const aimedAtPower = askedToWatch || press !== undefined;
  // An open game's request that cannot reach its player ends, its asker told (docs/table.md "Spectators").
  if (game && askedToWatch && sent.spectateRequest !== undefined)
    await requestUndelivered(tx, game, sent.spectateRequest, row.target, t);
  if (game && !toSpectator && !(aimedAtPower && identitiesHiddenNow(game))) {
    // A DM usually follows a member's act (a join, a claim, orders): in a game that hides who plays whom the
    // notice waits for the next mark of the clock, so it cannot time that act (docs/decisions.md "Hidden identities").
    await enqueue(tx, {
      gameId: game.id,
      payload: {
        type: 'notice',
        gameId: game.id,
        ...worded([dmClosedNotice(game, row.target)]),
      },
      target: { kind: 'channel', id: game.channelId },
      dedupeKey: `dm-closed:${game.id}:${row.target}`,
      now: t,
      dueAt: privateActDueAt(game, t),
    });
  }
}

/**
 * What a failed delivery's warning carries. A DM's error names its DM channel in its route, and a DM channel pairs
 * with one member: the warning of a row sent to a member names the game and the reason only (`dm_closed`,
 * `discord 500`), and the error itself, route and all, goes to a debug line beside it (docs/deploy.md "What to watch
 * at `info`"). A channel's row keeps its error in the warning.
 */
function failure(
  s: DeliverySettings,
  row: OutboxRow,
  err: unknown,
  fields: () => Record<string, unknown>,
): Record<string, unknown> {
  const reason = failureReason(err);
  if (row.targetKind !== 'user') return { ...fields(), reason, err };
  s.log?.debug({ ...fields(), reason, to: row.target, err }, 'outbox DM failure, in full');
  return { ...fields(), reason };
}

/** A failure in a word: a permanent failure's reason, else Discord's code or HTTP status, else the error's type. */
function failureReason(err: unknown): string {
  if (err instanceof PermanentDeliveryError) return err.reason;
  const e = serializeError(err);
  return e.code !== undefined ? `discord ${e.code}` : e.status !== undefined ? `discord ${e.status}` : e.type;
}

/**
 * Delivers due rows, several targets at once, until none is due (or `limit` rows were handled). Never throws
 * because of `send`.
 */
export async function deliverOutbox(options: DeliverOptions): Promise<DeliveryStats> {
  const { store, now } = options;
  const limit = options.limit ?? 100;
  const concurrency = Math.max(1, options.concurrency ?? 16);
  const stats: DeliveryStats = { sent: 0, retried: 0, failed: 0, skipped: 0, deferred: 0 };
  const own = options.deliverer === undefined;
  const me = options.deliverer ?? (await registerDeliverer(store, options));
  const settings: DeliverySettings = {
    store,
    now,
    send: options.send,
    me,
    maxAttempts: options.maxAttempts ?? 8,
    base: options.baseDelayMs ?? 5_000,
    cap: options.maxDelayMs ?? 3_600_000,
    log: options.log,
  };
  // A live owner's claim is never taken (claims.ts): the deliverer registered here beats as the loop's does.
  let beating: Promise<void> = Promise.resolve();
  const heartbeat = own
    ? setInterval(() => {
        beating = beating.then(() => beat(store, me, options)).catch(() => {}); // a missed beat: the next one
      }, options.heartbeatMs ?? HEARTBEAT_MS)
    : null;
  heartbeat?.unref?.();
  try {
    if (!own) await releaseDeadClaims(store, me, options);
    const inFlight = new Set<Promise<void>>();
    let started = 0;
    let finished = 0;
    for (;;) {
      const free = options.stopping?.() ? 0 : Math.min(concurrency - inFlight.size, limit - started);
      // A delivery that ends while a claim is being made frees its target's next row after that claim looked.
      const finishedBefore = finished;
      if (free > 0) {
        let claimed: OutboxRow[];
        try {
          claimed = await claimHeads(store, now(), me, free);
        } catch (err) {
          await Promise.allSettled(inFlight); // finish what is in flight before reporting the failure
          throw err;
        }
        for (const row of claimed) {
          started++;
          const p: Promise<void> = deliverOne(settings, row).then((outcome) => {
            stats[outcome]++;
            finished++;
            inFlight.delete(p);
          });
          inFlight.add(p);
        }
      }
      // Claim again at once, even while other targets' deliveries are in flight: waiting for one of them instead (a
      // stuck DM) would hold the freed target's next row until it ends (docs/architecture.md "Outbox delivery").
      if (free > 0 && finished !== finishedBefore) continue;
      if (inFlight.size === 0) break;
      await Promise.race(options.wake ? [...inFlight, options.wake()] : inFlight);
    }
  } finally {
    if (heartbeat) clearInterval(heartbeat);
    await beating; // a beat still in flight would register the deliverer again after it left
    if (own) await unregisterDeliverer(store, me);
  }
  return stats;
}

/** When the next unclaimed head falls due (null: none waiting). Rows behind a head wait for it, not for the clock. */
async function nextDueAt(store: Store): Promise<number | null> {
  const [row] = await store.transaction(
    (tx) =>
      store.execute(
        tx,
        sql`SELECT min(o.next_attempt_at) AS at FROM outbox AS o JOIN (${HEADS}) AS head ON head.id = o.id WHERE o.claimed_by IS NULL`,
      ),
    { write: false },
  );
  return row?.at == null ? null : Number(row.at);
}

/**
 * A post an edit to come still needs (its row keeps the message id, and the words a call's post shows:
 * `postedMessageOf`, `refreshedCall`), however long it waits: a substitute call's while a call of its game is open, the
 * start post while its muster runs.
 */
const POST_IN_USE = sql`(${outbox.kind} = 'substitute_call' AND EXISTS (
  SELECT 1 FROM ${substituteCalls} WHERE ${substituteCalls.gameId} = ${outbox.gameId} AND ${substituteCalls.closedAt} IS NULL))
  OR (${outbox.kind} = 'game_started' AND EXISTS (
  SELECT 1 FROM ${games} WHERE ${games.id} = ${outbox.gameId} AND ${games.musterEndsAt} IS NOT NULL))`;

/**
 * Deletes delivered rows, and rows given up on, older than `keepMs` (default 30 days), but a post an edit to come
 * needs; returns how many.
 */
export async function pruneOutbox(options: { store: Store; now: () => number; keepMs?: number }): Promise<number> {
  const before = options.now() - (options.keepMs ?? 30 * 86_400_000);
  return await options.store.transaction(
    async (tx) =>
      (
        await tx
          .delete(outbox)
          .where(
            sql`((${outbox.sentAt} IS NOT NULL AND ${outbox.sentAt} < ${before}) OR (${outbox.failedAt} IS NOT NULL AND ${outbox.failedAt} < ${before})) AND NOT (${POST_IN_USE})`,
          )
          .returning({ id: outbox.id })
      ).length,
  );
}

/** Shortest wait between two passes started by the clock (a row falling due), so the loop never spins. */
const MIN_PASS_GAP_MS = 20;

export interface OutboxLoop {
  /** Deliver as soon as possible (after a use-case queued something). */
  kick(): void;
  /** Stops the loop, waits for the deliveries in flight, and frees this process's claims. */
  stop(): Promise<void>;
  /**
   * Resolves when no delivery pass is running and no unclaimed row is due: rows a use-case committed but has not
   * kicked yet (the bot coalesces kicks) are delivered first. Rows waiting for a later retry do not hold it.
   */
  idle(): Promise<void>;
  /** This process as a deliverer (claims name it). */
  readonly deliverer: Deliverer;
}

/**
 * The deliverer's heartbeat: every `heartbeatMs` it says it is alive and frees the claims of deliverers that stopped
 * saying so (docs/store.md). `stop` waits for a beat still running, which must not touch a closed store.
 */
function startHeartbeat(
  options: DeliverOptions & { onError?: (err: unknown) => void },
  me: Deliverer,
): { stop: () => Promise<void> } {
  let beating: Promise<void> | null = null;
  let stopped = false;
  const beatOnce = async () => {
    try {
      await beat(options.store, me, options);
      await releaseDeadClaims(options.store, me, options);
    } catch (err) {
      options.onError?.(err);
    }
  };
  const timer = setInterval(() => {
    if (beating || stopped) return;
    beating = beatOnce().finally(() => (beating = null));
  }, options.heartbeatMs ?? HEARTBEAT_MS);
  timer.unref?.();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await beating;
    },
  };
}

/**
 * Registers this process as a deliverer (freeing a dead predecessor's claims at once), beats its heartbeat,
 * and runs `deliverOutbox` when kicked, when a waiting row falls due, and at least every `intervalMs`
 * (default 5 s). One pass at a time; a kick during a pass makes it claim new rows at once. Prunes old delivered
 * rows once an hour.
 */
export async function startOutboxLoop(
  options: DeliverOptions & { intervalMs?: number; onError?: (err: unknown) => void },
): Promise<OutboxLoop> {
  const interval = options.intervalMs ?? 5_000;
  const wallNow = options.wallNow ?? Date.now;
  const me = options.deliverer ?? (await registerDeliverer(options.store, options));
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let prunedAt = -Infinity;
  let wakeUp: (() => void) | null = null;
  const wake = () => new Promise<void>((resolve) => (wakeUp = resolve));

  const heartbeat = startHeartbeat(options, me);

  const schedule = async () => {
    if (stopped) return;
    let delay = interval;
    try {
      const due = await nextDueAt(options.store);
      if (due !== null) delay = Math.max(MIN_PASS_GAP_MS, Math.min(interval, due - options.now()));
    } catch (err) {
      options.onError?.(err);
    }
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(kick, delay);
    timer.unref?.();
  };

  const pass = async () => {
    void schedule(); // a row falling due during a long pass wakes it
    do {
      again = false;
      try {
        const stats = await deliverOutbox({ ...options, deliverer: me, wake, stopping: () => stopped });
        // A full batch means more may be waiting.
        if (stats.sent + stats.retried + stats.failed + stats.skipped + stats.deferred >= (options.limit ?? 100))
          again = true;
      } catch (err) {
        options.onError?.(err);
      }
    } while (again && !stopped);
    if (options.now() - prunedAt >= 3_600_000) {
      prunedAt = options.now();
      try {
        await pruneOutbox(options);
        await pruneDeliverers(options.store, wallNow());
      } catch (err) {
        options.onError?.(err);
      }
    }
    running = null;
    await schedule();
  };

  function kick() {
    if (stopped) return;
    if (running) {
      again = true;
      wakeUp?.();
      return;
    }
    running = pass();
  }

  kick();
  return {
    kick,
    deliverer: me,
    idle: async () => {
      for (;;) {
        while (running) await running;
        const due = await nextDueAt(options.store);
        if (stopped || due === null || due > options.now()) return;
        kick();
      }
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const beatDone = heartbeat.stop();
      wakeUp?.();
      while (running) await running;
      await beatDone;
      try {
        await unregisterDeliverer(options.store, me);
      } catch (err) {
        options.onError?.(err);
      }
    },
  };
}

/**
 * The channel's notice that a player cannot receive DMs, worded in the game's language: it names them in an open
 * game; in a game that hides identities it names nobody (the player recognises it: they got no DM when they joined).
 */
function dmClosedNotice(game: GameRow, userId: string): Msg {
  return hidesIdentities(game)
    ? msg('delivery.dmClosed.hidden')
    : msg('delivery.dmClosed.open', { member: memberRef(userId) });
}
