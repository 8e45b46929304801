/**
 * Where things go on the card-game table image (1600 × 1000): the hex board on the left, scaled from the data's
 * 813 × 770 pixel plan (design §2.1), and the panels on the right. Colours: design §2.3 (Okabe–Ito).
 */
import { DATA } from '../../cardgame/data.js';
import type { DynastyId, Owner, StateId } from '../../cardgame/types.js';

export const WIDTH = 1600;
export const HEIGHT = 1000;
export const BOARD = { x: 14, y: 66, scale: 1.17 };
export const PANEL_X = 980;

export interface Point {
  x: number;
  y: number;
}

export const toCanvas = (x: number, y: number): Point => ({ x: BOARD.x + x * BOARD.scale, y: BOARD.y + y * BOARD.scale });

const STATES = new Map(DATA.board.states.map((s) => [s.id, s]));
const STRONGHOLDS = new Map(DATA.board.strongholds.map((h) => [h.id, h]));

export function stateInfo(id: StateId) {
  return STATES.get(id)!;
}

export function stateCentre(id: StateId): Point {
  const s = STATES.get(id)!;
  return toCanvas(s.x, s.y);
}

/** The hexagon's corners N, NE, SE, S, SW, NW: the state's strongholds. */
export function hexCorners(id: StateId): Point[] {
  const s = STATES.get(id)!;
  return (['N', 'NE', 'SE', 'S', 'SW', 'NW'] as const).map((k) => strongholdPoint(s.strongholds[k]));
}

export function strongholdPoint(id: number): Point {
  const h = STRONGHOLDS.get(id)!;
  return toCanvas(h.x, h.y);
}

/** The direction from the middle of a stronghold's states towards it (outwards at the board's edge). */
export function outward(id: number): Point {
  const h = STRONGHOLDS.get(id)!;
  const cx = h.states.reduce((a, s) => a + STATES.get(s)!.x, 0) / h.states.length;
  const cy = h.states.reduce((a, s) => a + STATES.get(s)!.y, 0) / h.states.length;
  const dx = h.x - cx;
  const dy = h.y - cy;
  const len = Math.hypot(dx, dy);
  return len < 1 ? { x: 0, y: -1 } : { x: dx / len, y: dy / len };
}

const DYNASTY = new Map(DATA.dynasties.map((d) => [d.id, d]));
export const NEUTRAL_COLOUR = DATA.neutral.colour;
export const PARCHMENT = '#efe4c8';
export const BACKGROUND = '#f7f5f0';
export const INK = '#2b2b2b';

export function dynastyColour(d: DynastyId): string {
  return DYNASTY.get(d)!.colour;
}

export function dynastyGlyph(d: DynastyId): string {
  return DYNASTY.get(d)!.zh;
}

/** A light tint of a colour for a controlled state's hexagon. */
export function tint(hex: string, amount = 0.55): string {
  const n = parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c + (255 - c) * amount);
  return `rgb(${mix((n >> 16) & 255)}, ${mix((n >> 8) & 255)}, ${mix(n & 255)})`;
}

/** Black text on light colours (Qin's yellow), white on dark ones. */
export function textOn(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  const lum = 0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return lum > 150 ? '#1a1a1a' : '#ffffff';
}

export function ownerColour(owner: Owner, dynasties: readonly DynastyId[]): string {
  return owner === 'neutral' ? NEUTRAL_COLOUR : dynastyColour(dynasties[owner]!);
}

export const SYMBOL_ZH = new Map(DATA.superiorities.map((s) => [s.id, s.zh]));
