/**
 * Where things go on the card-game table image (1600 px wide): the hex board at the top left, scaled from the data's
 * 813 × 770 pixel plan (docs/cardgame.md "The board") as large as the canvas allows, because the board is what must
 * read at Discord's preview size (about 550 px wide, a third of the picture): who holds which stronghold and which
 * state. Beside it the phase, the standings and the battlefield row; below it, across the picture, the recruiting row,
 * the 2-player resistance, one box per seat, then the legend (docs/cardgame.md "Table image"). Colours:
 * docs/cardgame.md "Colours" (Okabe–Ito).
 */
import { DATA } from '../../cardgame/data.js';
import type { DynastyId, Owner, StateId } from '../../cardgame/types.js';

export const WIDTH = 1600;
/** Where the rows below the board start (the board's lowest discs end about 10 px above). */
export const BOARD_BOTTOM = 950;
/**
 * The panels' text: 28 px, 9.6 px where Discord shows the picture 550 px wide, as the legend and the maps' legends
 * (docs/render.md "Legibility"; at 13–17 px it read 4.5–5.8 px there). A line too long for its room is set smaller
 * only down to `PANEL_MIN` (9.3 px there), then cut; headings and player names are larger.
 */
export const PANEL_TEXT = 28;
export const PANEL_MIN = 27;
export const PANEL_HEADING = 30;
export const TITLE_TEXT = 32;
/** A line of panel text, baseline to baseline. */
export const PANEL_LINE = 40;
/** The margin at the picture's left and right. */
export const MARGIN = 20;
/**
 * The legend's text: 9.6 px where Discord shows the picture 550 px wide, as the maps' legend (docs/render.md
 * "Legibility"; at 14 px it read 4.8 px there). Its samples are drawn `LEGEND_K` times their first size (for 14 px).
 */
export const LEGEND_TEXT = 28;
export const LEGEND_K = LEGEND_TEXT / 14;
/** A legend row's height (its margin at the picture's left and right is `MARGIN`). */
export const LEGEND_ROW = 52;
export const BOARD = { x: -42, y: 14, scale: 1.26 };
export const PANEL_X = 985;
export const PANEL_W = WIDTH - PANEL_X - MARGIN;

/**
 * A stronghold's disc: its number always written on it, its armies as its colours (draw-board.ts). Large enough that
 * the number reads at Discord's preview size: about 9.6 px high at 550 px wide, as the legend
 * (test/render/cards/board.test.ts).
 */
export const STRONGHOLD_R = 28;
/** The number's size on a stronghold's disc (on the core of a stack of 2 a little smaller). */
export const STRONGHOLD_NUMBER = 28;
/** A state's army (its top army) at the state's centre, and an army beneath it. */
export const STATE_ARMY_R = 29;
/** The dynasty name on a state's army (23 px: 7.9 px at 550 px wide). */
export const STATE_ARMY_LABEL = 23;
export const BENEATH_R = 13;
/** Where in a state its name and its armies sit, from its centre. */
export const STATE_NAME_DY = -12;
export const STATE_ARMY_DY = 38;
export const STATE_NAME_SIZE = 27;

export interface Point {
  x: number;
  y: number;
}

export const toCanvas = (x: number, y: number): Point => ({
  x: BOARD.x + x * BOARD.scale,
  y: BOARD.y + y * BOARD.scale,
});

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

/** The state's army (top) and the army beneath it, when there is one. */
export function stateArmyPoints(id: StateId): { top: Point; beneath: Point } {
  const c = stateCentre(id);
  return {
    top: { x: c.x, y: c.y + STATE_ARMY_DY },
    beneath: { x: c.x + STATE_ARMY_R + BENEATH_R + 3, y: c.y + STATE_ARMY_DY + 8 },
  };
}

const DYNASTY = new Map(DATA.dynasties.map((d) => [d.id, d]));
export const NEUTRAL_COLOUR = DATA.neutral.colour;
/** A neutral state: a light grey stone, unlike every dynasty's tint (Qin's yellow included). */
export const NEUTRAL_STATE = '#e7e3da';
export const BACKGROUND = '#f7f5f0';
export const INK = '#2b2b2b';

export function dynastyColour(d: DynastyId): string {
  return DYNASTY.get(d)!.colour;
}

/** A tint of a colour for a controlled state's hexagon: strong enough to read at preview size. */
export function tint(hex: string, amount = 0.4): string {
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
