/**
 * The card game as a game kind in the bot (src/bot/kinds.ts): its `/cards` command, its answers to `/game`, `/gm` and
 * `/concede` at a card table, its `/game create` entry and options, and the delivery of its table message, log thread,
 * turn pings and summaries.
 */
import {
  CARD_KIND,
  computerDynastySuggestions,
  freeDynasties,
  isCardChannel,
  type CardTablePayload,
} from '../../game/cards/index.js';
import type { BotKind } from '../kind.js';
import { cardsCommand, replyWithBoard } from './command.js';
import { askCardConcession } from './concede.js';
import { deliverCards, deliverTable } from './deliver.js';
import { cardGm, cardGmConfirmed, respondWithDynasties } from './gm.js';
import { CARD_GAME_CHOICE, CARD_PRESET_CHOICES, cardLobby, createCards, dynastyName } from './lobby.js';

const DURATION_HELP = 'like 90s, 10m, 24h or 2d';

export const cardBotKind: BotKind = {
  kind: CARD_KIND,
  choice: CARD_GAME_CHOICE,
  createOptions(s) {
    s.addIntegerOption((o) =>
      o.setName('seats').setDescription('Card game: table size, 2 to 5 (default 4)').setMinValue(2).setMaxValue(5),
    )
      .addStringOption((o) =>
        o
          .setName('preset')
          .setDescription('Card game: turn times (default standard)')
          .addChoices(...CARD_PRESET_CHOICES),
      )
      .addStringOption((o) =>
        o.setName('turn').setDescription(`Card game: a custom turn time, ${DURATION_HELP}`).setMaxLength(20),
      )
      .addBooleanOption((o) =>
        o.setName('dynasty-cards').setDescription('Card game: play with the optional dynasty cards (default off)'),
      );
  },
  computerSuggestions: computerDynastySuggestions,
  commands: [cardsCommand],
  inChannel: isCardChannel,
  create: createCards,
  lobby: cardLobby,
  leaveQuestion: 'cards.leave.question',
  map: (ctx, interaction) => replyWithBoard(ctx, interaction),
  // docs/decisions.md: `/game join power:` lists dynasties for a card game
  freeSeats: async (deps, channelId) => (await freeDynasties(deps, channelId)).map(dynastyName),
  gm: cardGm,
  gmConfirmed: async (ctx, interaction, action, arg) =>
    action === 'cards-skip' || action === 'cards-rollback'
      ? await cardGmConfirmed(ctx, interaction, action, Number(arg))
      : null,
  gmAutocomplete: respondWithDynasties,
  concede: askCardConcession,
  deliver: deliverCards,
  // the data is what the card kind's `status` gave (src/game/cards/kind.ts): its table payload
  deliverStatus: (send, row, data) => deliverTable(send, row, data as CardTablePayload),
};
