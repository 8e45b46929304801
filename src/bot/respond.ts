/**
 * Replying to commands: ephemeral (only the caller sees it) or public, always within Discord's limits,
 * and the standard rejection reply that says why. Every text is shown as Discord shows it (markup.ts) before it is cut.
 */
import { MessageFlags, type ChatInputCommandInteraction, type InteractionReplyOptions } from 'discord.js';
import type { Caller, Refusal } from '../game/core/index.js';
import { readerOf, refusalText } from './locale.js';
import type { Msg } from '../i18n/index.js';
import { discordText } from './markup.js';
import { splitMessage, truncate } from './text.js';

export function callerOf(interaction: { channelId: string | null; user: { id: string } }): Caller {
  return { channelId: interaction.channelId ?? '', userId: interaction.user.id };
}

/** Most ephemeral messages one private reply is split into (the reply and its follow-ups). */
const MAX_PRIVATE_PARTS = 5;

/**
 * Replies so only the caller sees it (everything about orders goes this way). A long text (the status of a
 * 21-power game) continues in ephemeral follow-ups, split at line ends.
 */
export async function replyPrivately(interaction: ChatInputCommandInteraction, content: string): Promise<void> {
  const parts = splitMessage(discordText(content));
  const shown = parts.slice(0, MAX_PRIVATE_PARTS);
  if (parts.length > MAX_PRIVATE_PARTS) shown[shown.length - 1] = truncate(`${shown[shown.length - 1]}\n…`);
  await reply(interaction, { content: shown[0]!, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
  for (const part of shown.slice(1))
    await interaction.followUp({ content: part, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
}

/** Replies in the channel for everyone; mentions are shown but nobody is pinged. */
export async function replyPublicly(interaction: ChatInputCommandInteraction, content: string): Promise<void> {
  await reply(interaction, { content: truncate(discordText(content)), allowedMentions: { parse: [] } });
}

/** A rejection: only the caller sees it, and it says why. */
export async function replyRejected(
  interaction: ChatInputCommandInteraction,
  refusal: string | Msg | Pick<Refusal, 'error' | 'message'>,
): Promise<void> {
  await replyPrivately(interaction, `⚠️ ${refusalText(readerOf(interaction), refusal)}`);
}

async function reply(interaction: ChatInputCommandInteraction, options: InteractionReplyOptions): Promise<void> {
  if (interaction.deferred || interaction.replied) {
    const { flags: _flags, ...rest } = options;
    await interaction.editReply({ ...rest, content: options.content ?? '' });
    return;
  }
  await interaction.reply(options);
}
