import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { concede, myConcession, voteDraw, withdrawConcession } from '../../../src/game/votes/index.js';
import { gameStatus } from '../../../src/game/history/index.js';
import { submitOrders } from '../../../src/game/orders/index.js';
import { createGame, joinGame, startGame } from '../../../src/game/lobby/index.js';
import {
  CHANNEL,
  err,
  internalErrors,
  makeEnv,
  ok,
  outboxRows,
  startedGame,
  userOf,
  type TestEnv,
} from '../helpers.js';

let env: TestEnv;
beforeEach(async () => {
  internalErrors.length = 0;
  env = await makeEnv();
});
afterEach(async () => {
  await env.close();
  expect(internalErrors).toEqual([]);
});

const caller = (power: string) => ({ channelId: CHANNEL, userId: userOf(power) });

describe('draw', () => {
  it('ends the game when every surviving power with a player votes; a vote can be withdrawn', async () => {
    await startedGame(env.deps, ['France', 'Germany', 'Italy']);
    const first = ok(await voteDraw(env.deps, caller('France')));
    // Secret: the result says nothing about other votes.
    expect(first).toEqual({
      ok: true,
      power: 'France',
      voted: true,
      end: null,
      among: ['Austria', 'England', 'France', 'Germany', 'Italy', 'Russia', 'Turkey'],
    });
    expect(ok(await voteDraw(env.deps, caller('France')))).toMatchObject({ voted: false });
    ok(await voteDraw(env.deps, caller('France')));
    ok(await voteDraw(env.deps, caller('Germany')));
    expect(ok(await gameStatus(env.deps, CHANNEL)).status.game.status).toBe('active');
    const last = ok(await voteDraw(env.deps, caller('Italy')));
    expect(last.end).toEqual({
      kind: 'draw',
      powers: ['Austria', 'England', 'France', 'Germany', 'Italy', 'Russia', 'Turkey'],
    });
    const status = ok(await gameStatus(env.deps, CHANNEL)).status;
    expect(status.game.status).toBe('finished');
    expect(status.text).toMatch(/Game over: a draw/);
    const over = (await outboxRows(env.deps)).filter((r) => r.kind === 'game_over');
    expect(over).toHaveLength(1);
    expect(
      (await outboxRows(env.deps)).filter(
        (r) => r.kind === 'dm' && (r.payload as { reason: string }).reason === 'game_over',
      ),
    ).toHaveLength(3);
    expect(err(await submitOrders(env.deps, { ...caller('France'), text: 'A par H' }))).toMatch(
      /game in this channel is over/,
    );
  });
});

describe('draw in Mandate of Heaven', () => {
  it('is shared by the surviving powers, never the neutrals the players’ vote moves', async () => {
    const channelId = 'mandate';
    ok(await createGame(env.deps, { channelId, guildId: 'guild-1', userId: 'gm', variantId: 'mandate-of-heaven' }));
    for (const power of ['Qin', 'Chu']) ok(await joinGame(env.deps, { channelId, userId: userOf(power), power }));
    ok(await startGame(env.deps, { channelId, userId: 'gm' }));
    ok(await voteDraw(env.deps, { channelId, userId: userOf('Qin') }));
    const last = ok(await voteDraw(env.deps, { channelId, userId: userOf('Chu') }));
    // The seven states share it (Qi, Yan, Zhao, Wei and Han in civil disorder); Zhou, Song and the other neutrals
    // have no player and no score: the end post named them among those sharing the draw.
    expect(last.end).toEqual({ kind: 'draw', powers: ['Qin', 'Chu', 'Qi', 'Yan', 'Zhao', 'Wei', 'Han'] });
  });
});

describe('concession', () => {
  it('ends the game when all other players concede to the same power', async () => {
    await startedGame(env.deps, ['France', 'Germany', 'Italy']);
    expect(err(await concede(env.deps, { ...caller('France'), to: 'France' }))).toMatch(/yourself/);
    expect(err(await concede(env.deps, { ...caller('France'), to: 'Mordor' }))).toMatch(/not a power/);
    expect(ok(await concede(env.deps, { ...caller('France'), to: 'germany' }))).toEqual({
      ok: true,
      power: 'France',
      to: 'Germany',
      previous: null,
      end: null,
    });
    expect(ok(await gameStatus(env.deps, CHANNEL)).status.text).not.toMatch(/conce|draw/i);
    const r = ok(await concede(env.deps, { ...caller('Italy'), to: 'Germany' }));
    expect(r.end).toEqual({ kind: 'concession', winner: 'Germany' });
    expect(ok(await gameStatus(env.deps, CHANNEL)).status.game.end).toEqual({ kind: 'concession', winner: 'Germany' });
  });

  it('needs a power (never a default), and can be withdrawn or moved until it decides the game', async () => {
    await startedGame(env.deps, ['France', 'Germany', 'Italy']);
    expect(err(await concede(env.deps, { ...caller('France'), to: '' }))).toMatch(/which power/);
    expect(err(await withdrawConcession(env.deps, caller('France')))).toMatch(/has not conceded/);
    ok(await concede(env.deps, { ...caller('France'), to: 'Germany' }));
    expect(ok(await myConcession(env.deps, caller('France'))).to).toBe('Germany');
    expect(ok(await withdrawConcession(env.deps, caller('France')))).toMatchObject({ power: 'France', to: 'Germany' });
    expect(ok(await myConcession(env.deps, caller('France'))).to).toBeNull();
    ok(await concede(env.deps, { ...caller('Italy'), to: 'Germany' }));
    // France's withdrawn concession no longer counts: Italy alone does not decide it.
    expect(ok(await gameStatus(env.deps, CHANNEL)).status.game.status).toBe('active');
    expect(ok(await concede(env.deps, { ...caller('Italy'), to: 'France' })).previous).toBe('Germany');
    expect(ok(await concede(env.deps, { ...caller('Germany'), to: 'France' })).end).toEqual({
      kind: 'concession',
      winner: 'France',
    });
  });
});
