/**
 * `/revolt province: unit:`: a Warhammer Sepoy with 3 won decisive battles claims, in an adjustment phase, one of
 * its master's empty centres outside the master's nation as its new capital, with an army or a fleet (seed
 * "Sepoys & Mercenaries"; src/game/followers.ts).
 */
import { InteractionContextType, SlashCommandBuilder, type AutocompleteInteraction, type ChatInputCommandInteraction } from 'discord.js';
import { revolt, revoltChoices } from '../../game/index.js';
import type { BotCommand } from '../command.js';
import type { BotContext } from '../context.js';
import { callerOf, replyPrivately, replyRejected } from '../respond.js';
import { choiceName, MAX_CHOICES } from '../text.js';

const data = new SlashCommandBuilder()
  .setName('revolt')
  .setDescription("Warhammer: a Sepoy with 3 won battles claims a new capital from its master")
  .setContexts(InteractionContextType.Guild)
  .addStringOption((o) => o.setName('province').setDescription("One of your master's empty centres outside its nation").setRequired(true).setAutocomplete(true).setMaxLength(60))
  .addStringOption((o) =>
    o.setName('unit').setDescription('The unit placed there').setRequired(true).addChoices({ name: 'army', value: 'A' }, { name: 'fleet', value: 'F' }),
  )
  .toJSON();

async function execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const r = revolt(ctx.deps, { ...callerOf(interaction), province: interaction.options.getString('province', true), unit: interaction.options.getString('unit', true) });
  if (!r.ok) return replyRejected(interaction, r.error);
  return replyPrivately(interaction, `🔥 ${r.power} revolts: ${r.province} is your new capital, with ${r.unit === 'F' ? 'a fleet' : 'an army'}. The channel is told.`);
}

async function autocomplete(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void> {
  const typed = interaction.options.getFocused().trim().toLowerCase();
  const matches = revoltChoices(ctx.deps, callerOf(interaction))
    .filter((c) => c.name.toLowerCase().includes(typed))
    .slice(0, MAX_CHOICES);
  await interaction.respond(matches.map((c) => ({ name: choiceName(`${c.name}: ${c.types.map((t) => (t === 'F' ? 'fleet' : 'army')).join(' or ')}`), value: c.province })));
}

export const revoltCommand: BotCommand = { data, execute, autocomplete, privateReplies: true };
