/**
 * The one place the bot writes Discord's markup for the game layer's texts. A text from src/game is plain text with
 * references (src/game/core/text-refs.ts: a moment, a member, a role, a channel); `discordText` turns each into its markup
 * with discord.js's formatters (`@discordjs/formatters`): a moment into a timestamp every reader sees in their own
 * time zone, a member, role or channel into its mention. Every text the bot sends goes through it first, before it
 * is cut to Discord's limits (the markup's length is what counts). A text without references — the bot's own, or an
 * outbox row written before references existed, which holds the markup itself — comes back unchanged.
 *
 * Emphasis (`**bold**`, `__underline__`) and inline code stay in the texts as Markdown, as the game and the variants
 * write them: plain text that reads the same anywhere (docs/architecture.md, "Texts: the game writes, the bot formats").
 */
import { channelMention, roleMention, time, userMention } from 'discord.js';
import { textParts, type TextPart, type TimeStyle } from '../game/core/index.js';
import { userNameText } from './text.js';

/** A game text as Discord shows it. */
export function discordText(text: string): string {
  if (!text.includes('⟦')) return text;
  // Whether a part stands inside inline code: an odd number of backticks before it (the texts write no escaped one).
  let ticks = 0;
  return textParts(text)
    .map((part) => {
      if (typeof part === 'string') ticks += part.split('`').length - 1;
      return markupOf(part, ticks % 2 === 1);
    })
    .join('');
}

function markupOf(part: TextPart, inCode: boolean): string {
  if (typeof part === 'string') return part;
  switch (part.kind) {
    case 'typed':
      return typedMarkup(part.text, inCode);
    case 'time':
      return timestamp(part.ms, part.style);
    case 'member':
      // Who plays a power is named through the game layer's `memberRef`/`playerName` only (the bot's own replies
      // too), so hiding it is decided there.
      return userMention(part.userId);
    case 'role':
      return roleMention(part.roleId);
    case 'channel':
      return channelMention(part.channelId);
  }
}

/**
 * What a member typed, shown exactly as typed (docs/architecture.md "What a member typed"): outside inline code every
 * character Markdown, a mention, a heading or a masked link reads is escaped (`userNameText`); inside inline code,
 * where Discord reads no escape, only a backtick could end the code early, so it is shown as its look-alike `ˋ`.
 */
function typedMarkup(text: string, inCode: boolean): string {
  if (inCode) return text.replaceAll('`', 'ˋ');
  return (
    userNameText(text, Number.POSITIVE_INFINITY)
      // A bare link (`https://…`) would be one; a heading, list or quote mark means something where a line starts.
      .replaceAll('://', '\\://')
      .replace(/^[#+-]/, '\\$&')
      .replace(/^(\d+)\./, '$1\\.')
  );
}

/** A moment (ms since the epoch) as a Discord timestamp: relative (`R`, "in 2 hours") or date and time (`f`). */
export function timestamp(ms: number, style: TimeStyle = 'R'): string {
  return time(Math.floor(ms / 1000), style);
}

/** The user id a typed mention (`<@123>`, `<@!123>`) names, else null (a game master may name a seat by its player). */
export function mentionedUserId(typed: string): string | null {
  return /^<@!?([\w-]+)>$/.exec(typed.trim())?.[1] ?? null;
}
