/**
 * The options of `/game create` about seats (nmr, vacate-after, min-reliability) as every kind of game reads them, and
 * the create reply's line about them (docs/bot.md "Seats that never stall").
 */
import type { ChatInputCommandInteraction } from 'discord.js';
import type { GameView } from '../game/core/index.js';
import { tr, type Locale } from '../i18n/index.js';

/** `/game create nmr: vacate-after: min-reliability:` as the game layer reads them (shared with the game kinds). */
export function seatOptions(interaction: ChatInputCommandInteraction) {
  return {
    nmr: interaction.options.getString('nmr'),
    vacateAfter: interaction.options.getInteger('vacate-after'),
    minReliability: interaction.options.getInteger('min-reliability'),
  };
}

/** A Diplomacy game's line about missed orders, vacant seats and the on-time bar, in the member's locale. */
export function diplomacySeatsText(locale: Locale, seats: GameView['seats']): string {
  return tr(locale, 'lobby.created.seats', {
    nmr: seats.nmr === 'computer' ? 'computer' : 'hold',
    vacateAfter: seats.vacateAfter,
    bar: seats.minReliability !== null ? 'some' : 'none',
    minReliability: seats.minReliability ?? 0,
  });
}
