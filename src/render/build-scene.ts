/**
 * buildScene: variant + position (+ orders and results) → the scene model (plain data, output pixels).
 * Layout: a title bar, the map scaled to the requested width, a legend bar. All decisions about what is
 * drawn where are taken here; drawScene only paints.
 */
import { locationKey } from '../engine/map.js';
import type { Adjudication, Location, OrderResult, Position, PowerOrder } from '../engine/types.js';
import type { Variant } from '../engine/variant.js';
import { anchorsOf } from './anchors.js';
import { featuresOf, riverCoursesOf, riverLine } from './features.js';
import { geometryOf, insideShape, type Point } from './geometry.js';
import { placeMarkers } from './markers.js';
import { aroundUnit, orderMarks, type SymbolWish } from './orders.js';
import { landColor, powerColor, textOn, type PaletteName } from './palette.js';
import { overlaps, rectAround, textWidth } from './placement.js';
import { routeThrough, trimPath } from './route.js';
import type { Feature, LegendEntry, OrderMark, Rect, ResultSymbol, Scene, SymbolKind, SymbolLegendEntry, UnitMark } from './scene.js';
import { placeSymbols, symbolBox, SYMBOL_TEXT } from './symbols.js';
import { overlayLegend, placeOverlays } from './overlays.js';
import type { MapOverlay } from '../variants/plugin/overlay.js';
import { borderLines, holdersOf, regionsOf } from './territory.js';

/** The narrowest legend slot that holds every power's entry (swatch, name and centre count) with a gap. */
function legendMinSlot(u: number, size: number, counts: { power: string; centers: number }[]): number {
  const widest = Math.max(...counts.map((c) => textWidth(`${c.power} ${c.centers}`, size)));
  return widest + size * 1.1 + 6 * u + 24 * u;
}

/** Symbols in the order the legend lists them. */
const SYMBOL_ORDER: SymbolKind[] = ['failed', 'cut', 'dislodged', 'disbanded', 'build-failed', 'built', 'virtual'];

/** Variants with more powers than this mark every unit with its power (decisions.md, "Maps and colours"). */
export const MARKED_POWERS = 8;

export interface RenderOptions {
  orders?: PowerOrder[];
  results?: OrderResult[];
  adjudication?: Adjudication;
  palette?: PaletteName;
  /** Output width in pixels (default 1600; clamped to 200..6000). */
  width?: number;
  /** The whole title line; default `<variant name> — Spring 1901 Movement`. */
  title?: string;
  /** What the variant draws beyond units and orders (its plug-in's `mapOverlays`), placed clear of everything else. */
  overlays?: MapOverlay[];
}

export type SceneResult = { ok: true; scene: Scene } | { ok: false; error: string };

const SEASONS: Record<string, string> = { spring: 'Spring', fall: 'Fall', winter: 'Winter' };
const PHASES: Record<string, string> = { movement: 'Movement', retreat: 'Retreats', adjustment: 'Adjustments' };

export function phaseTitle(position: Position): string {
  const p = position?.phase;
  if (!p) return 'unknown phase';
  return `${SEASONS[p.season] ?? p.season} ${p.year} ${PHASES[p.type] ?? p.type}`;
}

export function buildScene(variant: Variant, position: Position, opts: RenderOptions = {}): SceneResult {
  try {
    return buildSceneUnchecked(variant, position, opts);
  } catch (e) {
    // Malformed input that got past the types (e.g. JSON from outside): say what, never throw.
    return { ok: false, error: `cannot draw this position: ${e instanceof Error ? e.message : String(e)}` };
  }
}

function buildSceneUnchecked(variant: Variant, position: Position, opts: RenderOptions): SceneResult {
  if (!position || typeof position !== 'object') return { ok: false, error: 'no position to draw' };
  const g = geometryOf(variant.data);
  if (!g.ok) return { ok: false, error: g.error };
  const geometry = g.geometry;
  const palette: PaletteName = opts.palette === 'colorblind' ? 'colorblind' : 'standard';
  const width = Math.round(Math.min(6000, Math.max(200, Number.isFinite(opts.width) ? opts.width! : 1600)));
  const u = width / 1600;
  const scale = width / geometry.width;
  const titleH = Math.round(54 * u);
  const legendRow = Math.round(44 * u);
  const frame: Rect = { x: 0, y: titleH, w: width, h: Math.round(geometry.height * scale) };
  const T = (p: Point): Point => [frame.x + p[0] * scale, frame.y + p[1] * scale];
  const warnings: string[] = [];

  const powers = new Map(variant.powers.map((p) => [p.name, p]));
  const colorOf = (power: string) => powerColor(powers.get(power), palette);
  const anchors = anchorsOf(variant, geometry);

  const holder = holdersOf(variant, position);
  const regions = regionsOf(geometry, holder, powers, colorOf, T).map((r) =>
    r.owner ? { ...r, fill: landColor(powers.get(r.owner), palette) } : r,
  );
  const borders = borderLines(geometry, T);

  const unitSize = 10.5 * u;
  const unitPoint = (loc: Location): Point | null => {
    const a = anchors.get(locationKey(loc)) ?? (loc.coast ? anchors.get(loc.province) : undefined);
    return a ? T(a) : null;
  };
  const marked = variant.powers.length > MARKED_POWERS;
  const markOf = (power: string) => {
    const p = powers.get(power);
    return p?.localName ?? power.slice(0, 2);
  };

  const dislodgedNow = new Set((opts.adjudication?.dislodged ?? []).map((d) => d.province));
  const units: UnitMark[] = [];
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
      ...(marked ? { mark: markOf(unit.power) } : {}),
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

  /** A spot for a dislodged unit and its ring next to the unit in its province: inside the province where one is free. */
  function besideSpot(at: Point, province: string): Point {
    const shape = geometry.shapes.get(province);
    const inside = (p: Point) => !shape || insideShape([(p[0] - frame.x) / scale, (p[1] - frame.y) / scale], shape, geometry);
    const boxes = units.map((x) => rectAround(x.at, x.size * 2.4, x.size * 2.2));
    const tries: Point[] = [];
    for (const grow of [0, 0.5, 1.1, 1.8]) {
      const [a, d] = [2.8 + grow, 2.5 + grow]; // along an axis; along each axis of a diagonal
      for (const [dx, dy] of [[a, 0], [-a, 0], [d, d], [-d, d], [d, -d], [-d, -d], [0, a], [0, -a]]) {
        tries.push([at[0] + dx * unitSize, at[1] + dy * unitSize]);
      }
    }
    const free = (p: Point) => !boxes.some((b) => overlaps(b, rectAround(p, unitSize * 3.1, unitSize * 3.1)));
    return tries.find((p) => inside(p) && free(p)) ?? tries.find(free) ?? tries[0];
  }

  // Virtual units of the phase (Warhammer: the Illusion on Athel-Loren; the Immortality army, which stands nowhere,
  // beside the province it moves into): translucent, ringed, never mistaken for a real unit.
  if (position.phase?.type === 'movement') {
    const virtualOrders = variant.rules.extraOrders?.({ map: variant.map, position, orders: opts.orders ?? [] }) ?? [];
    for (const v of virtualOrders.filter((o) => o.virtual)) {
      const onMap = variant.map.has(v.unit.province);
      const target = onMap ? v.unit.province : v.order.kind === 'move' ? v.order.to.province : null;
      const at = target ? unitPoint({ province: target, coast: null }) : null;
      if (!at) continue;
      const spot = onMap && !units.some((x) => x.location === target) ? at : besideSpot(at, target!);
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
        ...(marked ? { mark: markOf(v.unit.power) } : {}),
      });
    }
  }

  const layer = orderMarks(
    {
      variant,
      position,
      pointOf: unitPoint,
      unitPointOf: (loc, dislodged) => (dislodged && offsetOf.get(loc.province)) || unitPoint(loc),
      unitSize,
      colorOf,
      units,
      after: opts.adjudication?.position,
      riverLines: riverCoursesOf(variant.data)
        .map((river) => (river.malformed ? null : riverLine(variant.data, river, anchors)))
        .filter((line): line is Point[] => line !== null)
        .map((line) => line.map(T)),
    },
    opts.orders ?? [],
    opts.results ?? opts.adjudication?.results,
    warnings,
  );
  const orders: OrderMark[] = layer.marks;
  units.push(...layer.units);
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
  // Retreat phase board: where each dislodged unit without a drawn order may go.
  const ordered = new Set((opts.orders ?? []).flatMap((o) => (o.order?.kind === 'waive' ? [] : [o.order?.unit?.province])));
  for (const d of position.dislodged ?? []) {
    const from = offsetOf.get(d.province);
    if (!from || ordered.has(d.province)) continue;
    for (const option of d.retreatOptions ?? []) {
      const to = unitPoint({ province: option.split('/')[0], coast: option.split('/')[1] ?? null });
      if (!to) continue;
      const color = colorOf(d.power);
      const path = trimPath(routeThrough([from, to], units.map((x) => ({ at: x.at, r: unitSize * 1.35 }))), unitSize * 1.45, unitSize * 0.6);
      orders.push({ kind: 'retreat-option', power: d.power, color, order: `${d.type} ${locationKey(d)} R ${option}`, points: [from, to], path, size: unitSize, unitType: d.type, outcome: null, failed: false });
    }
  }

  const features: Feature[] = featuresOf(variant, geometry, anchors, warnings).map((f) => transformFeature(f, T));

  const { centers, entrances, labels } = placeMarkers({ variant, geometry, anchors, frame, scale, T, u, unitSize, units, holder, powers, colorOf, warnings });

  // Result symbols: dislodged rings round their units; the others where they cover no label, unit or marker.
  const rings: ResultSymbol[] = units
    .filter((x) => x.dislodged || x.state === 'virtual')
    .map((x) => ({ kind: x.state === 'virtual' ? 'virtual' : 'dislodged', at: x.at, radius: x.size * 1.55, unit: x.location }));
  const symbolRadius = 7.5 * u;
  const obstacles: Rect[] = [
    ...labels.map((l) => l.box),
    ...units.map((x) => rectAround(x.at, x.size * 2.5, x.size * 2.5)),
    ...rings.map((r) => rectAround(r.at, r.radius * 2, r.radius * 2)),
    ...centers.map((c) => rectAround(c.at, c.radius * 2.4, c.radius * 2.4)),
    ...entrances.map((e) => rectAround(e.at, e.radius * 2.4, e.radius * 2.4)),
  ];
  const symbols = [...rings, ...placeSymbols(wishes, symbolRadius, obstacles, frame, warnings)];
  const overlays = placeOverlays(opts.overlays, {
    spotOf: (province) => (variant.map.has(province) ? unitPoint({ province, coast: null }) : null),
    unitSize,
    colorOf: (power) => (power ? colorOf(power) : '#3a3a3a'),
    obstacles: [...obstacles, ...symbols.map(symbolBox)],
    frame,
    warnings,
  });

  // A variant with its own calendar names its phases (Mandate of Heaven: "Winter 369 BC").
  const titleText = opts.title ?? `${variant.name} — ${(position?.phase && variant.phaseName?.(position.phase)) || phaseTitle(position)}`;
  const legendSize = 15 * u;
  const used = SYMBOL_ORDER.filter((k) => symbols.some((x) => x.kind === k));
  const counts = variant.powers.map((p) => ({
    power: p.name,
    centers: (position.supplyCenters?.[p.name] ?? []).filter((c) => variant.map.has(c)).length,
    units: (position.units ?? []).filter((x) => x.power === p.name).length,
  }));
  // Power entries wrap onto further rows when they would not fit one (Mandate of Heaven's 17 powers, Warhammer's 21).
  const inner = width - 24 * u;
  const perRow = Math.max(1, Math.min(counts.length, Math.floor(inner / legendMinSlot(u, legendSize, counts))));
  const powerRows = Math.max(1, Math.ceil(counts.length / perRow));
  // One legend entry per power whose link entrances are marked (`Skaven underway entrance`), after the symbols.
  const entranceLegend = entrances.filter((e, i) => entrances.findIndex((x) => x.power === e.power) === i);
  const overlaysLegend = overlayLegend(overlays);
  const legendH = legendRow * (powerRows + (used.length + entranceLegend.length + overlaysLegend.length > 0 ? 1 : 0));
  const height = titleH + frame.h + legendH;
  const slot = inner / perRow;
  const legendY = titleH + frame.h + legendRow / 2;
  const entries: LegendEntry[] = counts.map((c, i) => ({
    ...c,
    color: colorOf(c.power),
    at: [12 * u + slot * (i % perRow) + 4 * u, legendY + legendRow * Math.floor(i / perRow)],
    text: `${c.power} ${c.centers}`,
  }));
  // Six to a row, narrower when more are shown, so the last never runs past the edge.
  const symbolSlot = inner / Math.max(6, used.length + entranceLegend.length + overlaysLegend.length);
  const symbolAt = (i: number): Point => [12 * u + symbolSlot * i + 4 * u + symbolRadius, legendY + legendRow * powerRows];
  const symbolEntries: SymbolLegendEntry[] = [
    ...used.map((kind, i) => ({ kind, text: SYMBOL_TEXT[kind], at: symbolAt(i) })),
    ...entranceLegend.map((e, i) => ({ kind: 'entrance' as const, text: `${e.power} ${e.kind} entrance`, at: symbolAt(used.length + i), fill: e.fill })),
    ...overlaysLegend.map((o, i) => ({
      kind: 'overlay' as const,
      text: o.legend,
      at: symbolAt(used.length + entranceLegend.length + i),
      fill: o.color,
      overlay: { kind: o.kind, ...(o.glyph ? { glyph: o.glyph } : {}) },
    })),
  ];

  return {
    ok: true,
    scene: {
      width,
      height,
      frame,
      scale,
      regions,
      borders,
      features,
      centers,
      entrances,
      units,
      orders,
      symbols,
      overlays,
      labels,
      title: { text: titleText, at: [16 * u, titleH / 2], size: 24 * u },
      legend: { entries, symbols: symbolEntries, size: legendSize, box: { x: 0, y: titleH + frame.h, w: width, h: legendH } },
      warnings,
    },
  };
}

function transformFeature(f: Feature, T: (p: Point) => Point): Feature {
  switch (f.kind) {
    case 'river':
      return { ...f, points: f.points.map(T) };
    case 'wall':
      return { ...f, segments: f.segments.map(([a, b]) => [T(a), T(b)] as [Point, Point]) };
    case 'link':
      return { ...f, points: [T(f.points[0]), T(f.points[1])] };
  }
}
