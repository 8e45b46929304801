/**
 * `/server limits [min_phase] [live_games]`: a server's own limits, for members with
 * Manage Server. Without options it shows them. A server may raise the shortest phase and lower the number
 * of games that may be live at once; the bot's own limits bound both.
 *
 * `/server player [user]`: a member's reliability record on this server (anyone may look; it never shows an order;
 * docs/bot.md "Seats that never stall").
 */
import {
  InteractionContextType,
  PermissionFlagsBits,
  SlashCommandBuilder,
  userMention,
  type ChatInputCommandInteraction,
} from 'discord.js';
import {
  formatDuration,
  getServerLimits,
  memberRecord,
  RELIABILITY_MIN_PHASES,
  setServerLimits,
  type MemberRecord,
} from '../../game/index.js';
import type { BotCommand } from '../command.js';
import type { BotContext } from '../context.js';
import { replyPrivately, replyRejected } from '../respond.js';

const data = new SlashCommandBuilder()
  .setName('server')
  .setDescription("This server's settings for Zhanguo, and its players' records")
  .setContexts(InteractionContextType.Guild)
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
  .addSubcommand((s) =>
    s
      .setName('player')
      .setDescription("A member's record on this server: phases seated, on time, missed; games finished")
      .addUserOption((o) => o.setName('user').setDescription('Whose record (default: yours)')),
  )
  .toJSON();

async function execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  if (interaction.options.getSubcommand() === 'player') return player(ctx, interaction);
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

/** `/server player`: the member's record, in numbers (never an order). */
async function player(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const userId = interaction.options.getUser('user')?.id ?? interaction.user.id;
  const r = memberRecord(ctx.deps, { guildId: interaction.guildId, userId });
  if (!r.ok) return replyRejected(interaction, r.error);
  return replyPrivately(interaction, recordText(userId, r.record));
}

function recordText(userId: string, r: MemberRecord): string {
  const pct = (n: number) => (r.seated === 0 ? '' : ` (${Math.round((n * 100) / r.seated)} %)`);
  const rate =
    r.onTimeRate === null
      ? 'no phase recorded yet'
      : `**${r.onTimeRate} %**${r.seated < RELIABILITY_MIN_PHASES ? ` (games' minimum on-time rates apply from ${RELIABILITY_MIN_PHASES} phases)` : ''}`;
  return (
    `**Record of ${userMention(userId)} on this server** (every game, every kind)
` +
    `Phases seated (with something to decide): ${r.seated}
` +
    `Complete orders before the deadline: ${r.complete}${pct(r.complete)}
` +
    `Some orders missing: ${r.partial}${pct(r.partial)}
` +
    `Missed (no order at all): ${r.missed}${pct(r.missed)}
` +
    `On-time rate: ${rate}
` +
    `Games finished: ${r.gamesFinished} · Seats vacated: ${r.seatsVacated}`
  );
}

export const serverCommand: BotCommand = { data, execute, privateReplies: true };
