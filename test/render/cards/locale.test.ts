/**
 * The card table picture in the game's language (docs/locales.md "Glossary (card game)"): every word it draws, in a
 * French or a Chinese game, is that language's (the panels, the legend, the names of cards, symbols, dynasties and
 * states), and an English picture draws the same words as before.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { apply, newGame, publicView, type Action, type CardGameView } from '../../../src/cardgame/index.js';
import type { Locale } from '../../../src/i18n/index.js';
import { drawBoard } from '../../../src/render/cards/draw-board.js';
import { drawPanels, headerText } from '../../../src/render/cards/draw-panels.js';
import { WIDTH } from '../../../src/render/cards/layout.js';
import { cardWordsIn } from '../../../src/render/cards/words.js';
import { ensureFonts } from '../../../src/render/fonts.js';
import { englishWords } from '../../support/english-left.js';

/** A 2-player game in its first battle, a card played: every panel has something to say. */
function battleView(): CardGameView {
  let s = newGame({ seats: 2, seed: 'words', dynastyCards: true });
  const step = (a: Action) => {
    const r = apply(s, a);
    if (!r.ok) throw new Error(r.error);
    s = r.state;
  };
  for (let seat = 0; seat < 2; seat++) step({ type: 'give', seat });
  step({ type: 'choose', seat: s.chooser!.seat });
  return publicView(s);
}

/** The texts the picture draws in `locale`. */
function drawnTexts(view: CardGameView, locale: Locale): string[] {
  ensureFonts();
  const ctx = createCanvas(WIDTH, 2400).getContext('2d') as SKRSContext2D;
  const texts: string[] = [];
  const fillText = ctx.fillText.bind(ctx);
  ctx.fillText = (text: string, x: number, y: number) => {
    texts.push(text);
    fillText(text, x, y);
  };
  const words = cardWordsIn(locale);
  drawBoard(ctx, view, { changed: [], dynasty: words.dynasty, state: words.state });
  drawPanels(ctx, view, words, { withMoves: true });
  return texts;
}

describe('the card table picture in the game’s language', () => {
  const view = battleView();

  it('draws no English word in French or Chinese', () => {
    const fr = drawnTexts(view, 'fr');
    expect(fr.join('\n')).toContain('Rangée de recrutement');
    expect(fr.join('\n')).toContain('Cartes : Feu/Cavalerie/Char');
    expect(fr.filter((t) => englishWords(t).length > 0)).toEqual([]);
    for (const locale of ['zh-CN', 'zh-TW'] as const) {
      const zh = drawnTexts(view, locale);
      expect(zh.join('\n')).toContain(locale === 'zh-CN' ? '招募区' : '招募區');
      expect(zh.filter((t) => /[a-z]{3,}/i.test(t))).toEqual([]);
    }
  });

  it('titles the picture in each language, English as before', () => {
    expect(headerText(view)).toMatch(/^Warring States · Round 1 · Battle in \w+ \S+$/);
    expect(headerText(view, cardWordsIn('fr'))).toMatch(/^Royaumes combattants · Manche 1 · Bataille en \w+ \S+$/);
    expect(headerText(view, cardWordsIn('zh-CN'))).toMatch(/^战国 · 第 1 轮 · \S+之战$/);
  });
});
