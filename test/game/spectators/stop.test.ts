/**
 * A spectator's `/spectate stop:True` (src/game/spectators `stopWatching`, docs/table.md "Spectators", "Stopping"):
 * the reply tells the watches it stopped from the requests it withdrew (a member whose request was never answered
 * never watched), counted as the spectator reads them, and a withdrawn request's DM loses its buttons in the player's
 * DMs (`spectate_request_closed`), as when the player answers.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGame, startGame } from '../../../src/game/lobby/index.js';
import { deliverOutbox, type DeliveryRow } from '../../../src/game/delivery/index.js';
import { answerRequest, askToWatch, stopWatching } from '../../../src/game/spectators/index.js';
import { PROGRESS_EVERY_MS } from '../../../src/game/outbox/marks.js';
import { tr } from '../../../src/i18n/index.js';
import { CHANNEL, CLASSIC_POWERS, GM, joinPowers, makeEnv, ok, outboxRows, userOf, type TestEnv } from '../helpers.js';

const WATCHER = { channelId: CHANNEL, userId: 'user-watcher' };

describe("a spectator's stop", () => {
  let env: TestEnv;

  async function game(press: 'open' | 'gunboat'): Promise<void> {
    ok(await createGame(env.deps, { channelId: CHANNEL, guildId: 'guild-1', userId: GM, variantId: 'classic', press }));
    await joinPowers(env.deps, CHANNEL, CLASSIC_POWERS);
    ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM }));
  }

  /** Delivers what is due now (the request DMs get their message ids, so a close edits them). */
  async function deliver(): Promise<void> {
    let id = 0;
    await deliverOutbox({
      store: env.deps.store,
      now: env.deps.now,
      send: async (_row: DeliveryRow) => ({ messageId: `m-${++id}` }),
    });
  }

  beforeEach(async () => {
    env = await makeEnv();
  });

  afterEach(async () => {
    await env.close();
  });

  it('tells a request withdrawn from a watch stopped, and closes the request DM in the player DMs', async () => {
    await game('open');
    const england = ok(await askToWatch(env.deps, { ...WATCHER, power: 'England' }));
    ok(await answerRequest(env.deps, { requestId: england.requestId, userId: userOf('England'), answer: 'allow' }));
    ok(await askToWatch(env.deps, { ...WATCHER, power: 'France' }));
    await deliver();
    const stopped = ok(await stopWatching(env.deps, WATCHER));
    expect(stopped).toMatchObject({ as: 'spectator', watching: 1, asked: 1 });
    const closed = (await outboxRows(env.deps)).filter((r) => r.kind === 'spectate_request_closed');
    expect(closed.map((r) => r.target)).toEqual([userOf('France')]);
    expect(JSON.stringify(closed[0]!.payload)).toContain('"why":"asker"');
  });

  it('a request withdrawn alone is no watch stopped, with or without power:', async () => {
    await game('open');
    ok(await askToWatch(env.deps, { ...WATCHER, power: 'France' }));
    expect(ok(await stopWatching(env.deps, WATCHER))).toMatchObject({ watching: 0, asked: 1 });
    ok(await askToWatch(env.deps, { ...WATCHER, power: 'France' }));
    expect(ok(await stopWatching(env.deps, { ...WATCHER, power: 'France' }))).toMatchObject({ watching: 0, asked: 1 });
  });

  it('in a gunboat game an answer not told yet stays a request withdrawn: the stop tells no answer early', async () => {
    await game('gunboat');
    const asked = ok(await askToWatch(env.deps, { ...WATCHER, power: 'France' }));
    ok(await answerRequest(env.deps, { requestId: asked.requestId, userId: userOf('France'), answer: 'allow' }));
    expect(ok(await stopWatching(env.deps, WATCHER))).toMatchObject({ watching: 0, asked: 1 });
    ok(await askToWatch(env.deps, { ...WATCHER, power: 'France' }));
    ok(await answerRequest(env.deps, { requestId: asked.requestId, userId: userOf('France'), answer: 'allow' }));
    env.clock.t += PROGRESS_EVERY_MS;
    expect(ok(await stopWatching(env.deps, WATCHER))).toMatchObject({ watching: 1, asked: 0 });
  });
});

describe('spectate.stopped.spectator', () => {
  const read = (locale: 'en' | 'fr' | 'zh-CN' | 'zh-TW', watching: number, asked: number) =>
    tr(locale, 'spectate.stopped.spectator', {
      what: watching > 0 ? (asked > 0 ? 'both' : 'watching') : 'asked',
      watching,
      asked,
    });

  it('says a withdrawn request was withdrawn, never that it was watched, and both counts when both', () => {
    expect(read('en', 0, 1)).toBe(
      '👁 You withdrew your request to watch a power in this game; you will receive nothing from it.',
    );
    expect(read('en', 1, 0)).toBe('👁 You stopped watching (1 power); you receive nothing more from this game.');
    expect(read('en', 1, 2)).toBe(
      '👁 You stopped watching (1 power) and withdrew 2 requests still waiting; you receive nothing more from this game.',
    );
    expect(read('fr', 0, 2)).toContain('Vous avez retiré vos 2 demandes');
    expect(read('zh-CN', 0, 1)).toBe('👁 你已撤回在本局观看 1 个国家的请求；不会收到本局的任何内容。');
    expect(read('zh-TW', 2, 1)).toContain('並撤回了 1 個待答覆的請求');
    for (const locale of ['en', 'fr', 'zh-CN', 'zh-TW'] as const)
      expect(tr(locale, 'spectate.stopped.spectatorPower', { what: 'asked', power: 'France' })).not.toBe(
        tr(locale, 'spectate.stopped.spectatorPower', { what: 'watching', power: 'France' }),
      );
  });
});
