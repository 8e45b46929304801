/**
 * The card game's table image (docs/cardgame.md "Table image"): the hex board and the panels, drawn from a public view
 * only, so no hand can ever reach the channel through a picture. `changed` outlines the states whose control changed
 * (the round summary image).
 */
import { createCanvas } from '@napi-rs/canvas';
import type { CardGameView } from '../../cardgame/views.js';
import { ensureFonts } from '../fonts.js';
import { encodePng } from '../png.js';
import { renderPictureInWorker } from '../pool.js';
import { drawBoard } from './draw-board.js';
import { drawPanels, layoutLegend } from './draw-panels.js';
import { BACKGROUND, WIDTH } from './layout.js';
import { CARD_TABLE_PICTURE, type CardTableOptions } from './options.js';
import { cardWordsIn } from './words.js';

export interface CardTableImage {
  png: Buffer;
  width: number;
  height: number;
}

export { roundMarks } from './moves.js';

export type { CardTableOptions } from './options.js';

export async function renderCardTable(view: CardGameView, opts: CardTableOptions = {}): Promise<CardTableImage> {
  ensureFonts();
  const words = cardWordsIn(opts.locale);
  const withMoves = (opts.moves?.length ?? 0) > 0;
  // The table, then the legend's rows below it: as many as its keys take in this language.
  const height = layoutLegend(createCanvas(1, 1).getContext('2d'), view, words, withMoves).bottom;
  const canvas = createCanvas(WIDTH, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = BACKGROUND;
  ctx.fillRect(0, 0, WIDTH, height);
  drawBoard(ctx, view, {
    changed: opts.changed ?? [],
    moves: opts.moves ?? [],
    dynasty: words.dynasty,
    state: words.state,
  });
  drawPanels(ctx, view, words, { withMoves, ...(opts.heading ? { heading: opts.heading } : {}) });
  return { png: await encodePng(ctx, WIDTH, height), width: WIDTH, height };
}

/**
 * The same image drawn off the event loop, in the shared render worker (src/render/pool.ts): the bot's path
 * (docs/cardgame.md "Off the event loop"). Falls back to this thread when no worker can run.
 */
export async function renderCardTableOffThread(
  view: CardGameView,
  opts: CardTableOptions = {},
): Promise<CardTableImage> {
  const png = await renderPictureInWorker(
    CARD_TABLE_PICTURE,
    { view, opts },
    async () => (await renderCardTable(view, opts)).png,
  );
  // The picture's height as its PNG header gives it (the legend's rows vary with the language).
  return { png, width: WIDTH, height: png.readUInt32BE(20) };
}
