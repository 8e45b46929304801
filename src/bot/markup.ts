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

/** A game text as Discord shows it. */
export function discordText(text: string): string {
  if (!text.includes('⟦')) return text;
  return textParts(text).map(markupOf).join('');
}

function markupOf(part: TextPart): string {
  if (typeof part === 'string') return part;
  switch (part.kind) {
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

/** A moment (ms since the epoch) as a Discord timestamp: relative (`R`, "in 2 hours") or date and time (`f`). */
export function timestamp(ms: number, style: TimeStyle = 'R'): string {
  return time(Math.floor(ms / 1000), style);
}

/** The user id a typed mention (`<@123>`, `<@!123>`) names, else null (a game master may name a seat by its player). */
export function mentionedUserId(typed: string): string | null {
  return /^<@!?([\w-]+)>$/.exec(typed.trim())?.[1] ?? null;
}
