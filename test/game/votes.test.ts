import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { concede, gameStatus, submitOrders, voteDraw } from '../../src/game/index.js';
import { CHANNEL, err, internalErrors, makeEnv, ok, outboxRows, startedGame, userOf, type TestEnv } from './helpers.js';

let env: TestEnv;
beforeEach(() => {
  internalErrors.length = 0;
  env = makeEnv();
});
afterEach(() => {
  env.close();
  expect(internalErrors).toEqual([]);
});

const caller = (power: string) => ({ channelId: CHANNEL, userId: userOf(power) });

describe('draw', () => {
  it('ends the game when every surviving power with a player votes; a vote can be withdrawn', () => {
    startedGame(env.deps, ['France', 'Germany', 'Italy']);
    expect(ok(voteDraw(env.deps, caller('France')))).toMatchObject({ voted: true, waitingFor: ['Germany', 'Italy'], end: null });
    expect(ok(voteDraw(env.deps, caller('France')))).toMatchObject({ voted: false });
    ok(voteDraw(env.deps, caller('France')));
    ok(voteDraw(env.deps, caller('Germany')));
    expect(ok(gameStatus(env.deps, CHANNEL)).status.game.status).toBe('active');
    const last = ok(voteDraw(env.deps, caller('Italy')));
    expect(last.end).toEqual({ kind: 'draw', powers: ['Austria', 'England', 'France', 'Germany', 'Italy', 'Russia', 'Turkey'] });
    const status = ok(gameStatus(env.deps, CHANNEL)).status;
    expect(status.game.status).toBe('finished');
    expect(status.text).toMatch(/Game over: a draw/);
    const over = outboxRows(env.deps).filter((r) => r.kind === 'game_over');
    expect(over).toHaveLength(1);
    expect(outboxRows(env.deps).filter((r) => r.kind === 'dm' && (r.payload as { reason: string }).reason === 'game_over')).toHaveLength(3);
    expect(err(submitOrders(env.deps, { ...caller('France'), text: 'A par H' }))).toMatch(/game in this channel is over/);
  });
});

describe('concession', () => {
  it('ends the game when all other players concede to the same power', () => {
    startedGame(env.deps, ['France', 'Germany', 'Italy']);
    expect(err(concede(env.deps, { ...caller('France'), to: 'France' }))).toMatch(/yourself/);
    expect(err(concede(env.deps, { ...caller('France'), to: 'Mordor' }))).toMatch(/not a power/);
    expect(ok(concede(env.deps, { ...caller('France'), to: 'germany' }))).toMatchObject({ to: 'Germany', waitingFor: ['Italy'], end: null });
    const r = ok(concede(env.deps, { ...caller('Italy'), to: 'Germany' }));
    expect(r.end).toEqual({ kind: 'concession', winner: 'Germany' });
    expect(ok(gameStatus(env.deps, CHANNEL)).status.game.end).toEqual({ kind: 'concession', winner: 'Germany' });
  });

  it('defaults to the power with the most centres', () => {
    startedGame(env.deps, ['France', 'Russia']);
    const r = ok(concede(env.deps, caller('France')));
    expect(r.to).toBe('Russia');
    expect(r.end).toEqual({ kind: 'concession', winner: 'Russia' });
  });
});
