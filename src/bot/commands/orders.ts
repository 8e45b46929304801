/**
 * `/orders show` (my orders and my units still without one) and `/orders clear`. Discord does not let a
 * command with subcommands be run bare, so `/orders` has the two subcommands. Always ephemeral.
 */
import { InteractionContextType, SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import { clearOrders, myOrders } from '../../game/index.js';
import type { BotCommand, ComponentInteraction } from '../command.js';
import { askConfirmation, handleConfirmation } from '../components.js';
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
  const r = myOrders(ctx.deps, caller);
  if (interaction.options.getSubcommand() === 'clear') {
    if (!r.ok) return replyRejected(interaction, r.error);
    if (r.orders.length === 0) return replyPrivately(interaction, `${r.power} has no orders for ${r.phase.label}; nothing to clear.`);
    return askConfirmation(ctx, interaction, {
      command: 'orders',
      action: 'clear',
      args: [r.phase.id],
      question: `🗑️ Delete all ${r.orders.length} order${r.orders.length === 1 ? '' : 's'} of ${r.power} for ${r.phase.label}?`,
      confirmLabel: 'Delete my orders',
      danger: true,
    });
  }
  if (!r.ok) return replyRejected(interaction, r.error);
  return replyPrivately(interaction, r.text);
}

async function component(ctx: BotContext, interaction: ComponentInteraction, action: string, args: string[]): Promise<void> {
  return handleConfirmation(ctx, interaction, action, args, ([phaseId]) => {
    const r = clearOrders(ctx.deps, { ...callerOf(interaction), phaseId: Number(phaseId) });
    if (!r.ok) return `⚠️ ${r.error}`;
    return `🗑️ Cleared ${r.cleared} order${r.cleared === 1 ? '' : 's'} of ${r.power} for ${r.phase.label}. Units without orders hold when the phase resolves; your DM confirmation is updated.`;
  });
}

export const ordersCommand: BotCommand = { data, execute, component, privateReplies: true };
