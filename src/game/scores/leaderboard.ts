/**
 * Reading a server's ratings (docs/bot.md "Ratings"): `/server leaderboard` (the best members of a pool) and the
 * ratings `/server player` shows. Sorted by the shown rating, openskill's ordinal mu − 3·sigma (`displayRating`); a
 * computer player's rows (`computer:<power>`) are never on a person's leaderboard.
 */
import { first, type Tx } from '../../store/store.js';
import { and, count, desc, eq, gt, notLike, sql } from 'drizzle-orm';
import { listParam, msg } from '../../i18n/index.js';
import { ratings, type RatingPool } from '../../store/schema.js';
import {
  COMPUTER_ID_PREFIX,
  gameKinds,
  fail,
  inReadTransaction,
  type GameDeps,
  type Result,
  typed,
} from '../core/index.js';
import { OVERALL_POOL } from './pools.js';
import { displayRating } from './ratings.js';

/** How many members `/server leaderboard` lists. */
export const LEADERBOARD_SIZE = 10;

/** A rating pool and how sentences name it. */
export interface RatingPoolName {
  pool: RatingPool;
  name: string;
}

/** The pools a server's ratings are kept in: Diplomacy, each other game kind, then every game together. */
export function ratingPools(): RatingPoolName[] {
  return [
    { pool: 'diplomacy', name: 'Diplomacy' },
    ...gameKinds().map((k) => ({ pool: k.kind, name: k.name })),
    { pool: OVERALL_POOL, name: 'every game' },
  ];
}

/** A member's rating in one pool: the shown rating, games rated and place among the server's members. */
export interface MemberRating {
  pool: RatingPool;
  poolName: string;
  userId: string;
  /** `displayRating`: mu − 3·sigma (0 for a newcomer). */
  rating: number;
  games: number;
  /** 1 is the best; members with the same shown rating share it. */
  place: number;
}

/** The shown rating in SQL, the same expression on SQLite and PostgreSQL. */
const SHOWN = sql<number>`(${ratings.mu} - 3 * ${ratings.sigma})`;
const PERSON = notLike(ratings.memberId, `${COMPUTER_ID_PREFIX}%`);

/**
 * `/server leaderboard [kind]`: the server's best `LEADERBOARD_SIZE` members in a pool (default overall) by the shown
 * rating, with how many members it rates. An unknown pool is refused with the pools.
 */
export async function leaderboard(
  deps: GameDeps,
  input: { guildId: string | null; pool?: string | null },
): Promise<Result<{ pool: RatingPoolName; entries: MemberRating[]; members: number }>> {
  const pool = ratingPools().find((p) => p.pool === (input.pool ?? OVERALL_POOL));
  if (!pool)
    return fail(
      msg('scores.refused.unknownPool', {
        typed: typed(input.pool),
        pools: listParam(ratingPools().map((p) => p.pool)),
      }),
    );
  const guildId = input.guildId;
  if (!guildId) return fail(msg('scores.refused.noServer'));
  return await inReadTransaction(deps, async (tx) => {
    const inPool = and(eq(ratings.guildId, guildId), eq(ratings.pool, pool.pool), PERSON);
    const rows = await tx
      .select()
      .from(ratings)
      .where(inPool)
      .orderBy(desc(SHOWN), ratings.memberId)
      .limit(LEADERBOARD_SIZE);
    const members = first(await tx.select({ n: count() }).from(ratings).where(inPool).limit(1))?.n ?? 0;
    // One query at a time: a transaction's queries share its connection (docs/store.md "One query at a time").
    const entries: MemberRating[] = [];
    for (const r of rows) {
      const rating = displayRating(r);
      const place = await placeOf(tx, guildId, pool.pool, rating);
      entries.push({ pool: pool.pool, poolName: pool.name, userId: r.memberId, rating, games: r.games, place });
    }
    return { ok: true, pool, entries, members };
  });
}

/** `/server player`: a member's ratings in this server, one per pool they have been rated in (in `ratingPools` order). */
export async function memberRatings(
  deps: GameDeps,
  input: { guildId: string | null; userId: string },
): Promise<Result<{ ratings: MemberRating[] }>> {
  return await inReadTransaction(deps, async (tx) => ({
    ok: true,
    ratings: await memberRatingsIn(tx, input.guildId, input.userId),
  }));
}

async function memberRatingsIn(tx: Tx, guildId: string | null, userId: string): Promise<MemberRating[]> {
  if (!guildId) return [];
  const rows = await tx
    .select()
    .from(ratings)
    .where(and(eq(ratings.guildId, guildId), eq(ratings.memberId, userId), PERSON));
  const out: MemberRating[] = [];
  for (const p of ratingPools()) {
    const r = rows.find((row) => row.pool === p.pool);
    if (!r) continue;
    const rating = displayRating(r);
    const place = await placeOf(tx, guildId, p.pool, rating);
    out.push({ pool: p.pool, poolName: p.name, userId, rating, games: r.games, place });
  }
  return out;
}

/** 1 + the members of the pool whose shown rating is higher. */
async function placeOf(tx: Tx, guildId: string, pool: RatingPool, rating: number): Promise<number> {
  const above = first(
    await tx
      .select({ n: count() })
      .from(ratings)
      .where(and(eq(ratings.guildId, guildId), eq(ratings.pool, pool), PERSON, gt(SHOWN, rating)))
      .limit(1),
  );
  return (above?.n ?? 0) + 1;
}
