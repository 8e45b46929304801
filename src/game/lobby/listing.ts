/**
 * `/game list`: the server's games a member could take a seat in (docs/bot.md "Finding a game"). A forming game lists
 * the powers nobody took yet; a running or paused one its vacant seats (a substitute takes one with `/claim`). Only
 * what the channel's posts already say: counts of seats, never who holds which power; and only games in channels the
 * caller can see.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { games, players, type GameRow } from '../../store/schema.js';
import {
  activeClock,
  clockRuleMsg,
  durationsOf,
  fail,
  inReadTransaction,
  isVacant,
  seatablePowers,
  variantOfGame,
  type GameDeps,
  type Result,
  variantParam,
} from '../core/index.js';
import { type Msg, type MsgParam, msg } from '../../i18n/index.js';
import { announcedSeats } from '../phase/index.js';

/** One game with seats to take. */
export interface ListedGame {
  channelId: string;
  variant: MsgParam;
  status: 'forming' | 'active' | 'paused';
  /** Forming: powers nobody took; running: vacant seats. */
  open: number;
  /** The powers people may play. */
  seats: number;
  durations: { movement: number; retreat: number; adjustment: number };
  /** The deadline rule by the clock ("21:00 Europe/Paris, Mon–Fri"), shown instead of the lengths; null: durations. */
  clock: Msg | null;
}

/** Most games one listing shows (a reply must fit Discord's limits); the rest are counted. */
export const LISTED_GAMES = 25;

/**
 * The server's forming and running Diplomacy games with a free or vacant seat, oldest first (the longest-waiting
 * table first), at most `LISTED_GAMES` of them and how many more there are. `canSee` says whether the caller may
 * view a channel (Discord's permissions, asked by the bot): a game in a channel hidden from them is neither listed
 * nor counted, so the listing tells nobody of a private table.
 */
export async function openSeatsListing(
  deps: GameDeps,
  guildId: string | null,
  canSee: (channelId: string) => boolean,
): Promise<Result<{ games: ListedGame[]; more: number }>> {
  if (guildId === null) return fail(msg('game.list.refused.dm'));
  return await inReadTransaction(deps, async (tx) => {
    const all = await tx
      .select()
      .from(games)
      .where(
        and(
          eq(games.guildId, guildId),
          eq(games.kind, 'diplomacy'),
          eq(games.demonstration, false),
          inArray(games.status, ['forming', 'active', 'paused']),
        ),
      )
      .orderBy(games.createdAt, games.id);
    const rows = all.filter((g) => canSee(g.channelId));
    if (rows.length === 0) return { ok: true as const, games: [], more: 0 };
    const seated = await tx
      .select({ gameId: players.gameId, power: players.power, userId: players.userId })
      .from(players)
      .where(
        inArray(
          players.gameId,
          rows.map((g) => g.id),
        ),
      );
    const now = deps.now();
    const listed: ListedGame[] = [];
    for (const game of rows) {
      // The seats as the channel knows them (a seat left in a hidden game counts from the next mark of the clock).
      const seats = await announcedSeats(
        tx,
        game,
        seated.filter((p) => p.gameId === game.id),
        now,
      );
      const entry = listedGame(game, seats);
      if (entry) listed.push(entry);
    }
    return { ok: true as const, games: listed.slice(0, LISTED_GAMES), more: Math.max(0, listed.length - LISTED_GAMES) };
  });
}

function listedGame(game: GameRow, seated: { userId: string }[]): ListedGame | null {
  const variant = variantOfGame(game);
  if (!variant) return null;
  const seats = seatablePowers(variant).length;
  const open = game.status === 'forming' ? seats - seated.length : seated.filter((p) => isVacant(p.userId)).length;
  if (open <= 0) return null;
  return {
    channelId: game.channelId,
    variant: variantParam(variant),
    status: game.status as ListedGame['status'],
    open,
    seats,
    durations: durationsOf(game),
    clock: activeClock(game.clock) ? clockRuleMsg(game.clock!) : null,
  };
}
