/**
 * Writing to the outbox: every message toward Discord is a row written in the transaction that causes it
 * (write.ts `enqueue`, `queueDm`, `queueNotice`, `queueStatus`), copied to spectators as it is queued (watchers.ts);
 * the delivery feature sends them.
 *
 * The feature's public face: code outside src/game/outbox/ imports only from here.
 */
export {
  CONFIRMATION_DROPPED,
  ORDER_CONFIRMATION_KEY,
  PRESS_UNDELIVERED,
  PUBLISHES_ORDERS,
  STATUS_MARK_KEY,
  dropKept,
  enqueue,
  handOverKept,
  heldCallRows,
  keepForSeat,
  lapsesWithGame,
  queueDm,
  queueNotice,
  queueProgressStatus,
  queueStatus,
  startPostKey,
  worded,
  type DmReason,
  type KindPayload,
  type OutboxPayload,
} from './write.js';
export { lastProgressMark, nextProgressMark, PROGRESS_EVERY_MS, privateActDueAt } from './marks.js';
export { rewriteCopies, watchKeySuffix } from './watchers.js';
