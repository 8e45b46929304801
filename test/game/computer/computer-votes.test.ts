/**
 * How a computer seat votes (docs/ai.md "Votes"): it follows the people's draw or concession (never
 * holding a table of people hostage), votes for a draw by itself when it cannot improve (no more centres than two
 * game years before), never concedes of its own accord, and its votes are rows counted like a person's.
 */
import { first } from '../../../src/store/store.js';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { concede, voteDraw, withdrawConcession } from '../../../src/game/votes/index.js';
import { createGame, joinGame, startGame } from '../../../src/game/lobby/index.js';
import { settleComputerVotes } from '../../../src/game/votes/votes.js';
import { insertPhase } from '../../../src/store/queries.js';
import { games, phases, votes } from '../../../src/store/schema.js';
import { CHANNEL, GM, internalErrors, makeEnv, ok, userOf, type TestEnv } from '../helpers.js';

let env: TestEnv;
beforeEach(async () => {
  internalErrors.length = 0;
  env = await makeEnv();
  // France and Austria are people; Germany and Italy computer players.
  ok(
    await createGame(env.deps, {
      channelId: CHANNEL,
      guildId: 'g',
      userId: GM,
      variantId: 'classic',
      computer: 'Germany, Italy',
    }),
  );
  ok(await joinGame(env.deps, { channelId: CHANNEL, userId: userOf('France'), power: 'France' }));
  ok(await joinGame(env.deps, { channelId: CHANNEL, userId: userOf('Austria'), power: 'Austria' }));
  ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM }));
});
afterEach(async () => {
  await env.close();
  expect(internalErrors).toEqual([]);
});

const caller = (power: string) => ({ channelId: CHANNEL, userId: userOf(power) });
const game = async () => first(await env.deps.store.db.select().from(games).limit(1))!;
const voteRows = async (kind: 'draw' | 'concede') =>
  Object.fromEntries(
    (
      await env.deps.store.db
        .select()
        .from(votes)
        .where(and(eq(votes.gameId, (await game()).id), eq(votes.kind, kind)))
    ).map((v) => [v.power, v.target ?? true]),
  );

/** The same phase two game years before the current one, with `centres` supply centres for some powers. */
async function twoYearsBefore(centres: Record<string, number>) {
  const current = first(
    await env.deps.store.db
      .select()
      .from(phases)
      .where(eq(phases.id, (await game()).currentPhaseId!))
      .limit(1),
  )!;
  const position = structuredClone(current.position);
  position.phase = { ...position.phase, year: position.phase.year - 2 };
  for (const [power, n] of Object.entries(centres))
    position.supplyCenters[power] = (position.supplyCenters[power] ?? []).slice(0, n);
  await env.deps.store.transaction(async (tx) => await insertPhase(tx, (await game()).id, -1, position, 0, null));
}

describe('a computer seat votes', () => {
  it('for the draw when every person has voted for it', async () => {
    ok(await voteDraw(env.deps, caller('France')));
    expect(await voteRows('draw')).toEqual({ France: true });
    const r = ok(await voteDraw(env.deps, caller('Austria')));
    expect(r.end).toMatchObject({ kind: 'draw' });
    expect(await voteRows('draw')).toEqual({ France: true, Austria: true, Germany: true, Italy: true });
  });

  it('for the draw by itself when it cannot improve (no more centres than two years before), not when it grew', async () => {
    // Without two years of history nobody is stalled.
    expect(ok(await settleComputerVotes(env.deps, (await game()).id)).end).toBeNull();
    expect(await voteRows('draw')).toEqual({});
    await twoYearsBefore({ Germany: 2 });
    expect(ok(await settleComputerVotes(env.deps, (await game()).id)).end).toBeNull();
    // Italy has 3 centres as two years before: it cannot improve. Germany grew from 2 to 3.
    expect(await voteRows('draw')).toEqual({ Italy: true });
    ok(await voteDraw(env.deps, caller('France')));
    expect((await game()).status).toBe('active');
    // The last person's vote: Germany follows the people (never a hostage-taker), and the draw passes.
    expect(ok(await voteDraw(env.deps, caller('Austria'))).end).toMatchObject({ kind: 'draw' });
  });

  it('a table of people and stalled computers draws when the people agree; a stalled seat keeps its vote when a person withdraws', async () => {
    await twoYearsBefore({});
    ok(await settleComputerVotes(env.deps, (await game()).id));
    expect(await voteRows('draw')).toEqual({ Germany: true, Italy: true });
    ok(await voteDraw(env.deps, caller('France')));
    ok(await voteDraw(env.deps, caller('France')));
    expect(await voteRows('draw')).toEqual({ Germany: true, Italy: true });
  });

  it('concedes only when every person concedes to the same power, and withdraws with them', async () => {
    ok(await concede(env.deps, { ...caller('France'), to: 'Italy' }));
    expect(await voteRows('concede')).toEqual({ France: 'Italy' });
    ok(await withdrawConcession(env.deps, caller('France')));
    expect(await voteRows('concede')).toEqual({});
    ok(await concede(env.deps, { ...caller('France'), to: 'Italy' }));
    ok(await concede(env.deps, { ...caller('Austria'), to: 'Italy' }));
    // Germany follows; Italy itself does not concede to itself, and wins.
    expect(await voteRows('concede')).toEqual({ France: 'Italy', Austria: 'Italy', Germany: 'Italy' });
    expect((await game()).end).toEqual({ kind: 'concession', winner: 'Italy' });
  });

  it('follows the people\u2019s concession to a power in civil disorder, and withdraws when they do', async () => {
    ok(await concede(env.deps, { ...caller('France'), to: 'Russia' }));
    expect(await voteRows('concede')).toEqual({ France: 'Russia' });
    ok(await concede(env.deps, { ...caller('Austria'), to: 'England' }));
    expect(await voteRows('concede')).toEqual({ France: 'Russia', Austria: 'England' });
    ok(await concede(env.deps, { ...caller('Austria'), to: 'Russia' }));
    expect((await game()).end).toEqual({ kind: 'concession', winner: 'Russia' });
    expect(await voteRows('concede')).toMatchObject({ Germany: 'Russia', Italy: 'Russia' });
  });

  it('a concession to a person ends the game: the winner needs no vote of their own, and the computers follow', async () => {
    // The winner is a person: France concedes to Austria; Austria (the winner) has conceded to nobody.
    const r = ok(await concede(env.deps, { ...caller('France'), to: 'Austria' }));
    expect(r.end).toEqual({ kind: 'concession', winner: 'Austria' });
    expect(await voteRows('concede')).toEqual({ France: 'Austria', Germany: 'Austria', Italy: 'Austria' });
    expect((await game()).status).toBe('finished');
  });

  it('a concession the winner has answered with one of their own still ends the game', async () => {
    ok(await concede(env.deps, { ...caller('Austria'), to: 'Italy' }));
    expect((await game()).status).toBe('active');
    expect(ok(await concede(env.deps, { ...caller('France'), to: 'Austria' })).end).toEqual({
      kind: 'concession',
      winner: 'Austria',
    });
  });

  it('the draw passes with computer seats as soon as the people agree, whatever the computers stood for', async () => {
    // Germany stalled and voted for the draw on its own; Italy did not: neither holds the people back.
    await twoYearsBefore({ Italy: 1 });
    ok(await settleComputerVotes(env.deps, (await game()).id));
    expect(await voteRows('draw')).toEqual({ Germany: true });
    ok(await voteDraw(env.deps, caller('Austria')));
    expect((await game()).status).toBe('active');
    expect(ok(await voteDraw(env.deps, caller('France'))).end).toMatchObject({ kind: 'draw' });
    expect((await game()).end).toMatchObject({ kind: 'draw' });
  });
});
