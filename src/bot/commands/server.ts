/**
 * `/server limits [min_phase] [live_games]`: a server's own limits, for members with
 * Manage Server. Without options it shows them. A server may raise the shortest phase and lower the number
 * of games that may be live at once; the bot's own limits bound both.
 */
import {
  InteractionContextType,
  PermissionFlagsBits,
  SlashCommandBuilder,
  type ChatInputCommandInteraction,
} from 'discord.js';
import { formatDuration, getServerLimits, setServerLimits } from '../../game/index.js';
import type { BotCommand } from '../command.js';
import type { BotContext } from '../context.js';
import { replyPrivately, replyRejected } from '../respond.js';

const data = new SlashCommandBuilder()
  .setName('server')
  .setDescription("This server's settings for Zhanguo (Manage Server)")
  .setContexts(InteractionContextType.Guild)
  .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
  .addSubcommand((s) =>
    s
      .setName('limits')
      .setDescription('Show or set the shortest phase and the most live games in this server')
      .addStringOption((o) =>
        o.setName('min_phase').setDescription('Shortest phase a game here may have, like 10m or 1h').setMaxLength(20),
      )
      .addIntegerOption((o) =>
        o
          .setName('live_games')
          .setDescription('Most unfinished games at once in this server')
          .setMinValue(1)
          .setMaxValue(10_000),
      ),
  )
  .toJSON();

async function execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  // Discord hides the command from others by default; the check stays on every call.
  if (!interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild)) {
    return replyRejected(
      interaction,
      'Only members with the Manage Server permission can change this server’s settings.',
    );
  }
  const guildId = interaction.guildId!;
  const minPhase = interaction.options.getString('min_phase');
  const liveGames = interaction.options.getInteger('live_games');
  if (minPhase !== null || liveGames !== null) {
    const r = setServerLimits(ctx.deps, { guildId, userId: interaction.user.id, minPhase, maxLiveGames: liveGames });
    if (!r.ok) return replyRejected(interaction, r.error);
  }
  const now = getServerLimits(ctx.deps, guildId);
  if (!now.ok) return replyRejected(interaction, now.error);
  return replyPrivately(
    interaction,
    `**Limits in this server**${minPhase !== null || liveGames !== null ? ' (updated)' : ''}\n` +
      `Shortest phase: ${formatDuration(now.minPhaseMs)}\n` +
      `Live games: ${now.liveGames} of at most ${now.maxLiveGames}\n` +
      'Change them with `/server limits min_phase:` and `live_games:`.',
  );
}

export const serverCommand: BotCommand = { data, execute, privateReplies: true };
