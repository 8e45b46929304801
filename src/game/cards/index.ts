/**
 * The Warring States card game in the bot: use-cases in transactions over the stored game (design.md §3,
 * docs/cardgame.md "In the bot"). Every function returns `Result`: on `ok: false` nothing was stored and
 * `error` is a sentence for the player. Plays carry the table `version` the player saw; a moved table is
 * refused with "The table changed — reopen." Hands appear only in `cardsMyView`, `cardsPlayOptions` and
 * `CardDraftView` (ephemeral replies to their owner); every public payload is built from `publicView`.
 */
import { registerGameKind } from '../core/index.js';
import { cardGameKind } from './kind.js';

registerGameKind(cardGameKind);

export * from './types.js';
export {
  createCardGame,
  joinCardGame,
  leaveCardGame,
  startCardGame,
  freeDynasties,
  matchDynasty,
  computerDynastySuggestions,
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
  type CardComputersOptions,
} from './computer.js';
export { sweepCardGames } from './timer.js';
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
export { cardTablePayload } from './outbox.js';
export { STALE } from './store.js';
export { deadlineTimes, inNotation, SUMMARY_EVENTS } from './notation.js';
export { infoOf, openCardGame } from './store.js';
export { cardName, dynastyLabel } from '../../cardgame/index.js';
export { engineMessage } from './engine-refusals.js';
