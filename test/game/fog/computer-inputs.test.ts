/**
 * Fog of war and computer players (docs/table.md "Fog of war"): a computer seat decides from its power's view only —
 * the position handed to the AI holds no unit out of its sight — and without fog from the whole board.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gameSeatDuties } from '../../../src/game/computer/computer.js';
import { createGame, joinGame, startGame } from '../../../src/game/lobby/index.js';
import { setTableColumns } from '../../support/table-columns.js';
import { CHANNEL, GM, makeEnv, ok, type TestEnv } from '../helpers.js';

let env: TestEnv;
beforeEach(async () => {
  env = await makeEnv();
});
afterEach(async () => {
  await env.close();
});

async function englandsInput(fog: boolean) {
  ok(
    await createGame(env.deps, {
      channelId: CHANNEL,
      guildId: 'g1',
      userId: GM,
      variantId: 'classic',
      computer: 'England',
    }),
  );
  ok(await joinGame(env.deps, { channelId: CHANNEL, userId: 'alice', power: 'France' }));
  await setTableColumns(env.deps.store, 1, { fog });
  ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM }));
  const duty = (await gameSeatDuties(env.deps, 1)).find((d) => d.power === 'England')!;
  if (duty.job.kind !== 'orders') throw new Error(`expected an orders job, got ${duty.job.kind}`);
  return duty.job.position;
}

describe('a computer seat in a fog game', () => {
  it('is handed its power’s view: its own units, none of Turkey’s or Russia’s, its own centres only', async () => {
    const position = await englandsInput(true);
    expect(new Set(position.units.map((u) => u.power))).toEqual(new Set(['England']));
    expect(Object.keys(position.supplyCenters)).toEqual(['England']);
  });

  it('without fog is handed the whole board', async () => {
    const position = await englandsInput(false);
    expect(new Set(position.units.map((u) => u.power)).size).toBe(7);
  });
});
