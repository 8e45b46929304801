/**
 * Placing result symbols (failed, cut, disbanded, built …) where they cover no label, unit, supply-centre
 * marker or other symbol, and no order line but their own (a ✕ on another order's shaft or support line reads as that
 * order's failure): each at its first free candidate (the head of its arrow, the middle of its line, beside its unit),
 * else at the nearest free spot on rings round the first candidate; a symbol about a unit where it stands (disbanded,
 * built …) takes a spot in the unit's province first. Only where no spot is off every other line does a symbol lie on
 * one. A cut symbol is placed first: it must sit on its support line to say which support was cut, where a failed
 * move's symbol may go on either side of its arrow. Dislodged rings are not placed: they surround their unit.
 */
import type { Point } from './geometry.js';
import type { SymbolWish } from './orders.js';
import { grid, overlaps, rectAround } from './placement.js';
import { distanceToSegment } from '../variants/drawing/segment.js';
import type { ArrowHead, Rect, ResultSymbol, SymbolKind } from './scene.js';

export const SYMBOL_TEXT: Record<SymbolKind, string> = {
  failed: 'failed',
  cut: 'support cut',
  dislodged: 'dislodged',
  'no-retreat': 'no retreat: disbanded',
  disbanded: 'disbanded',
  'build-failed': 'build failed',
  built: 'built',
  virtual: 'virtual army',
};

export function symbolBox(s: ResultSymbol): Rect {
  return rectAround(s.at, s.radius * 2, s.radius * 2);
}

/** Symbols about a unit standing where it is (not at an arrow's head): they stay in the unit's province if they can. */
const BY_THE_UNIT = new Set<SymbolKind>(['disbanded', 'no-retreat', 'build-failed', 'built']);

/** An order line symbols keep off: its drawn path, half its drawn width, and the unit it orders. */
export interface SymbolLine {
  path: Point[];
  half: number;
  unit?: string;
  /** Its arrowhead: no symbol covers more than a sixth of it (the direction must show), its own ✕ neither. */
  head?: ArrowHead;
}

/** The share of an arrowhead's triangle a disc covers (sampled on a triangular grid). */
export function headShareUnder(h: ArrowHead, at: Point, r: number): number {
  const [dx, dy] = [h.tip[0] - h.base[0], h.tip[1] - h.base[1]];
  const len = Math.hypot(dx, dy) || 1;
  if (Math.hypot(at[0] - h.base[0], at[1] - h.base[1]) > r + Math.max(len, h.width)) return 0;
  const [nx, ny] = [-dy / len, dx / len];
  let inside = 0;
  let all = 0;
  for (let i = 0; i <= 6; i++)
    for (let j = -6; j <= 6; j++) {
      const t = i / 6;
      const w = (j / 6) * (1 - t) * (h.width / 2);
      all++;
      if (Math.hypot(h.base[0] + dx * t + nx * w - at[0], h.base[1] + dy * t + ny * w - at[1]) < r) inside++;
    }
  return inside / all;
}

export function placeSymbols(
  wishes: SymbolWish[],
  radius: number,
  obstacles: Rect[],
  frame: Rect,
  warnings: string[],
  provinceAt?: (p: Point) => string | null,
  lines: SymbolLine[] = [],
): ResultSymbol[] {
  const taken = [...obstacles];
  const out: ResultSymbol[] = [];
  const fits = (c: Point) => {
    const box = rectAround(c, radius * 2, radius * 2);
    if (box.x < frame.x || box.y < frame.y || box.x + box.w > frame.x + frame.w || box.y + box.h > frame.y + frame.h)
      return null;
    return taken.some((t) => overlaps(t, box)) ? null : box;
  };
  const boxes = lines.map((l) => boundsOfPath(l.path, radius * 0.9 + l.half));
  /** Is the spot off every order line but the symbol's own unit's? */
  const offLines = (c: Point, unit: string | undefined) =>
    lines.every(
      (l, k) =>
        (!l.head || headShareUnder(l.head, c, radius) <= 1 / 6) &&
        ((unit !== undefined && l.unit === unit) || !inside(c, boxes[k]!) || !near(c, l.path, radius * 0.9 + l.half)),
    );
  const ordered = [...wishes.filter((w) => w.kind === 'cut'), ...wishes.filter((w) => w.kind !== 'cut')];
  for (const wish of ordered) {
    let spot: Point | null = null;
    let box: Rect | null = null;
    const all = [...wish.candidates, ...rings(wish.candidates[0], radius)];
    // A disband (or build) symbol in a neighbour's province reads as that neighbour's: its own province first.
    const own = wish.unit && BY_THE_UNIT.has(wish.kind) ? wish.unit.split('/')[0] : null;
    const lists =
      own && provinceAt
        ? [[...all, ...grid(wish.candidates[0]!, radius * 0.5, radius * 8)].filter((c) => provinceAt(c) === own), all]
        : [all];
    // Off every other order's line first, in each list; only then on one.
    const tries = [
      ...lists.map((list) => ({ list, offLinesOnly: true })),
      ...(lines.length > 0 ? lists.map((list) => ({ list, offLinesOnly: false })) : []),
    ];
    for (const { list, offLinesOnly } of tries) {
      for (const c of list) {
        box = fits(c);
        if (box && (!offLinesOnly || offLines(c, wish.unit))) {
          spot = c;
          break;
        }
      }
      if (spot) break;
    }
    if (!spot || !box) {
      warnings.push(`no room for a ${SYMBOL_TEXT[wish.kind]} symbol${wish.unit ? ` of ${wish.unit}` : ''}`);
      continue;
    }
    taken.push(box);
    out.push({ kind: wish.kind, at: spot, radius, ...(wish.unit ? { unit: wish.unit } : {}) });
  }
  return out;
}

/** The box round a polyline grown by `d` on every side: a point outside it is farther than `d` from the line. */
function boundsOfPath(path: Point[], d: number): Rect {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of path) [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  return { x: x0 - d, y: y0 - d, w: x1 - x0 + 2 * d, h: y1 - y0 + 2 * d };
}

const inside = (c: Point, r: Rect) => c[0] >= r.x && c[0] <= r.x + r.w && c[1] >= r.y && c[1] <= r.y + r.h;

/** Does a polyline pass within `d` of the point? */
function near(c: Point, path: Point[], d: number): boolean {
  for (let i = 1; i < path.length; i++) if (distanceToSegment(c, path[i - 1]!, path[i]!) < d) return true;
  return false;
}

/** Spots on growing rings round a point (12 per ring). */
function rings(at: Point, r: number): Point[] {
  const out: Point[] = [];
  for (let ring = 1; ring <= 8; ring++) {
    for (let i = 0; i < 12; i++) {
      const a = (i / 12) * Math.PI * 2 + ring * 0.4;
      out.push([at[0] + Math.cos(a) * r * 1.6 * ring, at[1] + Math.sin(a) * r * 1.6 * ring]);
    }
  }
  return out;
}
