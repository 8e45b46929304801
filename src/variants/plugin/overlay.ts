/**
 * Map overlays: what a variant draws on a map beyond the units and orders the renderer draws for every variant
 *. Plain data: a variant's plug-in returns them (`VariantPlugin.mapOverlays`), the game layer puts
 * them in the picture's render options, and src/render places and paints them with one symbol per meaning and a
 * legend entry each. Examples: the provinces where a decisive battle may be declared, a battle's winner, a
 * province a step is about.
 *
 * What every variant's engine data already says is drawn without an overlay: virtual units of the rules'
 * `extraOrders` (translucent, ringed), links reserved to one power (`links[].power`: a mark at their entrances).
 */
import type { Power, ProvinceId } from '../../engine/types.js';

/** The glyphs an overlay mark may carry (drawn on a white disc with a dark rim, in the power's colour). */
export const OVERLAY_GLYPHS = ['swords', 'star', 'flag', 'diamond'] as const;
export type OverlayGlyph = (typeof OVERLAY_GLYPHS)[number];

/** A glyph beside a province's unit spot, placed clear of labels, units, centres and result symbols. */
export interface OverlayMark {
  kind: 'mark';
  province: ProvinceId;
  glyph: OverlayGlyph;
  /** The power whose colour fills the glyph; none: dark grey. */
  power?: Power;
  /** The legend's line for it (≤ 48 characters); marks with the same glyph, power and legend share one entry. */
  legend: string;
}

/** A double ring round the unit spot of a province (a unit, or the place a step is about). */
export interface OverlayRing {
  kind: 'ring';
  province: ProvinceId;
  /** The power whose colour the ring takes; none: dark grey. */
  power?: Power;
  /** The legend's line for it (as for a mark). */
  legend: string;
}

export type MapOverlay = OverlayMark | OverlayRing;

/** Longest legend text an overlay may give (longer ones are cut with an ellipsis). */
export const MAX_OVERLAY_LEGEND = 48;
