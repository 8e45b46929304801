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

/** How a kind of game says what is missed: Diplomacy's orders in a phase, the card game's turns. */
export interface SeatWords {
  /** "Missing orders at a deadline: units hold, builds are waived." */
  hold: string;
  computer: string;
  /** "without any order for 2 phases", with the count. */
  silent(n: number): string;
  /** What a vacant seat does until someone claims it, under each `nmr:` (a whole sentence), if the kind says it. */
  vacant?: { hold: string; computer: string };
}

const DIPLOMACY_WORDS: SeatWords = {
  hold: 'Missing orders at a deadline: units hold, builds are waived.',
  computer:
    'Missing orders at a deadline: a computer player gives them, playing to win for the absent player; the orders the player gave stand.',
  silent: (n) => `without any order for ${n} phase${n === 1 ? '' : 's'}`,
  vacant: {
    hold: "A vacant seat's units hold until someone claims it, without waiting for the deadline.",
    computer: 'A computer player plays a vacant seat from the start of each phase until someone claims it.',
  },
};

/** The create reply's lines about missed orders, vacant seats and the on-time bar. */
export function seatsText(seats: GameView['seats'], words: SeatWords = DIPLOMACY_WORDS): string {
  const nmr = seats.nmr === 'computer' ? words.computer : words.hold;
  const vacate =
    (seats.vacateAfter > 0 ? ` A seat ${words.silent(seats.vacateAfter)} in a row goes to a substitute.` : '') +
    (words.vacant ? ` ${seats.nmr === 'computer' ? words.vacant.computer : words.vacant.hold}` : '');
  const bar =
    seats.minReliability !== null
      ? ` Joining or claiming a seat needs an on-time rate of ${seats.minReliability} %.`
      : '';
  return `🪑 ${nmr}${vacate}${bar}\n`;
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
