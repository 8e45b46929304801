/**
 * `/follow as:<sepoy|mercenary> [employer]`: a conquered Warhammer player fights on as a Sepoy of whoever holds
 * their capital, or as a Mercenary of any power (seed "Sepoys & Mercenaries"; src/game/followers.ts).
 */
import { InteractionContextType, SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import { follow } from '../../game/index.js';
import { respondWithPowers } from '../choices.js';
import type { BotCommand } from '../command.js';
import type { BotContext } from '../context.js';
import { callerOf, replyPrivately, replyRejected } from '../respond.js';

const data = new SlashCommandBuilder()
  .setName('follow')
  .setDescription('Warhammer: fight on after being conquered, as a Sepoy or a Mercenary')
  .setContexts(InteractionContextType.Guild)
  .addStringOption((o) =>
    o
      .setName('as')
      .setDescription('Sepoy (of whoever holds your capital) or Mercenary (of a power you pick)')
      .setRequired(true)
      .addChoices({ name: 'sepoy', value: 'sepoy' }, { name: 'mercenary', value: 'mercenary' }),
  )
  .addStringOption((o) => o.setName('employer').setDescription('For a Mercenary: the power you fight for').setAutocomplete(true).setMaxLength(60))
  .toJSON();

async function execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const r = follow(ctx.deps, { ...callerOf(interaction), role: interaction.options.getString('as', true), employer: interaction.options.getString('employer') });
  if (!r.ok) return replyRejected(interaction, r.error);
  return replyPrivately(interaction, `🤝 ${r.power} now fights as a ${r.role === 'sepoy' ? 'Sepoy' : 'Mercenary'} of ${r.master}. The channel and ${r.master} are told.`);
}

export const followCommand: BotCommand = { data, execute, autocomplete: respondWithPowers, privateReplies: true };
