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
import { getServerLimits, memberRef, setServerLimits, durationParam } from '../../game/core/index.js';
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
import { CATALOGUES, formatNumber, msg, tr, type Locale, type MessageKey } from '../../i18n/index.js';
import { readerOf, wordLines } from '../locale.js';
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
    return replyRejected(interaction, msg('server.refused.permission'));
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
    tr(readerOf(interaction), 'server.limits', {
      updated: minPhase !== null || liveGames !== null ? 'yes' : 'no',
      minPhase: durationParam(now.minPhaseMs),
      live: now.liveGames,
      max: now.maxLiveGames,
    }),
  );
}

/** `/server player`: the member's record, in numbers (never an order), in the reader's locale. */
async function player(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const userId = interaction.options.getUser('user')?.id ?? interaction.user.id;
  const r = await memberRecord(ctx.deps, { guildId: interaction.guildId, userId, viewerId: interaction.user.id });
  if (!r.ok) return replyRejected(interaction, r);
  const rated = await memberRatings(ctx.deps, { guildId: interaction.guildId, userId });
  if (!rated.ok) return replyRejected(interaction, rated);
  const locale = readerOf(interaction);
  return replyPrivately(interaction, `${recordText(locale, userId, r.record)}\n${ratingsText(locale, rated.ratings)}`);
}

/** A pool's name in the reader's locale (a pool the catalogues do not know keeps the name the game layer gives it). */
function poolName(locale: Locale, pool: string, name: string): string {
  const key = `scores.pool.${pool}`;
  return key in CATALOGUES.en ? tr(locale, key as MessageKey) : name;
}

/** The member's rating in each pool they have one in, with their place and games rated. */
function ratingsText(locale: Locale, ratings: MemberRating[]): string {
  if (ratings.length === 0) return tr(locale, 'scores.ratings.none');
  const each = ratings.map((r) =>
    tr(locale, 'scores.ratings.pool', {
      pool: poolName(locale, r.pool, r.poolName),
      rating: shown(locale, r.rating),
      place: r.place,
      games: msg('scores.games', { count: r.games }),
    }),
  );
  return tr(locale, 'scores.ratings.line', { ratings: each.join(' · ') });
}

/** `/server leaderboard [kind]`: the pool's best members, privately. */
async function board(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const r = await leaderboard(ctx.deps, { guildId: interaction.guildId, pool: interaction.options.getString('kind') });
  if (!r.ok) return replyRejected(interaction, r);
  const locale = readerOf(interaction);
  const pool = poolName(locale, r.pool.pool, r.pool.name);
  if (r.entries.length === 0) return replyPrivately(interaction, tr(locale, 'scores.leaderboard.empty', { pool }));
  const lines = r.entries.map((e) =>
    tr(locale, 'scores.leaderboard.entry', {
      place: e.place,
      member: memberRef(e.userId),
      rating: shown(locale, e.rating),
      games: msg('scores.games', { count: e.games }),
    }),
  );
  return replyPrivately(
    interaction,
    `${tr(locale, 'scores.leaderboard.head', { pool, shown: r.entries.length, members: r.members })}\n` +
      `${lines.join('\n')}\n${tr(locale, 'scores.leaderboard.explain')}`,
  );
}

/** A rating as the reader's locale writes it with two decimals (`0.85`, `0,85`). */
const shown = (locale: Locale, rating: number) =>
  formatNumber(locale, rating, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function recordText(locale: Locale, userId: string, r: MemberRecord): string {
  const pct = (n: number) =>
    r.seated === 0 ? '' : tr(locale, 'scores.record.pct', { pct: Math.round((n * 100) / r.seated) });
  const rate =
    r.onTimeRate === null
      ? msg('scores.record.rateNone')
      : r.seated < RELIABILITY_MIN_PHASES
        ? msg('scores.record.rateEarly', { rate: r.onTimeRate, min: RELIABILITY_MIN_PHASES })
        : msg('scores.record.rate', { rate: r.onTimeRate });
  const lines = [
    msg('scores.record.head', { member: userMention(userId) }),
    msg('scores.record.seated', { count: r.seated }),
    msg('scores.record.complete', { count: r.complete, pct: pct(r.complete) }),
    msg('scores.record.partial', { count: r.partial, pct: pct(r.partial) }),
    msg('scores.record.missed', { count: r.missed, pct: pct(r.missed) }),
    rate,
    msg('scores.record.games', { finished: r.gamesFinished, vacated: r.seatsVacated }),
    ...(r.privatePhases > 0 ? [msg('scores.record.private', { count: r.privatePhases })] : []),
  ];
  return wordLines(locale, lines);
}

export const serverCommand: BotCommand = { data, execute, privateReplies: true };
