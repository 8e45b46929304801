/**
 * `/game create|join|leave|start|status` for the card game (docs/cardgame.md "Commands", "Lobby and setup"): game.ts
 * routes here when the variant is `warring-states-cards` or the channel's game is a card game. The lobby message itself
 * (seats, settings, [Join] [Leave] [Start]) is the table message the outbox keeps edited in place.
 */
import { seatOptions } from '../seat-options.js';
import { CARD_GAME } from '../../cardgame/identity.js';
import type { ChatInputCommandInteraction } from 'discord.js';
import { DYNASTIES } from '../../cardgame/index.js';
import {
  cardTableOf,
  CARD_VARIANT_ID,
  createCardGame,
  joinCardGame,
  leaveCardGame,
  matchDynasty,
  startCardGame,
  type CardGameInfo,
} from '../../game/cards/index.js';
import { memberRef, typed, playerName, durationParam } from '../../game/core/index.js';
import type { BotContext } from '../context.js';
import { callerOf, replyPrivately, replyPublicly, replyRejected } from '../respond.js';
import { readerOf } from '../locale.js';
import { msg, tr, type Locale, type MessageKey } from '../../i18n/index.js';
import type { SeatSettings } from '../../game/seats/index.js';
import { cardTableReply } from './words.js';
import { dynastyTitle, listOf } from './names.js';

export const CARD_GAME_CHOICE = { name: CARD_GAME.choice, value: CARD_VARIANT_ID };
export const CARD_PRESET_CHOICES = [
  { name: 'live (2 min a turn)', value: 'live' },
  { name: 'standard (1 h a turn)', value: 'standard' },
  { name: 'async (12 h a turn)', value: 'async' },
];

/** How `/game join power:` names a dynasty ("Qin 秦", the notation's form, which `matchDynasty` reads back). */
export { dynastyLabel as dynastyName } from './format.js';

function settingsLine(g: CardGameInfo, locale: Locale): string {
  const s = g.settings;
  return tr(locale, 'cards.create.settings', {
    seats: s.seats,
    preset: tr(locale, `cards.lobby.preset.${s.preset}` as MessageKey),
    duration: durationParam(s.turnMs),
    dynasty: s.dynastyCards ? 'on' : 'off',
  });
}

/** What happens to a seat whose turn runs out, as the table's creator set it (src/bot/seat-options.ts in its words). */
function cardSeatsText(seats: SeatSettings, locale: Locale): string {
  const nmr = tr(locale, seats.nmr === 'computer' ? 'cards.create.nmr.computer' : 'cards.create.nmr.hold');
  const vacate = seats.vacateAfter > 0 ? tr(locale, 'cards.create.vacate', { count: seats.vacateAfter }) : '';
  const bar = seats.minReliability !== null ? tr(locale, 'cards.create.bar', { rate: seats.minReliability }) : '';
  return `🪑 ${nmr}${vacate}${bar}\n`;
}

export async function createCards(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const caller = callerOf(interaction);
  const locale = readerOf(interaction);
  const r = await createCardGame(ctx.deps, {
    ...caller,
    guildId: interaction.guildId,
    seats: interaction.options.getInteger('seats'),
    preset: interaction.options.getString('preset'),
    turn: interaction.options.getString('turn'),
    dynastyCards: interaction.options.getBoolean('dynasty-cards'),
    computer: interaction.options.getString('computer'),
    demonstration: interaction.options.getBoolean('demonstration'),
    computerLevel: interaction.options.getString('computer-level'),
    ...seatOptions(interaction),
    locale: interaction.options.getString('locale'),
    guildLocale: interaction.guildLocale,
  });
  if (!r.ok) return replyRejected(interaction, r);
  // The channel is told which seats computer players take (docs/decisions.md "Computer players and sandbox").
  const computers = r.demonstration
    ? `${tr(locale, 'cards.create.demonstration')}\n`
    : r.computer.fill === 'all'
      ? `${tr(locale, 'cards.lobby.computerFill')}\n`
      : r.computer.fill === 'dynasties'
        ? `${tr(locale, 'cards.create.computers', {
            dynasties: listOf(
              r.computer.dynasties.map((d) => dynastyTitle(d, locale)),
              locale,
            ),
          })}\n`
        : '';
  return replyPublicly(
    interaction,
    `${tr(locale, 'cards.create.done', { who: memberRef(caller.userId), game: tr(locale, 'cards.game.name'), settings: settingsLine(r.game, locale) })}\n` +
      computers +
      cardSeatsText(r.seats, locale) +
      tr(locale, r.demonstration ? 'cards.create.startDemo' : 'cards.create.join'),
  );
}

export async function cardLobby(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  sub: 'join' | 'leave' | 'start' | 'status',
): Promise<void> {
  const caller = callerOf(interaction);
  const locale = readerOf(interaction);
  switch (sub) {
    case 'join': {
      const wanted = interaction.options.getString('power');
      if (wanted && !matchDynasty(wanted))
        return replyRejected(
          interaction,
          msg('cards.refused.dynasty', {
            name: typed(wanted),
            dynasties: listOf(
              DYNASTIES.map((d) => dynastyTitle(d, locale)),
              locale,
            ),
          }),
        );
      const r = await joinCardGame(ctx.deps, caller, wanted ? matchDynasty(wanted) : null);
      if (!r.ok) return replyRejected(interaction, r);
      return replyPublicly(
        interaction,
        r.dynasty
          ? tr(locale, 'cards.join.done', { who: playerName(caller.userId), dynasty: dynastyTitle(r.dynasty, locale) })
          : tr(locale, 'cards.join.drawn', { who: playerName(caller.userId) }),
      );
    }
    case 'leave': {
      const r = await leaveCardGame(ctx.deps, caller);
      if (!r.ok) return replyRejected(interaction, r);
      return replyPublicly(interaction, tr(locale, 'cards.leave.done', { who: playerName(caller.userId) }));
    }
    case 'start': {
      const r = await startCardGame(ctx.deps, caller);
      if (!r.ok) return replyRejected(interaction, r);
      // As with the table's Start button: the table message and the log thread tell the channel; this reply is private.
      return replyPrivately(interaction, tr(locale, 'cards.start.done', { count: r.game.seats.length }));
    }
    case 'status': {
      // The table message's own text (seats, turn, battlefield, rows), in the member's words: the reply is private.
      const table = await cardTableOf(ctx.deps, caller.channelId);
      if (!table) return replyRejected(interaction, msg('cards.refused.noGame'));
      return replyPrivately(interaction, cardTableReply(table, locale));
    }
  }
}
