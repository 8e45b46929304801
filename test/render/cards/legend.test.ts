/**
 * The card table's legend reads where Discord shows the picture, 550 px wide, as the maps' legend does
 * (docs/render.md "Legibility"): its text 9.6 px high there (4.8 px at the former 14 px), in rows below the table
 * (board, rows and seats), as many as its keys take in the game's language, none past the picture's edge or over another.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { publicView } from '../../../src/cardgame/index.js';
import type { Locale } from '../../../src/i18n/index.js';
import { layoutLegend } from '../../../src/render/cards/draw-panels.js';
import { belowBoard } from '../../../src/render/cards/draw-rows.js';
import { renderCardTable, renderCardTableOffThread } from '../../../src/render/cards/index.js';
import { BOARD_BOTTOM, LEGEND_K, MARGIN, LEGEND_TEXT, WIDTH } from '../../../src/render/cards/layout.js';
import { cardWordsIn } from '../../../src/render/cards/words.js';
import { ensureFonts, font } from '../../../src/render/fonts.js';
import { table } from '../../cardgame/fixtures.js';

const PREVIEW = 550;
const view = () =>
  publicView(table({ dynasties: ['chu', 'qi', 'qin'], hands: [[], [], []], strongholds: { 14: [0, 1], 19: [1] } }));

describe("the card table's legend at Discord's 550 px preview", () => {
  it('its text reads at 9 px or more at the preview', () => {
    expect((LEGEND_TEXT * PREVIEW) / WIDTH).toBeGreaterThanOrEqual(9);
  });

  for (const locale of ['en', 'fr', 'zh-CN', 'zh-TW'] as const satisfies readonly Locale[])
    it(`fits below the table in ${locale}: inside the picture, no key over another`, async () => {
      ensureFonts();
      for (const withMoves of [false, true]) {
        const ctx = createCanvas(1, 1).getContext('2d');
        const { keys, bottom } = layoutLegend(ctx, view(), cardWordsIn(locale), withMoves);
        const seats = belowBoard(ctx, view(), cardWordsIn(locale)).bottom;
        const moves = withMoves ? [{ owner: 0 as const, from: 14, to: 19 }] : [];
        const image = await renderCardTable(view(), { locale, moves });
        expect([image.width, image.height]).toEqual([WIDTH, bottom]);
        expect((await loadImage(image.png)).height).toBe(bottom);
        const gap = (k: (typeof keys)[number]) => (k.key.w > 0 ? 8 * LEGEND_K : 0);
        const spans = keys.map((k) => ({ text: k.key.label, x0: k.x, x1: k.x + k.key.w + gap(k) + k.textW, y: k.y }));
        for (const s of spans) {
          expect(s.x0, s.text).toBeGreaterThanOrEqual(MARGIN);
          expect(s.x1, s.text).toBeLessThanOrEqual(WIDTH - MARGIN);
          // Below the board, the rows and the seats' boxes, above the picture's bottom.
          expect(s.y - LEGEND_TEXT * 0.7, s.text).toBeGreaterThanOrEqual(seats);
          expect(s.y + LEGEND_TEXT * 0.7, s.text).toBeLessThanOrEqual(bottom);
        }
        for (const [i, a] of spans.entries())
          for (const b of spans.slice(i + 1))
            if (a.y === b.y) expect(a.x1 <= b.x0 || b.x1 <= a.x0, `${a.text} over ${b.text}`).toBe(true);
        // Every label drawn whole at the legend's size: none was set smaller or cut to fit its row.
        ctx.font = font(LEGEND_TEXT);
        for (const k of keys) expect(k.textW, k.key.label).toBeCloseTo(ctx.measureText(k.key.label).width, 3);
      }
    });

  it('the picture drawn off the event loop reports the height its legend takes', async () => {
    const image = await renderCardTableOffThread(view(), { locale: 'fr' });
    expect(image.height).toBe((await loadImage(image.png)).height);
    expect(image.height).toBeGreaterThan(BOARD_BOTTOM);
  });
});
