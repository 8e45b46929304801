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
  type ChatInputCommandInteraction,
  type MessageActionRowComponentBuilder,
} from 'discord.js';
import { concede, myConcession, withdrawConcession } from '../../game/votes/index.js';
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

function confirmation(power: string, to: string): Confirmation {
  return {
    command: 'concede',
    action: 'yes',
    args: [to],
    question: `🏳️ Concede the game to **${to}**, as ${power}? When every other surviving player has conceded to ${to}, ${to} wins and the game ends. Your concession stays secret until then, and you can withdraw it with \`/concede\`.`,
    confirmLabel: `Concede to ${to}`.slice(0, 80),
    danger: true,
  };
}

async function execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const caller = callerOf(interaction);
  const kind = await botKindInChannel(ctx.deps, caller.channelId);
  if (kind) return kind.concede(ctx, interaction);
  const mine = await myConcession(ctx.deps, caller);
  if (!mine.ok) return replyRejected(interaction, mine);
  const to = interaction.options.getString('to');
  if (to !== null && to.trim() !== '') return askConfirmation(ctx, interaction, confirmation(mine.power, to.trim()));
  // No power given: ask which (never a default).
  const rows: ActionRowBuilder<MessageActionRowComponentBuilder>[] = [];
  if (mine.candidates.length > 0) {
    rows.push(
      new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
        new StringSelectMenuBuilder()
          .setCustomId(customId('concede', 'pick'))
          .setPlaceholder('Concede to…')
          .addOptions(mine.candidates.slice(0, 25).map((p) => ({ label: choiceName(p), value: p }))),
      ),
    );
  }
  if (mine.to) {
    rows.push(
      new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
        new ButtonBuilder()
          .setCustomId(customId('concede', 'withdraw'))
          .setLabel(`Withdraw my concession to ${mine.to}`.slice(0, 80))
          .setStyle(ButtonStyle.Secondary),
      ),
    );
  }
  const standing = mine.to
    ? `${mine.power} has conceded to **${mine.to}** (secret until it decides the game).`
    : `${mine.power} has not conceded.`;
  const body = {
    content: `${standing}\n${mine.candidates.length > 0 ? 'Choose the power to concede to; you will be asked to confirm.' : 'There is nobody left to concede to.'}`,
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
  if (action === 'pick') {
    if (!interaction.isStringSelectMenu()) return;
    const mine = await myConcession(ctx.deps, caller);
    if (!mine.ok) return closeConfirmation(interaction, `⚠️ ${mine.error}`);
    return updateToConfirmation(ctx, interaction, confirmation(mine.power, interaction.values[0] ?? ''));
  }
  if (action === 'withdraw') {
    const r = await withdrawConcession(ctx.deps, caller);
    return closeConfirmation(interaction, r.ok ? `↩️ ${r.power} withdrew its concession to ${r.to}.` : `⚠️ ${r.error}`);
  }
  return handleConfirmation(ctx, interaction, action, args, async ([to]) => {
    const r = await concede(ctx.deps, { ...caller, to: to ?? '' });
    if (!r.ok) return `⚠️ ${r.error}`;
    if (r.end) return `🏳️ ${r.power} concedes to ${r.to}; that decided it: ${r.to} wins, and the channel is told.`;
    const moved = r.previous ? ` (instead of ${r.previous})` : '';
    return `🏳️ ${r.power} concedes to ${r.to}${moved}. It stays secret until it decides the game; withdraw it with \`/concede\`.`;
  });
}

export const concedeCommand: BotCommand = {
  data,
  execute,
  autocomplete: respondWithPowers,
  component,
  privateReplies: true,
};
