/**
 * Placing small things (province labels, supply-centre markers) so that they never overlap each other
 * or a unit: greedy, tightest provinces first, trying positions around the province's anchor.
 */
import type { Point } from './geometry.js';
import type { Rect } from './scene.js';

/** Approximate advance width of text in Noto Sans SC (bold), in pixels; errs on the wide side. */
export function textWidth(text: string, size: number): number {
  let em = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c >= 0x2e80) em += 1.0;
    else if (ch === ' ') em += 0.26;
    else if (ch >= 'A' && ch <= 'Z') em += 0.7;
    else if (ch >= '0' && ch <= '9') em += 0.58;
    else if ('iljtf.,:;\'!|'.includes(ch)) em += 0.32;
    else em += 0.58;
  }
  return em * size;
}

export function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

export function rectAround(at: Point, w: number, h: number): Rect {
  return { x: at[0] - w / 2, y: at[1] - h / 2, w, h };
}

export interface PlacementRequest {
  id: string;
  anchor: Point;
  w: number;
  h: number;
  /** Distance from the anchor at which the first ring of candidates lies. */
  gap: number;
  /** Candidate centres must satisfy this (e.g. inside the province). */
  accept(center: Point, box: Rect): boolean;
  /** More candidate centres, tried after the rings round the anchor (points spread over a large province). */
  more?: () => Point[];
}

/** Unit offsets tried in order: on the anchor, below, above, right, left, the diagonals, then farther out. */
const DIRECTIONS: Point[] = [
  [0, 1],
  [0, -1],
  [1, 0],
  [-1, 0],
  [1, 1],
  [-1, 1],
  [1, -1],
  [-1, -1],
];

export function candidates(req: PlacementRequest, includeAnchor: boolean): Point[] {
  const out: Point[] = includeAnchor ? [req.anchor] : [];
  for (const ring of [1, 1.3, 1.6, 2, 2.3, 2.7, 3.1]) {
    for (const [dx, dy] of DIRECTIONS) {
      const ox = dx * (req.gap * ring + (dx !== 0 ? req.w / 2 : 0));
      const oy = dy * (req.gap * ring + (dy !== 0 ? req.h / 2 : 0));
      out.push([req.anchor[0] + ox, req.anchor[1] + oy]);
    }
  }
  return out;
}

/**
 * Place each request at its first candidate that is accepted and overlaps nothing placed so far.
 * Returns the chosen box per id; ids that found no place are left out.
 */
export function placeAll(
  requests: PlacementRequest[],
  obstacles: Rect[],
  includeAnchor: boolean,
  frame: Rect,
): Map<string, Rect> {
  const placed: Rect[] = [...obstacles];
  const out = new Map<string, Rect>();
  for (const req of requests) {
    for (const c of [...candidates(req, includeAnchor), ...(req.more?.() ?? [])]) {
      const box = rectAround(c, req.w, req.h);
      if (box.x < frame.x || box.y < frame.y || box.x + box.w > frame.x + frame.w || box.y + box.h > frame.y + frame.h) continue;
      // The cheap test first: `accept` may test the box against a province's outline.
      if (placed.some((p) => overlaps(p, box))) continue;
      if (!req.accept(c, box)) continue;
      placed.push(box);
      out.set(req.id, box);
      break;
    }
  }
  return out;
}
