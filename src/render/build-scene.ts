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
import { geometryOf, insideShape, type MapGeometry, type Point } from './geometry.js';
import { orderMarks } from './orders.js';
import { COLORS, powerColor, textOn, tint, type PaletteName } from './palette.js';
import { placeAll, rectAround, textWidth, type PlacementRequest } from './placement.js';
import type { BorderKind, BorderLines, CenterMark, Feature, Label, LegendEntry, Rect, Region, Scene, UnitMark } from './scene.js';

export interface RenderOptions {
  orders?: PowerOrder[];
  results?: OrderResult[];
  adjudication?: Adjudication;
  palette?: PaletteName;
  /** Output width in pixels (default 1600; clamped to 200..6000). */
  width?: number;
  title?: string;
}

export type SceneResult = { ok: true; scene: Scene } | { ok: false; error: string };

const SEASONS: Record<string, string> = { spring: 'Spring', fall: 'Fall', winter: 'Winter' };
const PHASES: Record<string, string> = { movement: 'Movement', retreat: 'Retreats', adjustment: 'Adjustments' };

export function phaseTitle(position: Position): string {
  const p = position.phase;
  return `${SEASONS[p.season] ?? p.season} ${p.year} ${PHASES[p.type] ?? p.type}`;
}

export function buildScene(variant: Variant, position: Position, opts: RenderOptions = {}): SceneResult {
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

  // Who holds what: supply centres by owner; other land by the unit standing there.
  const holder = new Map<string, string>();
  for (const [power, centers] of Object.entries(position.supplyCenters ?? {})) {
    for (const c of centers) holder.set(c, power);
  }
  for (const unit of position.units ?? []) {
    const p = variant.map.province(unit.province);
    if (p && !p.supplyCenter && p.kind !== 'sea') holder.set(unit.province, unit.power);
  }

  const regions: Region[] = [];
  for (const shape of geometry.shapes.values()) {
    const owner = shape.kind === 'land' ? holder.get(shape.id) ?? null : null;
    const fill =
      shape.kind === 'sea'
        ? COLORS.sea
        : shape.kind === 'offmap-land'
          ? COLORS.offmapLand
          : shape.kind === 'offmap-sea'
            ? COLORS.offmapSea
            : shape.kind === 'impassable'
              ? COLORS.impassable
              : owner && powers.has(owner)
                ? tint(colorOf(owner), 0.42)
                : COLORS.land;
    regions.push({
      id: shape.id,
      kind: shape.kind,
      fill,
      owner: owner && powers.has(owner) ? owner : null,
      polygons: shape.cells.map((i) => geometry.cells[i].polygon.map(T)),
    });
  }

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

  // Supply-centre markers, then labels, placed around the anchors without overlapping units or each other.
  const unitBoxes = units.map((x) => rectAround(x.at, x.size * 2.3, x.size * 2.3));
  const byClearance = [...variant.data.provinces].sort(
    (a, b) => (geometry.shapes.get(a.id)?.clearance ?? 0) - (geometry.shapes.get(b.id)?.clearance ?? 0),
  );
  const inside = (id: string) => {
    const shape = geometry.shapes.get(id)!;
    return (c: Point) => insideShape([(c[0] - frame.x) / scale, (c[1] - frame.y) / scale], shape, geometry);
  };
  const centerR = 5 * u;
  const scRequests: PlacementRequest[] = byClearance
    .filter((p) => p.supplyCenter && anchors.has(p.id))
    .map((p) => ({ id: p.id, anchor: T(anchors.get(p.id)!), w: centerR * 2.6, h: centerR * 2.6, gap: unitSize * 1.3, accept: inside(p.id) }));
  const scBoxes = placeAll(scRequests, unitBoxes, false, frame);
  const centers: CenterMark[] = [];
  for (const p of variant.data.provinces) {
    if (!p.supplyCenter) continue;
    const box = scBoxes.get(p.id);
    if (!box) {
      warnings.push(`no room for the supply-centre marker of ${p.id}`);
      continue;
    }
    const owner = holder.get(p.id) ?? null;
    const known = owner !== null && powers.has(owner);
    centers.push({
      province: p.id,
      at: [box.x + box.w / 2, box.y + box.h / 2],
      radius: centerR,
      owner: known ? owner : null,
      fill: known ? colorOf(owner) : COLORS.centerNeutral,
    });
  }

  const labelSize = 12.5 * u;
  const labelText = (p: (typeof variant.data.provinces)[number]) => (p.localName ? `${p.localName} ${p.abbreviation}` : p.abbreviation);
  const givenLabels = variant.data.geometry?.labels ?? {};
  const labelRequests: PlacementRequest[] = byClearance
    .filter((p) => anchors.has(p.id))
    .map((p) => {
      const text = labelText(p);
      const isSea = p.kind === 'sea';
      const anchor = givenLabels[p.id] ? T(givenLabels[p.id]) : T(anchors.get(p.id)!);
      return {
        id: p.id,
        anchor,
        w: textWidth(text, labelSize) + 4 * u,
        h: labelSize * 1.25,
        gap: isSea ? unitSize * 1.3 : unitSize * 1.15,
        accept: inside(p.id),
      };
    });
  const centerBoxes = centers.map((c) => rectAround(c.at, c.radius * 2.6, c.radius * 2.6));
  // Labels never cover a unit spot (occupied or not), so arrows always end on a free anchor.
  const emptyAnchorBoxes = variant.data.provinces
    .filter((p) => p.kind !== 'impassable' && anchors.has(p.id))
    .map((p) => rectAround(T(anchors.get(p.id)!), unitSize * 2.3, unitSize * 2.3));
  const placedLabels = placeAll(labelRequests, [...unitBoxes, ...centerBoxes, ...emptyAnchorBoxes], false, frame);
  const labels: Label[] = [];
  for (const p of variant.data.provinces) {
    const box = placedLabels.get(p.id);
    if (!box) {
      if (anchors.has(p.id)) warnings.push(`no room for the label of ${p.id}`);
      continue;
    }
    labels.push({
      province: p.id,
      text: labelText(p),
      at: [box.x + box.w / 2, box.y + box.h / 2],
      size: labelSize,
      color: p.kind === 'sea' ? COLORS.labelSea : COLORS.labelLand,
      box,
    });
  }

  const titleText = `${opts.title ?? variant.name} — ${phaseTitle(position)}`;
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

function borderLines(geometry: MapGeometry, T: (p: Point) => Point): BorderLines[] {
  const byKind: Record<BorderKind, [Point, Point][]> = { land: [], coast: [], sea: [] };
  for (const b of geometry.borders) {
    const ka = geometry.shapes.get(b.a)!.kind;
    const kb = geometry.shapes.get(b.b)!.kind;
    const wa = ka === 'sea' || ka === 'offmap-sea';
    const wb = kb === 'sea' || kb === 'offmap-sea';
    // Off-map land next to off-map land or to land is not a border anyone plays across: draw it faintly as land.
    const kind: BorderKind = wa && wb ? 'sea' : wa || wb ? 'coast' : 'land';
    for (const [p, q] of b.segments) byKind[kind].push([T(p), T(q)]);
  }
  return (['sea', 'land', 'coast'] as const).map((kind) => ({ kind, segments: byKind[kind] }));
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
