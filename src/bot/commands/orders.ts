/**
 * `/orders show` (my orders and my units still without one) and `/orders clear`. Discord does not let a
 * command with subcommands be run bare, so `/orders` has the two subcommands. Always ephemeral.
 */
import {
  InteractionContextType,
  LabelBuilder,
  MessageFlags,
  ModalBuilder,
  SlashCommandBuilder,
  TextInputBuilder,
  TextInputStyle,
  type ChatInputCommandInteraction,
} from 'discord.js';
import { clearOrders, myOrders, orderInputProblem, submitOrders } from '../../game/orders/index.js';
import { useCooldown, limitsOf } from '../../game/core/index.js';
import { logOrders } from '../../log.js';
import { failedOrderReply, orderReply, pasteExample, refusedOrderReply } from './order.js';
import { genericFailure } from '../router.js';
import type { BotCommand, ComponentInteraction } from '../command.js';
import { askConfirmation, customId, handleConfirmation } from '../components.js';
import { discordText } from '../markup.js';
import { replyWithPad } from '../pad.js';
import { tr } from '../../i18n/index.js';
import { powerWordsIn } from '../power-words.js';
import { readerOf, refusalText, wordLines } from '../locale.js';

/** Discord: a modal's text input holds at most 4,000 characters. */
const MAX_TEXT_INPUT = 4000;
import type { BotContext } from '../context.js';
import { callerOf, replyPrivately, replyRejected } from '../respond.js';

/** Discord's limit on a modal's title and on a label. */
const MAX_LABEL = 45;

/**
 * The paste box's label: with the phase where it fits in Discord's 45 characters, else without it (`Printemps 1901,
 * mouvements, un ordre par ligne` has 46), never cut in the middle of a word.
 */
function pasteLabel(full: string, short: string): string {
  return full.length <= MAX_LABEL ? full : short.slice(0, MAX_LABEL);
}

const data = new SlashCommandBuilder()
  .setName('orders')
  .setDescription('Your orders for the current phase (only you see them)')
  .setContexts(InteractionContextType.Guild)
  .addSubcommand((s) => s.setName('show').setDescription('Show your orders and your units still without an order'))
  .addSubcommand((s) => s.setName('clear').setDescription('Delete all your orders for the current phase (asks first)'))
  .addSubcommand((s) => s.setName('paste').setDescription('Paste many orders at once, one per line, in a text box'))
  .addSubcommand((s) => s.setName('pad').setDescription('Your order pad: give your orders by clicking the map'))
  .toJSON();

async function execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  if (interaction.options.getSubcommand() === 'pad') return replyWithPad(ctx, interaction);
  const caller = callerOf(interaction);
  const locale = readerOf(interaction);
  const r = await myOrders(ctx.deps, caller);
  const words = await powerWordsIn(ctx, interaction.channelId);
  if (interaction.options.getSubcommand() === 'paste') {
    if (!r.ok) return replyRejected(interaction, r);
    // A modal is the one place Discord lets a player type several lines (a slash option cannot hold a newline).
    const input = new TextInputBuilder()
      .setCustomId('orders')
      .setStyle(TextInputStyle.Paragraph)
      .setMaxLength(Math.min(MAX_TEXT_INPUT, limitsOf(ctx.deps).maxOrderChars))
      .setPlaceholder(await pasteExample(ctx, interaction))
      .setRequired(true);
    const modal = new ModalBuilder()
      .setCustomId(customId('orders', 'paste', r.phase.id))
      .setTitle(tr(locale, 'orders.paste.title', { power: words.power(r.power) }).slice(0, MAX_LABEL))
      .addLabelComponents(
        new LabelBuilder()
          .setLabel(
            pasteLabel(
              tr(locale, 'orders.paste.label', { phase: r.phase.name }),
              tr(locale, 'orders.paste.labelShort'),
            ),
          )
          .setTextInputComponent(input),
      );
    await interaction.showModal(modal);
    return;
  }
  if (interaction.options.getSubcommand() === 'clear') {
    if (!r.ok) return replyRejected(interaction, r);
    const phase = r.phase.name;
    if (r.orders.length === 0)
      return replyPrivately(interaction, tr(locale, 'orders.clear.nothing', { power: words.power(r.power), phase }));
    return askConfirmation(ctx, interaction, {
      command: 'orders',
      action: 'clear',
      args: [r.phase.id],
      question: tr(locale, 'orders.clear.ask', { count: r.orders.length, power: words.power(r.power), phase }),
      confirmLabel: tr(locale, 'orders.clear.confirm'),
      danger: true,
    });
  }
  if (!r.ok) return replyRejected(interaction, r);
  return replyPrivately(interaction, wordLines(locale, r.lines));
}

async function component(
  ctx: BotContext,
  interaction: ComponentInteraction,
  action: string,
  args: string[],
): Promise<void> {
  // The pad's launch button (docs/pad.md): answered with callback 12, `LAUNCH_ACTIVITY`.
  if (action === 'launch' && interaction.isButton()) return void (await interaction.launchActivity());
  if (action === 'paste') {
    if (!interaction.isModalSubmit()) return;
    const caller = callerOf(interaction);
    const allowed = await useCooldown(ctx.deps, caller.userId, 'order');
    const reply = (content: string) =>
      interaction.reply({
        content: discordText(content),
        flags: MessageFlags.Ephemeral,
        allowedMentions: { parse: [] },
      });
    // Like `/order`: every answer ends with the order set that stands (a refusal stores nothing).
    const locale = readerOf(interaction);
    if (!allowed.ok) return void (await reply(await refusedOrderReply(ctx, caller, allowed, locale)));
    const text = interaction.fields.getTextInputValue('orders');
    const tooBig = orderInputProblem(ctx.deps, text);
    if (tooBig) return void (await reply(await refusedOrderReply(ctx, caller, tooBig, locale)));
    logOrders(ctx.log, { user: caller.userId, channel: caller.channelId }, text, 'orders pasted');
    const r = await submitOrders(ctx.deps, { ...caller, text, phaseId: Number(args[0]), locale });
    return void (await reply(r.ok ? orderReply(r, locale) : await refusedOrderReply(ctx, caller, r, locale)));
  }
  return handleConfirmation(ctx, interaction, action, args, async ([phaseId]) => {
    const r = await clearOrders(ctx.deps, { ...callerOf(interaction), phaseId: Number(phaseId) });
    const locale = readerOf(interaction);
    if (!r.ok) return `⚠️ ${refusalText(locale, r)}`;
    const power = (await powerWordsIn(ctx, interaction.channelId)).power(r.power);
    return tr(locale, 'orders.clear.done', { count: r.cleared, power, phase: r.phase.name });
  });
}

// `paste` answers with a modal, which must be the first response: never deferred by the router.
// A pasted text that fails unexpectedly is answered like a failed `/order`: with the set that stands.
export const ordersCommand: BotCommand = {
  secret: true,
  data,
  execute,
  component,
  failed: async (ctx, interaction, action) =>
    action === 'paste'
      ? await failedOrderReply(ctx, callerOf(interaction), readerOf(interaction))
      : genericFailure(readerOf(interaction)),
};
