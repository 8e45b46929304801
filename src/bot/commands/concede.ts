/**
 * `/concede [to]`: concede the game to a power, after a confirmation. Without `to` it asks which (a menu of
 * the surviving powers) and offers to withdraw a standing concession. Concessions are secret until they decide
 * the game: the replies never say who else has conceded.
 */
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  InteractionContextType,
  MessageFlags,
  SlashCommandBuilder,
  StringSelectMenuBuilder,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type MessageActionRowComponentBuilder,
} from 'discord.js';
import { checkConcession, concede, myConcession, withdrawConcession } from '../../game/votes/index.js';
import { botKindInChannel } from '../kinds.js';
import { respondWithPowers } from '../choices.js';
import type { BotCommand, ComponentInteraction } from '../command.js';
import {
  askConfirmation,
  closeConfirmation,
  customId,
  handleConfirmation,
  updateToConfirmation,
  type Confirmation,
} from '../components.js';
import type { BotContext } from '../context.js';
import { tr, type Locale } from '../../i18n/index.js';
import { powerWordsIn, type PowerWords } from '../power-words.js';
import { readerOf, refusalText } from '../locale.js';
import { callerOf, replyRejected } from '../respond.js';
import { choiceName } from '../text.js';

const data = new SlashCommandBuilder()
  .setName('concede')
  .setDescription('Concede the game to a power, or withdraw your concession (asks first)')
  .setContexts(InteractionContextType.Guild)
  .addStringOption((o) =>
    o
      .setName('to')
      .setDescription('The power you concede to (leave out to choose, or to withdraw)')
      .setAutocomplete(true),
  )
  .toJSON();

/** The question before conceding to `to` (as typed or picked), the powers in the reader's words. */
function confirmation(locale: Locale, words: PowerWords, power: string, to: string): Confirmation {
  const named = { power: words.power(power), to: words.power(to) };
  return {
    command: 'concede',
    action: 'yes',
    args: [to],
    question: tr(locale, 'votes.concede.question', named),
    confirmLabel: tr(locale, 'votes.concede.confirm', named).slice(0, 80),
    danger: true,
  };
}

/**
 * `to:` offers the powers the member may concede to, as the select of a bare `/concede` does: the surviving powers but
 * their own (docs/bot.md); to anyone else (no seat, another kind of game) the game's powers, refused on sending.
 */
async function autocomplete(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void> {
  const caller = callerOf(interaction);
  const mine = (await botKindInChannel(ctx.deps, caller.channelId)) ? null : await myConcession(ctx.deps, caller);
  return respondWithPowers(ctx, interaction, mine?.ok ? mine.candidates : undefined);
}

async function execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const caller = callerOf(interaction);
  const locale = readerOf(interaction);
  const kind = await botKindInChannel(ctx.deps, caller.channelId);
  if (kind) return kind.concede(ctx, interaction);
  const mine = await myConcession(ctx.deps, caller);
  if (!mine.ok) return replyRejected(interaction, mine);
  const words = await powerWordsIn(ctx, caller.channelId);
  const to = interaction.options.getString('to');
  if (to !== null && to.trim() !== '') {
    // Refused before the question (one's own power, no such power, an eliminated one), not after the click.
    const target = await checkConcession(ctx.deps, { ...caller, to });
    if (!target.ok) return replyRejected(interaction, target);
    return askConfirmation(ctx, interaction, confirmation(locale, words, mine.power, target.to));
  }
  // No power given: ask which (never a default).
  const rows: ActionRowBuilder<MessageActionRowComponentBuilder>[] = [];
  if (mine.candidates.length > 0) {
    rows.push(
      new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
        new StringSelectMenuBuilder()
          .setCustomId(customId('concede', 'pick'))
          .setPlaceholder(tr(locale, 'votes.concede.pick'))
          .addOptions(
            mine.candidates.slice(0, 25).map((p) => ({ label: choiceName(words.name(locale, p)), value: p })),
          ),
      ),
    );
  }
  if (mine.to) {
    rows.push(
      new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
        new ButtonBuilder()
          .setCustomId(customId('concede', 'withdraw'))
          .setLabel(tr(locale, 'votes.concede.withdrawButton', { to: words.power(mine.to) }).slice(0, 80))
          .setStyle(ButtonStyle.Secondary),
      ),
    );
  }
  const standing = mine.to
    ? tr(locale, 'votes.concede.standing', { power: words.power(mine.power), to: words.power(mine.to) })
    : tr(locale, 'votes.concede.none', { power: words.power(mine.power) });
  const next = tr(locale, mine.candidates.length > 0 ? 'votes.concede.choose' : 'votes.concede.nobody');
  const body = {
    content: `${standing}\n${next}`,
    components: rows,
    allowedMentions: { parse: [] },
  };
  // The router may have deferred this (private) command during a burst; the answer is then an edit.
  if (interaction.deferred) await interaction.editReply(body);
  else await interaction.reply({ ...body, flags: MessageFlags.Ephemeral });
}

async function component(
  ctx: BotContext,
  interaction: ComponentInteraction,
  action: string,
  args: string[],
): Promise<void> {
  const caller = callerOf(interaction);
  const locale = readerOf(interaction);
  const words = await powerWordsIn(ctx, interaction.channelId);
  const named = (r: { power: string; to: string }) => ({ power: words.power(r.power), to: words.power(r.to) });
  if (action === 'pick') {
    if (!interaction.isStringSelectMenu()) return;
    const mine = await myConcession(ctx.deps, caller);
    if (!mine.ok) return closeConfirmation(interaction, `⚠️ ${refusalText(locale, mine)}`);
    return updateToConfirmation(ctx, interaction, confirmation(locale, words, mine.power, interaction.values[0] ?? ''));
  }
  if (action === 'withdraw') {
    const r = await withdrawConcession(ctx.deps, caller);
    return closeConfirmation(
      interaction,
      r.ok ? tr(locale, 'votes.concede.withdrawn', named(r)) : `⚠️ ${refusalText(locale, r)}`,
    );
  }
  return handleConfirmation(ctx, interaction, action, args, async ([to]) => {
    const r = await concede(ctx.deps, { ...caller, to: to ?? '' });
    if (!r.ok) return `⚠️ ${refusalText(locale, r)}`;
    if (r.end) return tr(locale, 'votes.concede.decided', named(r));
    if (r.previous) return tr(locale, 'votes.concede.moved', { ...named(r), previous: words.power(r.previous) });
    return tr(locale, 'votes.concede.done', named(r));
  });
}

export const concedeCommand: BotCommand = {
  secret: true,
  data,
  execute,
  autocomplete,
  component,
  privateReplies: true,
};
