/**
 * The distance from a point to a segment, in a module of its own that imports nothing: the painter's overlay
 * placement needs it, and the order pad's page bundles the painter without the geometry's file reading.
 */
type Xy = readonly [number, number];

export function distanceToSegment(p: Xy, a: Xy, b: Xy): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}
