/**
 * Spectators (docs/table.md "Spectators"): asking to watch a power, its player's answer, stopping (spectators.ts). The
 * copies a spectator receives are made where rows are queued (src/game/outbox/watchers.ts).
 *
 * This file is the feature's public face: code outside src/game/spectators/ imports only from here.
 */
export {
  answerRequest,
  askNewHolder,
  askToWatch,
  endRequests,
  revokeWatcher,
  stopWatching,
  watchablePowers,
  watchersOfCaller,
  type SpectateAnswer,
} from './spectators.js';
