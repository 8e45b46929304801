/**
 * Computer players in the seats of a Diplomacy game (computer.ts) and the computer player that gives missing
 * orders under `nmr: computer` (nmr-filler.ts).
 *
 * This file is the feature's public face: code outside src/game/computer/ imports only from here.
 */
export { computerSeatDuties, computerSeats, computerSeatsExist } from './computer.js';
export { missingOrderFiller } from './nmr-filler.js';
