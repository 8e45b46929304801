import { first } from '../../../src/store/store.js';
/**
 * Scores and ratings at a Diplomacy game's end, through the use-cases (docs/bot.md "Scoring", "Ratings"): the final
 * post's line of scores for a draw, a concession and the game master's cancellation (the numbers worked out by hand
 * in the comments), `/game create scoring:` refusing a bad value, a game rated exactly once (a repeated end changes no
 * rating), computer seats leaving a person's rating alone by default, a seat two members played, and the
 * leaderboard's reads.
 */
import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Position } from '../../../src/engine/types.js';
import { concede, voteDraw } from '../../../src/game/votes/index.js';
import { createGame, joinGame, startGame } from '../../../src/game/lobby/index.js';
import { gmCancel, gmReplace, gmRollback } from '../../../src/game/gm/index.js';
import { leaderboard, memberRatings } from '../../../src/game/scores/index.js';
import { resolvePhase } from '../../../src/game/resolve/index.js';
import { settleEnd } from '../../../src/game/scores/final.js';
import { rateGame } from '../../../src/game/scores/ratings.js';
import type { CreateGameInput } from '../../../src/game/lobby/lobby.js';
import { games, phases, ratedGames, ratings } from '../../../src/store/schema.js';
import {
  CHANNEL,
  CLASSIC_POWERS,
  err,
  GM,
  internalErrors,
  makeEnv,
  ok,
  outboxRows,
  userOf,
  type TestEnv,
} from '../helpers.js';

const at = (userId: string) => ({ channelId: CHANNEL, userId });
const gameRow = async (env: TestEnv, id: number) =>
  first(await env.deps.store.db.select().from(games).where(eq(games.id, id)).limit(1));

/** A started Classic game in guild-1 with the given settings, each listed power played by its own user. */
async function started(env: TestEnv, settings: Partial<CreateGameInput> = {}, powers: string[] = CLASSIC_POWERS) {
  ok(
    await createGame(env.deps, {
      channelId: CHANNEL,
      guildId: 'guild-1',
      userId: GM,
      variantId: 'classic',
      ...settings,
    }),
  );
  for (const power of powers) ok(await joinGame(env.deps, { ...at(userOf(power)), power }));
  return ok(await startGame(env.deps, at(GM)));
}

/**
 * Replaces the current phase's board: each power's supply centres (real Classic centres, `count` of them from the
 * list) and units only for the powers that keep any.
 */
async function setBoard(env: TestEnv, gameId: number, centres: Record<string, number>): Promise<void> {
  const game = (await gameRow(env, gameId))!;
  const phase = first(
    await env.deps.store.db.select().from(phases).where(eq(phases.id, game.currentPhaseId!)).limit(1),
  )!;
  const pool = [...CENTRES];
  const supplyCenters = Object.fromEntries(Object.entries(centres).map(([p, n]) => [p, pool.splice(0, n)]));
  const position: Position = {
    ...phase.position,
    supplyCenters,
    units: phase.position.units.filter((u) => (centres[u.power] ?? 0) > 0),
  };
  await env.deps.store.db.update(phases).set({ position }).where(eq(phases.id, phase.id));
}

// Classic's 34 supply centres.
const CENTRES = (
  'ank bel ber bre bud bul con den edi gre hol kie lon lvp mar mos mun nap nwy par por rom rum ser sev smy spa stp ' +
  'swe tri tun ven vie war'
).split(' ');

const finalPost = async (env: TestEnv) =>
  (await outboxRows(env.deps)).filter((r) => r.kind === 'game_over').map((r) => (r.payload as { text: string }).text);
const noticeTexts = async (env: TestEnv) =>
  (await outboxRows(env.deps)).filter((r) => r.kind === 'notice').map((r) => (r.payload as { text: string }).text);
const ratingRows = async (env: TestEnv) =>
  await env.deps.store.db.select().from(ratings).orderBy(asc(ratings.pool), asc(ratings.memberId));
const ratingOf = async (env: TestEnv, pool: string, member: string) =>
  (await ratingRows(env)).find((r) => r.pool === pool && r.memberId === member);

describe('scores and ratings at the end of a Diplomacy game', () => {
  let env: TestEnv;
  beforeEach(async () => {
    internalErrors.length = 0;
    env = await makeEnv();
  });
  afterEach(async () => {
    expect(internalErrors).toEqual([]);
    await env.close();
  });

  it('/game create scoring: is stored (default draw-size), and a bad value is refused naming the systems', async () => {
    const error = err(
      await createGame(env.deps, {
        channelId: CHANNEL,
        guildId: 'g',
        userId: GM,
        variantId: 'classic',
        scoring: 'elo',
      }),
    );
    expect(error).toBe('Unknown scoring "elo". Scoring: draw-size, sum-of-squares, solo-or-nothing, carnage.');
    const plain = ok(
      await createGame(env.deps, { channelId: CHANNEL, guildId: 'g', userId: GM, variantId: 'classic' }),
    );
    expect([plain.game.scoring, plain.game.rateAgainstComputers]).toEqual(['draw-size', false]);
    const chosen = ok(
      await createGame(env.deps, {
        channelId: 'chan-2',
        guildId: 'g',
        userId: 'other-gm',
        variantId: 'classic',
        scoring: 'carnage',
        rateAgainstComputers: true,
      }),
    );
    expect([chosen.game.scoring, chosen.game.rateAgainstComputers]).toEqual(['carnage', true]);
    expect(await gameRow(env, chosen.game.id)).toMatchObject({ scoring: 'carnage', rateAgainstComputers: true });
  });

  it('a draw: the final post scores it under the game system (sum-of-squares), and every member is rated once', async () => {
    const { game } = await started(env, { scoring: 'sum-of-squares' });
    // The draw of five of docs/bot.md's table: R 14, T 7, F 6, G 4, E 3; Austria and Italy out.
    await setBoard(env, game.id, { Russia: 14, Turkey: 7, France: 6, Germany: 4, England: 3 });
    for (const power of ['England', 'France', 'Germany', 'Russia']) ok(await voteDraw(env.deps, at(userOf(power))));
    const end = ok(await voteDraw(env.deps, at(userOf('Turkey')))).end;
    expect(end).toEqual({ kind: 'draw', powers: ['England', 'France', 'Germany', 'Russia', 'Turkey'] });
    // Σc² over the draw = 196 + 49 + 36 + 16 + 9 = 306: Russia 100 × 196/306 = 64.05, Turkey 4,900/306 = 16.01,
    // France 3,600/306 = 11.76, Germany 1,600/306 = 5.23, England 900/306 = 2.94; Austria and Italy 0.
    const [post] = await finalPost(env);
    expect(post).toContain(
      '\n📊 Scores (sum-of-squares): Russia 64.05, Turkey 16.01, France 11.76, Germany 5.23, England 2.94, Austria 0, Italy 0',
    );
    // The same line reaches every player's DM of the end.
    const dms = (await outboxRows(env.deps)).filter((r) => (r.payload as { reason?: string }).reason === 'game_over');
    expect(dms).toHaveLength(7);
    for (const dm of dms) expect((dm.payload as { text: string }).text).toContain('📊 Scores (sum-of-squares)');
    // Rated in the Diplomacy pool and overall: the five in the draw tied first, ahead of the two eliminated.
    expect(await ratingRows(env)).toHaveLength(14);
    const drawn = (await ratingOf(env, 'diplomacy', userOf('Russia')))!;
    const out = (await ratingOf(env, 'diplomacy', userOf('Austria')))!;
    expect(drawn.mu).toBeGreaterThan(25);
    expect(out.mu).toBeLessThan(25);
    expect((await ratingOf(env, 'diplomacy', userOf('England')))!.mu).toBeCloseTo(drawn.mu, 12);
    expect(await ratingOf(env, 'overall', userOf('Russia'))).toMatchObject({
      mu: drawn.mu,
      sigma: drawn.sigma,
      games: 1,
    });
    expect(await env.deps.store.db.select().from(ratedGames)).toEqual([{ gameId: game.id, ratedAt: env.clock.t }]);
  });

  it('a concession: the power conceded to takes the solo points (draw-size: France 100, everyone else 0)', async () => {
    const { game } = await started(env);
    // docs/bot.md's concession row: France 12, England 9, Germany 7, Italy 6; Austria, Russia and Turkey out.
    await setBoard(env, game.id, { France: 12, England: 9, Germany: 7, Italy: 6 });
    ok(await concede(env.deps, { ...at(userOf('England')), to: 'France' }));
    ok(await concede(env.deps, { ...at(userOf('Germany')), to: 'France' }));
    const end = ok(await concede(env.deps, { ...at(userOf('Italy')), to: 'France' })).end;
    expect(end).toEqual({ kind: 'concession', winner: 'France' });
    // A concession is France's solo: 100; the others 0, listed by place (England 9, Germany 7, Italy 6, then the three
    // that fell together, in the variant's order).
    expect((await finalPost(env))[0]).toContain(
      '📊 Scores (draw-size): France 100, England 0, Germany 0, Italy 0, Austria 0, Russia 0, Turkey 0',
    );
    const board = ok(await leaderboard(env.deps, { guildId: 'guild-1', pool: 'diplomacy' }));
    expect(board.entries.map((e) => [e.userId, e.place])).toEqual([
      [userOf('France'), 1],
      [userOf('England'), 2],
      [userOf('Germany'), 3],
      [userOf('Italy'), 4],
      // the three eliminated together share the fifth place
      ...[userOf('Austria'), userOf('Russia'), userOf('Turkey')].sort().map((u) => [u, 5]),
    ]);
    expect(board.members).toBe(7);
    expect(board.pool).toEqual({ pool: 'diplomacy', name: 'Diplomacy' });
  });

  it('the game master ends a started game: a draw of every survivor in the cancellation notice, rated once a phase was played', async () => {
    const { game } = await started(env, { scoring: 'carnage' });
    ok(await resolvePhase(env.deps, { gameId: game.id, reason: 'gm' })); // Spring 1901: every unit holds
    ok(await gmCancel(env.deps, { ...at(GM), canManageServer: false }));
    // Carnage places by centres: Russia (4) first, 7 × 1,000 + 4 = 7,004; the six with 3 centres share places 2 to 7:
    // (6,000 + 5,000 + 4,000 + 3,000 + 2,000 + 1,000) / 6 + 3 = 3,503 each.
    const notice = (await noticeTexts(env)).find((t) => t.includes('cancelled this game'))!;
    expect(notice).toContain(
      '\n📊 Scores (carnage): Russia 7,004, Austria 3,503, England 3,503, France 3,503, Germany 3,503, Italy 3,503, Turkey 3,503',
    );
    // Every survivor is in the game master's draw: all tied first, so every mean stays and every rating is surer.
    const rows = await ratingRows(env);
    expect(rows).toHaveLength(14);
    for (const r of rows) {
      expect(r.mu).toBeCloseTo(25, 9);
      expect(r.sigma).toBeLessThan(25 / 3);
      expect(r.games).toBe(1);
    }
  });

  it('a game cancelled before any phase was played shows its scores but is not rated; a forming game neither', async () => {
    await started(env);
    ok(await gmCancel(env.deps, { ...at(GM), canManageServer: false }));
    // Draw-size, seven survivors: 100 / 7 = 14.29 each, in the variant's order.
    expect((await noticeTexts(env)).find((t) => t.includes('cancelled this game'))).toContain(
      '📊 Scores (draw-size): Austria 14.29, England 14.29, France 14.29, Germany 14.29, Italy 14.29, Russia 14.29, Turkey 14.29',
    );
    expect(await ratingRows(env)).toEqual([]);
    expect(await env.deps.store.db.select().from(ratedGames)).toEqual([]);

    ok(await createGame(env.deps, { channelId: CHANNEL, guildId: 'guild-1', userId: GM, variantId: 'classic' }));
    ok(await gmCancel(env.deps, { ...at(GM), canManageServer: false }));
    expect((await noticeTexts(env)).filter((t) => t.includes('📊'))).toHaveLength(1);
  });

  it('a game is rated once: settling its end again, or ending it again after a rollback, changes no rating', async () => {
    const { game } = await started(env);
    ok(await resolvePhase(env.deps, { gameId: game.id, reason: 'gm' }));
    await setBoard(env, game.id, { Russia: 10, Turkey: 8, England: 6, France: 5, Germany: 5 });
    for (const power of ['England', 'France', 'Germany', 'Russia', 'Turkey'])
      ok(await voteDraw(env.deps, at(userOf(power))));
    const rated = await ratingRows(env);
    expect(rated).toHaveLength(14);

    // The end's work done a second time (as a retry would): the scores again, no rating moves.
    env.clock.advance(1000);
    const row = (await gameRow(env, game.id))!;
    const again = await env.deps.store.transaction(
      async (tx) => await settleEnd(tx, env.deps, row, row.end!, env.clock.t),
    );
    expect(again?.score.scores.map((s) => s.points)).toEqual([20, 20, 20, 20, 20, 0, 0]);
    expect(await ratingRows(env)).toEqual(rated);

    // The game master reopens the finished game and it ends again: a second final post, the same ratings.
    ok(await gmRollback(env.deps, at(GM)));
    expect((await gameRow(env, game.id))!.status).toBe('active');
    for (const power of CLASSIC_POWERS) ok(await voteDraw(env.deps, at(userOf(power))));
    expect((await gameRow(env, game.id))!.status).toBe('finished');
    expect(await finalPost(env)).toHaveLength(2);
    expect((await finalPost(env))[1]).toContain('📊 Scores (draw-size): Austria 14.29');
    expect(await ratingRows(env)).toEqual(rated);
    expect(await env.deps.store.db.select().from(ratedGames)).toHaveLength(1);
  });

  it("computer seats: by default a person's rating moves only with the other people; rate-computers counts them", async () => {
    // Turkey alone among six computer players concedes to Russia; the computer seats follow, and Russia wins.
    const play = async (channelId: string, rateAgainstComputers: boolean) => {
      ok(
        await createGame(env.deps, {
          channelId,
          guildId: 'guild-1',
          userId: `${GM}-${channelId}`,
          variantId: 'classic',
          computer: 'Austria, England, France, Germany, Italy, Russia',
          rateAgainstComputers,
        }),
      );
      ok(await joinGame(env.deps, { channelId, userId: `turkey-${channelId}`, power: 'Turkey' }));
      ok(await startGame(env.deps, { channelId, userId: `${GM}-${channelId}` }));
      const r = ok(await concede(env.deps, { channelId, userId: `turkey-${channelId}`, to: 'Russia' }));
      expect(r.end).toEqual({ kind: 'concession', winner: 'Russia' });
    };
    await play('alone', false);
    // A person alone with computers does not move: no rating is written for them.
    expect((await ratingRows(env)).filter((r) => !r.memberId.startsWith('computer:'))).toEqual([]);
    // The computer players are rated apart, under `computer:<power>`: Russia first.
    expect((await ratingOf(env, 'diplomacy', 'computer:Russia'))!.mu).toBeGreaterThan(25);
    expect((await ratingOf(env, 'overall', 'computer:Austria'))!.mu).toBeLessThan(25);
    expect(ok(await leaderboard(env.deps, { guildId: 'guild-1' })).entries).toEqual([]);

    await play('against', true);
    const person = (await ratingOf(env, 'diplomacy', 'turkey-against'))!;
    expect(person.mu).toBeLessThan(25);
    expect(ok(await leaderboard(env.deps, { guildId: 'guild-1' })).entries.map((e) => e.userId)).toEqual([
      'turkey-against',
    ]);
  });

  it('two people among computers are rated as if the computer seats were not there', async () => {
    ok(
      await createGame(env.deps, {
        channelId: CHANNEL,
        guildId: 'guild-1',
        userId: GM,
        variantId: 'classic',
        computer: 'Austria, France, Germany, Italy, Russia',
      }),
    );
    for (const power of ['England', 'Turkey']) ok(await joinGame(env.deps, { ...at(userOf(power)), power }));
    const { game } = ok(await startGame(env.deps, at(GM)));
    await setBoard(env, game.id, { Russia: 12, England: 8, Turkey: 5, France: 5, Austria: 4 });
    // Both people concede to Russia, a computer player: Russia 1st, England 2nd (8), Turkey 3rd (5, with France).
    ok(await concede(env.deps, { ...at(userOf('England')), to: 'Russia' }));
    ok(await concede(env.deps, { ...at(userOf('Turkey')), to: 'Russia' }));
    // Among the people alone: England ahead of Turkey.
    const expected = rateGame([
      { seat: 'England', rank: 2, members: [{ id: userOf('England'), computer: false, rating: null }] },
      { seat: 'Turkey', rank: 3, members: [{ id: userOf('Turkey'), computer: false, rating: null }] },
    ]);
    for (const c of expected)
      expect(await ratingOf(env, 'diplomacy', c.id)).toMatchObject({ mu: c.after.mu, sigma: c.after.sigma, games: 1 });
  });

  it('a seat two members played: each is rated with its place as if they had played it alone', async () => {
    const { game } = await started(env);
    ok(await resolvePhase(env.deps, { gameId: game.id, reason: 'gm' })); // England's first player is on record for Spring
    ok(await gmReplace(env.deps, { ...at(GM), power: 'England', newUserId: 'user-sub' }));
    await setBoard(env, game.id, { England: 18, France: 6, Germany: 5, Russia: 5 });
    for (const power of ['France', 'Germany', 'Russia'])
      ok(await concede(env.deps, { ...at(userOf(power)), to: 'England' }));
    expect((await gameRow(env, game.id))!.end).toEqual({ kind: 'concession', winner: 'England' });
    // England 1st, France 2nd (6 centres), Germany and Russia 3rd (5), the three with nothing left 5th; the seat is
    // played by its holder at the end, and its first player moves as if they had been there instead.
    const person = (power: string, id = userOf(power)) => ({ id, computer: false, rating: null });
    const seats = (england: string) => [
      { seat: 'England', rank: 1, members: [person('England', england)] },
      { seat: 'France', rank: 2, members: [person('France')] },
      ...['Germany', 'Russia'].map((p) => ({ seat: p, rank: 3, members: [person(p)] })),
      ...['Austria', 'Italy', 'Turkey'].map((p) => ({ seat: p, rank: 5, members: [person(p)] })),
    ];
    const expected = rateGame(seats('user-sub'));
    for (const c of expected)
      expect(await ratingOf(env, 'diplomacy', c.id), c.id).toMatchObject({
        mu: c.after.mu,
        sigma: c.after.sigma,
        games: 1,
      });
    const first = (await ratingOf(env, 'diplomacy', userOf('England')))!;
    expect(first).toMatchObject({ mu: expected[0]!.after.mu, sigma: expected[0]!.after.sigma, games: 1 });
    const board = ok(await leaderboard(env.deps, { guildId: 'guild-1', pool: 'diplomacy' })).entries;
    expect(board.slice(0, 2).map((e) => [e.userId, e.place])).toEqual([
      [userOf('England'), 1],
      ['user-sub', 1],
    ]);
    // Why not one team of both (openskill adds a team's means): the seat would have been the favourite, and its
    // winners would have ended below France and the third places.
    const team = rateGame([
      { seat: 'England', rank: 1, members: [person('England', 'user-sub'), person('England')] },
      ...seats('user-sub').slice(1),
    ]);
    const shown = (id: string) => team.find((c) => c.id === id)!.shownAfter;
    expect(shown('user-sub')).toBeLessThan(shown(userOf('Germany')));
    const rated = ok(await memberRatings(env.deps, { guildId: 'guild-1', userId: 'user-sub' })).ratings;
    expect(rated.map((r) => [r.pool, r.poolName, r.games, r.place])).toEqual([
      ['diplomacy', 'Diplomacy', 1, 1],
      ['overall', 'every game', 1, 1],
    ]);
  });

  it('a game outside a server is not rated; the leaderboard refuses an unknown kind, naming the kinds', async () => {
    ok(await createGame(env.deps, { channelId: CHANNEL, guildId: null, userId: GM, variantId: 'classic' }));
    for (const power of ['England', 'France']) ok(await joinGame(env.deps, { ...at(userOf(power)), power }));
    ok(await startGame(env.deps, at(GM)));
    for (const power of ['England', 'France']) ok(await voteDraw(env.deps, at(userOf(power))));
    expect(first(await env.deps.store.db.select().from(games).limit(1))!.status).toBe('finished');
    // Every survivor is in the draw, the powers in civil disorder too (strict DIAS): 100 / 7 = 14.29 each.
    expect((await finalPost(env))[0]).toContain('📊 Scores (draw-size): Austria 14.29, England 14.29');
    expect(await ratingRows(env)).toEqual([]);
    expect(err(await leaderboard(env.deps, { guildId: 'guild-1', pool: 'chess' }))).toMatch(
      /^Unknown kind "chess"\. Kinds: diplomacy, .*overall\.$/,
    );
    expect(ok(await memberRatings(env.deps, { guildId: 'guild-1', userId: userOf('England') })).ratings).toEqual([]);
  });
});
