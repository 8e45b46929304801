/**
 * From phase to phase: resolving a phase in one transaction (resolve.ts), `/ready` (ready.ts), a variant's
 * actions (actions.ts), deadline reminders (reminders.ts) and the phase timer (scheduler.ts).
 *
 * This file is the feature's public face: code outside src/game/resolve/ imports only from here.
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
