/**
 * buildScene: variant + position (+ orders and results) → the scene model (plain data, output pixels).
 * Layout: a title bar, the map scaled to the requested width, a legend bar. All decisions about what is
 * drawn where are taken here; drawScene only paints.
 */
import { formatOrder } from '../engine/format.js';
import { locationKey } from '../engine/map.js';
import { readOrder } from '../engine/parse/index.js';
import type { Adjudication, Location, OrderResult, Position, PowerOrder } from '../engine/types.js';
import type { Variant } from '../engine/variant.js';
import { anchorsOf } from './anchors.js';
import { featuresOf, riverCoursesOf, riverLine } from './features.js';
import { borderKey, geometryOf, type MapGeometry, type Point } from './geometry.js';
import { drawnGap } from './shape-geometry.js';
import { placeMarkers } from './markers.js';
import { approachSpot as approachSpotIn, besideSpot as besideSpotIn, type SpotGround } from './unit-spots.js';
import { powerMarkIn } from './power-marks.js';
import { aroundUnit, optionHead, optionPath, orderMarks, type OrderMarkContext, type SymbolWish } from './orders.js';
import { COLORS, landColor, powerColor, textOn, type PaletteName } from './palette.js';
import { overlaps, rectAround, textWidth } from './placement.js';
import type {
  ArrowHead,
  CenterMark,
  EntranceMark,
  Label,
  Feature,
  LegendEntry,
  LegendKey,
  LegendKind,
  OrderMark,
  PlacedOverlay,
  Rect,
  ResultSymbol,
  Scene,
  SymbolKind,
  UnitMark,
} from './scene.js';
import {
  ARROW,
  LEGEND_PX,
  LEGEND_UNIT_PX,
  LINE_LEGEND,
  legendLineOf,
  OPTION_ARROW,
  ORDER_LAYER,
  TITLE_BAND_PX,
  TITLE_PX,
  unitScaleOf,
} from './styles.js';
import { placeSymbols, symbolBox, SYMBOL_TEXT, type SymbolLine } from './symbols.js';
import { OVERLAY_NEUTRAL, overlayLegend, placeOverlays } from './overlays.js';
import type { MapOverlay } from '../variants/plugin/overlay.js';
import type { PowerData } from '../variants/schema.js';
import { powerName, variantNames } from '../variants/names.js';
import { hasMessage, tr, type Locale, type MessageKey } from '../i18n/index.js';
import { borderLines, holdersOf, regionsOf } from './territory.js';
import { wrapInto, wrapLines, wrapOf, wrapRects, type Wrap } from './wrap.js';

/**
 * Where each power's entry (swatch, name and centre count …) of a legend in columns starts: its x from the legend's
 * left and its row. One column per power, each as wide as the widest entry with a gap, wrapping onto further rows;
 * but when those columns do not fit one row and the entries as wide as their own text do (Classic's seven powers at
 * `LEGEND_PX`, in French too), one row, the room left shared out between them. `k`: the legend's unit.
 */
function legendColumns(k: number, size: number, texts: string[], inner: number): { x: number; row: number }[] {
  const own = texts.map((t) => textWidth(t, size) + size * 1.1 + 6 * k);
  const perRow = Math.max(1, Math.min(texts.length, Math.floor(inner / (Math.max(...own) + 24 * k))));
  const tight = own.reduce((a, b) => a + b + 12 * k, 0);
  if (perRow < texts.length && tight <= inner) {
    const spare = (inner - tight) / texts.length;
    let x = 0;
    return own.map((w) => {
      const at = { x, row: 0 };
      x += w + 12 * k + spare;
      return at;
    });
  }
  const slot = inner / perRow;
  return texts.map((_, i) => ({ x: slot * (i % perRow), row: Math.floor(i / perRow) }));
}

/** Symbols in the order the legend lists them. */
const SYMBOL_ORDER: SymbolKind[] = [
  'failed',
  'cut',
  'dislodged',
  'no-retreat',
  'disbanded',
  'build-failed',
  'built',
  'virtual',
];

/** Variants with more powers than this mark every unit with its power (docs/decisions.md, "Maps and colours"). */
export const MARKED_POWERS = 8;

export interface RenderOptions {
  orders?: PowerOrder[];
  results?: OrderResult[];
  adjudication?: Adjudication;
  palette?: PaletteName;
  /** Output width in pixels (default 1600; clamped to 200..6000). */
  width?: number;
  /** The whole title line; default `<variant name> · Spring 1901 movement` (`defaultTitle`). */
  title?: string;
  /** What the variant draws beyond units and orders (its plug-in's `mapOverlays`), placed clear of everything else. */
  overlays?: MapOverlay[];
  /**
   * The readers' locale (a game's, src/i18n): province labels, the powers in the legend and the legend's keys in it
   * (docs/locales.md "Names"); English without it.
   */
  locale?: Locale;
  /**
   * Provinces the reader cannot see (a fog-of-war game, docs/table.md "Fog of war"): drawn greyed and hatched. The
   * position given holds only what the reader sees; the renderer draws whatever board it is given.
   */
  fog?: readonly string[];
  /**
   * Each power's centres and units as the legend counts them, when they are not the board's own (fog of war: the counts
   * are public while the board shows only what the reader sees).
   */
  legendCounts?: Readonly<Record<string, { centers: number; units: number }>>;
  /**
   * The same position's board built already, with the same palette, locale, fog and width and no order (the order
   * pad's shared board, src/render/page-scene.ts): its territories and borders are reused as they are, and its centre
   * markers, entrances and labels too where this picture's orders leave them clear (`boardMarksFit`).
   */
  board?: BuiltBoard;
}

/** What a scene takes over from a board built already (`RenderOptions.board`), and its units (to tell a build). */
export type BuiltBoard = Pick<Scene, 'regions' | 'borders' | 'centers' | 'entrances' | 'labels' | 'units'>;

/**
 * Whether a board's markers and labels can stand in a picture as they are: no arrowhead of its orders on one of them,
 * no path order (its line keeps names off), no unit added (a build); else they are placed again round the orders.
 */
function boardMarksFit(board: BuiltBoard, heads: Rect[], paths: number, units: number): boolean {
  if (paths > 0 || units !== board.units.length) return false;
  const boxes = [
    ...board.labels.map((l) => l.box),
    ...board.centers.map((c) => rectAround(c.at, c.radius * 2.4, c.radius * 2.4)),
    ...board.entrances.map((e) => rectAround(e.at, e.radius * 2.4, e.radius * 2.4)),
  ];
  return !heads.some((h) => boxes.some((b) => overlaps(h, b)));
}

export type SceneResult = { ok: true; scene: Scene } | { ok: false; error: string };

const SEASONS: Record<string, string> = { spring: 'Spring', fall: 'Fall', winter: 'Winter' };

/**
 * The phase as every title names it, in the game's posts as on the maps: `Spring 1903 movement`, `Fall 1903 retreat`,
 * `Winter 1903 adjustment`, or the variant's own name for it (Mandate of Heaven's `Winter 369 BC`).
 */
export function phaseTitle(position: Position, variant?: Pick<Variant, 'phaseName'>, locale?: Locale): string {
  const p = position?.phase;
  if (!p) return 'unknown phase';
  return variant?.phaseName?.(p, locale) || `${SEASONS[p.season] ?? p.season} ${p.year} ${p.type}`;
}

/**
 * A map's title when none is given: `Classic Diplomacy · Spring 1903 movement`, as the game's posts write it (in
 * `locale`: `Classic Diplomacy · Printemps 1903, mouvements`).
 */
export function defaultTitle(variant: Variant, position: Position, locale?: Locale): string {
  const p = position?.phase;
  if (!locale || locale === 'en' || !p) return `${variant.name} · ${phaseTitle(position, variant)}`;
  const phase = variant.phaseName
    ? phaseTitle(position, variant, locale)
    : tr(locale, 'phase.name', { season: p.season, year: String(p.year), type: p.type });
  // A bundled variant's name in the locale (docs/locales.md "Names"), a server's map by its own.
  const titleKey = `variant.title.${variant.id}`;
  const name = hasMessage(titleKey) ? tr(locale, titleKey) : variant.name;
  return drawable(tr(locale, 'map.title.board', { variant: name, phase }));
}

/**
 * The orders a vote adopted (`OrderResult.vote === 'adopted'`) for units whose power gave none in `orders`, read back
 * from the results' normalised order text: the unit carried them out, so the map draws them.
 */
export function adoptedOrders(
  variant: Variant,
  position: Position,
  orders: readonly PowerOrder[],
  results: readonly OrderResult[] | undefined,
): PowerOrder[] {
  if (!results?.some((r) => r?.vote === 'adopted')) return [];
  const given = new Set(
    orders.flatMap((o) =>
      o?.order && o.order.kind !== 'waive' && o.order.unit ? [`${o.power}|${locationKey(o.order.unit)}`] : [],
    ),
  );
  const out: PowerOrder[] = [];
  for (const r of results) {
    if (r?.vote !== 'adopted' || typeof r.order !== 'string') continue;
    const read = readOrder(variant, r.order, { position });
    if (!read.ok || read.order.kind === 'waive' || given.has(`${r.power}|${locationKey(read.order.unit)}`)) continue;
    out.push({ power: r.power, order: read.order });
  }
  return out;
}

/**
 * The dislodged units of a retreat phase that its results disband (`power|province`): a result whose order is a
 * disband (`A rum D`: "no retreat order: disbanded", or a vote without a majority), or a unit the adjudication removed.
 */
function disbandResults(
  variant: Variant,
  position: Position,
  results: readonly OrderResult[],
  removed: readonly Position['units'][number][] | undefined,
): Set<string> {
  const out = new Set<string>();
  if (position.phase?.type !== 'retreat') return out;
  const dislodged = new Set((position.dislodged ?? []).map((d) => `${d.power}|${d.province}`));
  for (const r of removed ?? []) if (dislodged.has(`${r.power}|${r.province}`)) out.add(`${r.power}|${r.province}`);
  for (const r of results) {
    const at = String(r?.unit ?? '')
      .split(' ')[1]
      ?.split('/')[0];
    if (typeof r?.order !== 'string' || !dislodged.has(`${r.power}|${at}`)) continue;
    const read = readOrder(variant, r.order, { position });
    if (!read.ok || read.order.kind !== 'disband') continue;
    const key = `${r.power}|${read.order.unit.province}`;
    if (dislodged.has(key)) out.add(key);
  }
  return out;
}

export function buildScene(variant: Variant, position: Position, opts: RenderOptions = {}): SceneResult {
  try {
    return buildSceneUnchecked(variant, position, opts);
  } catch (e) {
    // Malformed input that got past the types (e.g. JSON from outside): say what, never throw.
    return { ok: false, error: `cannot draw this position: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/**
 * The order lines result symbols keep off (every line but their own unit's, and every arrowhead): each drawn path
 * with half its drawn width and its head, at both edges of a wrapping map.
 */
function symbolLines(orders: OrderMark[], v: number, wrap: Wrap | null): SymbolLine[] {
  const half: Partial<Record<OrderMark['kind'], number>> = {
    support: 2.2,
    convoy: 2.5,
    'retreat-option': OPTION_ARROW.shaft / 2,
  };
  return orders.flatMap((o) => {
    if (o.path.length < 2) return [];
    const lines = [o.path, ...(o.rest && o.rest.length > 1 ? [o.rest] : [])];
    return lines.flatMap((line) =>
      wrapLines(wrap, [line]).map((path) => {
        const dx = path[0]![0] - line[0]![0];
        const head = line === o.path ? o.head : o.restHead;
        const shifted =
          head && dx !== 0
            ? {
                ...head,
                tip: [head.tip[0] + dx, head.tip[1]] as Point,
                base: [head.base[0] + dx, head.base[1]] as Point,
              }
            : head;
        return {
          path,
          half: (half[o.kind] ?? ARROW.visible / 2) * v,
          ...(o.unit ? { unit: o.unit } : {}),
          ...(shifted ? { head: shifted } : {}),
        };
      }),
    );
  });
}

/** What every step of building a scene shares: the picture's layout, how powers look, where units stand. */
interface SceneBase {
  variant: Variant;
  position: Position;
  opts: RenderOptions;
  geometry: MapGeometry;
  /** The output width, and output px per px of a 1600-px-wide picture. */
  width: number;
  u: number;
  /** Map px → output px. */
  scale: number;
  titleH: number;
  /** Where the map sits in the picture. */
  frame: Rect;
  /** A map-pixel point in output pixels. */
  T: (p: Point) => Point;
  warnings: string[];
  powers: Map<string, PowerData>;
  colorOf: (power: string) => string;
  drawnNeutral: (power: string) => boolean;
  anchors: Map<string, Point>;
  holder: Map<string, string>;
  regions: Scene['regions'];
  borders: Scene['borders'];
  /** The order layer's scale (ORDER_LAYER). */
  v: number;
  unitSize: number;
  /** Where a unit at this location is drawn (output px), null off the map. */
  unitPoint: (loc: Location) => Point | null;
  /** Every unit carries its power's mark (more than MARKED_POWERS powers). */
  marked: boolean;
  /** The map wraps round (a sea at both side edges): lines cross an edge (wrap.ts). */
  wrap: Wrap | null;
}

/** The units, features and orders of the picture, with what result symbols still have to be placed. */
interface UnitsAndOrders {
  units: UnitMark[];
  features: Feature[];
  provinceAt: (p: Point) => string | null;
  orders: OrderMark[];
  wishes: SymbolWish[];
  keepClear: Rect[];
}

/** The markers, labels, result symbols and overlays placed round the units and orders. */
interface SceneMarks {
  centers: CenterMark[];
  entrances: EntranceMark[];
  labels: Label[];
  symbols: ResultSymbol[];
  overlays: PlacedOverlay[];
}

/** buildScene without its guard: geometry, then units and orders, then markers and symbols, then title and legend. */
function buildSceneUnchecked(variant: Variant, position: Position, opts: RenderOptions): SceneResult {
  if (!position || typeof position !== 'object') return { ok: false, error: 'no position to draw' };
  const g = geometryOf(variant.data);
  if (!g.ok) return { ok: false, error: g.error };
  const base = sceneBase(variant, position, opts, g.geometry);
  const drawn = unitsAndOrders(base);
  const marks = placeSceneMarks(base, drawn);
  return { ok: true, scene: assembleScene(base, drawn, marks) };
}

/** The picture's layout (size, title bar, map frame), the powers' looks, the territories and where units stand. */
function sceneBase(variant: Variant, position: Position, opts: RenderOptions, geometry: MapGeometry): SceneBase {
  const palette: PaletteName = opts.palette === 'colorblind' ? 'colorblind' : 'standard';
  const width = Math.round(Math.min(6000, Math.max(200, Number.isFinite(opts.width) ? opts.width! : 1600)));
  const u = width / 1600;
  const scale = width / geometry.width;
  const titleH = Math.round(TITLE_BAND_PX * u);
  const frame: Rect = { x: 0, y: titleH, w: width, h: Math.round(geometry.height * scale) };
  const T = (p: Point): Point => [frame.x + p[0] * scale, frame.y + p[1] * scale];
  const warnings: string[] = [];

  const powers = new Map(variant.powers.map((p) => [p.name, p]));
  const colorOf = (power: string) => powerColor(powers.get(power), palette);
  // A power the data marks neutral is drawn as one (white units, an outlined swatch) only while the rules keep it from
  // a player (`canSeat`): an activated neutral (Mandate of Heaven rule 3) is drawn like every other power.
  const canSeat = variant.rules.canSeat;
  const drawnNeutral = (power: string) =>
    powers.get(power)?.neutral === true && (!canSeat || canSeat({ map: variant.map, position, power }) != null);
  const anchors = anchorsOf(variant, geometry);

  const holder = holdersOf(variant, position);
  // What T does, for the outlines and borders kept per geometry and scale (territory.ts).
  const at = `${frame.x} ${frame.y} ${scale}`;
  // Impassable land stays drawn as such under fog: its nature is no secret and nothing can stand there.
  const fogged = new Set(opts.fog ?? []);
  const regions =
    opts.board?.regions ??
    regionsOf(geometry, holder, powers, colorOf, T, at).map((r) =>
      fogged.has(r.id) && r.kind !== 'impassable'
        ? { ...r, fill: r.kind === 'sea' ? COLORS.fogSea : COLORS.fogLand, fogged: true }
        : r.owner
          ? { ...r, fill: landColor(powers.get(r.owner), palette) }
          : r,
    );
  const borders = opts.board?.borders ?? borderLines(geometry, T, at);

  // The order layer and the units are drawn larger than the base map, for Discord's inline preview (styles.ts).
  const v = u * ORDER_LAYER;
  const unitSize = 10.5 * u * unitScaleOf(variant.powers.length);
  const unitPoint = (loc: Location): Point | null => {
    const a = anchors.get(locationKey(loc)) ?? (loc.coast ? anchors.get(loc.province) : undefined);
    return a ? T(a) : null;
  };
  const marked = variant.powers.length > MARKED_POWERS;
  const wrap = wrapOf(geometry, frame);
  return {
    variant,
    position,
    opts,
    geometry,
    width,
    u,
    scale,
    titleH,
    frame,
    T,
    warnings,
    powers,
    colorOf,
    drawnNeutral,
    anchors,
    holder,
    regions,
    borders,
    v,
    unitSize,
    unitPoint,
    marked,
    wrap,
  };
}

/** The units (the position's, then virtual ones), the map's features, the order layer and the retreat cues. */
function unitsAndOrders(b: SceneBase): UnitsAndOrders {
  const { variant, position, opts, geometry, frame, scale, T, warnings } = b;
  const { powers, colorOf, drawnNeutral, anchors, v, unitSize, unitPoint, marked } = b;
  const units: UnitMark[] = [];
  const spotGround: SpotGround = { variant, position, geometry, frame, scale, unitSize, units };
  const besideSpot = (at: Point, province: string) => besideSpotIn(spotGround, at, province);
  const approachSpot = (at: Point, province: string) => approachSpotIn(spotGround, at, province);
  const offsetOf = placeUnits({ variant, position, opts, units, unitSize, unitPoint, colorOf, besideSpot, warnings });

  // Virtual units of the phase (Warhammer's Illusion and Immortality army).
  const { virtualSpot, virtualMoves, virtualResults } = virtualUnits({
    variant,
    position,
    opts,
    units,
    unitSize,
    unitPoint,
    besideSpot,
    approachSpot,
    colorOf,
  });

  const features: Feature[] = featuresOf(variant, geometry, anchors, warnings).map((f) => transformFeature(f, T));
  const { provinceAt, isWater, borderVias, linkLine } = groundOf(geometry, frame, scale, T, features, b.wrap);

  const { layerContext, results, drawnOrders, orders, keepClear, wishes } = orderLayer({
    variant,
    position,
    opts,
    units,
    offsetOf,
    virtualSpot,
    virtualMoves,
    virtualResults,
    unitPoint,
    unitSize,
    colorOf,
    anchors,
    T,
    v,
    ground: { provinceAt, isWater, borderVias, linkLine, wrap: b.wrap },
    besideSpot,
    powers,
    marked,
    drawnNeutral,
    warnings,
  });
  retreatCues({
    variant,
    position,
    opts,
    results,
    drawnOrders,
    layerContext,
    units,
    offsetOf,
    unitPoint,
    colorOf,
    unitSize,
    v,
    orders,
    wishes,
  });
  return { units, features, provinceAt, orders, wishes, keepClear };
}

/** Centre markers, entrances and labels clear of the arrowheads, then the result symbols and the variant's overlays. */
function placeSceneMarks(b: SceneBase, drawn: UnitsAndOrders): SceneMarks {
  const { variant, opts, geometry, anchors, frame, scale, T, u, unitSize, holder, powers, colorOf, warnings } = b;
  const { units, orders, wishes, keepClear, provinceAt } = drawn;
  const heads = wrapRects(
    b.wrap,
    orders.flatMap((o) => [o.head, o.restHead].flatMap((h) => (h ? [headBox(h)] : []))),
  );
  // A move through several spaces runs along its river on a white casing: no name under it, no leader across it.
  const keepOff = orders.flatMap((o) => (o.kind === 'path' ? [o.path, ...(o.rest ? [o.rest] : [])] : []));
  const board = opts.board && boardMarksFit(opts.board, heads, keepOff.length, units.length) ? opts.board : null;
  const { centers, entrances, labels } =
    board ??
    placeMarkers({
      variant,
      geometry,
      anchors,
      frame,
      scale,
      T,
      u,
      unitSize,
      spotSize: 10.5 * u,
      keepClear: heads,
      keepOff,
      ...(opts.locale ? { locale: opts.locale } : {}),
      units,
      holder,
      powers,
      colorOf,
      warnings,
    });

  const { symbols, overlays } = placeResultMarks({
    variant,
    opts,
    units,
    orders,
    wishes,
    keepClear,
    labels,
    centers,
    entrances,
    unitSize,
    v: b.v,
    unitPoint: b.unitPoint,
    colorOf,
    provinceAt,
    frame,
    wrap: b.wrap,
    warnings,
  });
  return { centers, entrances, labels, symbols, overlays };
}

/** The scene: its title, its legend (the powers, then what the picture shows) and everything placed on the map. */
function assembleScene(b: SceneBase, drawn: UnitsAndOrders, marks: SceneMarks): Scene {
  const { variant, position, opts, width, u, scale, titleH, frame, warnings } = b;
  const { colorOf, drawnNeutral, regions, borders, v, marked } = b;
  const { units, features, orders } = drawn;
  const { centers, entrances, labels, symbols, overlays } = marks;
  // A variant with its own calendar names its phases (Mandate of Heaven: "Winter 369 BC").
  const titleText = drawable(opts.title ?? defaultTitle(variant, position, opts.locale));
  // Then every line style, symbol and feature the picture shows, flowing in rows after the powers.
  const wanted = legendWants(orders, symbols, features, entrances, overlayLegend(overlays), {
    units,
    centers,
    regions,
    marked,
  }).map((w) => ({ ...w, text: legendKeyText(variant, opts.locale, w.kind, w.text) }));
  const { entries, keys, legendSize, legendH } = layoutLegend({
    variant,
    position,
    width,
    u,
    top: titleH + frame.h,
    marked,
    colorOf,
    drawnNeutral,
    wanted,
    locale: opts.locale,
    counted: opts.legendCounts,
  });
  const height = titleH + frame.h + legendH;

  return {
    width,
    height,
    frame,
    scale,
    layer: v,
    regions,
    ...(b.geometry.polygonal ? { seam: drawnGap(variant.data) * scale } : {}),
    borders,
    features,
    centers,
    entrances,
    units,
    orders,
    symbols,
    overlays,
    labels,
    title: { text: titleText, at: [16 * u, titleH / 2], size: TITLE_PX * u },
    ...(b.wrap ? { wraps: true } : {}),
    legend: {
      entries,
      keys,
      size: legendSize,
      box: { x: 0, y: titleH + frame.h, w: width, h: legendH },
      unowned: drawable(tr(opts.locale ?? 'en', 'map.legend.unowned')),
    },
    warnings,
  };
}

/**
 * The order layer: every order the adjudicator carried out, drawn (the powers' own, the orders the players' vote adopted
 * for units no player owns, in their power's colour and never the ballots, virtual units' moves), the units the orders
 * add (builds), each unit's power mark or neutral look, and the symbols the orders ask for; disbanded units faded.
 */
function orderLayer(p: {
  variant: Variant;
  position: Position;
  opts: RenderOptions;
  units: UnitMark[];
  offsetOf: Map<string, Point>;
  virtualSpot: Map<string, Point>;
  virtualMoves: PowerOrder[];
  virtualResults: OrderResult[];
  unitPoint: (loc: Location) => Point | null;
  unitSize: number;
  colorOf: (power: string) => string;
  anchors: Map<string, Point>;
  T: (p: Point) => Point;
  v: number;
  ground: Pick<OrderMarkContext, 'provinceAt' | 'isWater' | 'borderVias' | 'linkLine' | 'wrap'>;
  besideSpot: (at: Point, province: string) => Point;
  powers: Map<string, PowerData>;
  marked: boolean;
  drawnNeutral: (power: string) => boolean;
  warnings: string[];
}) {
  const { variant, position, opts, units, offsetOf, virtualSpot, virtualMoves, virtualResults, unitPoint } = p;
  const { unitSize, colorOf, anchors, T, v, besideSpot, powers, marked, drawnNeutral, warnings } = p;
  const { provinceAt, isWater, borderVias, linkLine, wrap } = p.ground;
  const layerContext: OrderMarkContext = {
    variant,
    position,
    pointOf: unitPoint,
    unitPointOf: (loc, dislodged) =>
      (dislodged && offsetOf.get(loc.province)) || unitPoint(loc) || virtualSpot.get(loc.province) || null,
    unitSize,
    colorOf,
    units,
    after: opts.adjudication?.position,
    riverLines: riverCoursesOf(variant.data)
      .map((river) => (river.malformed ? null : riverLine(variant.data, river, anchors)))
      .filter((line): line is Point[] => line !== null)
      .map((line) => line.map(T)),
    u: v,
    provinceAt,
    isWater,
    borderVias,
    besideSpot,
    removed: opts.adjudication?.removed ?? [],
    linkLine,
    wrap,
  };
  const results = opts.results ?? opts.adjudication?.results;
  // Every order the adjudicator carried out is drawn: the powers' own, the orders the players' vote
  // adopted for units no player owns (in their power's colour; never the ballots), virtual units' moves.
  const drawnOrders = [
    ...(opts.orders ?? []),
    ...adoptedOrders(variant, position, opts.orders ?? [], results),
    ...virtualMoves,
  ];
  const layer = orderMarks(
    layerContext,
    drawnOrders,
    results && virtualResults.length > 0 ? [...results, ...virtualResults] : results,
    warnings,
  );
  const orders: OrderMark[] = layer.marks;
  units.push(...layer.units);
  // A virtual unit's move on a board without results has not happened: drawn hollow, as pending (never as if done).
  if (!results) {
    const pending = new Set(virtualMoves.map((m) => `${m.power}|${formatOrder(m.order, variant.rules)}`));
    for (const o of orders) if (o.kind === 'move' && pending.has(`${o.power}|${o.order}`)) o.pending = true;
  }
  // More than 8 powers: every unit carries its power's mark; a neutral power's units are drawn unlike any player's.
  for (const x of units) {
    const p = powers.get(x.power);
    if (marked && p) x.mark = markOf(variant, opts.locale, p);
    if (drawnNeutral(x.power)) x.neutral = true;
  }
  const wishes: SymbolWish[] = [...layer.symbols];
  // Disbanded units (by order or civil disorder) are drawn faded, with the disbanded symbol.
  for (const w of wishes) {
    if (w.kind !== 'disbanded') continue;
    const unit = units.find((x) => x.location === w.unit && (x.dislodged || position.phase?.type !== 'retreat'));
    if (unit) unit.state = 'disbanded';
  }
  for (const removed of opts.adjudication?.civilDisorderRemovals ?? []) {
    const unit = units.find((x) => x.location === locationKey(removed) && x.state === 'normal');
    if (!unit) continue;
    unit.state = 'disbanded';
    wishes.push({ kind: 'disbanded', candidates: aroundUnit(unit.at, unitSize), unit: unit.location });
  }
  return { layerContext, results, drawnOrders, orders, keepClear: layer.keepClear, wishes };
}

/**
 * What lines keep to on the map: the ground under a point (province id or off-map filler), water, the middles of a
 * shared border, and the drawn line of a link between two provinces with no drawn border (moves follow it).
 */
function groundOf(
  geometry: MapGeometry,
  frame: Rect,
  scale: number,
  T: (p: Point) => Point,
  features: Feature[],
  wrap: Wrap | null,
) {
  /**
   * What lies under an output-pixel point (province id or off-map filler), for lines that keep to their ground; on a
   * wrapping map a point past an edge lies where it comes in at the other.
   */
  const provinceAt = (given: Point) => {
    const p = wrapInto(wrap, given);
    return geometry.locate([(p[0] - frame.x) / scale, (p[1] - frame.y) / scale]);
  };
  const isWater = (id: string) => {
    const kind = geometry.shapes.get(id)?.kind;
    return kind === 'sea' || kind === 'offmap-sea';
  };
  /** Middles of a shared border's segments (at most 12, spread along it). */
  const borderVias = (a: string, b: string): Point[] => {
    const segments = geometry.borderIndex.get(borderKey(a, b))?.segments ?? [];
    const step = Math.max(1, Math.ceil(segments.length / 12));
    return segments.filter((_, i) => i % step === 0).map(([p, q]) => T([(p[0] + q[0]) / 2, (p[1] + q[1]) / 2]));
  };

  /** Two provinces joined by a link and no drawn border: the link's drawn line, from `from`'s end (moves follow it). */
  const linkLine = (from: string, to: string) => {
    if ((geometry.borderIndex.get(borderKey(from, to))?.segments.length ?? 0) > 0) return null;
    for (const f of features) {
      if (f.kind !== 'link') continue;
      if (f.from === from && f.to === to) return { points: [...f.points], kind: f.linkKind.split('(')[0]!.trim() };
      if (f.from === to && f.to === from)
        return { points: [f.points[1], f.points[0]], kind: f.linkKind.split('(')[0]!.trim() };
    }
    return null;
  };
  return { provinceAt, isWater, borderVias, linkLine };
}

/**
 * Result symbols and the variant's overlay marks: dislodged and virtual rings round their units; the other symbols where
 * they cover no label, unit, marker or the head of an arrow that succeeded; then the overlays, clear of all that.
 */
function placeResultMarks(p: {
  variant: Variant;
  opts: RenderOptions;
  units: UnitMark[];
  orders: OrderMark[];
  wishes: SymbolWish[];
  /** What the order layer asks symbols to keep off (support junctions). */
  keepClear: Rect[];
  labels: Label[];
  centers: CenterMark[];
  entrances: EntranceMark[];
  unitSize: number;
  v: number;
  unitPoint: (loc: Location) => Point | null;
  colorOf: (power: string) => string;
  provinceAt: (p: Point) => string | null;
  frame: Rect;
  wrap: Wrap | null;
  warnings: string[];
}): { symbols: ResultSymbol[]; overlays: PlacedOverlay[] } {
  const { variant, opts, units, orders, wishes, keepClear, labels, centers, entrances } = p;
  const { unitSize, v, unitPoint, colorOf, provinceAt, frame, wrap, warnings } = p;
  // Result symbols: dislodged rings round their units; the others where they cover no label, unit or marker.
  const rings: ResultSymbol[] = units
    .filter((x) => x.dislodged || x.state === 'virtual')
    .map((x) => ({
      kind: x.state === 'virtual' ? 'virtual' : 'dislodged',
      at: x.at,
      radius: x.size * 1.55,
      unit: x.location,
    }));
  const symbolRadius = 7.5 * v;
  const unitBoxes = units.map((x) => rectAround(x.at, x.size * 2.5, x.size * 2.5));
  const obstacles: Rect[] = [
    ...labels.map((l) => l.box),
    ...unitBoxes,
    ...rings.map((r) => rectAround(r.at, r.radius * 2, r.radius * 2)),
    ...centers.map((c) => rectAround(c.at, c.radius * 2.4, c.radius * 2.4)),
    ...entrances.map((e) => rectAround(e.at, e.radius * 2.4, e.radius * 2.4)),
  ];
  // A result mark on the head of an arrow that succeeded would read as that order's failure: the heads are kept clear
  // (a failed arrow's own head is where its ✕ goes).
  const succeededHeads = orders.flatMap((o) => (!o.failed && o.head ? [headBox(o.head)] : []));
  // On a wrapping map a line across an edge is drawn at both: its spots there too, each symbol's where it shows.
  const inFrame = wishes.map((w) => ({ ...w, candidates: w.candidates.map((c) => wrapInto(wrap, c)) }));
  const symbols = [
    ...rings,
    ...placeSymbols(
      inFrame,
      symbolRadius,
      wrapRects(wrap, [...obstacles, ...keepClear, ...succeededHeads]),
      frame,
      warnings,
      provinceAt,
      symbolLines(orders, v, wrap),
    ),
  ];
  const overlays = placeOverlays(opts.overlays, {
    spotOf: (province) => (variant.map.has(province) ? unitPoint({ province, coast: null }) : null),
    unitSize,
    colorOf: (power) => (power ? colorOf(power) : OVERLAY_NEUTRAL),
    obstacles: [...obstacles, ...symbols.map(symbolBox)],
    provinceAt,
    lines: wrapLines(
      wrap,
      orders.map((o) => o.path),
    ),
    unitOf: (province) => {
      const i = units.findIndex(
        (x) =>
          x.location.split('/')[0] === province && !x.dislodged && x.state !== 'virtual' && x.state !== 'build-failed',
      );
      return i < 0 ? null : { at: units[i]!.at, size: units[i]!.size, box: unitBoxes[i]! };
    },
    frame,
    warnings,
  });
  return { symbols, overlays };
}

/** What the steps that place units share: the picture's units so far (they add to them) and how a unit is placed. */
interface UnitStep {
  variant: Variant;
  position: Position;
  opts: RenderOptions;
  units: UnitMark[];
  unitSize: number;
  unitPoint: (loc: Location) => Point | null;
  colorOf: (power: string) => string;
  besideSpot: (at: Point, province: string) => Point;
}

/**
 * The position's units, in `units`: each on its province's spot, or (a retreat phase's dislodged unit) beside it, where
 * the unit that dislodged it stands. Returns where each dislodged unit stands, by province.
 */
function placeUnits(p: UnitStep & { warnings: string[] }): Map<string, Point> {
  const { variant, position, opts, units, unitSize, unitPoint, colorOf, besideSpot, warnings } = p;
  const dislodgedNow = new Set((opts.adjudication?.dislodged ?? []).map((d) => d.province));
  const addUnit = (unit: Position['units'][number], dislodged: boolean, at: Point | null) => {
    if (!at || !variant.map.has(unit.province)) {
      warnings.push(`unit ${unit.type} ${locationKey(unit)} of ${unit.power} is not on the map`);
      return;
    }
    const fill = colorOf(unit.power);
    units.push({
      power: unit.power,
      type: unit.type,
      location: locationKey(unit),
      at,
      size: unitSize,
      fill,
      text: textOn(fill),
      dislodged,
      state: 'normal',
    });
  };
  for (const unit of position.units ?? []) addUnit(unit, dislodgedNow.has(unit.province), unitPoint(unit));
  // Retreat phase: a dislodged unit stands beside its province's spot, where the unit that dislodged it is.
  const offsetOf = new Map<string, Point>();
  for (const unit of position.dislodged ?? []) {
    const at = unitPoint(unit);
    const spot = at ? besideSpot(at, unit.province) : null;
    if (spot) offsetOf.set(unit.province, spot);
    addUnit(unit, true, spot);
  }
  return offsetOf;
}

/**
 * Retreat phase board: where each dislodged unit without a drawn order may go, each line only over the unit's province
 * and that option (added to `orders`); a unit with nowhere to go gets the no-retreat cue (it will be disbanded). With
 * results the phase is over: no options; a unit the adjudicator disbanded without a drawn order (no retreat order, no
 * majority of the players' vote) is drawn disbanded. On the orders map of a movement phase, a unit this adjudication
 * dislodged with nowhere to retreat gets the cue too (added to `wishes`).
 */
function retreatCues(p: {
  variant: Variant;
  position: Position;
  opts: RenderOptions;
  results: readonly OrderResult[] | undefined;
  drawnOrders: PowerOrder[];
  layerContext: OrderMarkContext;
  units: UnitMark[];
  offsetOf: Map<string, Point>;
  unitPoint: (loc: Location) => Point | null;
  colorOf: (power: string) => string;
  unitSize: number;
  v: number;
  orders: OrderMark[];
  wishes: SymbolWish[];
}): void {
  const { variant, position, opts, results, drawnOrders, layerContext, units, offsetOf, unitPoint } = p;
  const { colorOf, unitSize, v, orders, wishes } = p;
  const ordered = new Set(drawnOrders.flatMap((o) => (o.order?.kind === 'waive' ? [] : [o.order?.unit?.province])));
  const optionContext = { ...layerContext, units };
  const disbandedByResult = results
    ? disbandResults(variant, position, results, opts.adjudication?.removed)
    : new Set<string>();
  for (const d of position.dislodged ?? []) {
    const from = offsetOf.get(d.province);
    if (!from || ordered.has(d.province)) continue;
    if (results) {
      const unit = units.find((x) => x.dislodged && x.location === locationKey(d) && x.power === d.power);
      if (!unit || !disbandedByResult.has(`${d.power}|${d.province}`)) continue;
      unit.state = 'disbanded';
      wishes.push({ kind: 'disbanded', candidates: aroundUnit(unit.at, unitSize), unit: unit.location });
      continue;
    }
    if (d.retreatOptions && d.retreatOptions.length === 0) {
      wishes.push({ kind: 'no-retreat', candidates: aroundUnit(from, unitSize), unit: locationKey(d) });
    }
    for (const option of d.retreatOptions ?? []) {
      const [province, coast] = option.split('/');
      const to = unitPoint({ province: province!, coast: coast ?? null });
      if (!to) continue;
      const color = colorOf(d.power);
      const path = optionPath(optionContext, from, to, d.province, province!);
      const head = path.length > 1 ? optionHead(path, v) : undefined;
      orders.push({
        kind: 'retreat-option',
        power: d.power,
        color,
        order: `${d.type} ${locationKey(d)} R ${option}`,
        unit: locationKey(d),
        points: [from, to],
        path,
        ...(head ? { head } : {}),
        size: unitSize,
        unitType: d.type,
        outcome: null,
        failed: false,
      });
    }
  }
  // The orders map of a movement phase: a unit this adjudication dislodged with nowhere to retreat gets the cue too.
  for (const d of opts.adjudication?.dislodged ?? []) {
    if (position.phase?.type !== 'movement' || !d.retreatOptions || d.retreatOptions.length > 0) continue;
    const unit = units.find((x) => x.location === locationKey(d) && x.dislodged);
    if (unit) wishes.push({ kind: 'no-retreat', candidates: aroundUnit(unit.at, unitSize), unit: unit.location });
  }
}

/**
 * Virtual units of the phase (Warhammer: the Illusion on Athel-Loren; the Immortality army, which stands nowhere, beside
 * the province it moves into): added to `units`, dotted and ringed, never mistaken for a real unit; their moves,
 * drawn like any move, with the result the board after tells.
 */
function virtualUnits(p: UnitStep & { approachSpot: (at: Point, province: string) => Point }): {
  virtualSpot: Map<string, Point>;
  virtualMoves: PowerOrder[];
  virtualResults: OrderResult[];
} {
  const { variant, position, opts, units, unitSize, unitPoint, besideSpot, approachSpot, colorOf } = p;
  /** Where a virtual unit that stands on no province of the map is drawn (its move starts there). */
  const virtualSpot = new Map<string, Point>();
  /** Virtual units' moves, drawn like any move, with the result the board after tells. */
  const virtualMoves: PowerOrder[] = [];
  const virtualResults: OrderResult[] = [];
  if (position.phase?.type === 'movement') {
    const virtualOrders = variant.rules.extraOrders?.({ map: variant.map, position, orders: opts.orders ?? [] }) ?? [];
    for (const v of virtualOrders.filter((o) => o.virtual)) {
      const onMap = variant.map.has(v.unit.province);
      const target = onMap ? v.unit.province : v.order.kind === 'move' ? v.order.to.province : null;
      const at = target ? unitPoint({ province: target, coast: null }) : null;
      if (!at) continue;
      // A virtual unit that stands nowhere waits outside the province it moves into, so its arrow reads.
      const spot = onMap
        ? !units.some((x) => x.location === target)
          ? at
          : besideSpot(at, target!)
        : approachSpot(at, target!);
      if (!onMap) virtualSpot.set(v.unit.province, spot);
      if (v.order.kind === 'move') {
        virtualMoves.push({ power: v.unit.power, order: v.order });
        const after = opts.adjudication?.position;
        const to = v.order.to.province;
        if (after) {
          const arrived = after.units.some((x) => x.power === v.unit.power && x.province === to);
          virtualResults.push({
            power: v.unit.power,
            unit: `${v.unit.type} ${v.unit.province}`,
            order: formatOrder(v.order, variant.rules),
            result: arrived ? 'success' : 'failure',
            reason: arrived ? 'the virtual unit moved in' : 'the virtual unit did not get in',
          });
        }
      }
      const fill = colorOf(v.unit.power);
      units.push({
        power: v.unit.power,
        type: v.unit.type,
        location: `virtual:${v.unit.province}`,
        at: spot,
        size: unitSize,
        fill,
        text: textOn(fill),
        dislodged: false,
        state: 'virtual',
      });
    }
  }
  return { virtualSpot, virtualMoves, virtualResults };
}

/** A power's mark on the map and in the legend for the readers' locale (src/render/power-marks.ts `powerMarkIn`). */
function markOf(variant: Variant, locale: Locale | undefined, power: PowerData): string {
  if (!locale || locale === 'en') return powerMarkIn(power, undefined, []);
  const names = variant.powers.map((p) => powerName(variant, locale, p.name));
  return powerMarkIn(power, powerName(variant, locale, power.name), names);
}

/** A power's legend entry: its name (in the readers' locale), its centres, and its units when it has no centre. */
function legendPowerText(variant: Variant, locale: Locale | undefined, power: string, centers: number, units: number) {
  if (!locale || locale === 'en')
    return centers === 0 && units > 0
      ? `${power} 0 · ${units} ${units === 1 ? 'unit' : 'units'}`
      : `${power} ${centers}`;
  const name = powerName(variant, locale, power);
  return centers === 0 && units > 0
    ? `${name} 0 · ${tr(locale, 'map.legend.units', { count: units })}`
    : `${name} ${centers}`;
}

/** The legend keys the renderer names itself (not a variant's own texts), each with its catalogue key. */
const LEGEND_KEYS: Readonly<Record<string, MessageKey>> = {
  move: 'map.legend.move',
  support: 'map.legend.support',
  convoy: 'map.legend.convoy',
  hold: 'map.legend.hold',
  path: 'map.legend.path',
  ring: 'map.legend.ring',
  retreat: 'map.legend.retreat',
  'retreat-option': 'map.legend.retreat-option',
  pending: 'map.legend.pending',
  'failed-line': 'map.legend.failed-line',
  failed: 'map.legend.failed',
  cut: 'map.legend.cut',
  dislodged: 'map.legend.dislodged',
  'no-retreat': 'map.legend.no-retreat',
  disbanded: 'map.legend.disbanded',
  'build-failed': 'map.legend.build-failed',
  built: 'map.legend.built',
  virtual: 'map.legend.virtual',
  army: 'map.legend.army',
  fleet: 'map.legend.fleet',
  center: 'map.legend.center',
  river: 'map.legend.river',
  wall: 'map.legend.wall',
  impassable: 'map.legend.impassable',
  fog: 'fog.map.legend',
};

/**
 * A legend key's text in the readers' locale: a variant's own texts (its walls, links, overlays) as its names there
 * give them (src/variants/names.ts), the renderer's own words from the catalogue; else as written.
 */
function legendKeyText(variant: Variant, locale: Locale | undefined, kind: string, english: string): string {
  if (!locale || locale === 'en') return english;
  const own = variantNames(variant, locale)?.legend?.[english];
  if (own !== undefined) return drawable(own);
  if (kind === 'link-move') {
    // `move by <kind>`: the link's kind by the variant's own name for it (`mouvement par le fleuve Hai`).
    const link = english.replace(/^move by /, '');
    const name = variantNames(variant, locale)?.legend?.[link] ?? link;
    return drawable(tr(locale, 'map.legend.link-move', { link: name }));
  }
  const key = Object.hasOwn(LEGEND_KEYS, kind) ? LEGEND_KEYS[kind] : undefined;
  if (!key || tr('en', key) !== english) return english;
  return drawable(tr(locale, key));
}

/** A text as the map's font draws it: its CJK font sets `’` full width (`n’ a`), so the straight `'` it has. */
function drawable(text: string): string {
  return text.replaceAll('’', "'");
}

/**
 * The legend's layout: each power's entry (its colour, name and centre count; a power with units and no centre shows
 * its units too), wrapping onto further rows (Mandate of Heaven's 17 powers, Warhammer's 21), then a key for every
 * line style, symbol and feature the picture shows, flowing in rows below the powers.
 */
function layoutLegend(p: {
  variant: Variant;
  position: Position;
  width: number;
  u: number;
  /** Where the legend starts (below the map). */
  top: number;
  marked: boolean;
  colorOf: (power: string) => string;
  drawnNeutral: (power: string) => boolean;
  wanted: ReturnType<typeof legendWants>;
  locale?: Locale | undefined;
  counted?: RenderOptions['legendCounts'];
}): { entries: LegendEntry[]; keys: LegendKey[]; legendSize: number; legendH: number } {
  const { variant, position, width, u, top, marked, colorOf, drawnNeutral, wanted, locale, counted } = p;
  const powers = new Map(variant.powers.map((q) => [q.name, q]));
  const legendSize = (variant.data.geometry?.legendSize ?? LEGEND_PX) * u;
  // The legend's own unit: `u` scaled with its text (LEGEND_UNIT_PX), so every legend is the same legend, larger.
  const k = legendSize / LEGEND_UNIT_PX;
  const counts = variant.powers.map((p) => {
    const centers =
      counted?.[p.name]?.centers ?? (position.supplyCenters?.[p.name] ?? []).filter((c) => variant.map.has(c)).length;
    const units = counted?.[p.name]?.units ?? (position.units ?? []).filter((x) => x.power === p.name).length;
    // A power with units and no centre (Mandate of Heaven's nomad Hsiung-Nu) shows its units too.
    const text = legendPowerText(variant, locale, p.name, centers, units);
    return { power: p.name, centers, units, text };
  });
  // More than 8 powers (Mandate of Heaven's 17, Warhammer's 21): a compact legend, its rows lower and every entry as
  // wide as its text, the keys going on in the row where the powers end. Else one column per power, keys below.
  const inner = width - 24 * u;
  // A larger legend's rows grow with its text, not with its gaps (its swatches 1.45 × the text high).
  const rowH = Math.round(Math.max((marked ? 32 : 44) * u, legendSize * (marked ? 1.85 : 2.5)));
  const legendY = top + rowH / 2;
  const flow = { x: 16 * u, row: 0 };
  /** The next spot of an item `need` wide in the flowing rows (a new row when it does not fit this one). */
  const next = (need: number): Point => {
    if (flow.x > 16 * u && flow.x + need > inner + 12 * u) [flow.x, flow.row] = [16 * u, flow.row + 1];
    const at: Point = [flow.x, legendY + rowH * flow.row];
    flow.x += need;
    return at;
  };
  const texts = counts.map((c) => c.text);
  const columns = marked ? [] : legendColumns(k, legendSize, texts, inner);
  const entries: LegendEntry[] = counts.map((c, i) => ({
    ...c,
    color: colorOf(c.power),
    ...(marked ? { mark: markOf(variant, locale, powers.get(c.power)!) } : {}),
    ...(drawnNeutral(c.power) ? { neutral: true } : {}),
    at: marked
      ? next(legendSize * 1.45 + 6 * k + textWidth(c.text, legendSize) + 20 * k)
      : [16 * u + columns[i]!.x, legendY + rowH * columns[i]!.row],
    text: c.text,
  }));
  if (marked) flow.x += 8 * k;
  else [flow.x, flow.row] = [16 * u, columns.at(-1)!.row + 1];
  const keys: LegendKey[] = [];
  const sample = { line: 34 * k, symbol: legendSize * 1.1 };
  for (const w of wanted) {
    const w0 = w.line ? sample.line : sample.symbol;
    const [x, y] = next(w0 + 6 * k + textWidth(w.text, legendSize * 0.94) + 22 * k);
    keys.push({
      kind: w.kind,
      text: w.text,
      at: w.line ? [x, y] : [x + w0 / 2, y],
      width: w0,
      ...(w.fill ? { fill: w.fill } : {}),
      ...(w.overlay ? { overlay: w.overlay } : {}),
      ...(w.letter !== undefined ? { letter: w.letter } : {}),
    });
  }
  // Without keys the last row is the powers' (a column layout has moved past it).
  const rows = keys.length > 0 || marked ? flow.row + 1 : flow.row;
  const legendH = rowH * rows + (marked ? Math.round(6 * k) : 0);
  return { entries, keys, legendSize, legendH };
}

/**
 * The legend's keys for what this picture shows, in a fixed order: the order line styles (`LINE_LEGEND`), the failed
 * look when some line failed, the result symbols, the entrances of reserved links (one per power), the variant's
 * overlays, the unit shapes (army disc, fleet hull: with their letter where units carry one, bare where they carry
 * their power's mark) and the supply-centre marker, then the map features (rivers, each kind of wall or band by its
 * legend text, links by their kind, hatched impassable land).
 */
function legendWants(
  orders: OrderMark[],
  symbols: ResultSymbol[],
  features: Feature[],
  entrances: Scene['entrances'],
  overlays: PlacedOverlay[],
  drawn: { units: UnitMark[]; centers: Scene['centers']; regions: Scene['regions']; marked: boolean },
): { kind: LegendKind; text: string; line: boolean; fill?: string; overlay?: LegendKey['overlay']; letter?: string }[] {
  const shown = orders.filter((o) => !o.link && (o.path.length > 0 || o.kind === 'hold' || o.kind === 'ring'));
  const lineKinds = new Set(shown.map((o) => legendLineOf(o.kind, o.pending)));
  if (orders.some((o) => o.failed && o.path.length > 1)) lineKinds.add('failed-line');
  const out: {
    kind: LegendKind;
    text: string;
    line: boolean;
    fill?: string;
    overlay?: LegendKey['overlay'];
    letter?: string;
  }[] = [];
  for (const l of LINE_LEGEND.filter((l) => lineKinds.has(l.kind))) {
    // A variant's special orders: one key per text their spec gives (else the generic text).
    const texts =
      l.kind === 'path' || l.kind === 'ring'
        ? new Set(shown.filter((o) => o.kind === l.kind).map((o) => o.legend ?? l.text))
        : [l.text];
    for (const text of texts) out.push({ kind: l.kind, text, line: true });
  }
  // Moves along a link (an underway), one key per kind of link, after the other lines.
  for (const kind of new Set(orders.flatMap((o) => (o.link && o.path.length > 1 ? [o.link] : []))))
    out.push({ kind: 'link-move', text: `move by ${kind}`, line: true });
  for (const kind of SYMBOL_ORDER)
    if (symbols.some((x) => x.kind === kind)) out.push({ kind, text: SYMBOL_TEXT[kind], line: false });
  for (const e of entrances.filter((e, i) => entrances.findIndex((x) => x.power === e.power) === i)) {
    out.push({ kind: 'entrance', text: `${e.power} ${e.kind} entrance`, line: false, fill: e.fill });
  }
  // The variant's overlays, one key per look and text (overlayLegend).
  for (const o of overlays)
    out.push({
      kind: 'overlay',
      text: o.legend,
      line: false,
      fill: o.color,
      overlay: { kind: o.kind, ...(o.glyph ? { glyph: o.glyph } : {}), ...(o.open ? { open: true } : {}) },
    });
  // What the shapes on the map are: units by type (the mark on a unit of a 21-power map is its power's, not its type),
  // and the supply-centre marker.
  for (const [type, kind, text] of [
    ['A', 'army', 'army'],
    ['F', 'fleet', 'fleet'],
  ] as const) {
    if (drawn.units.some((x) => x.type === type))
      out.push({ kind, text, line: false, letter: drawn.marked ? '' : type });
  }
  if (drawn.centers.length > 0) out.push({ kind: 'center', text: 'supply centre', line: false });
  if (features.some((f) => f.kind === 'river')) out.push({ kind: 'river', text: 'river', line: true });
  const walls = features.flatMap((f) => (f.kind === 'wall' ? [f] : []));
  for (const w of walls.filter((w, i) => walls.findIndex((v) => v.legend === w.legend && v.style === w.style) === i)) {
    out.push({ kind: w.style === 'band' ? 'band' : 'wall', text: w.legend, line: true });
  }
  const links = features.flatMap((f) => (f.kind === 'link' ? [f.linkKind.split('(')[0]!.trim()] : []));
  for (const kind of new Set(links)) out.push({ kind: 'link', text: kind, line: true });
  if (drawn.regions.some((r) => r.kind === 'impassable'))
    out.push({ kind: 'impassable', text: 'impassable', line: false });
  if (drawn.regions.some((r) => r.fogged)) out.push({ kind: 'fog', text: 'out of sight', line: false });
  return out;
}

function transformFeature(f: Feature, T: (p: Point) => Point): Feature {
  switch (f.kind) {
    case 'decor': {
      // Its width and dashes are map px, scaled as the map is.
      const [o, x] = [T([0, 0]), T([1, 0])];
      const scale = Math.hypot(x[0] - o[0], x[1] - o[1]);
      return {
        ...f,
        points: f.points.map(T),
        width: f.width * scale,
        dash: f.dash ? f.dash.map((v) => v * scale) : null,
      };
    }
    case 'river':
      return { ...f, points: f.points.map(T) };
    case 'wall':
      return { ...f, segments: f.segments.map(([a, b]) => [T(a), T(b)] as [Point, Point]) };
    case 'link':
      return { ...f, points: [T(f.points[0]), T(f.points[1])] };
  }
}

/** The box round an arrowhead (its tip and the two corners of its base). */
export function headBox(h: ArrowHead): Rect {
  const [dx, dy] = [h.tip[0] - h.base[0], h.tip[1] - h.base[1]];
  const len = Math.hypot(dx, dy) || 1;
  const [nx, ny] = [(-dy / len) * (h.width / 2), (dx / len) * (h.width / 2)];
  const xs = [h.tip[0], h.base[0] + nx, h.base[0] - nx];
  const ys = [h.tip[1], h.base[1] + ny, h.base[1] - ny];
  const [x0, y0] = [Math.min(...xs), Math.min(...ys)];
  return { x: x0, y: y0, w: Math.max(...xs) - x0, h: Math.max(...ys) - y0 };
}
