/**
 * Game events for the operator's log: told after the commit, never for a rolled-back change, and
 * never carrying an order.
 */
import { describe, expect, it } from 'vitest';
import { createGame, startGame, joinGame } from '../../src/game/lobby/index.js';
import { resolvePhase } from '../../src/game/resolve/index.js';
import { submitOrders } from '../../src/game/orders/index.js';
import { concede } from '../../src/game/votes/index.js';
import type { GameEvent } from '../../src/game/core/types.js';
import { CHANNEL, GM, makeEnv, ok, startedGame, userOf } from './helpers.js';

async function recording() {
  const env = await makeEnv();
  const events: GameEvent[] = [];
  env.deps.onEvent = (e) => events.push(e);
  return { ...env, events };
}

describe('game events', () => {
  it('created, started, each phase resolved (with reason and time), finished', async () => {
    const env = await recording();
    const game = await startedGame(env.deps, ['France', 'Germany']);
    expect(env.events.map((e) => e.kind)).toEqual(['game_created', 'game_started']);
    expect(env.events[0]).toMatchObject({
      gameId: game.game.id,
      variantId: 'classic',
      guildId: 'guild-1',
      channelId: CHANNEL,
    });
    expect(env.events[1]).toMatchObject({ gameId: game.game.id, players: 2 });
    ok(await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf('France'), text: 'A par - bur' }));
    env.events.length = 0;
    ok(await resolvePhase(env.deps, { gameId: game.game.id, reason: 'gm' }));
    expect(env.events).toHaveLength(1);
    expect(env.events[0]).toMatchObject({
      kind: 'phase_resolved',
      gameId: game.game.id,
      phase: 'Spring 1901 movement',
      reason: 'gm',
    });
    expect((env.events[0] as { ms: number }).ms).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(env.events)).not.toMatch(/bur/);
    env.events.length = 0;
    ok(await concede(env.deps, { channelId: CHANNEL, userId: userOf('Germany'), to: 'France' }));
    expect(env.events.filter((e) => e.kind === 'game_finished')).toEqual([
      { kind: 'game_finished', gameId: game.game.id, end: 'concession: France' },
    ]);
    await env.close();
  });

  it('says nothing about a change that was refused and rolled back', async () => {
    const env = await recording();
    ok(await createGame(env.deps, { channelId: CHANNEL, guildId: 'g', userId: GM, variantId: 'classic' }));
    env.events.length = 0;
    expect(
      (await createGame(env.deps, { channelId: CHANNEL, guildId: 'g', userId: GM, variantId: 'classic' })).ok,
    ).toBe(false);
    expect((await startGame(env.deps, { channelId: CHANNEL, userId: GM })).ok).toBe(false); // nobody joined
    ok(await joinGame(env.deps, { channelId: CHANNEL, userId: userOf('France'), power: 'France' }));
    expect(env.events).toEqual([]);
    await env.close();
  });
});
