/**
 * The options of `/game create` about seats (nmr, vacate-after, min-reliability) as every kind of game reads them, and
 * the create reply's line about them (docs/bot.md "Seats that never stall").
 */
import type { ChatInputCommandInteraction } from 'discord.js';
import type { GameView } from '../game/index.js';

/** `/game create nmr: vacate-after: min-reliability:` as the game layer reads them (shared with the game kinds). */
export function seatOptions(interaction: ChatInputCommandInteraction) {
  return {
    nmr: interaction.options.getString('nmr'),
    vacateAfter: interaction.options.getInteger('vacate-after'),
    minReliability: interaction.options.getInteger('min-reliability'),
  };
}

/** The create reply's lines about missed orders, vacant seats and the on-time bar. */
export function seatsText(seats: GameView['seats']): string {
  const nmr =
    seats.nmr === 'computer'
      ? 'Missing orders at a deadline: a computer player gives them.'
      : 'Missing orders at a deadline: units hold, builds are waived.';
  const vacate =
    seats.vacateAfter > 0
      ? ` A seat without any order for ${seats.vacateAfter} phase${seats.vacateAfter === 1 ? '' : 's'} in a row goes to a substitute.`
      : '';
  const bar =
    seats.minReliability !== null
      ? ` Joining or claiming a seat needs an on-time rate of ${seats.minReliability} %.`
      : '';
  return `🪑 ${nmr}${vacate}${bar}\n`;
}
