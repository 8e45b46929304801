/**
 * Ending a game by agreement: draw votes and concessions (votes.ts).
 *
 * This file is the feature's public face: code outside src/game/votes/ imports only from here.
 */
export { concede, myConcession, settleComputerVotes, voteDraw, withdrawConcession } from './votes.js';
