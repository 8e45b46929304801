/**
 * `/orders show` (my orders and my units still without one) and `/orders clear`. Discord does not let a
 * command with subcommands be run bare, so `/orders` has the two subcommands. Always ephemeral.
 */
import { InteractionContextType, SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import { clearOrders, myOrders } from '../../game/index.js';
import type { BotCommand } from '../command.js';
import type { BotContext } from '../context.js';
import { callerOf, replyPrivately, replyRejected } from '../respond.js';

const data = new SlashCommandBuilder()
  .setName('orders')
  .setDescription('Your orders for the current phase (only you see them)')
  .setContexts(InteractionContextType.Guild)
  .addSubcommand((s) => s.setName('show').setDescription('Show your orders and your units still without an order'))
  .addSubcommand((s) => s.setName('clear').setDescription('Delete all your orders for the current phase'))
  .toJSON();

async function execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const caller = callerOf(interaction);
  if (interaction.options.getSubcommand() === 'clear') {
    const r = clearOrders(ctx.deps, caller);
    if (!r.ok) return replyRejected(interaction, r.error);
    return replyPrivately(
      interaction,
      `🗑️ Cleared ${r.cleared} order${r.cleared === 1 ? '' : 's'} of ${r.power} for ${r.phase.label}. Units without orders hold when the phase resolves.`,
    );
  }
  const r = myOrders(ctx.deps, caller);
  if (!r.ok) return replyRejected(interaction, r.error);
  return replyPrivately(interaction, r.text);
}

export const ordersCommand: BotCommand = { data, execute, privateReplies: true };
