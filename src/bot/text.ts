/**
 * Fitting text into Discord's limits: 2000 characters per message content, 100 per autocomplete
 * choice (https://discord.com/developers/docs/resources/message#create-message, …#autocomplete).
 */
import { inlineCode } from 'discord.js';
import { formatItems, type Locale } from '../i18n/index.js';

export const MAX_CONTENT = 2000;
export const MAX_CHOICE = 100;
export const MAX_CHOICES = 25;

/** Cuts `text` to `max` characters, ending with an ellipsis line when something was dropped. */
export function truncate(text: string, max = MAX_CONTENT): string {
  if (text.length <= max) return text;
  const marker = '\n…';
  const cut = text.slice(0, max - marker.length);
  const lastBreak = cut.lastIndexOf('\n');
  return (lastBreak > max / 2 ? cut.slice(0, lastBreak) : cut) + marker;
}

/**
 * The parts of a long text as they are sent when at most `max` may be: all of them, or the first `max` and then one
 * line (`more`, given how many were left out) saying what is missing and where the whole is, never a silent cut.
 */
export function partsShown(parts: readonly string[], max: number, more: (count: number) => string): string[] {
  return parts.length <= max ? [...parts] : [...parts.slice(0, max), more(parts.length - max)];
}

/**
 * Splits `text` into messages of at most `max` characters at line boundaries only: each part is whole lines, so the
 * parts joined with line breaks give the text back. A single line longer than `max` (never in a results post) is cut
 * at its last space within the limit (the space becomes the break), or at the limit. Every long text the bot sends
 * (posts, DMs, replies) is cut this way.
 */
export function splitMessage(text: string, max = MAX_CONTENT): string[] {
  const parts: string[] = [];
  let current: string | null = null;
  const push = (line: string) => {
    if (current !== null && current.length + 1 + line.length <= max) current = `${current}\n${line}`;
    else {
      if (current !== null) parts.push(current);
      current = line;
    }
  };
  for (const line of text.split('\n')) {
    let rest = line;
    while (rest.length > max) {
      const space = rest.lastIndexOf(' ', max);
      const cut = space > 0 ? space : max;
      push(rest.slice(0, cut));
      rest = rest.slice(space > 0 ? cut + 1 : cut);
    }
    push(rest);
  }
  if (current !== null) parts.push(current);
  return parts;
}

/** A choice name Discord accepts (1–100 characters). */
export function choiceName(text: string): string {
  const t = text.trim() || '?';
  return t.length <= MAX_CHOICE ? t : `${t.slice(0, MAX_CHOICE - 1)}…`;
}

/** Inline code that cannot be broken by backticks in user input. */
export function code(text: string): string {
  return inlineCode(text.replace(/`/g, 'ˋ'));
}

/**
 * `items` listed as `locale` lists them (`formatItems`: `a, b, c`; Chinese `a、b、c`), as many as fit in `room`
 * characters after `lead`, then how many more there are.
 */
export function listWithin(
  lead: string,
  items: string[],
  room: number,
  more: (n: number) => string,
  locale: Locale = 'en',
): string {
  // How many fit, measured with `, ` between them (no locale's separator is longer).
  let line = lead;
  let kept = 0;
  for (const [i, item] of items.entries()) {
    const next = `${line}${i === 0 ? '' : ', '}${item}`;
    const tail = i === items.length - 1 ? '' : more(items.length - i - 1);
    if (next.length + tail.length > room) break;
    line = next;
    kept = i + 1;
  }
  if (kept === items.length) return `${lead}${formatItems(locale, items)}`;
  if (kept === 0) return `${lead}${more(items.length)}`;
  const separator = locale.startsWith('zh') ? '、' : ', ';
  return `${lead}${formatItems(locale, items.slice(0, kept))}${separator}${more(items.length - kept)}`;
}

/**
 * Characters Markdown, mentions and masked links give a meaning to inside a line in Discord: each is shown as itself
 * after `\` (a heading's `#` or a list's `-` only mean something at the start of a line, where a name never stands).
 */
const MARKUP_CHARACTERS = /[\\*_~`|<>[\]@]/g;

/**
 * A name taken from a user (a file name, a username) as plain text inside one of the bot's sentences: one line, at
 * most `max` characters (an ellipsis marks the cut), every Markdown, mention, channel, timestamp and masked-link
 * character escaped, and no game-text reference (src/game/core/text-refs.ts), so Discord shows exactly the characters
 * typed and nothing a user names can make a message bold, link, mention or ping.
 */
export function userNameText(name: string, max = 80): string {
  const line = name
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[⟦⟧]/g, (c) => (c === '⟦' ? '[' : ']'));
  const cut = [...line].length > max ? `${[...line].slice(0, max - 1).join('')}…` : line;
  return cut.replace(MARKUP_CHARACTERS, (c) => `\\${c}`);
}
