/**
 * The Warring States card game in the bot: use-cases in transactions over the stored game (design.md §3,
 * docs/cardgame.md "In the bot"). Every function returns `Result`: on `ok: false` nothing was stored and
 * `error` is a sentence for the player. Plays carry the table `version` the player saw; a moved table is
 * refused with "The table changed — reopen." Hands appear only in `cardsMyView`, `cardsPlayOptions` and
 * `CardDraftView` (ephemeral replies to their owner); every public payload is built from `publicView`.
 */
export * from './types.js';
export {
  createCardGame,
  joinCardGame,
  leaveCardGame,
  startCardGame,
  freeDynasties,
  matchDynasty,
  parseComputerDynasties,
  computerDynastySuggestions,
  type CreateCardGameInput,
  type CardComputerRequest,
} from './lobby.js';
export {
  giveCards,
  chooseBattle,
  wageBattle,
  cardsPlayOptions,
  cardsMyView,
  concedeCards,
  setCardsAway,
  setCardsNotify,
  markCardsPresent,
  notYourTurn,
} from './play.js';
export {
  startFallBack,
  cardsDraft,
  draftEffect,
  draftChoose,
  draftBack,
  draftRecruit,
  cancelFallBack,
  finishFallBack,
} from './draft.js';
export {
  gmExtendCards,
  gmPauseCards,
  gmResumeCards,
  gmSkipCards,
  gmReplaceCards,
  gmKickCards,
  gmRollbackCards,
} from './gm.js';
export {
  cardComputerSeats,
  cardComputerSeatsExist,
  cardComputerDuties,
  playCardAction,
  playCardComputerDefault,
  COMPUTER_DEFAULT_ACTOR,
  type CardComputerDuty,
  type CardComputersOptions,
} from './computer.js';
export { sweepCardGames, nextCardWakeAt, timeoutCardTurn, type CardSweepResult } from './timer.js';
export {
  cardGameInChannel,
  cardGameById,
  isCardChannel,
  cardChoosableStates,
  cardRoundActions,
  recordCardThread,
  verifyCardReplay,
  cardTableOf,
  cardPings,
  recordCardPing,
  forgetCardPings,
} from './read.js';
export type { CardPing } from './tables.js';
export { cardTablePayload } from './outbox.js';
export { STALE, NO_CARD_GAME } from './store.js';
export * as cardText from './text.js';
export {
  cardTableText,
  battlefieldLines,
  seatLines,
  rowLines,
  logLine,
  eventText,
  roundSummaryText,
  winnerText,
  cardName,
  cardNames,
  symbolEmoji,
  symbolLabel,
  symbolName,
  dynastyLabel,
  stateLabel,
  seatLabel,
  changedStates,
  strongholdLabel,
  strongholdWithArmies,
  effectLabel,
  effectTarget,
  claimPreviewText,
  type BoardLike,
} from './text.js';
