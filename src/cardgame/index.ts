/**
 * The Warring States card game engine (N. Hjelmberg; engine: docs/cardgame.md, decisions:
 * docs/rules/card-game.md). Pure and deterministic: no I/O, no clock, no Math.random.
 */
export { apply, applyAll } from './apply.js';
export { newGame, defaultGive } from './setup.js';
export { legalActions, legalWages, fallBackOption, type FallBackOption } from './legal.js';
export { effectChoices, applyEffect, defaultEffect } from './effects.js';
export { claimPreview, claimsOf, countPlayed, countResistance, activeSeats } from './counting.js';
export { controlRound } from './control.js';
export { eligibleStates, endReason } from './round.js';
export { publicView, privateView, type CardGameView } from './views.js';
export {
  stateSchema,
  parseAction,
  zodSentence,
  finishReasonOf,
  controlCountsOf,
  gameOverStatesOf,
  chooserOf,
  controlArmyStateOf,
  giveChangedOf,
  extraDrawOf,
} from './schema.js';
export { physicalCount, controllerOf, statesControlledBy, ringOf, STRONGHOLD_IDS } from './board.js';
export { card, DECK_IDS } from './cards.js';
export { reshuffleUndrawn } from './deck.js';
export { cardName, dynastyLabel, stateLabel } from './names.js';
export { DATA, STATE_ORDER, DYNASTIES, SYMBOLS } from './data.js';
export type * from './types.js';
