/**
 * `/draw`: propose or vote for a draw (run again to withdraw). A unanimous vote of the surviving powers
 * ends the game; the game layer announces it in the channel. Votes are answered privately.
 */
import { InteractionContextType, SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import { voteDraw } from '../../game/index.js';
import type { BotCommand } from '../command.js';
import type { BotContext } from '../context.js';
import { callerOf, replyPrivately, replyRejected } from '../respond.js';

const data = new SlashCommandBuilder()
  .setName('draw')
  .setDescription('Vote for a draw among the surviving powers (run again to withdraw)')
  .setContexts(InteractionContextType.Guild)
  .toJSON();

async function execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const r = voteDraw(ctx.deps, callerOf(interaction));
  if (!r.ok) return replyRejected(interaction, r.error);
  if (r.end) return replyPrivately(interaction, '🤝 Your vote made it unanimous: the game ends in a draw.');
  if (!r.voted) return replyPrivately(interaction, `${r.power} withdrew its draw vote.`);
  const waiting = r.waitingFor.length > 0 ? ` Still needed: ${r.waitingFor.join(', ')}.` : '';
  return replyPrivately(interaction, `🤝 ${r.power} votes for a draw (${r.votes.length} vote${r.votes.length === 1 ? '' : 's'}).${waiting}`);
}

export const drawCommand: BotCommand = { data, execute, privateReplies: true };
