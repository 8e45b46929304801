/**
 * The size of the map's round click targets (docs/pad.md "The map"): 40 CSS px across where the provinces leave room;
 * where they do not (the whole map on a desktop, Belgium, Picardy and Paris a few pixels apart), smaller, scaled to the
 * zoom, so that two provinces' rings always keep a clear gap between them — close targets stay told apart, and a
 * click between them falls on the province area beneath (`[data-area]`), never on a ring it could be mistaken for.
 */

/** A touch target's radius in CSS pixels (40 px across). */
export const TARGET_CSS_RADIUS = 20;
/** The clear space kept on each side between two provinces' rings, in CSS px (their strokes take 1–2.5 px of it). */
export const RING_GAP_CSS = 4;

/**
 * A target's radius in the scene's units, at `zoom` CSS px per unit, for a target `nearest` units from the nearest
 * target of another province: 20 CSS px, or less so that two neighbours' rings stay `2 × RING_GAP_CSS` apart; never
 * under a quarter of the distance (a map zoomed far out still shows each ring, half the gap empty).
 */
export function targetRadius(nearest: number, zoom: number): number {
  const full = TARGET_CSS_RADIUS / zoom;
  const apart = nearest / 2 - RING_GAP_CSS / zoom;
  return Math.min(full, Math.max(apart, nearest / 4));
}
