/**
 * Pressing **I'm here** once the muster is over (docs/table.md "Mustering", "The button"): a member who plays no power
 * is told so, not that the muster is over; a seat's holder who had not pressed is told the seat is theirs.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createGame, startGame } from '../../../src/game/lobby/index.js';
import { confirmMuster } from '../../../src/game/muster/index.js';
import { players } from '../../../src/store/schema.js';
import { CHANNEL, GM, joinPowers, makeEnv, ok, userOf, type TestEnv } from '../helpers.js';

let env: TestEnv;
beforeEach(async () => {
  env = await makeEnv();
});
afterEach(async () => {
  await env.close();
});

/** A started game whose muster has already ended (every seat answered), England's press undone. */
async function afterMuster(): Promise<number> {
  const game = { channelId: CHANNEL, guildId: 'guild-1', userId: GM, variantId: 'classic', table: { muster: '12h' } };
  ok(await createGame(env.deps, game));
  await joinPowers(env.deps, CHANNEL, ['England', 'France']);
  const gameId = ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM })).game.id;
  for (const power of ['England', 'France']) ok(await confirmMuster(env.deps, { gameId, userId: userOf(power) }));
  await env.deps.store.db
    .update(players)
    .set({ musteredAt: null })
    .where(eq(players.userId, userOf('England')));
  return gameId;
}

it('a member who plays no power is told so after the muster, not that it is over', async () => {
  const gameId = await afterMuster();
  const refused = await confirmMuster(env.deps, { gameId, userId: 'outsider' });
  expect(refused.ok).toBe(false);
  expect(!refused.ok && refused.error).toContain('you play no power in this game');
});

it('a seat holder who had not pressed is told the muster is over and the power they play', async () => {
  const gameId = await afterMuster();
  const refused = await confirmMuster(env.deps, { gameId, userId: userOf('England') });
  expect(!refused.ok && refused.error).toBe(
    'The muster is over and you play **England**: there is nothing to confirm.',
  );
  expect((await confirmMuster(env.deps, { gameId, userId: userOf('France') })).ok).toBe(true);
});
