/**
 * `/ready`: toggles the caller's readiness; when every power with something to decide is ready, the phase
 * resolves at once (the game layer does it in the same transaction and queues the results post).
 */
import { InteractionContextType, SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import { toggleReady } from '../../game/resolve/index.js';
import type { BotCommand } from '../command.js';
import type { BotContext } from '../context.js';
import { callerOf, replyPrivately, replyRejected } from '../respond.js';

const data = new SlashCommandBuilder()
  .setName('ready')
  .setDescription('Say you are done with this phase (run again to take it back)')
  .setContexts(InteractionContextType.Guild)
  .toJSON();

async function execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const r = await toggleReady(ctx.deps, callerOf(interaction));
  if (!r.ok) return replyRejected(interaction, r.error);
  if (r.resolved.length > 0) {
    return replyPrivately(
      interaction,
      `✅ ${r.power} is ready. Everyone is: ${r.resolved.map((p) => p.label).join(', ')} resolved; the results are being posted.`,
    );
  }
  if (r.capped) {
    return replyPrivately(
      interaction,
      `✅ ${r.power} is ready, and so is everyone; but this game has already resolved ${r.capped.count} phases in the last hour, the most one game may, so the phase resolves at its deadline.`,
    );
  }
  if (!r.ready)
    return replyPrivately(interaction, `↩️ ${r.power} is no longer ready; you can still change your orders.`);
  // In a game that hides who plays whom the powers are not named, only counted (src/game/resolve/ready.ts).
  const waiting =
    r.waitingFor.length > 0
      ? ` Waiting for: ${r.waitingFor.join(', ')}.`
      : r.waiting > 0
        ? ` Waiting for ${r.waiting === 1 ? 'one more power' : `${r.waiting} more powers`}.`
        : '';
  return replyPrivately(interaction, `✅ ${r.power} is ready.${waiting} Run \`/ready\` again to take it back.`);
}

export const readyCommand: BotCommand = { data, execute, privateReplies: true };
