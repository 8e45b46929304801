/**
 * The panels' text and boxes (draw-panels.ts, draw-rows.ts): a line set at its size, smaller only down to
 * `PANEL_MIN` (9.3 px where Discord shows the picture 550 px wide, docs/cardgame.md "Table image"), then cut with
 * "…"; a text wrapped on lines; a rounded box.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { font } from '../fonts.js';
import { INK, PANEL_MIN } from './layout.js';

export interface TextOptions {
  bold?: boolean;
  colour?: string;
  align?: CanvasTextAlign;
  maxWidth?: number;
}

/** Draws `s` (its baseline at `y`); returns its drawn width. */
export function text(
  ctx: SKRSContext2D,
  s: string,
  x: number,
  y: number,
  size: number,
  opts: TextOptions = {},
): number {
  ctx.font = font(size, opts.bold);
  ctx.textAlign = opts.align ?? 'left';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = opts.colour ?? INK;
  // A line too long for its room is set smaller first (French runs longer than English), never below PANEL_MIN.
  for (let smaller = size - 1; opts.maxWidth && smaller >= Math.min(size, PANEL_MIN); smaller--) {
    if (ctx.measureText(s).width <= opts.maxWidth) break;
    ctx.font = font(smaller, opts.bold);
  }
  const shown = opts.maxWidth ? fitText(ctx, s, opts.maxWidth) : s;
  ctx.fillText(shown, x, y);
  return ctx.measureText(shown).width;
}

/** The text cut with "…" to fit `width` (in the current font). */
export function fitText(ctx: SKRSContext2D, s: string, width: number): string {
  if (ctx.measureText(s).width <= width) return s;
  let cut = s;
  while (cut.length > 1 && ctx.measureText(`${cut}…`).width > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/**
 * `s` in lines at most `width` wide (in the current font), at most `max` of them, the last cut with "…" when more
 * was left: broken at spaces, and between any two Chinese characters.
 */
export function wrapLines(ctx: SKRSContext2D, s: string, width: number, max: number): string[] {
  const pieces = s.match(/[\u3000-\u9fff\uff00-\uffef]|[^\s\u3000-\u9fff\uff00-\uffef]+\s*|\s+/g) ?? [];
  const lines: string[] = [];
  let line = '';
  for (const piece of pieces) {
    if (line && ctx.measureText((line + piece).trimEnd()).width > width) {
      lines.push(line.trimEnd());
      line = piece.trimStart();
    } else line += piece;
  }
  if (line.trim()) lines.push(line.trimEnd());
  if (lines.length <= max) return lines;
  return [...lines.slice(0, max - 1), fitText(ctx, `${lines.slice(max - 1).join(' ')}`, width)];
}

export function roundRect(
  ctx: SKRSContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
  fill: string,
  stroke?: string,
): void {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
  ctx.fillStyle = fill;
  ctx.fill();
  if (stroke) {
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = stroke;
    ctx.stroke();
  }
}
