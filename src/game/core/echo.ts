/**
 * What a member typed, echoed back in a reply or a refusal ("`France2` is not a power"): one line, at most
 * ECHO_MAX characters (an ellipsis marks the cut), and no game-text reference (src/game/core/text-refs.ts), so a 6,000-
 * character option comes back as a few words, not as five messages, and a typed `⟦member:…⟧` is shown as typed.
 * Every text of the game layer and the bot that repeats what a member typed writes it through `typed`.
 */
import { typedRef } from './text-refs.js';

/** The most characters of a member's input a text repeats. */
export const ECHO_MAX = 40;

/**
 * `value` as a member typed it, fit to be repeated inside a sentence (the caller adds the quotes): a `typedRef`, which
 * the bot shows exactly as typed, its Markdown, mentions and links escaped for where it stands (src/bot/markup.ts),
 * and the order pad as plain text. Empty when nothing was typed.
 */
export function typed(value: unknown, max = ECHO_MAX): string {
  const line = typedLine(value, max);
  return line === '' ? '' : typedRef(line);
}

/** `typed`'s one line, as plain text: for a record (an audit line), never for a text a member reads. */
export function typedLine(value: unknown, max = ECHO_MAX): string {
  const line = String(value ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[⟦⟧]/g, (c) => (c === '⟦' ? '[' : ']'));
  const chars = [...line];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : line;
}
