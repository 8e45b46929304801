/**
 * Label positions for a variant's geometry (`geometry.labels`), chosen by the geometry tools: for each province, the
 * spot nearest its unit where the whole label fits inside the province, clear of its unit, of where its supply-centre
 * marker and entrance mark go, and of every other province's unit spot and marks. Labels above the unit are
 * preferred. The renderer tries this spot first (src/render/markers.ts).
 *
 * The label is the one the renderer would draw: in a variant labelled with names (`labelStyleOf`), the full name in
 * one line (`中牟 Zhongmou`, `Karak Kadrin`), else in two (`World's Edge` / `Mountains`), and only then the
 * abbreviation; in one labelled with abbreviations (Classic), the abbreviation. With `moveAnchors`, a province
 * whose full name finds no room beside a unit standing at its deepest point may get a unit spot nearby (at most
 * MAX_MOVE away) that leaves room for it (`anchors`): players read the names, and a large province whose
 * unit stands in its middle would otherwise show only its code (Warhammer's World's Edge Mountains).
 */
import type { Variant } from '../../engine/variant.js';
import type { VariantData } from '../../variants/schema.js';
import { anchorsOf } from '../anchors.js';
import {
  boundsOf,
  computeGeometry,
  insideShape,
  rectInsideShape,
  type MapGeometry,
  type Point,
  type ProvinceShape,
} from '../geometry.js';
import { LABEL_TEXTS, labelStyleOf } from '../label-text.js';
import { candidates, overlaps, textWidth } from '../placement.js';
import type { Rect } from '../scene.js';
import { unitScaleOf } from '../styles.js';

/** Label text size the spots are chosen for by default, px at a 1600-px-wide picture (`geometry.labelSize` rules). */
const DEFAULT_LABEL_PX = 14;
/** How far (px at 1600 px wide) a unit spot may move to leave room for its province's full name. */
const MAX_MOVE = 32;
/** The base unit size (an empty unit spot's room, `spotSize` in markers.ts). */
const SPOT_PX = 10.5;

export interface LabelPlan {
  /** A label spot per province (map px). */
  labels: Record<string, Point>;
  /** Unit spots moved to leave room for a full name (map px), by province id; empty without `moveAnchors`. */
  anchors: Record<string, Point>;
}

export function labelSpots(variant: Variant, data: VariantData): Record<string, Point> {
  return labelPlan(variant, data).labels;
}

/**
 * `moveAnchors`: which provinces' unit spots may move to leave room for the full name (relabel.ts `movable`).
 */
export function labelPlan(
  variant: Variant,
  data: VariantData,
  opts: { moveAnchors?: (id: string) => boolean } = {},
): LabelPlan {
  const g = computeGeometry(data);
  if (!g.ok) throw new Error(g.error);
  const geometry = g.geometry;
  const withData = { ...variant, data };
  const anchors = new Map(anchorsOf(withData, geometry));
  const style = labelStyleOf(withData);
  // The size the variant draws its labels at (the text is a hair smaller than the box).
  const LABEL_PX = withData.data.geometry?.labelSize ?? DEFAULT_LABEL_PX;
  const k = geometry.width / 1600; // map px per picture px
  // Unit icon half-size at 1600 px (src/render/build-scene.ts: the base size times the variant's unit scale).
  const unitPx = 10.5 * unitScaleOf(data.powers.length);
  const entrances = entranceProvinces(data);
  const out: LabelPlan = { labels: {}, anchors: {} };
  const { full, fullLines, short, stacked } = LABEL_TEXTS;
  const provinces = data.provinces.filter(
    (p) => p.kind !== 'impassable' && geometry.shapes.has(p.id) && anchors.has(p.id),
  );
  /** The unit and its marks, for a unit of `p` standing at `at`. */
  const marksAt = (p: (typeof provinces)[number], at: Point) =>
    markBoxes(geometry, geometry.shapes.get(p.id)!, at, k, unitPx, p.supplyCenter, entrances.has(p.id));
  const marks = new Map(provinces.map((p) => [p.id, marksAt(p, anchors.get(p.id)!)]));
  /** What a label of `p` keeps clear of besides its own unit and marks: every other province's, near it. */
  const others = (p: (typeof provinces)[number]): Rect[] => {
    const [x0, y0, x1, y1] = boundsOf(geometry.shapes.get(p.id)!);
    const near = { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
    return provinces.flatMap((q) => (q.id === p.id ? [] : marks.get(q.id)!.filter((b) => overlaps(b, near))));
  };
  // The layouts in the renderer's order, each as its lines and size: the full name (names only), then the short
  // label, the last at a smaller size, a spot for a label that fits nowhere else (the renderer then tries round it).
  // A variant with a smaller size for names that do not fit (`labelMinSize`) tries the full name at it too.
  const min = withData.data.geometry?.labelMinSize;
  const sizes = typeof min === 'number' && min < LABEL_PX ? [LABEL_PX, min] : [LABEL_PX];
  const namesOf = (p: (typeof provinces)[number]): [string[], number][] =>
    style === 'abbreviation'
      ? []
      : sizes.flatMap((size): [string[], number][] => [
          [[full(p)], size],
          ...(fullLines(p) ? [[fullLines(p)!, size] as [string[], number]] : []),
        ]);
  const shortsOf = (p: (typeof provinces)[number]): [string[], number][] => [
    [[style === 'abbreviation' ? p.abbreviation : short(p)], LABEL_PX],
    ...(style !== 'abbreviation' && stacked(p) ? [[stacked(p)!, LABEL_PX] as [string[], number]] : []),
    [[style === 'abbreviation' ? p.abbreviation : short(p)], LABEL_PX * 0.75],
  ];
  // First the unit spots: a province whose full name finds no room beside its unit gets another spot nearby that
  // leaves it room (the renderer keeps labels off every unit spot, occupied or not).
  if (opts.moveAnchors && style !== 'abbreviation') {
    for (const p of provinces) {
      if (p.coasts.length > 0 || !opts.moveAnchors(p.id)) continue;
      const shape = geometry.shapes.get(p.id)!;
      const anchor = anchors.get(p.id)!;
      const around = others(p);
      if (spotFor(shape, anchor, namesOf(p), k, [...marks.get(p.id)!, ...around])) continue;
      const moved = movedAnchor(shape, anchor, namesOf(p), k, unitPx, (at) => [...marksAt(p, at), ...around]);
      if (!moved) continue;
      anchors.set(p.id, moved);
      marks.set(p.id, marksAt(p, moved));
      out.anchors[p.id] = moved;
    }
  }
  // Then each label's spot beside its unit, clear of every unit spot and mark.
  for (const p of provinces) {
    const blocked = [...marks.get(p.id)!, ...others(p)];
    const spot = spotFor(geometry.shapes.get(p.id)!, anchors.get(p.id)!, [...namesOf(p), ...shortsOf(p)], k, blocked);
    if (spot) out.labels[p.id] = spot;
  }
  return out;
}

/** Provinces with an entrance mark (markers.ts `entrancesOf`: an end of a link reserved to a power, not its home). */
function entranceProvinces(data: VariantData): Set<string> {
  const home = new Map(data.provinces.map((p) => [p.id, p.home]));
  const out = new Set<string>();
  for (const link of data.links ?? []) {
    if (!link.power) continue;
    for (const end of [link.from, link.to]) if (home.get(end) !== link.power) out.add(end);
  }
  return out;
}

const round = (c: Point): Point => [Math.round(c[0] * 10) / 10, Math.round(c[1] * 10) / 10];
const box = (c: Point, w: number, h: number): Rect => ({ x: c[0] - w / 2, y: c[1] - h / 2, w, h });

/**
 * What a label beside a unit at `at` must keep clear of: the unit, and its supply-centre marker and entrance mark
 * where the renderer puts them (the first spot round the unit whose centre is inside the province, placement.ts).
 */
function markBoxes(
  geometry: MapGeometry,
  shape: ProvinceShape,
  at: Point,
  k: number,
  unitPx: number,
  center: boolean,
  entrance: boolean,
): Rect[] {
  const unit = unitPx * 1.25 * k;
  const out: Rect[] = [{ x: at[0] - unit, y: at[1] - unit, w: unit * 2, h: unit * 2 }];
  const place = (r: number) => {
    const side = r * 2.6 * k;
    const request = { id: '', anchor: at, w: side, h: side, gap: SPOT_PX * 1.3 * k, accept: () => true };
    for (const c of candidates(request, false)) {
      const b = box(c, side, side);
      if (insideShape(c, shape, geometry) && !out.some((o) => overlaps(o, b))) {
        out.push(b);
        return;
      }
    }
  };
  if (center) place(5);
  if (entrance) place(5.5);
  return out;
}

/** The label's box (map px) for these lines at this size, a hair larger than the renderer's (markers.ts). */
const boxSize = (lines: string[], size: number, k: number): [number, number] => [
  (Math.max(...lines.map((l) => textWidth(l, size))) + 4.5) * k,
  size * 1.27 * lines.length * k,
];

/** Centres where a box lies wholly inside the shape: a grid `step` apart over its bounds. */
function fitting(shape: ProvinceShape, w: number, h: number, step: number): Point[] {
  const [x0, y0, x1, y1] = boundsOf(shape);
  const out: Point[] = [];
  for (let x = x0 + w / 2; x <= x1 - w / 2; x += step) {
    for (let y = y0 + h / 2; y <= y1 - h / 2; y += step)
      if (rectInsideShape(box([x, y], w, h), shape)) out.push([x, y]);
  }
  return out;
}

/** Nearest the unit first; above it counts as nearer. */
const costFrom = (anchor: Point) => (c: Point) =>
  Math.hypot(c[0] - anchor[0], (c[1] - anchor[1]) * (c[1] > anchor[1] ? 1.6 : 1));

/** The first layout that fits beside a unit at `anchor`, clear of `blocked`: its best spot. */
function spotFor(
  shape: ProvinceShape,
  anchor: Point,
  layouts: [string[], number][],
  k: number,
  blocked: Rect[],
): Point | null {
  const step = Math.max(1.5, 3 * k);
  const cost = costFrom(anchor);
  for (const [lines, size] of layouts) {
    const [w, h] = boxSize(lines, size, k);
    const spots = fitting(shape, w, h, step).filter((c) => !blocked.some((b) => overlaps(b, box(c, w, h))));
    if (spots.length === 0) continue;
    return round(spots.reduce((a, b) => (cost(b) < cost(a) ? b : a)));
  }
  return null;
}

/**
 * A unit spot near `anchor` beside which a full-name layout fits: candidate spots on a grid, the unit (with room for
 * a dislodged ring) wholly inside the province, nearest the old spot first; the first with room for the one-line or
 * the two-line name (a short move with two lines beats a long one with one).
 */
function movedAnchor(
  shape: ProvinceShape,
  anchor: Point,
  layouts: [string[], number][],
  k: number,
  unitPx: number,
  blockedAt: (at: Point) => Rect[],
): Point | null {
  const step = Math.max(1.5, 3 * k);
  const unitSide = unitPx * 2.4 * k;
  const d = (c: Point) => Math.hypot(c[0] - anchor[0], c[1] - anchor[1]);
  // At most MAX_MOVE from the deepest point: the unit still reads as standing in the province's middle.
  const spots = fitting(shape, unitSide, unitSide, step).filter((c) => d(c) <= MAX_MOVE * k);
  spots.sort((a, b) => d(a) - d(b));
  const fits = layouts.map(([lines, size]) => {
    const [w, h] = boxSize(lines, size, k);
    return { w, h, at: fitting(shape, w, h, step) };
  });
  for (const at of spots) {
    const blocked = blockedAt(at);
    if (blocked.slice(1).some((b) => overlaps(b, blocked[0]!))) continue; // the unit on another's spot or mark
    if (fits.some((f) => f.at.some((c) => !blocked.some((b) => overlaps(b, box(c, f.w, f.h)))))) return round(at);
  }
  return null;
}
