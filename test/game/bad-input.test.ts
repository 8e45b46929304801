/** Bad input never throws out of a use-case and never changes the stored game. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { orders } from '../../src/store/schema.js';
import {
  clearOrders,
  concede,
  createGame,
  gameStatus,
  gmExtend,
  gmReplace,
  history,
  joinGame,
  myOrders,
  submitOrders,
  toggleReady,
  voteDraw,
  why,
  freePowers,
  renderInputForPhase,
  resolvePhase,
} from '../../src/game/index.js';
import { CHANNEL, GM, internalErrors, makeEnv, ok, startedGame, userOf, type TestEnv } from './helpers.js';

let env: TestEnv;
beforeEach(async () => {
  internalErrors.length = 0;
  env = await makeEnv();
  await startedGame(env.deps, ['France', 'Germany']);
});
afterEach(async () => {
  await env.close();
  expect(internalErrors).toEqual([]);
});

const garbage: unknown[] = [
  undefined,
  null,
  '',
  '   ',
  42,
  {},
  '\u0000',
  'x'.repeat(7000),
  ';;;;',
  'A A A A',
  '🐉 - 🐉',
];
const snapshot = async () =>
  JSON.stringify(ok(await gameStatus(env.deps, CHANNEL)).status) +
  JSON.stringify(await env.deps.store.db.select({ n: count() }).from(orders));

describe('bad input', () => {
  it('order texts of every kind return results, never exceptions', async () => {
    const before = await snapshot();
    for (const text of garbage) {
      const r = await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf('France'), text: text as string });
      if (r.ok) expect(r.stored).toEqual([]);
      else expect(r.error.length).toBeGreaterThan(0);
    }
    expect(await snapshot()).toBe(before);
  });

  it('every use-case answers strange arguments with an error sentence', async () => {
    const before = await snapshot();
    for (const g of garbage) {
      const s = g as string;
      const results = [
        await createGame(env.deps, {
          channelId: CHANNEL,
          guildId: null,
          userId: GM,
          variantId: s,
          durations: { movement: s },
        }),
        await joinGame(env.deps, { channelId: s, userId: s, power: s }),
        await gmExtend(env.deps, { channelId: CHANNEL, userId: GM, duration: s }),
        await gmReplace(env.deps, { channelId: CHANNEL, userId: GM, power: s, newUserId: userOf('Germany') }),
        await concede(env.deps, { channelId: CHANNEL, userId: userOf('France'), to: `${String(g)}?` }),
        await why(env.deps, { channelId: CHANNEL, province: s }),
        await history(env.deps, { channelId: CHANNEL, phase: `${String(g)}?` }),
        await myOrders(env.deps, { channelId: s, userId: s }),
        await clearOrders(env.deps, { channelId: s, userId: userOf('France') }),
        await toggleReady(env.deps, { channelId: CHANNEL, userId: s }),
        await voteDraw(env.deps, { channelId: CHANNEL, userId: s }),
        await resolvePhase(env.deps, { gameId: Number(s) || -1, reason: 'gm' }),
      ];
      for (const r of results) {
        expect({ g, i: results.indexOf(r), ok: r.ok }).toEqual({ g, i: results.indexOf(r), ok: false });
        if (!r.ok) expect(r.error).toMatch(/[A-Za-z]{3}/);
      }
      expect(await freePowers(env.deps, s)).toEqual([]);
    }
    expect(await renderInputForPhase(env.deps, 99999)).toBeNull();
    expect(await snapshot()).toBe(before);
  });

  it('a closed database gives an error sentence instead of an exception', async () => {
    await env.deps.store.close();
    const told: unknown[] = [];
    const r = await submitOrders(
      { ...env.deps, onError: (e) => told.push(e) },
      { channelId: CHANNEL, userId: userOf('France'), text: 'A par H' },
    );
    expect(r.ok).toBe(false);
    expect(internalErrors.length).toBe(1);
    expect(told).toHaveLength(1);
    internalErrors.length = 0;
  });
});
