/**
 * Delivering the outbox (docs/architecture.md "Outbox delivery"): `deliverOutbox` sends due rows through the
 * bot's `send(row)`, each target in order, with retries (deliver.ts), looped by `startOutboxLoop`; claims between
 * processes and their heartbeats (claims.ts `registerDeliverer`).
 *
 * The feature's public face: code outside src/game/delivery/ imports only from here.
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
