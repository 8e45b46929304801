/**
 * The card table reads where Discord shows it, 550 px wide (docs/cardgame.md "Table image"): every text of the
 * panels (the title, the phase, the standings, the battlefield row, the recruiting row's cards, the seats' names,
 * marks, stats, played cards and claims, the legend) is drawn at 9 px or more there (they were 4.5–5.8 px), inside
 * the picture, over no other text and no board name, in busy tables: 2 and 5 seats, dynasty cards on, the full row
 * after the setup, late rounds with claims, the game's end; in English, French and Chinese.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { apply, publicView, type CardGameState, type CardGameView } from '../../../src/cardgame/index.js';
import type { Locale } from '../../../src/i18n/index.js';
import { drawBoard } from '../../../src/render/cards/draw-board.js';
import { drawPanels, layoutLegend } from '../../../src/render/cards/draw-panels.js';
import { WIDTH } from '../../../src/render/cards/layout.js';
import { cardWordsIn } from '../../../src/render/cards/words.js';
import { ensureFonts } from '../../../src/render/fonts.js';
import { newRandomGame, prng, randomAction } from '../../cardgame/random-game.js';

const PREVIEW = 550;

interface Drawn {
  text: string;
  size: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The views of a random game: after the row is revealed, in each later battle with cards played, and its end. */
function busyViews(seats: number, seed: number): CardGameView[] {
  let s: CardGameState = newRandomGame(seats, seed, true);
  const r = prng(seed);
  const views: CardGameView[] = [];
  let lastPhase = s.phase;
  for (let i = 0; i < 2000 && s.phase !== 'finished'; i++) {
    const res = apply(s, randomAction(s, r, 0.15));
    if (!res.ok) throw new Error(res.error);
    s = res.state;
    const v = publicView(s);
    const played = v.battle.played.reduce((n, p) => n + (p?.length ?? 0), 0);
    if ((lastPhase === 'give' && s.phase !== 'give') || (v.phase === 'battle' && played >= seats && i % 7 === 0))
      views.push(v);
    lastPhase = s.phase;
  }
  views.push(publicView(s));
  return views;
}

/** Every text drawn, as boxes: the board's and the panels'. */
function drawnTexts(view: CardGameView, locale: Locale): { board: Drawn[]; panels: Drawn[]; height: number } {
  ensureFonts();
  const words = cardWordsIn(locale);
  const height = layoutLegend(createCanvas(1, 1).getContext('2d'), view, words, false).bottom;
  const ctx = createCanvas(WIDTH, height).getContext('2d') as SKRSContext2D;
  let into: Drawn[] = [];
  const fillText = ctx.fillText.bind(ctx);
  ctx.fillText = (text: string, x: number, y: number) => {
    const m = ctx.measureText(text);
    if (text.trim())
      into.push({
        text,
        size: Number(/([\d.]+)px/.exec(ctx.font)![1]),
        x: x - m.actualBoundingBoxLeft,
        y: y - m.actualBoundingBoxAscent,
        w: m.actualBoundingBoxLeft + m.actualBoundingBoxRight,
        h: m.actualBoundingBoxAscent + m.actualBoundingBoxDescent,
      });
    fillText(text, x, y);
  };
  const board: Drawn[] = [];
  const panels: Drawn[] = [];
  into = board;
  drawBoard(ctx, view, { changed: [], dynasty: words.dynasty, state: words.state });
  into = panels;
  drawPanels(ctx, view, words);
  return { board, panels, height };
}

const meet = (a: Drawn, b: Drawn) =>
  Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) > 1 && Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) > 1;

describe("the card table's panels at Discord's 550 px preview", () => {
  for (const seats of [2, 5])
    for (const locale of ['en', 'fr', 'zh-CN'] as const)
      it(`${seats} seats, ${locale}: every text 9 px or more, inside the picture, over nothing`, () => {
        const views = busyViews(seats, seats * 31);
        expect(views.length).toBeGreaterThanOrEqual(3);
        expect(views.some((v) => v.row.length === 2 * seats)).toBe(true);
        expect(views.some((v) => v.battle.claims.some((c) => c.length > 0))).toBe(true);
        for (const view of views) {
          const { board, panels, height } = drawnTexts(view, locale);
          const where = `round ${view.round} ${view.phase}`;
          // About 1.3 times its width at most: a picture Discord shows whole.
          expect(height, where).toBeLessThanOrEqual(1.3 * WIDTH);
          for (const t of panels) {
            // The legend's stronghold samples carry a number as the board's discs do (board.test.ts measures those).
            if (t.text !== '14') expect((t.size * PREVIEW) / WIDTH, `${where}: ${t.text}`).toBeGreaterThanOrEqual(9);
            expect(t.x, `${where}: ${t.text}`).toBeGreaterThanOrEqual(0);
            expect(t.x + t.w, `${where}: ${t.text}`).toBeLessThanOrEqual(WIDTH);
            expect(t.y, `${where}: ${t.text}`).toBeGreaterThanOrEqual(0);
            expect(t.y + t.h, `${where}: ${t.text}`).toBeLessThanOrEqual(height);
          }
          const clashes: string[] = [];
          for (const [i, a] of panels.entries()) {
            for (const b of panels.slice(i + 1)) if (meet(a, b)) clashes.push(`${a.text} / ${b.text}`);
            for (const b of board) if (meet(a, b)) clashes.push(`${a.text} / board ${b.text}`);
          }
          expect(clashes, where).toEqual([]);
        }
      });
});
