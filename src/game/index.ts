/**
 * The game use-cases: everything the bot does to a game, independent of Discord.
 *
 * Conventions (see docs/architecture.md):
 * - Every use-case takes `deps: GameDeps` ({ db, now, random?, onChange?, onError? }) first, runs in ONE SQLite
 *   transaction and returns `Result<T>`: `{ ok: true, ... }` or `{ ok: false, error }` where `error` is a
 *   sentence to show the player. On `ok: false` the database is unchanged. They never throw on bad input.
 * - Games are found by the channel they live in (`Caller.channelId`); one open game per channel.
 * - Anything for Discord (results posts, status edits, DMs) is written to the outbox in the same
 *   transaction; `deliverOutbox` / `startOutboxLoop` hand the rows to the bot's `send(row)`.
 * - Texts (replies, errors, outbox rows) are plain text; a moment, a member, a role or a channel in them is a
 *   reference (text-refs.ts) the bot turns into Discord's markup. No Discord markup is written here.
 *
 * Signatures (all return `Result<…>` unless noted):
 *   createGame(deps, { channelId, guildId, userId, variantId, durations? })      → { game }
 *   joinGame(deps, { channelId, userId, power? })                                → { game, power }
 *   leaveGame(deps, { channelId, userId })                                       → { game, power }
 *   startGame(deps, { channelId, userId })   GM only                             → { game, phase, players, civilDisorder }
 *   freePowers(deps, channelId): Power[]     (autocomplete; [] when no forming game)
 *   gameStatus(deps, channelId)                                                  → { status }
 *   playerContext(deps, { channelId, userId })                                   → { game, variant, position, power, phase, orders }
 *   submitOrders(deps, { channelId, userId, text })                              → { power, phase, stored, rejected, orders, missing }
 *   clearOrders(deps, { channelId, userId })                                     → { power, phase, cleared }
 *   myOrders(deps, { channelId, userId })                                        → { power, phase, orders, unordered, adjustment, text }
 *   toggleReady(deps, { channelId, userId })                                     → { power, ready, resolved, waitingFor, waiting }
 *   why(deps, { channelId, province })                                           → { phase, results, text }
 *   history(deps, { channelId, phase? })                                         → { phases, detail }
 *   gmAdvance / gmPause / gmResume / gmRollback(deps, { channelId, userId })     → { game, … }
 *   gmExtend(deps, { channelId, userId, duration })                              → { game, deadline }
 *   gmReplace(deps, { channelId, userId, power, newUserId })                     → { game, power, previousUserId }
 *   voteDraw(deps, { channelId, userId })                                        → { power, voted, end }   (secret)
 *   concede(deps, { channelId, userId, to })                                     → { power, to, previous, end } (secret)
 *   myConcession / withdrawConcession(deps, { channelId, userId })
 *   resolvePhase(deps, { gameId, phaseId?, reason })                             → { resolved, next, end }
 *   resolveDuePhases(deps): { resolved, failures }     queueDueReminders(deps): number
 *   startScheduler({ db, now, onDue?, … }): { poke, stop, sweep }
 *   deliverOutbox({ db, now, send, … }): Promise<DeliveryStats>   startOutboxLoop(…): { kick, stop, idle }
 *   pruneOutbox({ db, now, keepMs? }): number
 *   renderInputForPhase(deps, phaseId, { withOrders }) → inputs for renderMap, or null
 *   setStatusMessageId(deps, gameId, messageId)
 */
export type * from './core/types.js';
export { parseDuration, formatDuration } from './core/durations.js';
export { createGame, joinGame, leaveGame, startGame, freePowers } from './lobby/lobby.js';
export { gameStatus, playerContext, why, history, findOpenGame, notifyRoleOf } from './history/queries.js';
export { submitOrders, clearOrders, myOrders, orderInputProblem } from './orders/orders.js';
export {
  useCooldown,
  getServerLimits,
  setServerLimits,
  limitsOf,
  DEFAULT_LIMITS,
  type Limits,
  type LimitsInput,
} from './core/limits.js';
export { toggleReady } from './resolve/ready.js';
export { claimSeat, gmSubstitute, leaveSeat, leaveSeatRefusal } from './seats/seats.js';
export { memberRecord, RELIABILITY_MIN_PHASES, type MemberRecord } from './seats/record.js';
export {
  leaderboard,
  memberRatings,
  ratingPools,
  LEADERBOARD_SIZE,
  type MemberRating,
} from './scores/leaderboard.js';
export { SCORING_SYSTEMS } from './scores/scoring.js';
export {
  gmAdvance,
  gmExtend,
  gmPause,
  gmResume,
  gmRollback,
  gmReplace,
  gmCancel,
  gmTransfer,
  gmKick,
} from './gm/gm.js';
export { gmSeats } from './gm/seats.js';
export { voteDraw, concede, myConcession, withdrawConcession } from './votes/votes.js';
export { resolvePhase, resolveDuePhases } from './resolve/resolve.js';
export { queueDueReminders } from './resolve/reminders.js';
export { startScheduler, nextWakeAt, type Scheduler } from './resolve/scheduler.js';
export {
  deliverOutbox,
  startOutboxLoop,
  pruneOutbox,
  PermanentDeliveryError,
  RetryLaterError,
  type DeliveryRow,
  type OutboxLoop,
  type SendFn,
} from './delivery/deliver.js';
export type { KindPayload } from './outbox/write.js';
export {
  registerDeliverer,
  processAlive,
  HEARTBEAT_TIMEOUT_MS,
} from './delivery/claims.js';
export {
  MAP_PALETTES,
  mapPaletteFor,
  renderInputForPhase,
  renderInputForPicture,
  renderInputForStepPicture,
  renderInputsForResults,
  type MapPalette,
  type PhasePicture,
  type RenderInput,
} from './history/render-input.js';
export { phaseLabel, formatResultsSummary } from './core/summary.js';
export { gameFileInTurns, scChartForChannel, scChartForGame, type ScChartFile } from './history/game-file.js';
export { timeRef, memberRef, roleRef, channelRef, textParts, type TextPart, type TimeStyle } from './core/text-refs.js';
export { typed } from './core/echo.js';
export { runAction, actionChoices, type ActionBy } from './resolve/actions.js';
export { GAME_OVER } from './core/context.js';
export { hidesIdentities } from './core/identities.js';
export { PRESS_MODES } from './lobby/lobby.js';
export type { PressMode } from '../store/schema.js';
export {
  openPressThread,
  pressHistory,
  pressThreadPlan,
  recordPressThread,
  reportPressPermission,
  sendPress,
  PRESS_MAX_LENGTH,
  type PressLine,
  type PressSent,
  type PressThreadPlan,
  type PressThreadView,
} from './press/press.js';
