import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { concede, gameStatus, myConcession, submitOrders, voteDraw, withdrawConcession } from '../../src/game/index.js';
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
    const first = ok(voteDraw(env.deps, caller('France')));
    // Secret (abuse issue §6): the result says nothing about other votes.
    expect(first).toEqual({ ok: true, power: 'France', voted: true, end: null });
    expect(ok(voteDraw(env.deps, caller('France')))).toMatchObject({ voted: false });
    ok(voteDraw(env.deps, caller('France')));
    ok(voteDraw(env.deps, caller('Germany')));
    expect(ok(gameStatus(env.deps, CHANNEL)).status.game.status).toBe('active');
    const last = ok(voteDraw(env.deps, caller('Italy')));
    expect(last.end).toEqual({
      kind: 'draw',
      powers: ['Austria', 'England', 'France', 'Germany', 'Italy', 'Russia', 'Turkey'],
    });
    const status = ok(gameStatus(env.deps, CHANNEL)).status;
    expect(status.game.status).toBe('finished');
    expect(status.text).toMatch(/Game over: a draw/);
    const over = outboxRows(env.deps).filter((r) => r.kind === 'game_over');
    expect(over).toHaveLength(1);
    expect(
      outboxRows(env.deps).filter((r) => r.kind === 'dm' && (r.payload as { reason: string }).reason === 'game_over'),
    ).toHaveLength(3);
    expect(err(submitOrders(env.deps, { ...caller('France'), text: 'A par H' }))).toMatch(
      /game in this channel is over/,
    );
  });
});

describe('concession', () => {
  it('ends the game when all other players concede to the same power', () => {
    startedGame(env.deps, ['France', 'Germany', 'Italy']);
    expect(err(concede(env.deps, { ...caller('France'), to: 'France' }))).toMatch(/yourself/);
    expect(err(concede(env.deps, { ...caller('France'), to: 'Mordor' }))).toMatch(/not a power/);
    expect(ok(concede(env.deps, { ...caller('France'), to: 'germany' }))).toEqual({
      ok: true,
      power: 'France',
      to: 'Germany',
      previous: null,
      end: null,
    });
    expect(ok(gameStatus(env.deps, CHANNEL)).status.text).not.toMatch(/conce|draw/i);
    const r = ok(concede(env.deps, { ...caller('Italy'), to: 'Germany' }));
    expect(r.end).toEqual({ kind: 'concession', winner: 'Germany' });
    expect(ok(gameStatus(env.deps, CHANNEL)).status.game.end).toEqual({ kind: 'concession', winner: 'Germany' });
  });

  it('needs a power (never a default), and can be withdrawn or moved until it decides the game', () => {
    startedGame(env.deps, ['France', 'Germany', 'Italy']);
    expect(err(concede(env.deps, { ...caller('France'), to: '' }))).toMatch(/which power/);
    expect(err(withdrawConcession(env.deps, caller('France')))).toMatch(/has not conceded/);
    ok(concede(env.deps, { ...caller('France'), to: 'Germany' }));
    expect(ok(myConcession(env.deps, caller('France'))).to).toBe('Germany');
    expect(ok(withdrawConcession(env.deps, caller('France')))).toMatchObject({ power: 'France', to: 'Germany' });
    expect(ok(myConcession(env.deps, caller('France'))).to).toBeNull();
    ok(concede(env.deps, { ...caller('Italy'), to: 'Germany' }));
    // France's withdrawn concession no longer counts: Italy alone does not decide it.
    expect(ok(gameStatus(env.deps, CHANNEL)).status.game.status).toBe('active');
    expect(ok(concede(env.deps, { ...caller('Italy'), to: 'France' })).previous).toBe('Germany');
    expect(ok(concede(env.deps, { ...caller('Germany'), to: 'France' })).end).toEqual({
      kind: 'concession',
      winner: 'France',
    });
  });
});
