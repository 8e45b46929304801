/**
 * The distance from a point to a segment and the segment's point nearest it: the one implementation, for the drawing
 * derivation below the renderer and for the renderer itself. A module of its own that imports nothing: the order
 * pad's page bundles the painter without the geometry's file reading.
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
