/**
 * `/map`: the current map, ephemerally; a player sees their own (still secret) orders drawn on it.
 * Rendering takes a few hundred ms, so the reply is deferred first (Discord allows 3 s to acknowledge).
 */
import { InteractionContextType, MessageFlags, SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import { gameStatus, playerContext, renderInputForPhase } from '../../game/index.js';
import type { BotCommand } from '../command.js';
import type { BotContext } from '../context.js';
import { mapFileName, ordersOfPower } from '../maps.js';
import { callerOf, replyRejected } from '../respond.js';

const data = new SlashCommandBuilder()
  .setName('map')
  .setDescription('The current map (only you see it; with your own orders drawn on it)')
  .setContexts(InteractionContextType.Guild)
  .toJSON();

async function execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const caller = callerOf(interaction);
  const mine = playerContext(ctx.deps, caller);
  if (mine.ok) {
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    const orders = ordersOfPower(mine.orders, mine.power);
    const picture = await ctx.maps.render(
      mine.variant,
      mine.position,
      { orders, title: `${mine.phase.label} — ${mine.power}'s orders (only you see this)` },
      mapFileName(mine.phase.code, mine.power),
    );
    const content = `**${mine.phase.label}**, ${mine.power}: ${orders.length} order${orders.length === 1 ? '' : 's'} drawn.`;
    await interaction.editReply(picture ? { content, files: [{ attachment: picture.png, name: picture.name }] } : { content: `${content}\n(The map could not be drawn.)` });
    return;
  }
  const status = gameStatus(ctx.deps, caller.channelId);
  if (!status.ok) return replyRejected(interaction, status.error);
  const phase = status.status.phase;
  // Orders are drawn only once their phase is resolved (renderInputForPhase enforces it too).
  const input = phase ? renderInputForPhase(ctx.deps, phase.id, { withOrders: phase.resolvedAt !== null }) : null;
  if (!phase || !input) return replyRejected(interaction, 'The game has not started yet, so there is no map to show.');
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const { variant, position, ...opts } = input;
  const picture = await ctx.maps.render(variant, position, opts, mapFileName(phase.code));
  const content = `**${phase.label}** (${variant.name}).`;
  await interaction.editReply(picture ? { content, files: [{ attachment: picture.png, name: picture.name }] } : { content: `${content}\n(The map could not be drawn.)` });
}

export const mapCommand: BotCommand = { data, execute, cooldown: () => 'map' };
