/**
 * Hidden identities in the game layer (src/game/core/identities.ts, docs/bot.md "Press"): the texts the channel reads in a
 * gunboat or anonymous game name no member until the game is over, and the outbox's safety net replaces (and reports)
 * a member reference a text should not have carried.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGame, startGame } from '../../../src/game/lobby/index.js';
import { gameStatus } from '../../../src/game/history/index.js';
import { memberRef } from '../../../src/game/core/index.js';
import { voteDraw } from '../../../src/game/votes/index.js';
import { hideMembers } from '../../../src/game/core/identities.js';
import { queueNotice } from '../../../src/game/outbox/write.js';
import { threadName } from '../../../src/game/press/press.js';
import { gameById } from '../../../src/store/queries.js';
import { CHANNEL, GM, internalErrors, joinPowers, makeEnv, ok, outboxRows, userOf, type TestEnv } from '../helpers.js';

let env: TestEnv;
beforeEach(async () => {
  internalErrors.length = 0;
  env = await makeEnv();
});
afterEach(async () => {
  await env.close();
  expect(internalErrors).toEqual([]);
});

const POWERS = ['England', 'France', 'Germany'];

async function hiddenGame(press: 'gunboat' | 'anonymous' = 'gunboat') {
  ok(await createGame(env.deps, { channelId: CHANNEL, guildId: 'guild-1', userId: GM, variantId: 'classic', press }));
  await joinPowers(env.deps, CHANNEL, POWERS);
  return ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM }));
}

/** Every channel text the outbox holds. */
const channelTexts = async () =>
  (await outboxRows(env.deps))
    .filter((r) => r.targetKind === 'channel')
    .map((r) => (r.payload as { text?: string }).text ?? '');

describe('hideMembers', () => {
  const game = { press: 'gunboat' as const, gmUserId: 'gm', status: 'active' as const };

  it('replaces every member reference: the game master by their role, anyone else by "a player"', () => {
    const r = hideMembers(game, `${memberRef('u1')} and ${memberRef('gm')} at ⟦time:5:R⟧`);
    expect(r).toEqual({ text: 'a player and the game master at ⟦time:5:R⟧', hidden: 2 });
  });

  it('leaves an open game, and a finished one, as written', () => {
    const text = `${memberRef('u1')} joined`;
    expect(hideMembers({ ...game, press: 'open' }, text)).toEqual({ text, hidden: 0 });
    expect(hideMembers({ ...game, status: 'finished' }, text)).toEqual({ text, hidden: 0 });
  });
});

describe('a game that hides identities', () => {
  it('refuses an unknown press mode, naming the modes', async () => {
    const r = await createGame(env.deps, {
      channelId: CHANNEL,
      guildId: null,
      userId: GM,
      variantId: 'classic',
      press: 'loud',
    });
    expect(r).toMatchObject({ ok: false, error: 'Unknown press "loud". Press: open, gunboat, anonymous.' });
    expect(!r.ok && r.message?.key).toBe('lobby.refused.unknownPress');
  });

  it('names nobody in the start post or the status, and reveals the players once it is over', async () => {
    await hiddenGame();
    const start = (await channelTexts()).find((t) => t.includes('has started'))!;
    expect(start).toContain('Who plays which power stays hidden until the end');
    for (const power of POWERS) expect(start).not.toContain(userOf(power));
    const status = ok(await gameStatus(env.deps, CHANNEL)).status.text;
    expect(status).toContain('gunboat: no press');
    expect(status).not.toContain('⟦member:');
    for (const power of POWERS) ok(await voteDraw(env.deps, { channelId: CHANNEL, userId: userOf(power) }));
    const over = (await channelTexts()).find((t) => t.startsWith('🏁'))!;
    for (const p of POWERS)
      expect(over).toMatch(new RegExp(`^__${p}__ · .* · ${memberRef(userOf(p))} \\(rating `, 'm'));
    expect(ok(await gameStatus(env.deps, CHANNEL)).status.text).toContain(memberRef(userOf('France')));
  });

  it('the outbox replaces a member reference a channel text should not carry, and reports it', async () => {
    await hiddenGame('anonymous');
    const game = await env.deps.store.transaction(async (tx) => (await gameById(tx, 1))!);
    await env.deps.store.transaction(
      async (tx) =>
        await queueNotice(tx, game, {
          text: `✋ ${memberRef(userOf('France'))} plays France`,
          dedupeKey: 'planted',
          now: env.deps.now(),
        }),
    );
    expect(await channelTexts()).toContain('✋ a player plays France');
    expect(internalErrors).toHaveLength(1);
    internalErrors.length = 0;
  });
});

describe('press thread names', () => {
  it("fit Discord's 100 characters, counting the powers left out", () => {
    expect(threadName(['England', 'France'])).toBe('Press · England, France');
    const many = Array.from({ length: 21 }, (_, i) => `Power number ${i + 1}`);
    const name = threadName(many);
    expect(name.length).toBeLessThanOrEqual(100);
    expect(name).toMatch(/… \(\+\d+\)$/);
  });
});
