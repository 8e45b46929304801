/**
 * A phase of a stored game: the pure phase-step machine (machine.ts `stepMachine`, `adjudicatePhase`; frame.ts)
 * and move from phase to phase (transition.ts `phaseTransition`) that games and sandboxes apply, a variant's stored
 * steps (steps.ts, plug-in context, records), each power's duties (duties.ts `dutiesOf`; who acts, acting.ts) and the public status
 * (status.ts `buildStatus`). Resolving a phase in a game is src/game/resolve.
 *
 * The feature's public face: code outside src/game/phase/ imports only from here.
 */
export {
  BALLOT,
  buildSites,
  buildableTypes,
  dutiesOf,
  hasDuties,
  isBallotKey,
  leftToOrder,
  missingOrders,
  missingParams,
  seatedToAct,
  votedPowersOf,
  type Duties,
} from './duties.js';
export { seatedPowersToAct } from './acting.js';
export {
  actionOption,
  matchingChoices,
  type ActionOption,
  type ShownChoice,
} from './action-choices.js';
export type { PhaseFrame } from './frame.js';
export {
  actionSlotChoices,
  adjudicatePhase,
  closedOrdersMsg,
  decisionOf,
  openActions,
  readBackAction,
  stepMachine,
  stepReadyRefusalMsg,
  stepStatusOf,
  stepUnderWay,
  type ActionRefusal,
  type StepSurface,
  type StepStatus,
  type Transition,
} from './machine.js';
export { gameFrame, pluginContext, pluginOfGame, powersInDisorder } from './plugin-context.js';
export { dueHeldBoards, latestBoard, nextHeldBoardAt, releaseHeldBoard } from './held-board.js';
export { keepShownProgress } from './shown-progress.js';
export { listRecords, recordsOf, writeListRecords } from './records.js';
export { announcedSeats, endByVotes, seatsWithVote } from './announced-seats.js';
export { buildStatus, drawPowers, endMsg, pinnedStatus, survivingPowers } from './status.js';
export { answersMuster, musterDueAt, musterOpenedAt, mustered } from './muster-status.js';
export { pluginMsg } from './texts.js';
export { phaseTransition, type DecidesIn, type PhaseMove } from './transition.js';
export {
  advanceWords,
  clearSteps,
  crossingFrame,
  openStartSteps,
  ordersClosedByStep,
  pendingStepReminders,
  queueStepReminders,
  rearmStepReminder,
  stepSettled,
  storedStepUnderWay,
  writeCrossing,
  writePluginEffects,
} from './steps.js';
