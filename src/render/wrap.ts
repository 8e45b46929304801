/**
 * Maps that wrap round: a sea drawn at both side edges is one province (Warhammer's Tempest Ocean), so a move between
 * a province at one edge and one at the other crosses the edge, not the whole continent. Lines are routed on unwrapped
 * coordinates (each point moved by the map's width to the copy nearest the point before it), so such a line leaves the
 * frame at one edge; the painter draws it again shifted by the width, where it comes in at the other (docs/render.md,
 * "Wrap-around seas").
 */
import type { MapGeometry, Point } from './geometry.js';
import type { Rect } from './scene.js';

/** A wrapping map's frame, in output px: its left edge and width. */
export interface Wrap {
  x0: number;
  width: number;
}

const wrapsAround = new WeakMap<MapGeometry, boolean>();

/** Does some province's territory touch both side edges of the map (a sea that runs off one edge and on at the other)? */
function geometryWraps(geometry: MapGeometry): boolean {
  const known = wrapsAround.get(geometry);
  if (known !== undefined) return known;
  let wraps = false;
  for (const [id, shape] of geometry.shapes) {
    if (id.startsWith('#')) continue;
    const touches = (edge: number) =>
      shape.cells.some((i) => geometry.cells[i]!.polygon.some((v) => Math.abs(v[0] - edge) < 0.5));
    if (touches(0) && touches(geometry.width)) {
      wraps = true;
      break;
    }
  }
  wrapsAround.set(geometry, wraps);
  return wraps;
}

/** The wrap of a map drawn in `frame`, or null for a map that does not wrap round. */
export function wrapOf(geometry: MapGeometry, frame: Rect): Wrap | null {
  return geometryWraps(geometry) ? { x0: frame.x, width: frame.w } : null;
}

/** The point moved by whole widths into the frame. */
export function wrapInto(wrap: Wrap | null | undefined, p: Point): Point {
  if (!wrap) return p;
  const k = Math.floor((p[0] - wrap.x0) / wrap.width);
  return k === 0 ? p : [p[0] - k * wrap.width, p[1]];
}

/** Each point moved by whole widths to the copy nearest the point before it (the first stays). */
export function unwrapLine(wrap: Wrap | null | undefined, points: Point[]): Point[] {
  if (!wrap || points.length < 2) return points;
  const out: Point[] = [points[0]!];
  for (const p of points.slice(1)) {
    const before = out[out.length - 1]!;
    const k = Math.round((before[0] - p[0]) / wrap.width);
    out.push(k === 0 ? p : [p[0] + k * wrap.width, p[1]]);
  }
  return out;
}

/** The shifts (0, and ±width for a line that leaves the frame) at which a line is drawn so that all of it shows. */
export function copiesOf(wrap: Wrap | null | undefined, path: readonly Point[]): number[] {
  if (!wrap || path.length === 0) return [0];
  const xs = path.map((p) => p[0]);
  const out = [0];
  if (Math.min(...xs) < wrap.x0) out.push(wrap.width);
  if (Math.max(...xs) > wrap.x0 + wrap.width) out.push(-wrap.width);
  return out;
}

/** Boxes, each also a width to the side where it reaches past an edge (a head or junction of a line across it). */
export function wrapRects(wrap: Wrap | null | undefined, rects: Rect[]): Rect[] {
  if (!wrap) return rects;
  const out = [...rects];
  for (const r of rects) {
    if (r.x < wrap.x0) out.push({ ...r, x: r.x + wrap.width });
    if (r.x + r.w > wrap.x0 + wrap.width) out.push({ ...r, x: r.x - wrap.width });
  }
  return out;
}

/** Lines, each also shifted by the width where it leaves the frame (what the painter draws). */
export function wrapLines(wrap: Wrap | null | undefined, lines: Point[][]): Point[][] {
  if (!wrap) return lines;
  return lines.flatMap((line) =>
    copiesOf(wrap, line).map((dx) => (dx === 0 ? line : line.map((p): Point => [p[0] + dx, p[1]]))),
  );
}
