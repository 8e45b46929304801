/**
 * Game-master commands (gm.ts): `gmAdvance`, `gmExtend`, `gmPause`, `gmResume`, `gmRollback` (`gmRollbackTarget`: what it would do), `gmReplace`, `gmKick`,
 * `gmTransfer`, `gmCancel`; and the game master's private view of the seats (seats.ts `gmSeats`).
 *
 * The feature's public face: code outside src/game/gm/ imports only from here.
 */
export {
  gmAdvance,
  gmCancel,
  gmExtend,
  gmKick,
  gmPause,
  gmReplace,
  gmResume,
  gmRollback,
  gmRollbackTarget,
  gmTransfer,
  holderMsg,
} from './gm.js';
export { gmSeats } from './seats.js';
