/**
 * The hex board, drawn to read at Discord's preview size: states tinted by their controller (neutral states grey
 * stone) with their Latin name and the Chinese beside it, the current state outlined in ink, changed states
 * (round summary) in purple dashes; every stronghold a disc with its number always written on it — white when
 * empty, the owner's colour with 1 army, a ring (the army beneath) around a core (the army on top) with 2 — so no
 * army ever hides a number; a state's army a large disc at its centre, an army beneath it a small one beside.
 * Nothing covers a name: `boardLayout` gives every name and disc its place, and a test checks none overlap.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { STATE_ORDER } from '../../cardgame/data.js';
import { dynastyName } from '../../cardgame/names.js';
import { STRONGHOLD_IDS } from '../../cardgame/board.js';
import type { CardGameView } from '../../cardgame/views.js';
import type { DynastyId, Owner, StateId } from '../../cardgame/types.js';
import { font } from '../fonts.js';
import { drawMoves, type ArmyMove } from './moves.js';
import {
  BENEATH_R,
  hexCorners,
  INK,
  NEUTRAL_STATE,
  ownerColour,
  STATE_ARMY_LABEL,
  STATE_ARMY_R,
  STATE_NAME_DY,
  STATE_NAME_SIZE,
  stateArmyPoints,
  stateCentre,
  stateInfo,
  STRONGHOLD_NUMBER,
  STRONGHOLD_R,
  strongholdPoint,
  textOn,
  tint,
  type Point,
} from './layout.js';

export interface BoardStyle {
  /** States whose control changed this round (round summary image). */
  changed: StateId[];
  /** Armies moved this round (round summary image): an arrow from the origin, beneath the army discs. */
  moves?: readonly ArmyMove[];
  /** A dynasty's name on its army discs, in the reader's words (`Qin`, `秦`); its English name by default. */
  dynasty?: (d: DynastyId) => string;
  /** A state's name on the board in the reader's words (`Gu 顧`, `顾`); `stateTitle` by default. */
  state?: (s: StateId) => string;
}

/** A state's name as drawn: "Gu 顧" (the Latin name first, the Chinese beside it). */
export function stateTitle(id: StateId): string {
  const s = stateInfo(id);
  return `${s.name} ${s.zh}`;
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}
export interface Circle {
  x: number;
  y: number;
  r: number;
}

/** Where every name and disc of the board goes (to draw, and to check that nothing covers anything). */
export function boardLayout(measure: (text: string, size: number) => number): {
  names: (Box & { id: StateId })[];
  armies: (Circle & { id: string })[];
  strongholds: (Circle & { id: number })[];
} {
  const names = STATE_ORDER.map((id) => {
    const c = stateCentre(id);
    const w = measure(stateTitle(id), STATE_NAME_SIZE) + 6;
    const h = STATE_NAME_SIZE * 1.1;
    return { id, x: c.x - w / 2, y: c.y + STATE_NAME_DY - h / 2, w, h };
  });
  const armies = STATE_ORDER.flatMap((id) => {
    const p = stateArmyPoints(id);
    return [
      { id: `${id}:top`, ...p.top, r: STATE_ARMY_R },
      { id: `${id}:beneath`, ...p.beneath, r: BENEATH_R },
    ];
  });
  const strongholds = STRONGHOLD_IDS.map((h) => ({ id: h, ...strongholdPoint(h), r: STRONGHOLD_R }));
  return { names, armies, strongholds };
}

function hexPath(ctx: SKRSContext2D, corners: Point[]): void {
  ctx.beginPath();
  corners.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
  ctx.closePath();
}

function disc(
  ctx: SKRSContext2D,
  p: Point,
  r: number,
  fill: string,
  stroke = '#1a1a1a',
  width = Math.max(1.5, r / 9),
): void {
  ctx.beginPath();
  ctx.arc(p.x, p.y, r, 0, Math.PI * 2);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = width;
  ctx.strokeStyle = stroke;
  ctx.stroke();
}

/** An army: a disc in its dynasty's colour (neutral: black). `label` is written on it (a stronghold's number). */
export function drawArmy(
  ctx: SKRSContext2D,
  p: Point,
  r: number,
  owner: Owner,
  dynasties: readonly DynastyId[],
  label?: string,
  size = r * 0.9,
): void {
  const colour = ownerColour(owner, dynasties);
  disc(ctx, p, r, colour);
  if (label) centredText(ctx, label, p, size, textOn(colour));
}

function centredText(ctx: SKRSContext2D, text: string, p: Point, size: number, colour: string): void {
  ctx.font = font(size, true);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = colour;
  ctx.fillText(text, p.x, p.y + size * 0.04);
}

/** A stronghold: its disc with its number, coloured by its armies (none, 1, or a ring around a core for 2). */
export function drawStronghold(
  ctx: SKRSContext2D,
  p: Point,
  r: number,
  number: string,
  armies: readonly Owner[],
  dynasties: readonly DynastyId[],
): void {
  const size = (STRONGHOLD_NUMBER * r) / STRONGHOLD_R;
  if (armies.length === 0) {
    disc(ctx, p, r, '#ffffff', '#6b6355', 2);
    centredText(ctx, number, p, size, '#2b2b2b');
    return;
  }
  if (armies.length === 1) return drawArmy(ctx, p, r, armies[0]!, dynasties, number, size);
  // two armies: the one beneath as a ring, the one on top as the core, a white gap between (two of one colour
  // still read as two)
  const outer = ownerColour(armies[0]!, dynasties);
  const inner = ownerColour(armies[1]!, dynasties);
  disc(ctx, p, r + 3, outer, '#1a1a1a', 2);
  disc(ctx, p, r - 5, inner, '#ffffff', 2.5);
  centredText(ctx, number, p, size * 0.92, textOn(inner));
}

function haloText(
  ctx: SKRSContext2D,
  text: string,
  x: number,
  y: number,
  size: number,
  bold = false,
  colour = INK,
): void {
  ctx.font = font(size, bold);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineWidth = Math.max(3, size / 4.5);
  ctx.strokeStyle = 'rgba(255,255,255,0.9)';
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
    ctx.fillStyle = top === 'neutral' ? NEUTRAL_STATE : tint(ownerColour(top, dynasties));
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.strokeStyle = '#6b6355';
    ctx.stroke();
  }
  // outlines: the current state, the changed states
  // the changed states' dashes go over the current state's outline, so a state that is both shows both
  if (view.currentState) {
    hexPath(ctx, hexCorners(view.currentState));
    ctx.lineWidth = 8;
    ctx.strokeStyle = INK;
    ctx.stroke();
  }
  for (const id of style.changed) {
    hexPath(ctx, hexCorners(id));
    ctx.setLineDash([16, 9]);
    ctx.lineWidth = 7;
    ctx.strokeStyle = '#7a1fa2';
    ctx.stroke();
    ctx.setLineDash([]);
  }
  if (style.moves?.length) drawMoves(ctx, style.moves, dynasties);
  // names and state armies
  for (const id of STATE_ORDER) {
    const c = stateCentre(id);
    haloText(ctx, (style.state ?? stateTitle)(id), c.x, c.y + STATE_NAME_DY, STATE_NAME_SIZE, true);
    const armies = view.states[id];
    const p = stateArmyPoints(id);
    // the controller's name on its army (colour is not the only cue); a neutral army is plain black
    const top = armies[armies.length - 1]!;
    drawArmy(
      ctx,
      p.top,
      STATE_ARMY_R,
      top,
      dynasties,
      top === 'neutral' ? undefined : (style.dynasty ?? dynastyName)(dynasties[top]!),
      STATE_ARMY_LABEL,
    );
    if (armies.length === 2) drawArmy(ctx, p.beneath, BENEATH_R, armies[0]!, dynasties);
  }
  // strongholds last: nothing is ever drawn over a stronghold's number
  for (const h of STRONGHOLD_IDS)
    drawStronghold(ctx, strongholdPoint(h), STRONGHOLD_R, String(h), view.strongholds[String(h)] ?? [], dynasties);
}
