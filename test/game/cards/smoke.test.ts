import { describe, expect, it } from 'vitest';
import { actOnce, info, startedCards } from './helpers.js';
import { verifyCardReplay } from '../../../src/game/cards/index.js';
import { internalErrors } from '../helpers.js';

describe('card game smoke', () => {
  it('plays a game through rounds', async () => {
    const env = await startedCards(3);
    let r = 1;
    for (let i = 0; i < 300 && (await info(env)).status !== 'finished'; i++)
      await actOnce(env, i % 3 === 0 ? 'fallBack' : 'wage', () => (r = (r * 16807) % 2147483647) / 2147483647);
    const g = await info(env);
    expect(internalErrors).toEqual([]);
    expect(g.round).toBeGreaterThan(2);
    expect(await verifyCardReplay(env.deps, g.gameId)).toEqual({ ok: true, same: true });
  });
});
