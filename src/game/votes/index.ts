/**
 * Ending a game by agreement (votes.ts): a draw vote (`voteDraw`) and a concession (`concede`,
 * `withdrawConcession`), settled the moment the last vote needed comes in, and the computer seats' votes
 * (`settleComputerVotes`). Pause votes are src/game/pauses.
 *
 * The feature's public face: code outside src/game/votes/ imports only from here.
 */
export { checkConcession, concede, myConcession, settleComputerVotes, voteDraw, withdrawConcession } from './votes.js';
