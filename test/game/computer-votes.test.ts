/**
 * How a computer seat votes (issue 22 §5; docs/ai.md "Votes"): it follows the people's draw or concession (never
 * holding a table of people hostage), votes for a draw by itself when it cannot improve (no more centres than two
 * game years before), never concedes of its own accord, and its votes are rows counted like a person's.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { concede, createGame, joinGame, startGame, voteDraw, withdrawConcession } from '../../src/game/index.js';
import { settleComputerVotes } from '../../src/game/votes.js';
import { insertPhase } from '../../src/store/queries.js';
import { games, phases, votes } from '../../src/store/schema.js';
import { CHANNEL, GM, internalErrors, makeEnv, ok, userOf, type TestEnv } from './helpers.js';

let env: TestEnv;
beforeEach(() => {
  internalErrors.length = 0;
  env = makeEnv();
  // France and Austria are people; Germany and Italy computer players.
  ok(
    createGame(env.deps, {
      channelId: CHANNEL,
      guildId: 'g',
      userId: GM,
      variantId: 'classic',
      computer: 'Germany, Italy',
    }),
  );
  ok(joinGame(env.deps, { channelId: CHANNEL, userId: userOf('France'), power: 'France' }));
  ok(joinGame(env.deps, { channelId: CHANNEL, userId: userOf('Austria'), power: 'Austria' }));
  ok(startGame(env.deps, { channelId: CHANNEL, userId: GM }));
});
afterEach(() => {
  env.close();
  expect(internalErrors).toEqual([]);
});

const caller = (power: string) => ({ channelId: CHANNEL, userId: userOf(power) });
const game = () => env.deps.db.select().from(games).get()!;
const voteRows = (kind: 'draw' | 'concede') =>
  Object.fromEntries(
    env.deps.db
      .select()
      .from(votes)
      .where(and(eq(votes.gameId, game().id), eq(votes.kind, kind)))
      .all()
      .map((v) => [v.power, v.target ?? true]),
  );

/** The same phase two game years before the current one, with `centres` supply centres for some powers. */
function twoYearsBefore(centres: Record<string, number>) {
  const current = env.deps.db.select().from(phases).where(eq(phases.id, game().currentPhaseId!)).get()!;
  const position = structuredClone(current.position);
  position.phase = { ...position.phase, year: position.phase.year - 2 };
  for (const [power, n] of Object.entries(centres))
    position.supplyCenters[power] = (position.supplyCenters[power] ?? []).slice(0, n);
  env.deps.db.transaction((tx) => insertPhase(tx, game().id, -1, position, 0, null));
}

describe('a computer seat votes', () => {
  it('for the draw when every person has voted for it', () => {
    ok(voteDraw(env.deps, caller('France')));
    expect(voteRows('draw')).toEqual({ France: true });
    const r = ok(voteDraw(env.deps, caller('Austria')));
    expect(r.end).toMatchObject({ kind: 'draw' });
    expect(voteRows('draw')).toEqual({ France: true, Austria: true, Germany: true, Italy: true });
  });

  it('for the draw by itself when it cannot improve (no more centres than two years before), not when it grew', () => {
    // Without two years of history nobody is stalled.
    expect(ok(settleComputerVotes(env.deps, game().id)).end).toBeNull();
    expect(voteRows('draw')).toEqual({});
    twoYearsBefore({ Germany: 2 });
    expect(ok(settleComputerVotes(env.deps, game().id)).end).toBeNull();
    // Italy has 3 centres as two years before: it cannot improve. Germany grew from 2 to 3.
    expect(voteRows('draw')).toEqual({ Italy: true });
    ok(voteDraw(env.deps, caller('France')));
    expect(game().status).toBe('active');
    // The last person's vote: Germany follows the people (never a hostage-taker), and the draw passes.
    expect(ok(voteDraw(env.deps, caller('Austria'))).end).toMatchObject({ kind: 'draw' });
  });

  it('a table of people and stalled computers draws when the people agree; a stalled seat keeps its vote when a person withdraws', () => {
    twoYearsBefore({});
    ok(settleComputerVotes(env.deps, game().id));
    expect(voteRows('draw')).toEqual({ Germany: true, Italy: true });
    ok(voteDraw(env.deps, caller('France')));
    ok(voteDraw(env.deps, caller('France')));
    expect(voteRows('draw')).toEqual({ Germany: true, Italy: true });
  });

  it('concedes only when every person concedes to the same power, and withdraws with them', () => {
    ok(concede(env.deps, { ...caller('France'), to: 'Austria' }));
    expect(voteRows('concede')).toEqual({ France: 'Austria' });
    ok(withdrawConcession(env.deps, caller('France')));
    ok(concede(env.deps, { ...caller('France'), to: 'Italy' }));
    ok(concede(env.deps, { ...caller('Austria'), to: 'Italy' }));
    // Germany follows; Italy itself does not concede to itself, and wins.
    expect(voteRows('concede')).toEqual({ France: 'Italy', Austria: 'Italy', Germany: 'Italy' });
    expect(game().end).toEqual({ kind: 'concession', winner: 'Italy' });
  });

  it('follows the people\u2019s concession to a power in civil disorder, and withdraws when they do', () => {
    ok(concede(env.deps, { ...caller('France'), to: 'Russia' }));
    expect(voteRows('concede')).toEqual({ France: 'Russia' });
    ok(concede(env.deps, { ...caller('Austria'), to: 'England' }));
    expect(voteRows('concede')).toEqual({ France: 'Russia', Austria: 'England' });
    ok(concede(env.deps, { ...caller('Austria'), to: 'Russia' }));
    expect(game().end).toEqual({ kind: 'concession', winner: 'Russia' });
    expect(voteRows('concede')).toMatchObject({ Germany: 'Russia', Italy: 'Russia' });
  });
});
