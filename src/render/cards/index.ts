/**
 * The card game's table image (design §3.9): the hex board and the panels, drawn from a public view only, so
 * no hand can ever reach the channel through a picture. `changed` outlines the states whose control changed
 * (the round summary image).
 */
import { createCanvas } from '@napi-rs/canvas';
import type { CardGameView } from '../../cardgame/views.js';
import type { StateId } from '../../cardgame/types.js';
import { ensureFonts } from '../fonts.js';
import { encodePng } from '../png.js';
import { drawBoard } from './draw-board.js';
import { drawPanels } from './draw-panels.js';
import { BACKGROUND, HEIGHT, WIDTH } from './layout.js';

export interface CardTableImage {
  png: Buffer;
  width: number;
  height: number;
}

export async function renderCardTable(view: CardGameView, opts: { changed?: StateId[] } = {}): Promise<CardTableImage> {
  ensureFonts();
  const canvas = createCanvas(WIDTH, HEIGHT);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = BACKGROUND;
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  drawBoard(ctx, view, { changed: opts.changed ?? [] });
  drawPanels(ctx, view);
  return { png: await encodePng(ctx, WIDTH, HEIGHT), width: WIDTH, height: HEIGHT };
}
