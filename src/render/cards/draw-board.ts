/**
 * The hex board: states tinted by controller with their Chinese name and pinyin, the current state outlined,
 * changed states (round summary) outlined in a second style, stronghold numbers beside each corner, and army
 * stacks as discs carrying the dynasty's glyph.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { STATE_ORDER } from '../../cardgame/data.js';
import { STRONGHOLD_IDS } from '../../cardgame/board.js';
import type { CardGameView } from '../../cardgame/views.js';
import type { DynastyId, Owner, StateId } from '../../cardgame/types.js';
import { font } from '../fonts.js';
import { drawMoves, type ArmyMove } from './moves.js';
import { dynastyGlyph, hexCorners, INK, outward, ownerColour, PARCHMENT, stateCentre, stateInfo, strongholdPoint, textOn, tint, type Point } from './layout.js';

export interface BoardStyle {
  /** States whose control changed this round (round summary image). */
  changed: StateId[];
  /** Armies moved this round (round summary image): an arrow from the origin, beneath the army discs. */
  moves?: readonly ArmyMove[];
}

function hexPath(ctx: SKRSContext2D, corners: Point[]): void {
  ctx.beginPath();
  corners.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
  ctx.closePath();
}

/** An army: a disc in the dynasty colour with its glyph (neutral: black, no glyph). */
export function drawArmy(ctx: SKRSContext2D, p: Point, r: number, owner: Owner, dynasties: readonly DynastyId[]): void {
  const colour = ownerColour(owner, dynasties);
  ctx.beginPath();
  ctx.arc(p.x, p.y, r, 0, Math.PI * 2);
  ctx.fillStyle = colour;
  ctx.fill();
  ctx.lineWidth = Math.max(1.5, r / 7);
  ctx.strokeStyle = owner === 'neutral' ? '#000000' : '#1a1a1a';
  ctx.stroke();
  if (owner === 'neutral') return;
  ctx.fillStyle = textOn(colour);
  ctx.font = font(r * 1.15, true);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(dynastyGlyph(dynasties[owner]!), p.x, p.y + r * 0.05);
}

function haloText(ctx: SKRSContext2D, text: string, x: number, y: number, size: number, bold = false, colour = INK): void {
  ctx.font = font(size, bold);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineWidth = Math.max(2.5, size / 5);
  ctx.strokeStyle = 'rgba(255,255,255,0.85)';
  ctx.lineJoin = 'round';
  ctx.strokeText(text, x, y);
  ctx.fillStyle = colour;
  ctx.fillText(text, x, y);
}

export function drawBoard(ctx: SKRSContext2D, view: CardGameView, style: BoardStyle): void {
  const dynasties = view.seats.map((s) => s.dynasty);
  // states
  for (const id of STATE_ORDER) {
    const armies = view.states[id];
    const top = armies[armies.length - 1]!;
    hexPath(ctx, hexCorners(id));
    ctx.fillStyle = top === 'neutral' ? PARCHMENT : tint(ownerColour(top, dynasties));
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.strokeStyle = '#6b6355';
    ctx.stroke();
  }
  // outlines: the current state, the changed states
  // the changed states' dashes go over the current state's outline, so a state that is both shows both
  if (view.currentState) {
    hexPath(ctx, hexCorners(view.currentState));
    ctx.lineWidth = 7;
    ctx.strokeStyle = INK;
    ctx.stroke();
  }
  for (const id of style.changed) {
    hexPath(ctx, hexCorners(id));
    ctx.setLineDash([14, 8]);
    ctx.lineWidth = 6;
    ctx.strokeStyle = '#7a1fa2';
    ctx.stroke();
    ctx.setLineDash([]);
  }
  if (style.moves?.length) drawMoves(ctx, style.moves, dynasties);
  // names and state stacks
  for (const id of STATE_ORDER) {
    const c = stateCentre(id);
    const info = stateInfo(id);
    haloText(ctx, info.zh, c.x, c.y - 46, 34, true);
    haloText(ctx, info.name, c.x, c.y - 17, 17, false, '#4a4a4a');
    const armies = view.states[id];
    const top = armies[armies.length - 1]!;
    if (armies.length === 2) drawArmy(ctx, { x: c.x + 20, y: c.y + 36 }, 11, armies[0]!, dynasties);
    drawArmy(ctx, { x: c.x, y: c.y + 26 }, 18, top, dynasties);
  }
  // strongholds: a small ring at the corner, the number outside, armies on it
  for (const h of STRONGHOLD_IDS) {
    const p = strongholdPoint(h);
    const out = outward(h);
    const armies = view.strongholds[String(h)] ?? [];
    if (armies.length === 0) {
      ctx.beginPath();
      ctx.arc(p.x, p.y, 6, 0, Math.PI * 2);
      ctx.fillStyle = '#ffffff';
      ctx.fill();
      ctx.lineWidth = 2;
      ctx.strokeStyle = '#6b6355';
      ctx.stroke();
    } else if (armies.length === 1) {
      drawArmy(ctx, p, 14, armies[0]!, dynasties);
    } else {
      drawArmy(ctx, { x: p.x - 7, y: p.y + 5 }, 13, armies[0]!, dynasties);
      drawArmy(ctx, { x: p.x + 7, y: p.y - 5 }, 13, armies[1]!, dynasties);
    }
    // the number: outwards at the edge; inside, beside the corner away from the stack
    const edge = Math.hypot(out.x, out.y) > 0 && stateCount(h) < 3;
    const d = armies.length === 0 ? 17 : armies.length === 1 ? 27 : 33;
    const lp = edge ? { x: p.x + out.x * d, y: p.y + out.y * d } : { x: p.x + d * 0.9, y: p.y - d * 0.55 };
    haloText(ctx, String(h), lp.x, lp.y, 13, true, '#5a4f3c');
  }
}

function stateCount(h: number): number {
  return STATE_ORDER.filter((s) => Object.values(stateInfo(s).strongholds).includes(h)).length;
}
