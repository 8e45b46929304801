/**
 * What the card game's use-cases say about cards and rounds without wording it (docs/cardgame.md "In the bot"): the
 * engine's sentences in the players' notation, the events a round summary shows, the states a round changed, a
 * deadline as references. The words and the markup are the bot's (src/bot/cards/words.ts).
 */
import { cardName, type CardGameView, type StateId } from '../../cardgame/index.js';
import { isCard } from '../../cardgame/cards.js';
import { timeRef } from '../core/index.js';

/**
 * An engine sentence (a refusal) for players: the engine names cards for the CLI by deck id and symbols
 * ("B63 wind/cavalry/crossbow", "D04 dark chariot", "W1 wild", or the id alone); players read "Wind/Cavalry/Crossbow".
 */
export function inNotation(sentence: string): string {
  return sentence.replace(
    /\b([BD]\d\d|W\d)\b(?: (?:dark [a-z]+(?:\/[a-z]+)*|wild|[a-z]+(?:\/[a-z]+)+))?/g,
    (m: string, id: string) => (isCard(id) ? cardName(id) : m),
  );
}

/** A deadline as date and time, then relative: "1 January 2026 12:00 (in 2 hours)" (references the bot formats). */
export function deadlineTimes(ms: number): string {
  return `${timeRef(ms, 'f')} (${timeRef(ms, 'R')})`;
}

/**
 * The events a round summary shows, in order (docs/cardgame.md "Side effects"). Not the end of the game (`gameOver`,
 * `finished`): the end post that follows the last summary says it, with the final board, so the channel reads it once.
 */
export const SUMMARY_EVENTS: readonly string[] = [
  'fallBack',
  'control',
  'controlArmy',
  'tiebreakResult',
  'tiebreak',
  'row',
  'resistance',
];

/** The states whose controller differs between two public views (outlined on the summary image). */
export function changedStates(before: CardGameView, after: CardGameView): StateId[] {
  return (Object.keys(after.states) as StateId[]).filter((st) => {
    const a = before.states[st];
    const b = after.states[st];
    return a?.[a.length - 1] !== b?.[b.length - 1];
  });
}
