/**
 * Game-master commands: advance, extend, pause, resume, rollback, replace, kick, transfer (gm.ts) and the game
 * master's private view of the seats (seats.ts).
 *
 * This file is the feature's public face: code outside src/game/gm/ imports only from here.
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
  gmTransfer,
  holderMsg,
} from './gm.js';
export { gmSeats } from './seats.js';
