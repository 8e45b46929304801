/**
 * The size of the map's round click targets (docs/pad.md "The map"): 40 CSS px across where the provinces leave room;
 * where they do not (the whole map on a desktop, Belgium, Picardy and Paris a few pixels apart), smaller, scaled to the
 * zoom, so that two provinces' rings always keep a clear gap between them — close targets stay told apart, and a
 * click between them falls on the province area beneath (`[data-area]`), never on a ring it could be mistaken for —
 * and so that a ring stays inside its own province (a free centre's ring in Brest, Gascony's beside Burgundy), down to
 * the least a finger or a pointer is given.
 */

import { distanceToSegment } from '../../variants/drawing/segment.js';

type Xy = readonly [number, number];

/** A touch target's radius in CSS pixels (40 px across). */
export const TARGET_CSS_RADIUS = 20;
/** The clear space kept on each side between two provinces' rings, in CSS px (their strokes take 1–2.5 px of it). */
export const RING_GAP_CSS = 4;
/** The least radius a ring shrinks to to stay inside its province, in CSS px (24 px across: WCAG 2.5.8's minimum). */
export const TAP_CSS_RADIUS = 12;
/** The margin kept between a ring and its province's edge, in CSS px (half its widest stroke and a pixel). */
const EDGE_CSS = 3;

/**
 * A target's radius in the scene's units, at `zoom` CSS px per unit, for a target `nearest` units from the nearest
 * target of another province and `room` units from its own province's edge: 20 CSS px, or less so that the ring stays
 * inside its province (never under `TAP_CSS_RADIUS` for that) and two neighbours' rings stay `2 × RING_GAP_CSS` apart;
 * never under a quarter of the distance (a map zoomed far out still shows each ring, half the gap empty).
 */
export function targetRadius(nearest: number, zoom: number, room = Number.POSITIVE_INFINITY): number {
  const full = TARGET_CSS_RADIUS / zoom;
  const inside = Math.max(room - EDGE_CSS / zoom, TAP_CSS_RADIUS / zoom);
  const apart = nearest / 2 - RING_GAP_CSS / zoom;
  return Math.min(full, inside, Math.max(apart, nearest / 4));
}

/** The distance from a point to the nearest edge of a province's outline (its rings of points), in the same units. */
export function edgeRoom(at: Xy, polygons: readonly (readonly Xy[])[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (const ring of polygons)
    for (let i = 0; i < ring.length; i++)
      best = Math.min(best, distanceToSegment(at, ring[i === 0 ? ring.length - 1 : i - 1]!, ring[i]!));
  return best;
}
