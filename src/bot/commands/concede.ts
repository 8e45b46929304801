/**
 * `/concede [to]`: concede the game to a power (default: the one with the most centres).
 */
import { InteractionContextType, SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import { concede } from '../../game/index.js';
import { respondWithPowers } from '../choices.js';
import type { BotCommand } from '../command.js';
import type { BotContext } from '../context.js';
import { callerOf, replyPrivately, replyRejected } from '../respond.js';

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

export const concedeCommand: BotCommand = { data, execute, autocomplete: respondWithPowers, privateReplies: true };
