/**
 * Scores and ratings: the scoring systems' arithmetic (scoring.ts), a game's end scored and rated (final.ts),
 * the Weng-Lin ratings (ratings.ts) kept per pool (pools.ts), the leaderboards (leaderboard.ts), and who held
 * each seat in order (seat-history.ts).
 *
 * This file is the feature's public face: code outside src/game/scores/ imports only from here.
 */
export { scoresLines, settleEnd } from './final.js';
export { LEADERBOARD_SIZE, leaderboard, memberRatings, ratingPools, type MemberRating } from './leaderboard.js';
export { rateFinishedGame, type PlacedSeat } from './pools.js';
export type { SettledEnd } from './final.js';
export type { RatingChange } from './ratings.js';
export type { PowerOutcome } from './scoring.js';
export { seatHistory, type Stint } from './seat-history.js';
