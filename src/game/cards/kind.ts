/**
 * The card game as a game kind (src/game/core/kinds.ts): its deadlines, its table message and its computer seats, handed to
 * the game layer's scheduler, outbox and the bot through the kind interface.
 */
import { CARD_GAME } from '../../cardgame/identity.js';
import { msg } from '../../i18n/index.js';
import type { GameKind } from '../core/index.js';
import { cardComputerSeats, cardComputerSeatsExist } from './computer.js';
import { cardTablePayload } from './outbox.js';
import { cardSeatsOfKind } from './seats.js';
import { nextCardWakeAt, sweepCardGames } from './timer.js';
import { CARD_KIND } from './types.js';

export const cardGameKind: GameKind = {
  kind: CARD_KIND,
  name: CARD_GAME.name,
  label: msg('cards.game.name'),
  async sweep(deps) {
    const r = await sweepCardGames(deps);
    return { turns: r.timedOut, reminders: r.reminders, awaiting: r.awaiting, failures: r.failures };
  },
  nextWakeAt: nextCardWakeAt,
  async status(tx, game) {
    // data only: the bot words the table in the channel's locale (src/bot/cards/words.ts `cardTableWords`)
    const table = await cardTablePayload(tx, game);
    return table && { data: table };
  },
  hasComputerSeats: cardComputerSeatsExist,
  computerSeats: (deps, options) => cardComputerSeats(deps, options),
  seats: cardSeatsOfKind,
};
