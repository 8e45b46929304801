/** A registered variant's plug-in draws on the maps of its games (render overlays). */
import { afterAll, describe, expect, it } from 'vitest';
import { renderInputForPhase, renderInputForPicture } from '../../src/game/history/index.js';
import { resolvePhase } from '../../src/game/resolve/index.js';
import { classic } from '../../src/variants/classic/index.js';
import { registerVariant, unregisterVariant } from '../../src/variants/index.js';
import type { OverlayContext, VariantPlugin } from '../../src/variants/plugin/index.js';
import { CLASSIC_POWERS, makeEnv, ok, startedGame } from './helpers.js';
import { createGame, joinGame, startGame } from '../../src/game/lobby/index.js';

const seen: OverlayContext[] = [];
const plugin: VariantPlugin = {
  mapOverlays(ctx) {
    seen.push(ctx);
    return ctx.picture === 'board'
      ? [{ kind: 'mark', province: 'mun', glyph: 'star', legend: `phase ${ctx.phase.index}` }]
      : [];
  },
};
registerVariant({ ...classic, id: 'overlaid', name: 'Overlaid' }, plugin);
afterAll(() => unregisterVariant('overlaid'));

describe('render overlays from the plug-in', () => {
  it('are asked for each picture of a game of that variant, with the phase and the options', async () => {
    const env = await makeEnv();
    const { deps } = env;
    ok(await createGame(deps, { channelId: 'c', guildId: 'g', userId: 'gm', variantId: 'overlaid' }));
    ok(await joinGame(deps, { channelId: 'c', userId: 'u1', power: 'France' }));
    const started = ok(await startGame(deps, { channelId: 'c', userId: 'gm' }));
    const board = (await renderInputForPhase(deps, started.phase.id))!;
    expect(board.overlays).toEqual([{ kind: 'mark', province: 'mun', glyph: 'star', legend: 'phase 0' }]);
    expect(seen.at(-1)).toMatchObject({ picture: 'board', options: {}, phase: { index: 0, adjudication: null } });
    ok(await resolvePhase(deps, { gameId: started.game.id, reason: 'gm' }));
    const orders = (await renderInputForPicture(deps, started.phase.id, 'orders'))!;
    expect(orders.overlays).toBeUndefined();
    expect(seen.at(-1)!.picture).toBe('orders');
    expect(seen.at(-1)!.phase.adjudication).not.toBeNull();
    // The orders drawn.
    expect(seen.at(-1)!.phase.orders).toEqual(orders.orders);
    await renderInputForPicture(deps, started.phase.id, 'after');
    expect(seen.at(-1)!.picture).toBe('after');
    await env.close();
  });

  it('are never asked for in a game of another variant', async () => {
    const env = await makeEnv();
    const before = seen.length;
    const started = await startedGame(env.deps, CLASSIC_POWERS);
    expect((await renderInputForPhase(env.deps, started.phase.id))!.overlays).toBeUndefined();
    expect(seen.length).toBe(before);
    await env.close();
  });
});
