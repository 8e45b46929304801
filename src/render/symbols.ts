/**
 * Placing result symbols (failed, cut, disbanded, built …) where they cover no label, unit, supply-centre
 * marker or other symbol: each at its first free candidate (the head of its arrow, the middle of
 * its line, beside its unit), else at the nearest free spot on rings round the first candidate; a symbol about a
 * unit where it stands (disbanded, built …) takes a spot in the unit's province first.
 * A cut symbol is placed first: it must sit on its support line to say which support was cut, where a failed
 * move's symbol may go on either side of its arrow. Dislodged rings are not placed: they surround their unit.
 */
import type { Point } from './geometry.js';
import type { SymbolWish } from './orders.js';
import { grid, overlaps, rectAround } from './placement.js';
import type { Rect, ResultSymbol, SymbolKind } from './scene.js';

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

export function placeSymbols(
  wishes: SymbolWish[],
  radius: number,
  obstacles: Rect[],
  frame: Rect,
  warnings: string[],
  provinceAt?: (p: Point) => string | null,
): ResultSymbol[] {
  const taken = [...obstacles];
  const out: ResultSymbol[] = [];
  const fits = (c: Point) => {
    const box = rectAround(c, radius * 2, radius * 2);
    if (box.x < frame.x || box.y < frame.y || box.x + box.w > frame.x + frame.w || box.y + box.h > frame.y + frame.h)
      return null;
    return taken.some((t) => overlaps(t, box)) ? null : box;
  };
  const ordered = [...wishes.filter((w) => w.kind === 'cut'), ...wishes.filter((w) => w.kind !== 'cut')];
  for (const wish of ordered) {
    let spot: Point | null = null;
    let box: Rect | null = null;
    const all = [...wish.candidates, ...rings(wish.candidates[0], radius)];
    // A disband (or build) symbol in a neighbour's province reads as that neighbour's: its own province first.
    const own = wish.unit && BY_THE_UNIT.has(wish.kind) ? wish.unit.split('/')[0] : null;
    const tries =
      own && provinceAt
        ? [[...all, ...grid(wish.candidates[0]!, radius * 0.5, radius * 8)].filter((c) => provinceAt(c) === own), all]
        : [all];
    for (const list of tries) {
      for (const c of list) {
        box = fits(c);
        if (box) {
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
