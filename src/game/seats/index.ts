/**
 * Seats that never stall (docs/bot.md "Seats that never stall"): a seat vacated (seats.ts `vacateSeat`,
 * `vacateSilentSeats`), a substitute call opened (substitute-calls.ts `openSubstituteCall`) and claimed (seats.ts
 * `claimSeat`), what a seat loses changing hands (hand-over.ts), the reliability record (record.ts `recordSeatTurn`),
 * `nmr: computer` at resolution (nmr.ts) and the orders stored for it (given-orders.ts).
 *
 * The feature's public face: code outside src/game/seats/ imports only from here.
 */
export { clearSeatOnHandOver, clearVotesOfEliminated, handWaitingToHolder, queueVotesCleared } from './hand-over.js';
export { NMR_GRACE_MS, awaitsMissingOrders, computerSeatsToPlay } from './nmr.js';
export {
  RELIABILITY_MIN_PHASES,
  memberRecord,
  recordSeatTurn,
  reliabilityRefusal,
  type MemberRecord,
} from './record.js';
export {
  claimSeat,
  gmSubstitute,
  leaveSeat,
  openCallLines,
  recordPhaseSeats,
  vacateSeat,
  vacateSilentSeats,
} from './seats.js';
export { parseSeatSettings, type SeatCreateInput, type SeatSettings } from './settings.js';
export { closeCallOf, closeCallsOfGame, openSubstituteCall } from './substitute-calls.js';
export { storeGivenOrders, storeVacantSeatOrders } from './given-orders.js';
export { givenOrders, pastPhaseSeats, seatsMissingOrders } from './nmr.js';

export { leaveSeatCheck, leaveSeatRefusal } from './seats.js';
export { callPostKey } from './substitute-calls.js';
