/**
 * A finished card game is rated (docs/bot.md "Ratings"): its winner first and the other seats tied after it, once, in
 * the card game's pool and overall, beside the server's Diplomacy ratings.
 */
import { describe, expect, it } from 'vitest';
import { leaderboard } from '../../../src/game/scores/index.js';
import { ratedGames, ratings } from '../../../src/store/schema.js';
import { internalErrors } from '../helpers.js';
import { actOnce, info, startedCards, storedState, userOfSeat } from './helpers.js';

describe('card game ratings', () => {
  it('rates a finished table once: the winner first, the others tied', async () => {
    internalErrors.length = 0;
    const env = await startedCards(3);
    let r = 1;
    for (let i = 0; i < 3000 && (await info(env)).status !== 'finished'; i++)
      await actOnce(env, i % 3 === 0 ? 'fallBack' : 'wage', () => (r = (r * 16807) % 2147483647) / 2147483647);
    expect((await info(env)).status).toBe('finished');
    expect(internalErrors).toEqual([]);
    const winner = (await storedState(env)).winner;
    const winners = new Set(await Promise.all([winner ?? []].flat().map(async (seat) => await userOfSeat(env, seat))));
    expect(winners.size).toBeGreaterThan(0);
    const rows = await env.deps.store.db.select().from(ratings);
    expect(rows.map((row) => row.pool).sort()).toEqual(['cards', 'cards', 'cards', 'overall', 'overall', 'overall']);
    for (const row of rows) expect(row.mu > 25).toBe(winners.has(row.memberId));
    expect(await env.deps.store.db.select().from(ratedGames)).toHaveLength(1);
    const board = await leaderboard(env.deps, { guildId: 'guild-1', pool: 'cards' });
    expect(
      board.ok &&
        board.entries
          .map((e) => e.userId)
          .slice(0, winners.size)
          .sort(),
    ).toEqual([...winners].sort());
    expect(board.ok && board.pool.name).toBe('Warring States card game');
    await env.close();
  });
});
