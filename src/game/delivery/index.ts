/**
 * Delivering the outbox (deliver.ts): claims between processes (claims.ts), retries, ordering per channel; the
 * bot supplies `send(row)`.
 *
 * This file is the feature's public face: code outside src/game/delivery/ imports only from here.
 */
export { HEARTBEAT_MS, HEARTBEAT_TIMEOUT_MS, processAlive, registerDeliverer } from './claims.js';
export {
  PermanentDeliveryError,
  RetryLaterError,
  deliverOutbox,
  pruneOutbox,
  startOutboxLoop,
  type DeliveryRow,
  type OutboxLoop,
  type SendFn,
} from './deliver.js';
