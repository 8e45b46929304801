/**
 * What players read about a decisive battle in the results post, in `gm` and `dice` mode alike. The
 * loser is told it lost the battle, never "bounced (1 vs 1)" beside the winner's success. Seed: "If you are the
 * victor of the decisive battle, then you have sufficient strength to either take the province or hold the
 * province, recalculate the results of the diplomacy move."
 *
 * Spring 2500: Bretonnia's A cour and the Empire's A altd both move into the Wasteland and bounce (1 vs 1).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createGame, joinGame, startGame } from '../../src/game/lobby/index.js';
import { resolveDuePhases, runAction } from '../../src/game/resolve/index.js';
import { submitOrders } from '../../src/game/orders/index.js';
import type { GameDeps } from '../../src/game/core/index.js';
import { t, type Msg } from '../../src/i18n/index.js';
import { games, phases } from '../../src/store/schema.js';
import { CHANNEL, GM, internalErrors, makeEnv, ok, outboxRows, userOf, type TestEnv } from './helpers.js';

async function warhammerGame(env: TestEnv, decisive: 'gm' | 'dice', locale?: 'fr' | 'zh-CN') {
  ok(
    await createGame(env.deps, {
      channelId: CHANNEL,
      guildId: 'g',
      userId: GM,
      variantId: 'warhammer',
      ...(locale ? { locale } : {}),
      durations: { movement: '24h', retreat: '12h', adjustment: '12h' },
      options: { decisiveBattles: decisive },
    }),
  );
  for (const power of ['Bretonnia', 'Empire', 'Wood Elves'])
    ok(await joinGame(env.deps, { channelId: CHANNEL, userId: userOf(power), power }));
  ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM }));
  ok(
    await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf('Bretonnia'), text: 'A cour - wast; F lang H' }),
  );
  ok(
    await submitOrders(env.deps, {
      channelId: CHANNEL,
      userId: userOf('Empire'),
      text: 'A altd - wast; A nuln H; F midd H',
    }),
  );
}

/** `/act action:declare choice:<battle>`. */
const declareBattle = async (deps: GameDeps, input: { channelId: string; userId: string; battle: string }) =>
  await runAction(deps, {
    channelId: input.channelId,
    userId: input.userId,
    by: 'player',
    action: 'declare',
    choice: input.battle,
    detail: null,
  });
/** `/gm act action:battle choice:<province> detail:<winner>`. */
const reportBattle = async (
  deps: GameDeps,
  input: { channelId: string; userId: string; province: string; winner: string },
) =>
  await runAction(deps, {
    channelId: input.channelId,
    userId: input.userId,
    by: 'gm',
    action: 'battle',
    choice: input.province,
    detail: input.winner,
  });

async function passDeadline(env: TestEnv) {
  env.clock.t = (await env.deps.store.db.select().from(games))[0]!.deadlineMs! + 1;
  return await resolveDuePhases(env.deps);
}

const resultsPost = async (env: TestEnv) =>
  (await outboxRows(env.deps))
    .filter((r) => r.targetKind === 'channel' && r.kind !== 'status')
    .map((r) => (r.payload as { text: string }).text)
    .find((t) => t.startsWith('**Spring 2500 movement: results**'))!;

describe('the results post says who won and who lost a decisive battle', () => {
  let env: TestEnv;
  afterEach(async () => {
    await env?.close();
    expect(internalErrors).toEqual([]);
  });

  it('gm mode: the winner moved in after winning the battle; the loser lost the battle (no "1 vs 1")', async () => {
    env = await makeEnv();
    await warhammerGame(env, 'gm');
    await passDeadline(env);
    ok(await declareBattle(env.deps, { channelId: CHANNEL, userId: userOf('Bretonnia'), battle: 'move A cour' }));
    ok(await declareBattle(env.deps, { channelId: CHANNEL, userId: userOf('Empire'), battle: 'none' }));
    ok(await reportBattle(env.deps, { channelId: CHANNEL, userId: GM, province: 'wast', winner: 'Bretonnia' }));
    const results = (await env.deps.store.db.select().from(phases).orderBy(phases.id))[0]!.adjudication!.results;
    expect(results.find((r) => r.unit === 'A cour')).toMatchObject({
      result: 'success',
      reason: 'won the battle at The Wasteland and moved there',
    });
    expect(results.find((r) => r.unit === 'A altd')).toMatchObject({
      result: 'failure',
      reason: 'lost the battle at The Wasteland',
    });
    const post = await resultsPost(env);
    expect(post).toContain('lost the battle at The Wasteland');
    expect(post).not.toMatch(/1 vs 1/);
  });

  it('a French and a Chinese game read who won and who lost in their language', async () => {
    for (const [locale, lost] of [
      ['fr', 'a perdu la bataille de The Wasteland'],
      ['zh-CN', '在 The Wasteland 的战斗中落败'],
    ] as const) {
      env = await makeEnv();
      await warhammerGame(env, 'gm', locale);
      await passDeadline(env);
      ok(await declareBattle(env.deps, { channelId: CHANNEL, userId: userOf('Bretonnia'), battle: 'move A cour' }));
      ok(await declareBattle(env.deps, { channelId: CHANNEL, userId: userOf('Empire'), battle: 'none' }));
      ok(await reportBattle(env.deps, { channelId: CHANNEL, userId: GM, province: 'wast', winner: 'Bretonnia' }));
      const row = (await outboxRows(env.deps)).find((r) =>
        ((r.payload as { text?: string }).text ?? '').startsWith('**Spring 2500 movement: results**'),
      )!;
      const post = (row.payload as { lines: Msg[] }).lines.map((line) => t(locale, line)).join('\n');
      expect(post).toContain(lost);
      expect(post).not.toContain('lost the battle');
      await env.close();
    }
    env = undefined as unknown as TestEnv;
  });

  it('dice mode: whichever side the dice favour, the other is told it lost the battle', async () => {
    env = await makeEnv();
    await warhammerGame(env, 'dice');
    await passDeadline(env);
    ok(await declareBattle(env.deps, { channelId: CHANNEL, userId: userOf('Empire'), battle: 'move A altd' }));
    await passDeadline(env);
    const results = (await env.deps.store.db.select().from(phases).orderBy(phases.id))[0]!.adjudication!.results;
    const moves = ['A cour', 'A altd'].map((unit) => results.find((r) => r.unit === unit)!);
    expect(moves.map((r) => r.result).sort()).toEqual(['failure', 'success']);
    expect(moves.find((r) => r.result === 'failure')!.reason).toBe('lost the battle at The Wasteland');
    expect(moves.find((r) => r.result === 'success')!.reason).toBe('won the battle at The Wasteland and moved there');
    expect(await resultsPost(env)).not.toMatch(/1 vs 1/);
  });
});
