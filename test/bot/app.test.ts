/**
 * The bot's computer players (src/bot/app.ts `computerPlayers`): stopping waits for a pass that was still looking for
 * questions when the stop came, not only for the questions already asked, so nothing reaches a store about to close.
 */
import { afterEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { computerPlayers, type BotOptions } from '../../src/bot/app.js';
import { internalErrors, makeEnv, startedGame, type TestEnv } from '../game/helpers.js';

let env: TestEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

describe('the computer players of a bot', () => {
  it('stop waits for a pass begun before it', async () => {
    env = await makeEnv();
    await startedGame(env.deps);
    internalErrors.length = 0;
    const players = computerPlayers(env.deps, { log: pino({ level: 'silent' }) } as BotOptions, () => {});
    let passEnded = false;
    const playing = players.play().then(() => (passEnded = true));
    await players.stop();
    expect(passEnded).toBe(true);
    await env.close();
    env = undefined;
    await playing;
    expect(internalErrors).toEqual([]);
  });
});
