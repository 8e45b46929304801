/**
 * `/muster city: unit:`: a Dogs of War player's starting city and unit before the first Spring (Warhammer; seed
 * "Dogs of War": "You may choose a center in Tilea or Estelia. Also choose a fleet or an army."). Private: an
 * ephemeral reply and a DM confirmation; the units are placed when every Dogs of War player has chosen or at the
 * choice deadline.
 */
import { InteractionContextType, SlashCommandBuilder, type AutocompleteInteraction, type ChatInputCommandInteraction } from 'discord.js';
import { chooseStart, musterChoices } from '../../game/index.js';
import type { BotCommand } from '../command.js';
import type { BotContext } from '../context.js';
import { callerOf, replyPrivately, replyRejected } from '../respond.js';
import { choiceName, MAX_CHOICES } from '../text.js';

const data = new SlashCommandBuilder()
  .setName('muster')
  .setDescription('Dogs of War (Warhammer): your starting city and unit, before the first Spring')
  .setContexts(InteractionContextType.Guild)
  .addStringOption((o) => o.setName('city').setDescription('A city of your country').setRequired(true).setAutocomplete(true).setMaxLength(60))
  .addStringOption((o) =>
    o
      .setName('unit')
      .setDescription('Army or fleet (a fleet only in a coastal city)')
      .setRequired(true)
      .addChoices({ name: 'army', value: 'A' }, { name: 'fleet', value: 'F' }),
  )
  .toJSON();

async function execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const r = chooseStart(ctx.deps, { ...callerOf(interaction), city: interaction.options.getString('city', true), unit: interaction.options.getString('unit', true) });
  if (!r.ok) return replyRejected(interaction, r.error);
  const what = `🐕 Stored for ${r.power}: ${r.unit === 'F' ? 'a fleet' : 'an army'} in ${r.city}.`;
  return replyPrivately(
    interaction,
    r.placed ? `${what} Every Dogs of War player has chosen: the units are placed and the Spring clock starts.` : `${what} You may change it until the others have chosen; a DM confirms it.`,
  );
}

async function autocomplete(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void> {
  const typed = interaction.options.getFocused().trim().toLowerCase();
  const matches = musterChoices(ctx.deps, callerOf(interaction))
    .filter((c) => c.name.toLowerCase().includes(typed))
    .slice(0, MAX_CHOICES);
  await interaction.respond(matches.map((c) => ({ name: choiceName(`${c.name}: ${c.types.map((t) => (t === 'F' ? 'fleet' : 'army')).join(' or ')}`), value: c.city })));
}

export const musterCommand: BotCommand = { data, execute, autocomplete, privateReplies: true };
