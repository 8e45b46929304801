/**
 * Spectators (docs/table.md "Spectators"): asking to watch a power (`askToWatch`), its player's answer
 * (`answerRequest`), stopping (`stopWatching`, `revokeWatcher`), all in spectators.ts. The copies a spectator receives
 * are made where rows are queued (src/game/outbox/watchers.ts).
 *
 * The feature's public face: code outside src/game/spectators/ imports only from here.
 */
export {
  answerRequest,
  askNewHolder,
  askToWatch,
  endRequests,
  requestUndelivered,
  revokeWatcher,
  stopWatching,
  type Stopped,
  watchablePowers,
  watchersOfCaller,
  type SpectateAnswer,
} from './spectators.js';
