/**
 * The card table image (src/render/cards): drawn from a public view, the board tinted by controller, the current
 * and changed states outlined; and `cards render` through the CLI.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { publicView } from '../../src/cardgame/index.js';
import { renderCardTable } from '../../src/render/cards/index.js';
import { hexCorners, stateCentre } from '../../src/render/cards/layout.js';
import { cardsCommand } from '../../src/cli/commands/cards.js';
import { play, table } from './fixtures.js';

/** Decode a PNG (any colour type the renderer writes: indexed or RGBA) through the canvas library. */
async function pixels(png: Buffer): Promise<{ width: number; at: (x: number, y: number) => [number, number, number] }> {
  const img = await loadImage(png);
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const data = ctx.getImageData(0, 0, img.width, img.height).data;
  const width = img.width;
  return {
    width,
    at: (x, y) => [data[(y * width + x) * 4]!, data[(y * width + x) * 4 + 1]!, data[(y * width + x) * 4 + 2]!],
  };
}

const position = () => {
  // Chu 0 controls Song, Qi 1 controls Cai; battle in Gu; Chu has played a card
  const t = table({
    dynasties: ['chu', 'qi'],
    hands: [['fire/cavalry/chariot', 'wild'], ['wild']],
    states: { song: [0], cai: [1] },
    strongholds: { 10: [0], 14: [1, 1] },
    current: 'gu',
    row: ['dark fire', 'wild'],
    resistance: ['dark spy', 'forest/cavalry/chariot'],
  });
  return play(t, { type: 'wage', seat: 0, bright: t.ids[0]![0]! }).state;
};

describe('card table image', () => {
  it('tints states by controller and outlines the current and the changed states', async () => {
    const image = await renderCardTable(publicView(position()), { changed: ['cai'] });
    // The board, the rows and seats below it, the legend's rows below them (test/render/cards/panels.test.ts).
    expect([image.width, image.height]).toEqual([1600, 1653]);
    const px = await pixels(image.png);
    const inside = (st: 'song' | 'cai' | 'zhou') => {
      const c = stateCentre(st);
      return px.at(Math.round(c.x - 55), Math.round(c.y + 10)); // left of the name and the army
    };
    const [r, g, b] = inside('song'); // Chu green tint
    expect(g).toBeGreaterThan(r + 30);
    expect(g).toBeGreaterThan(b);
    const [r2, , b2] = inside('cai'); // Qi blue tint
    expect(b2).toBeGreaterThan(r2 + 40);
    const [r3, g3, b3] = inside('zhou'); // neutral: grey stone (#e7e3da), unlike every dynasty's tint
    expect(Math.hypot(r3 - 0xe7, g3 - 0xe3, b3 - 0xda)).toBeLessThan(8);
    /** Pixels along the SW–NW edge, between the stronghold discs. */
    const edge = (st: 'gu' | 'cai') => {
      const [a, c] = [hexCorners(st)[4]!, hexCorners(st)[5]!];
      return Array.from({ length: 11 }, (_, i) => 0.3 + (i * 0.4) / 10).map((f) =>
        px.at(Math.round(a.x + (c.x - a.x) * f), Math.round(a.y + (c.y - a.y) * f)),
      );
    };
    expect(edge('gu').every((p) => p.every((v) => v < 80))).toBe(true); // the battled-for state: dark ink
    expect(edge('cai').some(([pr, pg, pb]) => pr > pg + 40 && pb > pg + 40)).toBe(true); // changed: purple dashes
  });

  it('cards render writes the PNG and reports its size', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cards-render-'));
    const file = join(dir, 'board.png');
    const r = await cardsCommand(['render', '--out', file, '--changed', 'gu'], JSON.stringify(position()));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ file, width: 1600, height: 1653 });
    expect(readFileSync(file).subarray(1, 4).toString('ascii')).toBe('PNG');
    const bad = await cardsCommand(['render', '--out', file, '--changed', 'atlantis'], JSON.stringify(position()));
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringMatching(/--changed names "atlantis"/)]);
    // docs/cli.md: --out is required; one state (or an array of one); a card-game state
    const noOut = await cardsCommand(['render'], JSON.stringify(position()));
    expect([noOut.code, noOut.stderr.trim()]).toEqual([2, 'cards render needs --out <file.png>']);
    const two = await cardsCommand(['render', '--out', file], JSON.stringify([position(), position()]));
    expect([two.code, two.stderr.trim()]).toEqual([2, 'cards render draws one state; the input array has 2']);
    const one = await cardsCommand(['render', '--out', file], JSON.stringify([position()]));
    expect(one.code).toBe(0);
    const junk = await cardsCommand(['render', '--out', file], '{}');
    expect([junk.code, junk.stderr]).toEqual([2, expect.stringMatching(/^the input is not a card-game state/)]);
  });
});
