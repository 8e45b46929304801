/**
 * From phase to phase (docs/architecture.md "Resolving a phase"): `resolvePhase` claims, adjudicates and stores a
 * phase and its next one in one transaction (resolve.ts, also `finishGame`); the phase timer `startScheduler` finds
 * deadlines due (scheduler.ts, through `resolveDuePhases`); `/ready` (ready.ts `toggleReady`), a variant's actions
 * (actions.ts `runAction`), reminders (reminders.ts `queueDueReminders`).
 *
 * The feature's public face: code outside src/game/resolve/ imports only from here.
 */
export { actionChoices, runAction, type ActionBy } from './actions.js';
export { toggleReady } from './ready.js';
export { queueDueReminders } from './reminders.js';
export {
  announceEnd,
  endWaiting,
  finishGame,
  humanPowersToAct,
  resolveDuePhases,
  resolveInTx,
  resolvePhase,
  type ResolveOutcome,
} from './resolve.js';
export { nextWakeAt, startScheduler, type Scheduler } from './scheduler.js';
export { queueEndDms, standingsLines } from './end-post.js';
