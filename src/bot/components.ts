/**
 * Buttons and selects: custom ids and the ephemeral confirmation asked before what cannot be undone
 * (`/gm advance`, `/gm rollback`, `/orders clear`, `/concede`).
 *
 * A custom_id is `command:action:arg:…` (at most 100 characters, Discord's limit). It carries everything the
 * click needs, so a confirmation survives a restart of the bot; a confirmation's first argument is its expiry
 * (seconds since the epoch), checked against the bot's clock when the button is clicked.
 */
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  MessageFlags,
  type ChatInputCommandInteraction,
  type MessageComponentInteraction,
  type MessageActionRowComponentBuilder,
} from 'discord.js';
import type { ComponentInteraction } from './command.js';
import type { BotContext } from './context.js';
import { tr, type Locale } from '../i18n/index.js';
import { readerOf } from './locale.js';
import { discordText } from './markup.js';
import { truncate } from './text.js';

export const MAX_CUSTOM_ID = 100;
/** The action of every confirmation's Cancel button (so a command may still have an action named `cancel`). */
const DECLINE = 'decline';
/** How long a confirmation's buttons work. */
export const CONFIRM_TIMEOUT_MS = 60_000;

export function customId(command: string, action: string, ...args: (string | number)[]): string {
  const id = [command, action, ...args.map(String)].join(':');
  if (id.length > MAX_CUSTOM_ID) throw new Error(`custom_id over ${MAX_CUSTOM_ID} characters (${command}:${action})`);
  return id;
}

/** The **Claim** button of substitute call `callId` (src/bot/commands/game.ts answers it; it never expires by time). */
export function claimButtonId(callId: number): string {
  return customId('game', 'claim', callId);
}

/** The **I'm here** button of a game's muster, on its start post (src/bot/commands/game.ts answers it). */
export function musterButtonId(gameId: number): string {
  return customId('game', 'muster', gameId);
}

/** A button under a request to watch a power (`allow`, `orders`, `deny`, later `revoke`), in the player's DMs. */
export function spectateButtonId(action: 'allow' | 'orders' | 'deny' | 'revoke', requestId: number): string {
  return customId('spectate', action, requestId);
}

export function parseCustomId(id: string): { command: string; action: string; args: string[] } | null {
  const [command, action, ...args] = id.split(':');
  if (!command || !action) return null;
  return { command, action, args };
}

export interface Confirmation {
  command: string;
  /** The action the confirm button runs (the command's `component` handler gets it with `args`). */
  action: string;
  args?: (string | number)[];
  question: string;
  confirmLabel: string;
  /** Red button (cannot be undone) rather than blue. */
  danger?: boolean;
}

function confirmRow(
  ctx: BotContext,
  c: Confirmation,
  locale: Locale,
): ActionRowBuilder<MessageActionRowComponentBuilder> {
  const expires = Math.ceil((ctx.deps.now() + CONFIRM_TIMEOUT_MS) / 1000);
  return new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(customId(c.command, c.action, expires, ...(c.args ?? [])))
      .setLabel(c.confirmLabel)
      .setStyle(c.danger ? ButtonStyle.Danger : ButtonStyle.Primary),
    new ButtonBuilder()
      .setCustomId(customId(c.command, DECLINE))
      .setLabel(tr(locale, 'confirm.cancel'))
      .setStyle(ButtonStyle.Secondary),
  );
}

/** The line under a confirmation's question, in the reader's locale. */
function timeoutText(locale: Locale): string {
  return tr(locale, 'confirm.timeout', { seconds: CONFIRM_TIMEOUT_MS / 1000 });
}

/** Asks the caller (ephemerally) to confirm; nothing happens until the confirm button is clicked. */
export async function askConfirmation(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  c: Confirmation,
): Promise<void> {
  const locale = readerOf(interaction);
  const body = {
    content: truncate(`${discordText(c.question)}\n-# ${timeoutText(locale)}`),
    components: [confirmRow(ctx, c, locale)],
    allowedMentions: { parse: [] },
  };
  if (interaction.deferred || interaction.replied) await interaction.editReply(body);
  else await interaction.reply({ ...body, flags: MessageFlags.Ephemeral });
}

/** Replaces a component's message with a confirmation (e.g. after a select chose what to confirm). */
export async function updateToConfirmation(
  ctx: BotContext,
  interaction: ComponentInteraction,
  c: Confirmation,
): Promise<void> {
  if (!interaction.isMessageComponent()) throw new Error('a confirmation replaces a message component');
  const locale = readerOf(interaction);
  const body = {
    content: truncate(`${discordText(c.question)}\n-# ${timeoutText(locale)}`),
    components: [confirmRow(ctx, c, locale)],
    allowedMentions: { parse: [] as [] },
  };
  if (onOwnMessage(interaction)) await interaction.update(body);
  else await interaction.reply({ ...body, flags: MessageFlags.Ephemeral });
}

/**
 * The click came from the caller's own private message, where every confirmation is asked. A custom id forged on a
 * public post (a modified client sends any id from any message it sees) is answered apart, never by rewriting the post.
 */
const onOwnMessage = (interaction: MessageComponentInteraction): boolean =>
  interaction.message.flags.has(MessageFlags.Ephemeral);

/** Ends a confirmation: its message says `text` and loses its buttons. */
export async function closeConfirmation(interaction: ComponentInteraction, text: string): Promise<void> {
  const body = { content: truncate(discordText(text)), components: [], allowedMentions: { parse: [] } };
  if (interaction.isMessageComponent() && onOwnMessage(interaction)) await interaction.update(body);
  else await interaction.reply({ ...body, flags: MessageFlags.Ephemeral });
}

/**
 * The common part of a confirmation click: the Cancel button closes it, an expired one says so; otherwise `run` gets
 * the arguments after the expiry and returns the text the confirmation message ends with.
 */
export async function handleConfirmation(
  ctx: BotContext,
  interaction: ComponentInteraction,
  action: string,
  args: string[],
  run: (args: string[]) => Promise<string> | string,
): Promise<void> {
  const locale = readerOf(interaction);
  if (action === DECLINE) return closeConfirmation(interaction, tr(locale, 'confirm.cancelled'));
  const [expires, ...rest] = args;
  if (!expires || Number(expires) * 1000 < ctx.deps.now()) {
    return closeConfirmation(interaction, tr(locale, 'confirm.expired'));
  }
  const text = await run(rest);
  return closeConfirmation(interaction, text);
}
