/**
 * A variant configured by a game's options (Warhammer's campaign, `Variant.configure`) is drawn wholly in the
 * render worker like the bundled variant: the worker makes the same copy from the variant's id and options.
 */
import { describe, expect, it } from 'vitest';
import { buildScene, buildsSceneInWorker, renderMap } from '../../src/render/index.js';
import { rasterizeSync } from '../../src/render/raster.js';
import { classic } from '../../src/variants/classic/index.js';
import { warhammer } from '../../src/variants/warhammer/index.js';

describe('configured variants in the render worker', () => {
  const campaign = warhammer.configure!({ oldWorldOnly: 'on', orcsInTheHills: 'both', greaterEmpire: 'on' });

  it('knows which variants the worker can make itself', async () => {
    expect(campaign).not.toBe(warhammer);
    expect(await buildsSceneInWorker(warhammer)).toBe(true);
    expect(await buildsSceneInWorker(campaign)).toBe(true);
    expect(await buildsSceneInWorker(classic)).toBe(true);
    // A copy nobody can make again from an id and options (a variant from a file, say): built on this thread.
    expect(await buildsSceneInWorker({ ...classic })).toBe(false);
    expect(await buildsSceneInWorker({ ...campaign })).toBe(false);
  });

  it('draws a campaign game in the worker, the same bytes as its scene built and drawn on this thread', {
    timeout: 60_000,
  }, async () => {
    const start = campaign.startingPosition();
    // The campaign's own board: the Orc hill armies are placed, Sylvania belongs to the Empire.
    expect(start.units.length).not.toBe(warhammer.startingPosition().units.length);
    const inWorker = await renderMap(campaign, start, { width: 700 });
    // Drawn here as the worker draws a whole map: the scene as built, not packed for another thread (packing rounds
    // coordinates, and a campaign's geometry is computed, not read from the stored file).
    const built = buildScene(campaign, start, { width: 700 });
    if (!built.ok) throw new Error(built.error);
    expect(inWorker.png.equals(rasterizeSync(built.scene))).toBe(true);
    expect(inWorker.warnings).toEqual(built.scene.warnings);
    // And not the bundled variant's picture.
    const plain = await renderMap(warhammer, start, { width: 700 });
    expect(plain.png.equals(inWorker.png)).toBe(false);
  });
});
