/**
 * Maps through the bot: a game created with the colour-blind palette posts its results with
 * two maps (orders and results, the board after) in that palette; `/map` shows the current board and remembers
 * a player's palette; `/history phase: map:` shows either map of a past phase, in the caller's palette.
 */
import { loadImage, createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classic } from '../../src/variants/classic/index.js';
import { createHarness, expectResultsPost, type Harness, realMaps, slashConfirmed, waitForResults } from './harness.js';

/** Does the PNG contain this exact colour anywhere (sampled every 2 px)? */
async function hasColor(png: Buffer, hex: string): Promise<boolean> {
  const img = await loadImage(png);
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const data = ctx.getImageData(0, 0, img.width, img.height).data;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  for (let i = 0; i < data.length; i += 8) if (data[i] === r && data[i + 1] === g && data[i + 2] === b) return true;
  return false;
}

describe('maps through the bot', () => {
  let h: Harness;
  const france = classic.powers.find((p) => p.name === 'France')!;

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'alice', 'bob'], channels: ['main'] }, { maps: realMaps() });
    await h.start();
    await h.fake.slash('gm', 'main', 'game create', { variant: 'classic', movement: '1h', palette: 'colorblind' });
    await h.fake.slash('alice', 'main', 'game join', { power: 'France' });
    await h.fake.slash('bob', 'main', 'game join', { power: 'Germany' });
    await h.fake.slash('gm', 'main', 'game start');
  });

  afterAll(async () => {
    await h?.close();
  });

  it('posts the results with the orders map and the board after, in the game palette', async () => {
    await h.fake.slash('alice', 'main', 'order', { orders: 'A par - bur' });
    await slashConfirmed(h, 'gm', 'main', 'gm advance');
    const results = await waitForResults(h, 'main', 'Spring 1901 movement');
    await expectResultsPost(h, results);
    for (const png of results.attachments) expect(await hasColor(png.data, france.altColor!)).toBe(true);
  });

  it('/map: the current board; a palette chosen by a player is remembered', async () => {
    const first = await h.fake.slash('alice', 'main', 'map', { palette: 'standard' });
    expect(first.finalText).toContain('standard palette');
    expect(await hasColor(first.attachments[0]!.data, france.color)).toBe(true);
    const again = await h.fake.slash('alice', 'main', 'map');
    expect(await hasColor(again.attachments[0]!.data, france.color)).toBe(true);
    const outsider = await h.fake.slash('gm', 'main', 'map');
    expect(outsider.finalText).toContain('Fall 1901');
    expect(await hasColor(outsider.attachments[0]!.data, france.altColor!)).toBe(true);
  });

  it('/history phase: map: shows either map of a past phase', async () => {
    for (const map of ['orders', 'after']) {
      const shown = await h.fake.slash('bob', 'main', 'history show', { phase: 'S1901M', map });
      expect(shown.ephemeral).toBe(true);
      expect(shown.attachments.map((a) => a.filename)).toEqual([`s1901m-${map}.png`]);
      expect(shown.finalText).toContain('A par - bur');
    }
    // Alice chose the standard palette for her maps: her /history maps use it too, not the game's colour-blind one.
    const hers = await h.fake.slash('alice', 'main', 'history show', { phase: 'S1901M', map: 'orders' });
    expect(await hasColor(hers.attachments[0]!.data, france.color)).toBe(true);
    const bobs = await h.fake.slash('bob', 'main', 'history show', { phase: 'S1901M', map: 'orders' });
    expect(await hasColor(bobs.attachments[0]!.data, france.altColor!)).toBe(true);
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });
});
