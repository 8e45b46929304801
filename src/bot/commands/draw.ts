/**
 * `/draw`: propose or vote for a draw (run again to withdraw). A unanimous vote of the surviving powers
 * ends the game (strict DIAS); the game layer announces it in the channel. Votes are answered privately and
 * stay secret: no reply says who else voted or how many.
 */
import { InteractionContextType, SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import { voteDraw } from '../../game/votes/index.js';
import type { BotCommand } from '../command.js';
import type { BotContext } from '../context.js';
import { tr } from '../../i18n/index.js';
import { powerWordsIn } from '../power-words.js';
import { readerOf } from '../locale.js';
import { callerOf, replyPrivately, replyRejected } from '../respond.js';

const data = new SlashCommandBuilder()
  .setName('draw')
  .setDescription('Propose or vote a draw (again to withdraw); once all surviving players vote, all survivors share it')
  .setContexts(InteractionContextType.Guild)
  .toJSON();

async function execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const r = await voteDraw(ctx.deps, callerOf(interaction));
  if (!r.ok) return replyRejected(interaction, r);
  const locale = readerOf(interaction);
  const words = await powerWordsIn(ctx, interaction.channelId);
  const power = words.power(r.power);
  if (r.end) return replyPrivately(interaction, tr(locale, 'votes.draw.unanimous'));
  if (!r.voted) return replyPrivately(interaction, tr(locale, 'votes.draw.withdrawn', { power }));
  return replyPrivately(interaction, tr(locale, 'votes.draw.voted', { power, powers: words.powers(r.among) }));
}

export const drawCommand: BotCommand = { data, execute, privateReplies: true, secret: true };
