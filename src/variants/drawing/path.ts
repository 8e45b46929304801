/**
 * SVG path data as closed rings of points, or as open lines for a stroke (svgpath reads the syntax and applies
 * transforms; curves are flattened here). Each subpath is one ring, kept in its own winding, so a nonzero fill of all
 * rings paints what the SVG paints with its default fill rule. `endpoints` keeps only the point each command ends on
 * (curves become their chords): the polygon DiploGM builds for adjacency (docs/variants.md "DiploGM's adjacency").
 */
import svgpath from 'svgpath';
import type { Matrix } from './transform.js';

export type Point = [number, number];
export type Ring = Point[];

export class PathError extends Error {}

export interface RingOptions {
  /** Applied to every point (the element's and its layers' transforms). */
  matrix?: Matrix;
  /** Greatest distance (px) between a curve and its flattened polyline (default 0.25). */
  tolerance?: number;
  /** Only the end point of each command (DiploGM's polygons). */
  endpoints?: boolean;
}

/** Most line pieces one curve becomes. */
const MAX_PIECES = 64;

type Seg = (string | number)[];

/** The rings of path data; `PathError` when the data cannot be read. Rings of fewer than 3 points are dropped. */
export function pathRings(d: string, opts: RingOptions = {}): Ring[] {
  return ringsOf(segmentsOf(d, opts), opts.tolerance ?? 0.25, opts.endpoints === true, 3);
}

/**
 * The open lines of path data, one per subpath (a stroke, not a fill: a river), curves flattened; `PathError` when
 * the data cannot be read. Lines of fewer than 2 points are dropped.
 */
export function pathLines(d: string, opts: RingOptions = {}): Point[][] {
  return ringsOf(segmentsOf(d, opts), opts.tolerance ?? 0.25, opts.endpoints === true, 2);
}

/** Open lines as compact SVG path data (`M x y L x y …`, coordinates to `decimals` places). */
export function linesPath(lines: readonly Point[][], decimals = 1): string {
  return lines.map((l) => ringsPath([l], decimals).slice(0, -1)).join('');
}

function segmentsOf(d: string, opts: RingOptions): Seg[] {
  const path = svgpath(d);
  const err = (path as unknown as { err: string }).err;
  if (err) throw new PathError(err.replace(/^SvgPath: /, ''));
  if (opts.matrix) path.matrix([...opts.matrix]);
  path.iterate(() => {}); // applies the pending transform
  path.abs();
  if (!opts.endpoints) path.unarc().unshort();
  return (path as unknown as { segments: Seg[] }).segments;
}

/**
 * The subpaths as rings (`least` 3: a closing point that repeats the first dropped) or as open lines (`least` 2: a
 * subpath closed by `Z` ends on its first point again).
 */
function ringsOf(segments: Seg[], tolerance: number, endpoints: boolean, least: 2 | 3): Ring[] {
  const rings: Ring[] = [];
  let ring: Ring = [];
  let start: Point = [0, 0];
  let at: Point = [0, 0];
  const close = (closed = false) => {
    if (least === 2 && closed && ring.length >= 2) ring.push(start);
    if (ring.length >= least) rings.push(least === 3 ? dropClosingPoint(ring) : ring);
    ring = [];
  };
  for (const s of segments) {
    const cmd = s[0] as string;
    const n = s.slice(1) as number[];
    if (cmd === 'M') {
      close();
      at = [n[0]!, n[1]!];
      start = at;
      ring.push(at);
      continue;
    }
    if (cmd === 'Z' || cmd === 'z') {
      close(true);
      at = start;
      continue;
    }
    if (ring.length === 0) ring.push(at); // a command after Z without M starts at the subpath's start
    const end: Point =
      cmd === 'H' ? [n[0]!, at[1]] : cmd === 'V' ? [at[0], n[0]!] : [n[n.length - 2]!, n[n.length - 1]!];
    if (!endpoints && cmd === 'C') flatten(ring, [at, [n[0]!, n[1]!], [n[2]!, n[3]!], end], tolerance);
    else if (!endpoints && cmd === 'Q') flatten(ring, [at, [n[0]!, n[1]!], end], tolerance);
    else ring.push(end);
    at = end;
  }
  close();
  return rings;
}

function dropClosingPoint(ring: Ring): Ring {
  const first = ring[0]!;
  const last = ring[ring.length - 1]!;
  return first[0] === last[0] && first[1] === last[1] ? ring.slice(0, -1) : ring;
}

/** Appends a Bézier curve (control points `c`, the first already on the ring) as line pieces (Wang's bound). */
function flatten(ring: Ring, c: Point[], tolerance: number): void {
  const degree = c.length - 1;
  let m = 0;
  for (let i = 0; i + 2 < c.length; i++) {
    m = Math.max(m, Math.hypot(c[i]![0] - 2 * c[i + 1]![0] + c[i + 2]![0], c[i]![1] - 2 * c[i + 1]![1] + c[i + 2]![1]));
  }
  const pieces = Math.min(MAX_PIECES, Math.max(1, Math.ceil(Math.sqrt((degree * (degree - 1) * m) / (8 * tolerance)))));
  for (let k = 1; k <= pieces; k++) ring.push(bezier(c, k / pieces));
}

function bezier(c: Point[], t: number): Point {
  const u = 1 - t;
  if (c.length === 3)
    return [
      u * u * c[0]![0] + 2 * u * t * c[1]![0] + t * t * c[2]![0],
      u * u * c[0]![1] + 2 * u * t * c[1]![1] + t * t * c[2]![1],
    ];
  const [a, b, e, d] = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
  return [
    a * c[0]![0] + b * c[1]![0] + e * c[2]![0] + d * c[3]![0],
    a * c[0]![1] + b * c[1]![1] + e * c[2]![1] + d * c[3]![1],
  ];
}

/** Rings as compact SVG path data (`M x y L x y … Z`, coordinates to `decimals` places). */
export function ringsPath(rings: readonly Ring[], decimals = 1): string {
  const f = (v: number) => {
    const s = v.toFixed(decimals);
    return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
  };
  return rings.map((r) => `M${r.map((p) => `${f(p[0])} ${f(p[1])}`).join('L')}Z`).join('');
}
