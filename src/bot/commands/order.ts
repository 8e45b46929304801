/**
 * `/order orders:<text>`: one or several orders for the caller's power, `;` between them (a slash option cannot
 * hold a new line; `/orders paste` takes one order per line),
 * with autocomplete from the legal orders of their units. The reply is ephemeral; the game layer queues
 * the DM with the power's complete order set (issue 4 §2, §6).
 */
import { InteractionContextType, SlashCommandBuilder, type AutocompleteInteraction, type ChatInputCommandInteraction } from 'discord.js';
import { formatUnit } from '../../engine/format.js';
import { legalOrders } from '../../engine/options.js';
import { orderInputProblem, playerContext, submitOrders } from '../../game/index.js';
import { isBallotKey } from '../../game/orders.js';
import type { BotCommand } from '../command.js';
import type { BotContext } from '../context.js';
import { logOrders } from '../../log.js';
import { callerOf, replyPrivately, replyRejected } from '../respond.js';
import { suggestOrders, type UnitOrders } from '../suggest.js';
import { code, MAX_CHOICE, MAX_CONTENT, truncate } from '../text.js';

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
  await replyPrivately(interaction, orderReply(r));
}

type Submitted = Extract<ReturnType<typeof submitOrders>, { ok: true }>;

/** Order text as typed, shortened for a reply line (input can be thousands of characters). */
function shown(text: string, max = 60): string {
  const t = text.trim();
  return code(t.length <= max ? t : `${t.slice(0, max - 1)}…`);
}

/**
 * The reply to `/order` (players' issue §3): always within Discord's 2,000 characters whatever was typed.
 * The header, the stored order set and what is still missing are always shown; stored, replaced and refused
 * lines fill the room left, and what does not fit is counted.
 */
export function orderReply(r: Submitted): string {
  const head = `**${r.power}, ${r.phase.label}**`;
  // A player's order for a neutral unit is a secret ballot (Mandate of Heaven rule 3).
  const mark = (o: { text: string; unitKey: string }) => code(o.text) + (isBallotKey(o.unitKey) ? ' (your secret vote)' : '');
  const now = truncate(`Your orders now (${r.orders.length}): ${r.orders.map(mark).join(', ') || 'none'}`, 900);
  const tail: string[] = [];
  if (r.stored.some((o) => isBallotKey(o.unitKey))) tail.push('Votes for neutral units are secret: only the order a majority adopts is published.');
  if (r.missing.length > 0) tail.push(truncate(`⏳ Still without an order: ${r.missing.join(', ')}`, 400));
  tail.push(r.stored.length > 0 ? 'A DM confirms your complete order set shortly. `/ready` when you are done.' : 'Nothing was stored, so your orders are as they were.');
  const middle: string[] = [];
  if (r.stored.length > 0) middle.push(`✅ Stored: ${r.stored.map(mark).join(', ')}`);
  for (const x of r.replaced) middle.push(`🔁 Replaced ${code(x.before)} with ${code(x.after)}`);
  for (const rej of r.rejected) middle.push(`❌ ${shown(rej.input)}: ${rej.error}`);
  if (r.stored.length === 0 && r.rejected.length === 0) middle.push('No orders found in what you typed.');
  let room = MAX_CONTENT - head.length - now.length - tail.join('\n').length - 8 - 80;
  const kept: string[] = [];
  let dropped = 0;
  for (const line of middle) {
    if (line.length + 1 <= room) {
      kept.push(line);
      room -= line.length + 1;
    } else dropped++;
  }
  if (dropped > 0) {
    kept.push(`… ${dropped} more line${dropped === 1 ? '' : 's'} not shown (${r.stored.length} stored, ${r.replaced.length} replaced, ${r.rejected.length} refused in all).`);
  }
  return [head, ...kept, '', now, ...tail].join('\n');
}

async function autocomplete(ctx: BotContext, interaction: AutocompleteInteraction): Promise<void> {
  // Completions must fit Discord's 100-character choices; beyond that, answer at once without any work.
  if (interaction.options.getFocused().length > 2 * MAX_CHOICE) {
    await interaction.respond([]);
    return;
  }
  const r = playerContext(ctx.deps, callerOf(interaction));
  if (!r.ok) {
    await interaction.respond([]);
    return;
  }
  const orderedUnits = new Set(r.orders.map((o) => ('unit' in o.order ? o.order.unit.province : '')));
  const units: UnitOrders[] = legalOrders(r.variant, r.position, r.power).map((u) => ({
    unit: formatUnit(u.unit),
    orders: u.orders,
    ordered: orderedUnits.has(u.unit.province),
  }));
  // Votes for neutral units (Mandate of Heaven), after the player's own units, marked with the neutral's name.
  for (const neutral of r.voted) {
    for (const u of legalOrders(r.variant, r.position, neutral)) {
      units.push({ unit: formatUnit(u.unit), orders: u.orders, ordered: true, label: `vote for ${neutral}` });
    }
  }
  await interaction.respond(suggestOrders(interaction.options.getFocused(), units));
}

export const orderCommand: BotCommand = { data, execute, autocomplete, privateReplies: true, cooldown: () => 'order' };
