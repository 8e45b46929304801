/**
 * Before the game (lobby.ts): creating it in a channel (`createGame`), joining (`joinGame`), leaving (`leaveGame`)
 * and starting it (`startGame`); the listing of games with open seats (listing.ts `openSeatsListing`).
 *
 * The feature's public face: code outside src/game/lobby/ imports only from here.
 */
export { PRESS_MODES, createGame, freePowers, joinGame, leaveGame, matchPower, startGame } from './lobby.js';
export { openSeatsListing } from './listing.js';
