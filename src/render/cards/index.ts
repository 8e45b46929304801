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
import type { ArmyMove } from './moves.js';

export interface CardTableImage {
  png: Buffer;
  width: number;
  height: number;
}

export { roundMarks, type ArmyMove } from './moves.js';

export interface CardTableOptions {
  /** States whose control changed (outlined): the round summary image. */
  changed?: StateId[];
  /** Armies moved this round (small arrows from their origin): the round summary image. */
  moves?: readonly ArmyMove[];
}

export async function renderCardTable(view: CardGameView, opts: CardTableOptions = {}): Promise<CardTableImage> {
  ensureFonts();
  const canvas = createCanvas(WIDTH, HEIGHT);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = BACKGROUND;
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  drawBoard(ctx, view, { changed: opts.changed ?? [], moves: opts.moves ?? [] });
  drawPanels(ctx, view, { withMoves: (opts.moves?.length ?? 0) > 0 });
  return { png: await encodePng(ctx, WIDTH, HEIGHT), width: WIDTH, height: HEIGHT };
}
