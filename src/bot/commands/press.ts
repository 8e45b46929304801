/**
 * `/press`: how players talk through the bot (docs/bot.md "Press"). `thread with:` opens the private thread of a set
 * of powers in an open game; `send to: text:` relays anonymous press by DM in an anonymous game. Every reply is
 * private. What each press mode allows is the game layer's (src/game/press/press.ts).
 */
import {
  channelMention,
  InteractionContextType,
  SlashCommandBuilder,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
} from 'discord.js';
import { findOpenGame } from '../../game/history/index.js';
import {
  openPressThread,
  pressCallerPower,
  PRESS_MAX_LENGTH,
  sendPress,
  type PressSent,
  type PressThreadView,
} from '../../game/press/index.js';
import { variantOfGame } from '../../game/core/index.js';
import { formatItems, localeOf, msg, tr, type Locale, type Msg } from '../../i18n/index.js';
import { powerName } from '../../variants/names.js';
import { powerWordsIn, type PowerWords } from '../power-words.js';
import { readerOf } from '../locale.js';
import type { BotCommand } from '../command.js';
import type { BotContext } from '../context.js';
import { callerOf, replyPrivately, replyRejected } from '../respond.js';
import { choiceName, MAX_CHOICES } from '../text.js';

const data = new SlashCommandBuilder()
  .setName('press')
  .setDescription('Talk to other powers: private threads (open press) or anonymous messages')
  .setContexts(InteractionContextType.Guild)
  .addSubcommand((s) =>
    s
      .setName('thread')
      .setDescription('Open (or find) the private thread of your power and the powers you name')
      .addStringOption((o) =>
        o
          .setName('with')
          .setDescription('The other powers, comma-separated (England,France)')
          .setRequired(true)
          .setMaxLength(300)
          .setAutocomplete(true),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('send')
      .setDescription('Send anonymous press, signed with your power only (anonymous games)')
      .addStringOption((o) =>
        o
          .setName('to')
          .setDescription('A power, or all (every other surviving power)')
          .setRequired(true)
          .setMaxLength(60)
          .setAutocomplete(true),
      )
      .addStringOption((o) =>
        o.setName('text').setDescription('The message').setRequired(true).setMaxLength(PRESS_MAX_LENGTH),
      ),
  )
  .toJSON();

async function execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const caller = callerOf(interaction);
  if (interaction.options.getSubcommand() === 'thread') {
    const r = await openPressThread(ctx.deps, { ...caller, with: interaction.options.getString('with', true) });
    if (!r.ok) return replyRejected(interaction, r);
    return replyPrivately(
      interaction,
      threadReply(readerOf(interaction), r, await powerWordsIn(ctx, interaction.channelId)),
    );
  }
  const r = await sendPress(ctx.deps, {
    ...caller,
    to: interaction.options.getString('to', true),
    text: interaction.options.getString('text', true),
  });
  if (!r.ok) return replyRejected(interaction, r);
  return replyPrivately(
    interaction,
    sentReply(readerOf(interaction), r, await powerWordsIn(ctx, interaction.channelId)),
  );
}

function threadReply(locale: Locale, r: PressThreadView, words: PowerWords): string {
  const powers = words.powers(r.powers);
  const lines = [
    r.threadId
      ? tr(locale, 'press.thread.found', { powers, thread: channelMention(r.threadId) })
      : tr(locale, 'press.thread.opening', { powers }),
  ];
  if (r.computerPowers.length > 0)
    lines.push(
      tr(locale, 'press.thread.computer', {
        powers: words.powers(r.computerPowers),
        count: r.computerPowers.length,
      }),
    );
  if (r.emptyPowers.length > 0)
    lines.push(tr(locale, 'press.thread.empty', { powers: words.powers(r.emptyPowers), count: r.emptyPowers.length }));
  return lines.join('\n');
}

function sentReply(locale: Locale, r: PressSent, words: PowerWords): string {
  const from = words.power(r.fromPower);
  const lines = [tr(locale, 'press.sent.head', { power: from, to: words.powers(r.sentTo) })];
  // The powers skipped for one reason together, the reason said once (`press.skipped.*` count them).
  const byWhy = new Map<string, { why: Msg; powers: string[] }>();
  for (const s of r.skipped) {
    const group = byWhy.get(s.why.key) ?? { why: s.why, powers: [] };
    group.powers.push(s.power);
    byWhy.set(s.why.key, group);
  }
  for (const { why, powers } of byWhy.values())
    lines.push(
      tr(locale, 'press.sent.skipped', {
        power: words.powers(powers),
        why: msg(why.key, { ...why.params, count: powers.length }),
      }),
    );
  lines.push(tr(locale, 'press.sent.left', { left: r.left, power: from }));
  return lines.join('\n');
}

/**
 * The game's power names (never who plays them), in the member's words and matched in theirs or in English (docs/locales.md
 * "Names"), the caller's own power left out; the values stay the variant's names: for `to:` with `all` first, for
 * `with:` the last name typed.
 */
async function autocomplete(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void> {
  const game = await findOpenGame(ctx.deps, interaction.channelId);
  const variant = game ? variantOfGame(game) : undefined;
  // A gunboat game has no press (docs/bot.md "Press"): no recipient to suggest for a command it refuses.
  if (!variant || game?.press === 'gunboat') return interaction.respond([]);
  const locale = localeOf(interaction.locale);
  const focused = interaction.options.getFocused(true);
  const own = await pressCallerPower(ctx.deps, callerOf(interaction));
  const powers = variant.powers.map((p) => p.name).filter((p) => p !== own);
  const named = (p: string) => powerName(variant, locale, p);
  const starts = (p: string, typed: string) =>
    p.toLowerCase().startsWith(typed) || named(p).toLowerCase().startsWith(typed);
  if (focused.name === 'to') {
    const typed = focused.value.trim().toLowerCase();
    // `all` first, explained in the member's language; the value stays `all`, which every locale types
    const all = tr(locale, 'command.press.send.to.suggest.all');
    const choices = [
      ...(all.toLowerCase().startsWith(typed) || 'all'.startsWith(typed) ? [{ name: all, value: 'all' }] : []),
      ...powers.filter((p) => starts(p, typed)).map((p) => ({ name: choiceName(named(p)), value: p })),
    ];
    return interaction.respond(choices.slice(0, MAX_CHOICES));
  }
  const words = focused.value.split(',').map((w) => w.trim());
  const last = (words.pop() ?? '').toLowerCase();
  const chosen = words.filter((w) => w !== '').map((w) => powerByTyped(powers, named, w));
  const choices = powers
    .filter((p) => !chosen.includes(p) && starts(p, last))
    .map((p) => [...chosen, p])
    .filter((list) => list.join(',').length <= 100);
  return interaction.respond(
    choices
      .slice(0, MAX_CHOICES)
      .map((list) => ({ name: choiceName(formatItems(locale, list.map(named))), value: list.join(',') })),
  );
}

/** A power typed in English or in the member's words, as the variant names it (as typed when none matches). */
function powerByTyped(powers: readonly string[], named: (p: string) => string, typed: string): string {
  const t = typed.toLowerCase();
  return powers.find((p) => p.toLowerCase() === t || named(p).toLowerCase() === t) ?? typed;
}

export const pressCommand: BotCommand = { data, execute, autocomplete, privateReplies: true, secret: true };
