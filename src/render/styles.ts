/**
 * One line style per order kind, shared by the scene (arrowhead geometry, symbol spacing), the painter
 * and the legend, so the legend always shows exactly what the map draws. Widths are output pixels at 1600 px wide
 * (multiply by `u`, the picture's width / 1600).
 *
 * | kind | style |
 * |---|---|
 * | `move` | solid shaft in the power's colour on a black outline, filled head |
 * | `retreat` | as a move, with a white core |
 * | `path` | as a move, along the river, with a dot on each space it passes (a variant's special order) |
 * | `ring` | a dashed ring round the unit in the power's colour (a variant's special order) |
 * | `support` | dashed line ending in a dot |
 * | `convoy` | dotted line (alone; a used convoy is drawn by the army's arrow) |
 * | `retreat-option` | thin dotted line with a small head |
 * | pending (a move nobody ordered, still to come) | a hollow arrow: white shaft and head edged in the power's colour |
 * | failed (any line) | the same line dashed long and dimmed, with the failed symbol |
 */
import type { LegendLineKind, OrderMarkKind } from './scene.js';

/**
 * The order layer (order lines and their heads, hold rings, result symbols, a variant's marks) is drawn this much
 * larger than the base map (labels, borders, centre markers, legend), so that who moved where still reads where
 * Discord shows a results post inline, about 550 px wide (docs/render.md "The results post in Discord's preview"): an
 * arrow's shaft is then 2.8 px across with its outline and its head 7.5 px wide.
 */
export const ORDER_LAYER = 1.4;

/**
 * Units are drawn this much larger than at first (10.5 px half-size at 1600 px): about 8.3 px across in the preview. Less
 * than the lines, so that the narrowest provinces (Classic Piedmont and Edinburgh, Warring States' river towns) still
 * hold their unit and their label inside.
 */
export const UNIT_SCALE = 1.15;

/**
 * Units of a variant of more than 8 powers carry their power's mark (one or two letters) and are drawn this much larger
 * than at first, so the mark reads in Discord's preview: 6 px there, where it was 4–5 px at `UNIT_SCALE`.
 */
export const MARKED_UNIT_SCALE = 1.3;

/** The unit scale of a variant with this many powers (more than 8: every unit carries its power's mark). */
export function unitScaleOf(powers: number): number {
  return powers > 8 ? MARKED_UNIT_SCALE : UNIT_SCALE;
}

/**
 * The legend's text height in px at 1600 px wide, unless the variant's `geometry.legendSize` gives its own: 9.6 px
 * where Discord shows the picture 550 px wide, whatever its width (its keys 9.0 px); at 15 px it read 5.2 px there
 * (docs/render.md "Legibility").
 */
export const LEGEND_PX = 28;

/**
 * The title's text height in px at 1600 px wide, and its band's: 10.3 px where Discord shows the picture 550 px wide,
 * a little above the legend (at 24 px it read 8.3 px there, smaller than the legend; docs/render.md "Legibility").
 */
export const TITLE_PX = 30;
export const TITLE_BAND_PX = 66;

/**
 * The text height the legend's samples, gaps and rows are measured for: a legend of another size draws them
 * `size / LEGEND_UNIT_PX` as large, so a larger legend is the same legend, larger.
 */
export const LEGEND_UNIT_PX = 15;

/** Arrows: the coloured shaft, the black outline on each side, and the head (2.5–3 × the visible shaft). */
export const ARROW = {
  shaft: 3.6,
  /** Outline added on each side of the shaft. */
  outline: 1.1,
  get visible(): number {
    return this.shaft + 2 * this.outline;
  },
  /** Head width across its base: 2.7 × the visible shaft ("about 2.5–3 times the shaft", docs/render.md). */
  headWidth: 15.5,
  headLength: 14,
} as const;

/** The thin arrow of a retreat option: shaft (its dots on an ink casing `casing` wider) and head. */
export const OPTION_ARROW = { shaft: 2.4, casing: 1.6, headWidth: 6.6, headLength: 6.5 } as const;

/** Dash patterns (on, off) at 1600 px. */
export const DASH = {
  failed: [10, 6],
  support: [7, 4],
  convoy: [1, 5],
  option: [2, 4],
  rest: [6, 5],
} as const;

/**
 * Line kinds shown in the legend, in its order, with their text. A variant's special orders (`path`, `ring`) are
 * keyed by the text their `SpecialOrderSpec.draw` gives (one key per text), else by the generic text here.
 */
export const LINE_LEGEND: { kind: LegendLineKind; text: string }[] = [
  { kind: 'move', text: 'move' },
  { kind: 'support', text: 'support' },
  { kind: 'convoy', text: 'convoy' },
  { kind: 'hold', text: 'hold' },
  { kind: 'path', text: 'move through several spaces' },
  { kind: 'ring', text: 'special order' },
  { kind: 'retreat', text: 'retreat' },
  { kind: 'retreat-option', text: 'may retreat to' },
  { kind: 'pending', text: 'moves by itself at the deadline' },
  { kind: 'failed-line', text: 'did not succeed' },
];

/** The legend line kind of an order mark as drawn (builds and disbands are explained by their result symbols). */
export function legendLineOf(kind: OrderMarkKind, pending = false): LegendLineKind | null {
  if (pending) return 'pending';
  return kind === 'build' || kind === 'disband' ? null : kind;
}
