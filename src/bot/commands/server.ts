/**
 * `/server limits [min_phase] [live_games]`: a server's own limits, for members with
 * Manage Server. Without options it shows them. A server may raise the shortest phase and lower the number
 * of games that may be live at once; the bot's own limits bound both.
 *
 * `/server player [user]`: a member's reliability record on this server (anyone may look; it never shows an order;
 * docs/bot.md "Seats that never stall") and their ratings. A game that hides who plays whom counts in someone else's
 * record only once it is over; the member's own shows it, saying so.
 *
 * `/server leaderboard [kind]`: the server's best-rated members in a game kind's pool or overall (docs/bot.md
 * "Ratings"), privately.
 */
import {
  InteractionContextType,
  PermissionFlagsBits,
  SlashCommandBuilder,
  userMention,
  type ChatInputCommandInteraction,
} from 'discord.js';
import { formatDuration, getServerLimits, memberRef, setServerLimits } from '../../game/core/index.js';
import {
  LEADERBOARD_SIZE,
  leaderboard,
  memberRatings,
  ratingPools,
  type MemberRating,
} from '../../game/scores/index.js';
import { memberRecord, RELIABILITY_MIN_PHASES, type MemberRecord } from '../../game/seats/index.js';
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
  .addSubcommand((s) =>
    s
      .setName('leaderboard')
      .setDescription(`The ${LEADERBOARD_SIZE} best-rated members of this server, in one kind of game or overall`)
      .addStringOption((o) =>
        o
          .setName('kind')
          .setDescription('Which games (default: overall)')
          .addChoices(...ratingPools().map((p) => ({ name: p.pool, value: p.pool }))),
      ),
  )
  .toJSON();

async function execute(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  if (interaction.options.getSubcommand() === 'player') return player(ctx, interaction);
  if (interaction.options.getSubcommand() === 'leaderboard') return board(ctx, interaction);
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
    const r = await setServerLimits(ctx.deps, {
      guildId,
      userId: interaction.user.id,
      minPhase,
      maxLiveGames: liveGames,
    });
    if (!r.ok) return replyRejected(interaction, r);
  }
  const now = await getServerLimits(ctx.deps, guildId);
  if (!now.ok) return replyRejected(interaction, now);
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
  const r = await memberRecord(ctx.deps, { guildId: interaction.guildId, userId, viewerId: interaction.user.id });
  if (!r.ok) return replyRejected(interaction, r);
  const rated = await memberRatings(ctx.deps, { guildId: interaction.guildId, userId });
  if (!rated.ok) return replyRejected(interaction, rated);
  return replyPrivately(interaction, `${recordText(userId, r.record)}\n${ratingsText(rated.ratings)}`);
}

/** The member's rating in each pool they have one in, with their place and games rated. */
function ratingsText(ratings: MemberRating[]): string {
  if (ratings.length === 0) return 'Ratings: none yet (a finished game in this server rates its players).';
  return `Ratings: ${ratings.map((r) => `${r.poolName} **${shown(r.rating)}** (#${r.place}, ${games(r.games)})`).join(' · ')}`;
}

/** `/server leaderboard [kind]`: the pool's best members, privately. */
async function board(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const r = await leaderboard(ctx.deps, { guildId: interaction.guildId, pool: interaction.options.getString('kind') });
  if (!r.ok) return replyRejected(interaction, r);
  if (r.entries.length === 0)
    return replyPrivately(
      interaction,
      `Nobody is rated in ${r.pool.name} on this server yet: a finished game in this server rates its players.`,
    );
  const lines = r.entries.map((e) => `${e.place}. ${memberRef(e.userId)} — **${shown(e.rating)}** (${games(e.games)})`);
  return replyPrivately(
    interaction,
    `**Leaderboard of this server: ${r.pool.name}** (top ${r.entries.length} of ${r.members} rated)\n` +
      `${lines.join('\n')}\n` +
      'A rating is the skill the games show with 99.7 % confidence (mean − 3 × uncertainty): 0 for a newcomer, climbing as games make it surer.',
  );
}

const shown = (rating: number) => rating.toFixed(2);
const games = (n: number) => `${n} game${n === 1 ? '' : 's'}`;

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
    `Games finished: ${r.gamesFinished} · Seats vacated: ${r.seatsVacated}` +
    (r.privatePhases > 0
      ? `\n🎭 ${r.privatePhases === 1 ? 'One of these phases is' : `${r.privatePhases} of these phases are`} in games that hide who plays whom and still run: only you see them here; others see your record without those games until they end.`
      : '')
  );
}

export const serverCommand: BotCommand = { data, execute, privateReplies: true };
