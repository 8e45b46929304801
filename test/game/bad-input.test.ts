/** Bad input never throws out of a use-case and never changes the stored game. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { orders } from '../../src/store/schema.js';
import { clearOrders, myOrders, submitOrders } from '../../src/game/orders/index.js';
import { concede, voteDraw } from '../../src/game/votes/index.js';
import { createGame, joinGame, freePowers } from '../../src/game/lobby/index.js';
import { gameStatus, history, why, renderInputForPhase } from '../../src/game/history/index.js';
import { gmExtend, gmReplace } from '../../src/game/gm/index.js';
import { toggleReady, resolvePhase } from '../../src/game/resolve/index.js';
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

  it('a refusal repeats at most a few dozen characters of what was typed, on one line', async () => {
    const huge = `${'x'.repeat(3000)}\n[S1901M] forged line ${'y'.repeat(3000)}`;
    const france = { channelId: CHANNEL, userId: userOf('France') };
    const gm = { channelId: CHANNEL, userId: GM };
    const other = { channelId: 'chan-2', guildId: null, userId: 'user-x' };
    const refusals = [
      await createGame(env.deps, { ...other, variantId: huge }),
      await createGame(env.deps, { ...other, variantId: 'classic', durations: { movement: huge } }),
      await createGame(env.deps, { ...other, variantId: 'classic', press: huge }),
      await createGame(env.deps, { ...other, variantId: 'classic', optionsText: huge }),
      await createGame(env.deps, { ...other, variantId: 'classic', options: { [huge]: huge } }),
      await joinGame(env.deps, { ...france, power: huge }),
      await gmExtend(env.deps, { ...gm, duration: huge }),
      await gmReplace(env.deps, { ...gm, power: huge, newUserId: userOf('Germany') }),
      await concede(env.deps, { ...france, to: huge }),
      await why(env.deps, { channelId: CHANNEL, province: huge }),
      await history(env.deps, { channelId: CHANNEL, phase: huge }),
    ];
    for (const r of refusals) {
      if (r.ok) throw new Error('expected a refusal');
      expect(r.error).not.toContain('\n');
      expect(r.error).not.toContain('forged');
      expect(r.error).not.toMatch(/x{40}/);
      expect(r.error.length).toBeLessThan(400);
    }
    // An order's own refusal (the parser's) is bounded the same way.
    const order = ok(await submitOrders(env.deps, { ...france, text: `A ${'x'.repeat(3000)} H` }));
    expect(order.rejected[0]!.error).toMatch(/^unknown place "x{39}…"$/);
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
