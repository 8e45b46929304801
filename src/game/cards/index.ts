/**
 * The Warring States card game in the bot (docs/cardgame.md "In the bot"), a game kind of its own (kind.ts): the
 * lobby (lobby.ts `createCardGame`, `startCardGame`), a seat's plays (play.ts `giveCards`, `wageBattle`) and fall-back
 * wizard (draft.ts), one action stored (commit.ts `commitAction`), a turn timed out (timer.ts `sweepCardGames`), the
 * game master (gm.ts), computer seats (computer.ts), vacant seats (seats.ts). A hand shows only to its seat.
 *
 * The feature's public face: code outside src/game/cards/ imports only from here.
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
  lastMoveWasBy,
  recordCardThread,
  verifyCardReplay,
  cardTableOf,
  publicCardBoard,
  cardPings,
  recordCardPing,
  forgetCardPings,
} from './read.js';
export { cardTablePayload } from './outbox.js';
export { STALE } from './store.js';
export { deadlineTimes, inNotation, SUMMARY_EVENTS } from './notation.js';
export { cardName, dynastyLabel } from '../../cardgame/index.js';
export { engineMessage } from './engine-refusals.js';
