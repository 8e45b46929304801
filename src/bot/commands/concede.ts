/**
 * `/concede [to]`: concede the game to a power (default: the one with the most centres).
 */
import { InteractionContextType, SlashCommandBuilder, type AutocompleteInteraction, type ChatInputCommandInteraction } from 'discord.js';
import { concede, findOpenGame } from '../../game/index.js';
import { getVariant } from '../../variants/index.js';
import type { BotCommand } from '../command.js';
import type { BotContext } from '../context.js';
import { callerOf, replyPrivately, replyRejected } from '../respond.js';
import { choiceName, MAX_CHOICES } from '../text.js';

const data = new SlashCommandBuilder()
  .setName('concede')
  .setDescription('Concede the game to a power')
  .setContexts(InteractionContextType.Guild)
  .addStringOption((o) => o.setName('to').setDescription('The power you concede to (default: the one with most centres)').setAutocomplete(true))
  .toJSON();

async function execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const r = concede(ctx.deps, { ...callerOf(interaction), to: interaction.options.getString('to') });
  if (!r.ok) return replyRejected(interaction, r.error);
  if (r.end) return replyPrivately(interaction, `🏳️ ${r.power} concedes to ${r.to}; the game is over.`);
  const waiting = r.waitingFor.length > 0 ? ` The game ends when ${r.waitingFor.join(', ')} concede${r.waitingFor.length === 1 ? 's' : ''} too.` : '';
  return replyPrivately(interaction, `🏳️ ${r.power} concedes to ${r.to}.${waiting}`);
}

async function autocomplete(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void> {
  const game = findOpenGame(ctx.deps, interaction.channelId);
  const variant = game ? getVariant(game.variantId) : undefined;
  if (!variant) return interaction.respond([]);
  const typed = interaction.options.getFocused().trim().toLowerCase();
  const powers = variant.powers.map((p) => p.name).filter((p) => p.toLowerCase().includes(typed)).slice(0, MAX_CHOICES);
  await interaction.respond(powers.map((p) => ({ name: choiceName(p), value: p })));
}

export const concedeCommand: BotCommand = { data, execute, autocomplete };
