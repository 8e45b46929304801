/**
 * A sandbox copied from a running fog game by its player (docs/table.md "Fog of war"): its board is their power's view,
 * and its pictures say whose view it is, titled as the game's fog pictures are (src/bot/maps.ts `forViewer`); the game
 * master's whole board, and a game without fog, carry no viewer.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGame, joinGame, startGame } from '../../../src/game/lobby/index.js';
import {
  nextSandbox,
  orderSandbox,
  previewSandbox,
  sandboxPreviewInput,
  sandboxRenderInput,
  startSandbox,
  startSandboxFromFile,
} from '../../../src/game/sandbox/sandbox.js';
import { gameFileInTurns } from '../../../src/game/history/game-file.js';
import { loopTurns } from '../../../src/game/core/loop-turns.js';
import { submitOrders } from '../../../src/game/orders/index.js';
import { resolvePhase } from '../../../src/game/resolve/index.js';
import { forViewer } from '../../../src/bot/maps.js';
import { setTableColumns } from '../../support/table-columns.js';
import { CHANNEL, GM, makeEnv, ok, type TestEnv } from '../helpers.js';

let env: TestEnv;
beforeEach(async () => {
  env = await makeEnv();
});
afterEach(async () => {
  await env.close();
});

async function game(fog: boolean): Promise<void> {
  ok(await createGame(env.deps, { channelId: CHANNEL, guildId: 'g1', userId: GM, variantId: 'classic' }));
  ok(await joinGame(env.deps, { channelId: CHANNEL, userId: 'alice', power: 'France' }));
  ok(await joinGame(env.deps, { channelId: CHANNEL, userId: 'bob', power: 'England' }));
  await setTableColumns(env.deps.store, 1, { fog });
  ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM }));
}

const place = (userId: string) => ({ channelId: CHANNEL, guildId: 'g1', userId, phase: null });

describe('a sandbox of a fog game', () => {
  it("names its player's power as the viewer of every picture, titled as the game's fog pictures", async () => {
    await game(true);
    ok(await startSandbox(env.deps, place('alice')));
    const me = { userId: 'alice' };
    const board = ok(await sandboxRenderInput(env.deps, me, 'board')).input!;
    expect(board.viewer).toBe('France');
    // Out of France's sight, England's fleet in London is not on the copied board.
    expect(board.position.units.some((u) => u.power === 'England' && u.province === 'lon')).toBe(false);
    const { variant, position: _position, viewer, ...opts } = board;
    for (const locale of ['en', 'fr', 'zh-CN', 'zh-TW'] as const) {
      const drawn = forViewer(opts, locale, { variant, power: viewer }) as { title?: string };
      expect(drawn.title, locale).toMatch(/France|法国|法國/);
    }
    expect((forViewer(opts, 'en', { variant, power: viewer }) as { title?: string }).title).toMatch(
      / · France's view$/,
    );
    ok(await orderSandbox(env.deps, { ...me, text: 'A par - bur' }));
    const preview = ok(await previewSandbox(env.deps, me));
    expect(sandboxPreviewInput(preview.board, preview.adjudication).viewer).toBe('France');
    ok(await nextSandbox(env.deps, me));
    expect(ok(await sandboxRenderInput(env.deps, me, 'last')).input!.viewer).toBe('France');
  });

  it("draws its board as the game's fog maps do: out of sight as fog, the legend's public counts", async () => {
    await game(true);
    ok(await startSandbox(env.deps, place('alice')));
    const me = { userId: 'alice' };
    const board = ok(await sandboxRenderInput(env.deps, me, 'board')).input!;
    // Vienna is out of France's sight, Burgundy in it.
    expect(board.fog).toContain('vie');
    expect(board.fog).not.toContain('bur');
    // The board holds none of Austria's units, but its counts are public in a fog game (docs/table.md "Fog of war").
    expect(board.position.units.some((u) => u.power === 'Austria')).toBe(false);
    expect(board.legendCounts).toMatchObject({
      Austria: { centers: 3, units: 3 },
      France: { centers: 3, units: 3 },
      Russia: { centers: 4, units: 4 },
    });
    ok(await orderSandbox(env.deps, { ...me, text: 'A par - bur' }));
    const preview = ok(await previewSandbox(env.deps, me));
    expect(sandboxPreviewInput(preview.board, preview.adjudication).legendCounts?.Austria).toEqual({
      centers: 3,
      units: 3,
    });
    ok(await nextSandbox(env.deps, me));
    const last = ok(await sandboxRenderInput(env.deps, me, 'last')).input!;
    expect(last.legendCounts?.Turkey).toEqual({ centers: 3, units: 3 });
    const after = ok(await sandboxRenderInput(env.deps, me, 'board')).input!;
    // France's army in Burgundy now sees Munich.
    expect(after.fog).not.toContain('mun');
    expect(after.legendCounts?.Germany).toEqual({ centers: 3, units: 3 });
  });

  it("opened from a player's export of the running game: that power's view, never more", async () => {
    await game(true);
    ok(await submitOrders(env.deps, { channelId: CHANNEL, userId: 'alice', text: 'A par - bur' }));
    ok(await submitOrders(env.deps, { channelId: CHANNEL, userId: 'bob', text: 'F lon - nth' }));
    ok(await resolvePhase(env.deps, { gameId: 1, reason: 'gm' }));
    const { file } = ok(await gameFileInTurns(env.deps, CHANNEL, loopTurns(), 'alice'));
    const [spring] = JSON.parse(file.text) as { fog?: { power: string; countsAfter: object }; units: unknown[] }[];
    // The file says whose view it holds, with the public counts after the phase; no unit out of France's sight.
    expect(spring!.fog).toMatchObject({ power: 'France', countsAfter: { Austria: { centers: 3, units: 3 } } });
    expect(JSON.stringify(spring!.units)).not.toMatch(/"(vie|lon|mos|con)"/);
    expect(file.text).not.toContain('F lon - nth');
    // Opened by France's player, elsewhere: France's view of the board after the phase, drawn as the game draws it.
    const place = { channelId: 'chan-dm', guildId: null, userId: 'alice' };
    ok(await startSandboxFromFile(env.deps, { ...place, fileName: file.name, text: file.text }));
    const board = ok(await sandboxRenderInput(env.deps, { userId: 'alice' }, 'board')).input!;
    expect(board.viewer).toBe('France');
    expect(board.position.units.some((u) => u.province === 'bur' && u.power === 'France')).toBe(true);
    // Germany's army in Munich was out of sight when the phase began (its order is not in the file) and is in
    // sight of Burgundy after it: the file's board after, France's view, shows it, as France's /map does.
    expect(board.position.units.find((u) => u.province === 'mun')?.power).toBe('Germany');
    expect(board.position.units.some((u) => ['vie', 'lon', 'nth', 'kie'].includes(u.province))).toBe(false);
    expect(board.fog).toContain('vie');
    expect(board.fog).not.toContain('mun');
    expect(board.legendCounts).toMatchObject({ Austria: { centers: 3, units: 3 }, England: { centers: 3, units: 3 } });
  });

  it("the game master's whole board, and a sandbox of a game without fog, have no viewer", async () => {
    await game(true);
    ok(await startSandbox(env.deps, place(GM)));
    const whole = ok(await sandboxRenderInput(env.deps, { userId: GM }, 'board')).input!;
    expect(whole.viewer).toBeUndefined();
    expect(whole.fog).toBeUndefined();
    expect(whole.legendCounts).toBeUndefined();
  });

  it('a game without fog: no viewer', async () => {
    await game(false);
    ok(await startSandbox(env.deps, place('alice')));
    expect(ok(await sandboxRenderInput(env.deps, { userId: 'alice' }, 'board')).input!.viewer).toBeUndefined();
  });
});
