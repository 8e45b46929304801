/**
 * Computer players in the seats of a Diplomacy game (docs/ai.md "In the bot: computer seats"): `computerSeats`
 * plays their orders, steps and votes (computer.ts); `missingOrderFiller` gives the orders people's seats miss at a
 * deadline under `nmr: computer` (nmr-filler.ts).
 *
 * The feature's public face: code outside src/game/computer/ imports only from here.
 */
export { computerSeatDuties, computerSeats, computerSeatsExist } from './computer.js';
export { missingOrderFiller } from './nmr-filler.js';
