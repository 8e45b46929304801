/**
 * `/order orders:<text>`: one or several orders for the caller's power (new lines or `;` between them),
 * with autocomplete from the legal orders of their units. The reply is ephemeral; the game layer queues
 * the DM with the power's complete order set (issue 4 §2, §6).
 */
import { InteractionContextType, SlashCommandBuilder, type AutocompleteInteraction, type ChatInputCommandInteraction } from 'discord.js';
import { formatUnit } from '../../engine/format.js';
import { legalOrders } from '../../engine/options.js';
import { orderInputProblem, playerContext, submitOrders } from '../../game/index.js';
import type { BotCommand } from '../command.js';
import type { BotContext } from '../context.js';
import { logOrders } from '../../log.js';
import { callerOf, replyPrivately, replyRejected } from '../respond.js';
import { suggestOrders } from '../suggest.js';
import { code } from '../text.js';

const data = new SlashCommandBuilder()
  .setName('order')
  .setDescription('Give orders for your power (only you see them until the phase resolves)')
  .setContexts(InteractionContextType.Guild)
  .addStringOption((o) =>
    o
      .setName('orders')
      .setDescription('One or more orders, separated by ; — e.g. A par - bur; F bre - mao')
      .setRequired(true)
      .setMaxLength(6000)
      .setAutocomplete(true),
  )
  .toJSON();

async function execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const caller = callerOf(interaction);
  const text = interaction.options.getString('orders', true);
  const tooBig = orderInputProblem(ctx.deps, text);
  if (tooBig) return replyRejected(interaction, tooBig);
  logOrders(ctx.log, { user: caller.userId, channel: caller.channelId }, text, 'orders submitted');
  const r = submitOrders(ctx.deps, { ...caller, text });
  if (!r.ok) return replyRejected(interaction, r.error);
  const lines: string[] = [`**${r.power}, ${r.phase.label}**`];
  if (r.stored.length > 0) lines.push(`✅ Stored: ${r.stored.map((o) => code(o.text)).join(', ')}`);
  for (const rej of r.rejected) lines.push(`❌ ${code(rej.input)}: ${rej.error}`);
  if (r.stored.length === 0 && r.rejected.length === 0) lines.push('No orders found in what you typed.');
  lines.push('', `Your orders now (${r.orders.length}): ${r.orders.map((o) => code(o.text)).join(', ') || 'none'}`);
  if (r.missing.length > 0) lines.push(`Still without an order: ${r.missing.join(', ')}`);
  lines.push('A DM confirms your complete order set. `/ready` when you are done.');
  await replyPrivately(interaction, lines.join('\n'));
}

async function autocomplete(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void> {
  const r = playerContext(ctx.deps, callerOf(interaction));
  if (!r.ok) {
    await interaction.respond([]);
    return;
  }
  const orderedUnits = new Set(r.orders.map((o) => ('unit' in o.order ? o.order.unit.province : '')));
  const units = legalOrders(r.variant, r.position, r.power).map((u) => ({
    unit: formatUnit(u.unit),
    orders: u.orders,
    ordered: orderedUnits.has(u.unit.province),
  }));
  await interaction.respond(suggestOrders(interaction.options.getFocused(), units));
}

export const orderCommand: BotCommand = { data, execute, autocomplete, privateReplies: true, cooldown: () => 'order' };
