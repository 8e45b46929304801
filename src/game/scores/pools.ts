/**
 * The ratings a server keeps (docs/bot.md "Ratings"): one pool per game kind (`games.kind`) and one overall, a
 * `ratings` row per member and pool. src/game/scores/ratings.ts computes (openskill); this file reads the ratings before a
 * game and writes them after it.
 *
 * A finished game in a server is rated once, inside the transaction that ends it: the `rated_games` row that
 * transaction inserts decides, so an end that is retried or repeated (a rollback and a new end) inserts nothing and
 * changes no rating. Games outside a server are not rated.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../store/store.js';
import { ratedGames, ratings, type GameRow, type RatingPool } from '../../store/schema.js';
import { COMPUTER_ID_PREFIX, isComputer, isPerson } from '../core/index.js';
import {
  rateGame,
  type RatedMember,
  type RatedSeat,
  type Rating,
  type RatingChange,
  type RatingOptions,
} from './ratings.js';

/** The pool of every kind's games together. */
export const OVERALL_POOL: RatingPool = 'overall';

/** One seat of a finished game: its name (a power), its place (1 is best, ties share it) and who played it. */
export interface PlacedSeat {
  seat: string;
  rank: number;
  /**
   * The user ids that played it (a person, a computer player's id; a vacant seat's holder is left out), its player
   * at the end first: the one its opponents are rated against.
   */
  holders: readonly string[];
  /**
   * Members rated at a place of their own instead of the seat's: those who walked away from it (docs/bot.md
   * "Ratings": a loss, as if their power had been eliminated when they left). Any number that sorts among the seats'
   * ranks: 4.5 is after 4 and before 5.
   */
  ownPlaces?: Readonly<Record<string, number>>;
}

/**
 * A computer player's id in the ratings (docs/bot.md "Ratings"): `computer:<seat>`, whatever its level, so each
 * computer seat of a variant keeps one rating.
 */
function computerRatingId(seat: string): string {
  return `${COMPUTER_ID_PREFIX}${seat}`;
}

/**
 * Rates a finished game once, in its kind's pool and overall, with openskill's update (`rateGame`): returns the
 * changes, or null when it was not rated (outside a server, or rated already). Throws `RatingError` on seats the caller
 * got wrong (the `rated_games` row is then written and nothing else).
 */
export async function rateFinishedGame(
  tx: Tx,
  game: Pick<GameRow, 'id' | 'guildId' | 'kind' | 'rateAgainstComputers'>,
  seats: readonly PlacedSeat[],
  now: number,
): Promise<RatingChange[] | null> {
  const guildId = game.guildId;
  if (!guildId) return null;
  const inserted = await tx
    .insert(ratedGames)
    .values({ gameId: game.id, ratedAt: now })
    .onConflictDoNothing()
    .returning({ gameId: ratedGames.gameId });
  if (inserted.length === 0) return null;
  const pools = [game.kind, OVERALL_POOL];
  const options = { peopleAgainstComputers: game.rateAgainstComputers };
  // Every pool's changes first, then the writes: a refusal leaves every rating as it was.
  const changes: ReturnType<typeof rateSeats>[] = [];
  for (const pool of pools) changes.push(rateSeats(await ratedSeats(tx, guildId, pool, seats), options));
  for (const [i, pool] of pools.entries()) {
    for (const c of changes[i]!) if (moved(c)) await saveRating(tx, guildId, pool, c, now);
  }
  return changes[0]!;
}

/** A seat to rate: each member with the place they are rated at (the seat's, or their own: `PlacedSeat.ownPlaces`). */
interface SeatToRate {
  seat: string;
  members: readonly { member: RatedMember; place: number }[];
}

/**
 * openskill's update of the game (`rateGame`), each seat played by its first member; a seat's other members (it changed
 * hands) each move as if they had played it alone, against the same opponents (docs/bot.md "Ratings": openskill adds a
 * team's means, so one team of them all would make the seat the favourite and its place worth less). A member's own
 * place (a walk-away's loss) stands for the seat in the match they play in.
 */
function rateSeats(seats: readonly SeatToRate[], options: RatingOptions): RatingChange[] {
  const played = seats.map((s) => ({ seat: s.seat, ...s.members[0]! }));
  const changes = rateGame(ranked(played), options);
  seats.forEach((s, i) => {
    for (const m of s.members.slice(1)) {
      const alone = played.map((p, j) => (j === i ? { seat: p.seat, ...m } : p));
      changes.push(
        ...rateGame(ranked(alone), options).filter((c) => c.id === m.member.id && c.computer === m.member.computer),
      );
    }
  });
  return changes;
}

/** One match's seats with whole places from 1 (competition style: 1, 1, 3) from the places given, in the same order. */
function ranked(entries: readonly { seat: string; member: RatedMember; place: number }[]): RatedSeat[] {
  return entries.map((e) => ({
    seat: e.seat,
    rank: 1 + entries.filter((o) => o.place < e.place).length,
    members: [e.member],
  }));
}

/** The seats with their members' ratings in `pool` before the game; a seat nobody played is left out. */
async function ratedSeats(
  tx: Tx,
  guildId: string,
  pool: RatingPool,
  seats: readonly PlacedSeat[],
): Promise<SeatToRate[]> {
  const members = seats.map((s) =>
    s.holders
      .filter((h) => isPerson(h) || isComputer(h))
      .map((h) => ({
        place: s.ownPlaces?.[h] ?? s.rank,
        ...(isComputer(h) ? { id: computerRatingId(s.seat), computer: true } : { id: h, computer: false }),
      })),
  );
  const ids = [...new Set(members.flat().map((m) => m.id))];
  const before = new Map<string, Rating>(
    ids.length === 0
      ? []
      : (
          await tx
            .select({ id: ratings.memberId, mu: ratings.mu, sigma: ratings.sigma })
            .from(ratings)
            .where(and(eq(ratings.guildId, guildId), eq(ratings.pool, pool), inArray(ratings.memberId, ids)))
        ).map((r) => [r.id, { mu: r.mu, sigma: r.sigma }]),
  );
  return seats
    .map((s, i) => ({
      seat: s.seat,
      members: members[i]!.map(({ place, ...m }) => ({
        place,
        member: { ...m, rating: before.get(m.id) ?? null } satisfies RatedMember,
      })),
    }))
    .filter((s) => s.members.length > 0);
}

/** Whether the game moved the rating (a person alone with computers, by default, does not move: nothing is written). */
function moved(c: RatingChange): boolean {
  return c.after.mu !== c.before.mu || c.after.sigma !== c.before.sigma;
}

async function saveRating(tx: Tx, guildId: string, pool: RatingPool, c: RatingChange, now: number): Promise<void> {
  const { mu, sigma } = c.after;
  await tx
    .insert(ratings)
    .values({ guildId, pool, memberId: c.id, mu, sigma, games: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: [ratings.guildId, ratings.pool, ratings.memberId],
      set: { mu, sigma, games: sql`${ratings.games} + 1`, updatedAt: now },
    });
}
