/**
 * The round summary image (docs/cardgame.md "Table image"): the board after the round with control changes outlined and
 * every army moved this round (Fire, Wind) marked with a small arrow from its origin, built from the round's public
 * events.
 */
import { writeFileSync } from 'node:fs';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { publicView } from '../../../src/cardgame/index.js';
import { renderCardTable, roundMarks } from '../../../src/render/cards/index.js';
import { strongholdPoint } from '../../../src/render/cards/layout.js';
import { table } from '../../cardgame/fixtures.js';

async function pixels(png: Buffer) {
  const img = await loadImage(png);
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const data = ctx.getImageData(0, 0, img.width, img.height).data;
  return (x: number, y: number): [number, number, number] => {
    const i = (Math.round(y) * img.width + Math.round(x)) * 4;
    return [data[i]!, data[i + 1]!, data[i + 2]!];
  };
}

describe('round summary marks', () => {
  it('collects Fire and Wind moves and control changes from the events', () => {
    const marks = roundMarks([
      { kind: 'effect', seat: 0, symbol: 'fire', stronghold: 14, moves: [{ owner: 1, to: 9 }], text: '' },
      { kind: 'effect', seat: 2, symbol: 'wind', from: 13, to: 19, text: '' },
      { kind: 'effect', seat: 2, symbol: 'cavalry', stronghold: 20, text: '' },
      { kind: 'control', changes: [{ state: 'gu', from: 'neutral', to: 1 }], text: '' },
    ]);
    expect(marks).toEqual({
      changed: ['gu'],
      moves: [
        { owner: 1, from: 14, to: 9 },
        { owner: 2, from: 13, to: 19 },
      ],
    });
  });

  it('draws each moved army an arrow in its colour, from the origin towards the army', async () => {
    const t = table({
      dynasties: ['chu', 'yan', 'qi'],
      strongholds: { 9: [1], 19: [2], 24: [0] },
      states: { gu: [2] },
      current: 'gu',
    });
    const marks = roundMarks([
      { kind: 'effect', seat: 0, symbol: 'fire', stronghold: 14, moves: [{ owner: 1, to: 9 }], text: '' },
      { kind: 'effect', seat: 2, symbol: 'wind', from: 10, to: 19, text: '' },
      { kind: 'control', changes: [{ state: 'gu', from: 'neutral', to: 2 }], text: '' },
    ]);
    const image = await renderCardTable(publicView(t), marks);
    if (process.env.CARDS_SUMMARY_PNG) writeFileSync(process.env.CARDS_SUMMARY_PNG, image.png);
    const at = await pixels(image.png);
    const mid = (a: number, b: number) => {
      const p = strongholdPoint(a);
      const q = strongholdPoint(b);
      return { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
    };
    // Yan's vermilion arrow 14 → 9, Qi's blue arrow 10 → 19 (straight from origin to destination)
    const yan = mid(14, 9);
    const [r, g, b] = at(yan.x, yan.y);
    expect(r).toBeGreaterThan(180);
    expect(g).toBeLessThan(140);
    expect(b).toBeLessThan(80);
    const qi = mid(10, 19);
    const [r2, , b2] = at(qi.x, qi.y);
    expect(b2).toBeGreaterThan(r2 + 60);
    // without marks the same spots hold no arrow colour
    const plain = await pixels((await renderCardTable(publicView(t))).png);
    const [pr, pg] = plain(yan.x, yan.y);
    expect(pr - pg).toBeLessThan(60);
  });
});

describe('card table off the event loop', () => {
  it('draws the same picture in the render worker as on this thread', async () => {
    const { renderCardTableOffThread } = await import('../../../src/render/cards/index.js');
    const { renderWorkerState } = await import('../../../src/render/pool.js');
    const t = table({ dynasties: ['chu', 'yan', 'qi'], strongholds: { 9: [1], 19: [2] }, current: 'gu' });
    const opts = { changed: ['gu' as const], moves: [{ owner: 1, from: 14, to: 9 }] };
    const [inWorker, here] = await Promise.all([
      renderCardTableOffThread(publicView(t), opts),
      renderCardTable(publicView(t), opts),
    ]);
    expect(renderWorkerState().running).toBe(true);
    expect(inWorker.png.equals(here.png)).toBe(true);
  });
});
