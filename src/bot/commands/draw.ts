/**
 * `/draw`: propose or vote for a draw (run again to withdraw). A unanimous vote of the surviving powers
 * ends the game (strict DIAS); the game layer announces it in the channel. Votes are answered privately and
 * stay secret: no reply says who else voted or how many.
 */
import { InteractionContextType, SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import { voteDraw } from '../../game/votes/index.js';
import type { BotCommand } from '../command.js';
import type { BotContext } from '../context.js';
import { callerOf, replyPrivately, replyRejected } from '../respond.js';

const data = new SlashCommandBuilder()
  .setName('draw')
  .setDescription('Vote for a draw among the surviving powers (run again to withdraw)')
  .setContexts(InteractionContextType.Guild)
  .toJSON();

async function execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const r = await voteDraw(ctx.deps, callerOf(interaction));
  if (!r.ok) return replyRejected(interaction, r);
  if (r.end) return replyPrivately(interaction, '🤝 Your vote made it unanimous: the game ends in a draw.');
  if (!r.voted) return replyPrivately(interaction, `↩️ ${r.power} withdrew its draw vote.`);
  return replyPrivately(
    interaction,
    `🤝 ${r.power} votes for a draw. Votes are secret: nobody learns who voted. When every surviving player has voted, the game ends in a draw among all surviving powers. Run \`/draw\` again to withdraw.`,
  );
}

export const drawCommand: BotCommand = { data, execute, privateReplies: true };
