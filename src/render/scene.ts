/**
 * The scene model: everything a map picture shows, as plain data in output pixels. `buildScene` decides
 * what goes where; `drawScene` only paints it. Tests read the scene. A variant's special orders are drawn in the
 * generic looks their `SpecialOrderSpec.draw` picks (a `ring` round the unit, a multi-space `path` arrow).
 */
import type { OrderOutcome, Power, UnitType } from '../engine/types.js';
import type { Point, SurfaceKind } from './geometry.js';
import type { OverlayGlyph } from '../variants/plugin/overlay.js';

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** One territory (all cells of a province merged), or off-map filler. */
export interface Region {
  id: string;
  kind: SurfaceKind;
  fill: string;
  /** Power whose colour tints it, if any. */
  owner: Power | null;
  /** The merged outline as closed rings (holes wind the other way: fill with the nonzero rule). */
  polygons: Point[][];
  /** Hidden by fog of war (`RenderOptions.fog`): painted grey and cross-hatched (impassable land never is). */
  fogged?: boolean;
}

export type BorderKind = 'land' | 'coast' | 'sea';

export interface BorderLines {
  kind: BorderKind;
  segments: [Point, Point][];
}

/** Variant map features and non-geometric links. */
export type Feature =
  /** A line the map's drawing strokes (`geometry.decor.lines`: ancmed's Nile), in its colour, width and dashes. */
  | { kind: 'decor'; points: Point[]; color: string; width: number; dash: number[] | null }
  | { kind: 'river'; name: string; points: Point[] }
  /**
   * A wall on `province`'s side of its border with `neighbour`: segments already offset into `province`. `style`
   * `band`: a band along the border of an area (Mandate of Heaven's black band round the Hsiung-Nu placement area),
   * drawn solid dark; `legend` names it in the legend (default "wall").
   */
  | {
      kind: 'wall';
      province: string;
      neighbour: string;
      segments: [Point, Point][];
      style: 'wall' | 'band';
      legend: string;
    }
  | { kind: 'link'; from: string; to: string; points: [Point, Point]; linkKind: string };

/**
 * A mark at an entrance of a link reserved to one power (`links[].power`: Warhammer's Underway, whose entrances the
 * seed marks with Skaven symbols): a small downward triangle in that power's colour, at each end of such a link
 * that is not one of the power's home provinces. The dotted link line shows where it leads.
 */
export interface EntranceMark {
  province: string;
  power: Power;
  /** The link's kind (`underway`), for the legend. */
  kind: string;
  at: Point;
  radius: number;
  fill: string;
}

export interface CenterMark {
  province: string;
  at: Point;
  radius: number;
  owner: Power | null;
  fill: string;
}

export interface UnitMark {
  power: Power;
  type: UnitType;
  /** `spa/nc`, `mun` */
  location: string;
  at: Point;
  /** Icon half-size. */
  size: number;
  fill: string;
  text: string;
  /** Drawn offset from its province and marked (retreat phase), or marked as dislodged by this adjudication. */
  dislodged: boolean;
  /**
   * How it is drawn: `normal`; `disbanded` (faded), `built` (a new unit), `build-failed` (a dashed ghost);
   * `virtual`: a unit that exists only for the phase (Warhammer's Illusion and Immortality armies, the rules'
   * `extraOrders`), in its power's colour with a dotted outline and the `virtual` ring.
   */
  state?: 'normal' | 'disbanded' | 'built' | 'build-failed' | 'virtual';
  /**
   * Variants with more than 8 powers: the power's mark (one or two Latin letters, `power-marks.ts`), drawn on the
   * unit in place of its type letter (the shape tells the type: army disc, fleet hull); empty: no letter (the legend's shape sample).
   */
  mark?: string;
  /** A neutral power's unit (`powers[].neutral`): white with a thick ring in its colour, unlike any player's unit. */
  neutral?: boolean;
}

/**
 * Result symbols, one per meaning, each shown in the legend when used:
 * `failed` (a move that bounced, or an order that was void or illegal), `cut` (a support cut), `dislodged`
 * (a ring round the unit, drawn beside its province when the dislodger is in place), `disbanded`,
 * `build-failed`, `built`, `virtual` (a ring round a virtual unit, like the dislodged ring), `no-retreat` (a dislodged
 * unit with nowhere to retreat: it will be disbanded).
 */
export type SymbolKind =
  | 'failed'
  | 'cut'
  | 'dislodged'
  | 'no-retreat'
  | 'disbanded'
  | 'build-failed'
  | 'built'
  | 'virtual';

export interface ResultSymbol {
  kind: SymbolKind;
  at: Point;
  radius: number;
  /** The unit it is about (location key), if any; the dislodged ring surrounds that unit. */
  unit?: string;
}

export type OrderMarkKind =
  | 'move'
  | 'retreat'
  | 'support'
  | 'convoy'
  | 'hold'
  | 'build'
  | 'disband'
  /** A variant's special order drawn as a dashed ring round the unit (`SpecialOrderSpec.draw`: Warring States' raise fleet). */
  | 'ring'
  /** A variant's special order drawn as an arrow through several spaces (`order.path`; Warring States' rapid river move). */
  | 'path'
  /** Retreat phase board: a place a dislodged unit may retreat to. */
  | 'retreat-option';

export interface OrderMark {
  kind: OrderMarkKind;
  power: Power;
  color: string;
  /** Normalized order text (only drawn data, never logged). */
  order: string;
  /** The location key of the unit it orders (`mun`, `spa/nc`; a virtual unit's own province). */
  unit?: string;
  /**
   * Geometry of the mark: arrows/lines run from points[0] to the last point; hold, build, disband and
   * ring marks are centred on points[0]. A support to hold ends on the supported unit; a support to move
   * ends on the supported unit's target; a convoy runs army → fleet → destination (army → each fleet of the chain →
   * destination on the first fleet's convoy when several convoy a move that is not drawn).
   */
  points: Point[];
  /**
   * The line as drawn (output px): arrows bent round units they would cross, trimmed to the icons' edges; a
   * support to move ends on the middle of the supported arrow. One point for marks on a unit; empty when
   * another mark draws it (a convoy whose army's arrow runs through the fleet).
   */
  path: Point[];
  /**
   * A move or retreat between two provinces joined only by a link (`links[]`: Warhammer's underway): the link's kind.
   * Its line follows the link's drawn line and is drawn as a chain of beads in the power's colour (the link's dotted
   * look), with its head; the legend says `move by <kind>`.
   */
  link?: string;
  /** A rapid river move that stopped short: the part not travelled (drawn dashed; `path` ends where the fleet did). */
  rest?: Point[];
  stoppedShort?: boolean;
  /** Arrows: the head at the end of `path` (painted above the label halos), and of `rest`. */
  head?: ArrowHead;
  restHead?: ArrowHead;
  /** Icon half-size of the unit concerned (for rings and badges). */
  size: number;
  unitType?: UnitType;
  outcome: OrderOutcome | null;
  /** Drawn dimmed and crossed out. */
  failed: boolean;
  /**
   * A move that has not happened yet and that nobody ordered: a virtual unit's move on a board without results (the
   * rules' `extraOrders`: Warhammer's Immortality army before a Fall is resolved). Drawn hollow, never as if done.
   */
  pending?: boolean;
  /** A variant's special order (`ring`, `path`): the legend's text for it, as its `SpecialOrderSpec.draw` gives it. */
  legend?: string;
}

/** An arrowhead: a triangle from `tip` back to a base of `width` centred on `base`. */
export interface ArrowHead {
  tip: Point;
  base: Point;
  width: number;
  /** The visible width of the shaft it ends (outline included), so the ratio can be checked. */
  shaft: number;
}

export interface Label {
  province: string;
  text: string;
  /** Centre of the text. */
  at: Point;
  size: number;
  color: string;
  box: Rect;
  /** False when the province had no room for it and it stands just beside it. */
  inside: boolean;
  /** The text in lines, one above the other (a narrow province: the local name above the abbreviation). */
  lines?: string[];
  /** A label beside its province (or its separate part): a thin line from the label to it. */
  leader?: [Point, Point];
}

export interface LegendEntry {
  power: Power;
  color: string;
  /** The mark its units carry (more than 8 powers), shown in the swatch. */
  mark?: string;
  /** A neutral power: its swatch is drawn like its units (white, ringed). */
  neutral?: boolean;
  centers: number;
  units: number;
  at: Point;
  text: string;
}

/** The order kinds the legend explains with a sample line or ring, plus the failed look shared by every line (styles.ts). */
export type LegendLineKind = Exclude<OrderMarkKind, 'build' | 'disband'> | 'failed-line' | 'pending';

/** An overlay as the scene holds it: where it was placed, in output pixels. */
export interface PlacedOverlay {
  kind: 'mark' | 'ring';
  /** Marks only. */
  glyph?: OverlayGlyph;
  province: string;
  at: Point;
  radius: number;
  color: string;
  /**
   * Marks: the disc under the glyph, white, or dark when the power's colour is too light to read on white (contrast
   * below 3: the Empire's yellow, Bretonnia's pink, Skaven), so every glyph reads (`overlayDisc`).
   */
  disc?: string;
  /**
   * Marks of no power (something that may still happen: Warhammer's "a battle may be declared here"): the disc's rim
   * is dashed, so the mark never reads as one in a dark power's colour (a battle Chaos won).
   */
  open?: boolean;
  legend: string;
}

/**
 * What a legend key explains: a result symbol, an order's line style (`LINE_LEGEND` in styles.ts; `link-move`: a move
 * along a link, `move by <kind>`), a map feature
 * (`entrance`: an `EntranceMark`, drawn in `fill`; `river`, `wall`, `link`, `band`: a border that is a placement
 * band, walls of style `band` in the variant's features; `impassable`: hatched land), the unit shapes (`army`,
 * `fleet`) and the supply-centre marker (`center`), or `overlay` (a variant's overlay, in `fill`).
 */
export type LegendKind =
  | SymbolKind
  | LegendLineKind
  | 'link-move'
  | 'army'
  | 'fleet'
  | 'center'
  | 'entrance'
  | 'river'
  | 'wall'
  | 'band'
  | 'link'
  | 'impassable'
  /** Fog of war: a grey cross-hatched square, "out of sight". */
  | 'fog'
  | 'overlay';

export interface LegendKey {
  kind: LegendKind;
  text: string;
  /** Left end of the sample (lines) or centre of the symbol. */
  at: Point;
  /** The sample's width (lines) or diameter (symbols). */
  width: number;
  fill?: string;
  /** For `overlay`: how it looks. */
  overlay?: { kind: 'mark' | 'ring'; glyph?: OverlayGlyph; open?: boolean };
  /** For `army`, `fleet`: the letter the sample unit carries (`A`, `F`; none where units carry their power's mark). */
  letter?: string;
}

export interface Scene {
  width: number;
  height: number;
  /** Where the map sits in the picture, and map-pixel → output-pixel scale. */
  frame: Rect;
  scale: number;
  /** Output px per 1600-px picture px of the order layer (units, order lines, result symbols, overlays): the picture's width / 1600 × `ORDER_LAYER`. */
  layer: number;
  regions: Region[];
  /**
   * A map drawn from shapes: the width (output px) each region's outline is also painted in its fill, under every
   * fill, so a gap the drawing leaves between adjacent provinces (up to `drawnGap`) shows their colours, never the
   * background between them as a seam; where provinces meet, their fills cover it.
   */
  seam?: number;
  borders: BorderLines[];
  features: Feature[];
  centers: CenterMark[];
  entrances: EntranceMark[];
  units: UnitMark[];
  orders: OrderMark[];
  symbols: ResultSymbol[];
  /** The variant's overlays (its plug-in's `mapOverlays`), placed; painted last on the map. */
  overlays: PlacedOverlay[];
  labels: Label[];
  title: { text: string; at: Point; size: number };
  /**
   * Powers (`entries`), then every line style, symbol and feature the picture uses (`keys`), in rows; `unowned` is the
   * word, in the readers' locale, for the centres nobody owns (the replay's centre bar).
   */
  legend: { entries: LegendEntry[]; keys: LegendKey[]; size: number; box: Rect; unowned: string };
  /** Things that could not be drawn (unknown provinces, orders for absent units …). */
  warnings: string[];
  /**
   * The map wraps round (a sea at both side edges: Warhammer's Tempest Ocean): an order line across an edge has points
   * outside the frame and is painted again a frame's width to the side, where it comes in (wrap.ts).
   */
  wraps?: boolean;
}
