/**
 * Scores and ratings: a game's end scored and rated (final.ts `settleEnd`), the scoring systems' arithmetic
 * (scoring.ts), ratings written per pool (pools.ts `rateFinishedGame`) from the Weng-Lin arithmetic (ratings.ts), the
 * leaderboards (leaderboard.ts `leaderboard`) and who held each seat in order (seat-history.ts `seatHistory`).
 *
 * The feature's public face: code outside src/game/scores/ imports only from here.
 */
export { scoresLines, settleEnd } from './final.js';
export { LEADERBOARD_SIZE, leaderboard, memberRatings, ratingPools, type MemberRating } from './leaderboard.js';
export { rateFinishedGame, type PlacedSeat } from './pools.js';
export type { SettledEnd } from './final.js';
export type { RatingChange } from './ratings.js';
export type { PowerOutcome } from './scoring.js';
export { seatHistory, type Stint } from './seat-history.js';
