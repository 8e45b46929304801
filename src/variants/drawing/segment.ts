/**
 * The distance from a point to a segment, the segment's point nearest it, and whether it passes through a rectangle:
 * the one implementation of each, for the drawing derivation below the renderer and for the renderer itself. A module
 * of its own that imports nothing: the order pad's page bundles the painter without the geometry's file reading.
 */
type Xy = readonly [number, number];

/** How far along `a`→`b` (0 to 1) its point nearest `p` lies. */
function along(p: Xy, a: Xy, b: Xy): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  return len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
}

export function distanceToSegment(p: Xy, a: Xy, b: Xy): number {
  const t = along(p, a, b);
  return Math.hypot(p[0] - a[0] - t * (b[0] - a[0]), p[1] - a[1] - t * (b[1] - a[1]));
}

/** The point of segment `a`→`b` nearest `p`. */
export function closestOnSegment(p: Xy, a: Xy, b: Xy): [number, number] {
  const t = along(p, a, b);
  return [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
}

/** Liang–Barsky: does the segment a–b pass through the rectangle [x0, x1] × [y0, y1]? */
export function segmentHitsRect(a: Xy, b: Xy, x0: number, y0: number, x1: number, y1: number): boolean {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  let t0 = 0;
  let t1 = 1;
  for (const [p, q] of [
    [-dx, a[0] - x0],
    [dx, x1 - a[0]],
    [-dy, a[1] - y0],
    [dy, y1 - a[1]],
  ]) {
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const t = q / p;
    if (p < 0) {
      if (t > t1) return false;
      if (t > t0) t0 = t;
    } else {
      if (t < t0) return false;
      if (t < t1) t1 = t;
    }
  }
  return t0 <= t1;
}
