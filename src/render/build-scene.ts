/**
 * buildScene: variant + position (+ orders and results) → the scene model (plain data, output pixels).
 * Layout: a title bar, the map scaled to the requested width, a legend bar. All decisions about what is
 * drawn where are taken here; drawScene only paints.
 */
import { locationKey } from '../engine/map.js';
import type { Adjudication, Location, OrderResult, Position, PowerOrder } from '../engine/types.js';
import type { Variant } from '../engine/variant.js';
import { anchorsOf } from './anchors.js';
import { featuresOf } from './features.js';
import { geometryOf, type Point } from './geometry.js';
import { placeMarkers } from './markers.js';
import { orderMarks } from './orders.js';
import { powerColor, textOn, type PaletteName } from './palette.js';
import type { Feature, LegendEntry, Rect, Scene, UnitMark } from './scene.js';
import { borderLines, holdersOf, regionsOf } from './territory.js';

export interface RenderOptions {
  orders?: PowerOrder[];
  results?: OrderResult[];
  adjudication?: Adjudication;
  palette?: PaletteName;
  /** Output width in pixels (default 1600; clamped to 200..6000). */
  width?: number;
  /** The whole title line; default `<variant name> — Spring 1901 Movement`. */
  title?: string;
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
  const legendH = Math.round(50 * u);
  const frame: Rect = { x: 0, y: titleH, w: width, h: Math.round(geometry.height * scale) };
  const height = titleH + frame.h + legendH;
  const T = (p: Point): Point => [frame.x + p[0] * scale, frame.y + p[1] * scale];
  const warnings: string[] = [];

  const powers = new Map(variant.powers.map((p) => [p.name, p]));
  const colorOf = (power: string) => powerColor(powers.get(power), palette);
  const anchors = anchorsOf(variant, geometry);

  const holder = holdersOf(variant, position);
  const regions = regionsOf(geometry, holder, powers, colorOf, T);
  const borders = borderLines(geometry, T);

  const unitSize = 10.5 * u;
  const unitPoint = (loc: Location): Point | null => {
    const a = anchors.get(locationKey(loc)) ?? (loc.coast ? anchors.get(loc.province) : undefined);
    return a ? T(a) : null;
  };
  const dislodgedOffset = (p: Point): Point => [p[0] + unitSize * 1.1, p[1] + unitSize * 1.1];

  const dislodgedNow = new Set((opts.adjudication?.dislodged ?? []).map((d) => d.province));
  const units: UnitMark[] = [];
  const addUnit = (unit: Position['units'][number], dislodged: boolean, offset: boolean) => {
    const at = unitPoint(unit);
    if (!at || !variant.map.has(unit.province)) {
      warnings.push(`unit ${unit.type} ${locationKey(unit)} of ${unit.power} is not on the map`);
      return;
    }
    const fill = colorOf(unit.power);
    units.push({
      power: unit.power,
      type: unit.type,
      location: locationKey(unit),
      at: offset ? dislodgedOffset(at) : at,
      size: unitSize,
      fill,
      text: textOn(fill),
      dislodged,
    });
  };
  for (const unit of position.units ?? []) addUnit(unit, dislodgedNow.has(unit.province), false);
  for (const unit of position.dislodged ?? []) addUnit(unit, true, true);

  const orders = orderMarks(
    {
      variant,
      position,
      pointOf: unitPoint,
      unitPointOf: (loc, dislodged) => {
        const at = unitPoint(loc);
        const isDislodged = dislodged && (position.dislodged ?? []).some((d) => d.province === loc.province);
        return at && isDislodged ? dislodgedOffset(at) : at;
      },
      unitSize,
      colorOf,
    },
    opts.orders ?? [],
    opts.results ?? opts.adjudication?.results,
    warnings,
  );

  const features: Feature[] = featuresOf(variant, geometry, anchors, warnings).map((f) => transformFeature(f, T));

  const { centers, labels } = placeMarkers({ variant, geometry, anchors, frame, scale, T, u, unitSize, units, holder, powers, colorOf, warnings });

  const titleText = opts.title ?? `${variant.name} — ${phaseTitle(position)}`;
  const legendSize = 15 * u;
  const counts = variant.powers.map((p) => ({
    power: p.name,
    centers: (position.supplyCenters?.[p.name] ?? []).filter((c) => variant.map.has(c)).length,
    units: (position.units ?? []).filter((x) => x.power === p.name).length,
  }));
  const slot = (width - 24 * u) / Math.max(1, counts.length);
  const legendY = titleH + frame.h + legendH / 2;
  const entries: LegendEntry[] = counts.map((c, i) => ({
    ...c,
    color: colorOf(c.power),
    at: [12 * u + slot * i + 4 * u, legendY],
    text: `${c.power} ${c.centers}`,
  }));

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
      units,
      orders,
      labels,
      title: { text: titleText, at: [16 * u, titleH / 2], size: 24 * u },
      legend: { entries, size: legendSize, box: { x: 0, y: titleH + frame.h, w: width, h: legendH } },
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
