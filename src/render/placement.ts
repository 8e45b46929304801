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
    else if ("iljtf.,:;'!|".includes(ch)) em += 0.32;
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
  /**
   * More candidate centres, tried after the rings round the anchor (points spread over a large province); an
   * iterable, so that costly ones are made only when the earlier ones failed.
   */
  more?: () => Iterable<Point>;
  /** Room kept free to each side of the placed box for what is placed later (names a clear gap apart). */
  pad?: number;
}

/** The box kept in the obstacles for a placed box with `pad` (the very object: `BoxIndex.remove` takes it out). */
const keptFor = new WeakMap<Rect, Rect>();

/** The box the obstacles hold for a placed box: itself, or its padded one. */
export function keptBox(box: Rect): Rect {
  return keptFor.get(box) ?? box;
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
 * Boxes bucketed in a coarse grid, so that a candidate box is tested only against the boxes near it (a Warhammer
 * map places ~600 labels and markers among ~400 obstacles, over a hundred candidates each: a scan of every placed
 * box per candidate made the label tiers the bulk of the scene's time).
 */
export class BoxIndex {
  private readonly buckets = new Map<number, Rect[]>();
  constructor(
    boxes: Iterable<Rect> = [],
    private readonly cell = 64,
  ) {
    for (const b of boxes) this.add(b);
  }

  private keys(r: Rect, visit: (key: number) => boolean | void): boolean {
    const [x0, x1] = [Math.floor(r.x / this.cell), Math.floor((r.x + r.w) / this.cell)];
    const [y0, y1] = [Math.floor(r.y / this.cell), Math.floor((r.y + r.h) / this.cell)];
    for (let x = x0; x <= x1; x++)
      for (let y = y0; y <= y1; y++) if (visit((x + 4096) * 8192 + (y + 4096))) return true;
    return false;
  }

  add(r: Rect): void {
    this.keys(r, (key) => {
      const bucket = this.buckets.get(key);
      if (bucket) bucket.push(r);
      else this.buckets.set(key, [r]);
    });
  }

  /** Takes out a box added before (the very object). */
  remove(r: Rect): void {
    this.keys(r, (key) => {
      const bucket = this.buckets.get(key);
      const at = bucket?.indexOf(r) ?? -1;
      if (at >= 0) bucket!.splice(at, 1);
    });
  }

  /** Does `r` overlap any box added so far? */
  hits(r: Rect): boolean {
    return this.keys(r, (key) => this.buckets.get(key)?.some((b) => overlaps(b, r)) ?? false);
  }
}

/**
 * Place each request at its first candidate that is accepted and overlaps nothing placed so far.
 * Returns the chosen box per id; ids that found no place are left out. Obstacles given as a `BoxIndex` are kept
 * (each box placed is added to it, so later calls keep clear of it too); a list is copied.
 */
export function placeAll(
  requests: PlacementRequest[],
  obstacles: BoxIndex | Iterable<Rect>,
  includeAnchor: boolean,
  frame: Rect,
): Map<string, Rect> {
  const placed = obstacles instanceof BoxIndex ? obstacles : new BoxIndex(obstacles);
  const out = new Map<string, Rect>();
  const fits = (c: Point, req: PlacementRequest): Rect | null => {
    const box = rectAround(c, req.w, req.h);
    if (box.x < frame.x || box.y < frame.y || box.x + box.w > frame.x + frame.w || box.y + box.h > frame.y + frame.h)
      return null;
    // The cheap test first: `accept` may test the box against a province's outline.
    if (placed.hits(box) || !req.accept(c, box)) return null;
    return box;
  };
  for (const req of requests) {
    let box: Rect | null = null;
    for (const c of candidates(req, includeAnchor)) if ((box = fits(c, req))) break;
    if (!box && req.more) for (const c of req.more()) if ((box = fits(c, req))) break;
    if (!box) continue;
    if (req.pad) keptFor.set(box, { x: box.x - req.pad, y: box.y, w: box.w + 2 * req.pad, h: box.h });
    placed.add(keptBox(box));
    out.set(req.id, box);
  }
  return out;
}

/** The points of a square grid (step apart) within `reach` of a point, nearest first. */
export function grid(at: Point, step: number, reach: number): Point[] {
  const out: Point[] = [];
  const n = Math.ceil(reach / step);
  for (let i = -n; i <= n; i++)
    for (let j = -n; j <= n; j++) if (Math.hypot(i, j) * step <= reach) out.push([at[0] + i * step, at[1] + j * step]);
  return out.sort((a, b) => Math.hypot(a[0] - at[0], a[1] - at[1]) - Math.hypot(b[0] - at[0], b[1] - at[1]));
}
