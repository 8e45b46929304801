/**
 * Before the game: creating it in a channel, joining, leaving and starting (lobby.ts).
 *
 * This file is the feature's public face: code outside src/game/lobby/ imports only from here.
 */
export { PRESS_MODES, createGame, freePowers, joinGame, leaveGame, matchPower, startGame } from './lobby.js';
export { openSeatsListing } from './listing.js';
