/**
 * Supply-centre markers and province labels, placed so that they never overlap each other or a unit spot:
 * greedy, tightest provinces first, at the first free candidate around the province's anchor (placement.ts).
 */
import type { PowerData } from '../variants/schema.js';
import type { Variant } from '../engine/variant.js';
import {
  boundsOf,
  insideShape,
  polygonAreaCentroid,
  rectInsideShape,
  type MapGeometry,
  type Point,
  type ProvinceShape,
} from './geometry.js';
import { COLORS } from './palette.js';
import { BoxIndex, overlaps, placeAll, rectAround, textWidth, type PlacementRequest } from './placement.js';
import type { CenterMark, EntranceMark, Label, Rect, UnitMark } from './scene.js';

export interface MarkerContext {
  variant: Variant;
  geometry: MapGeometry;
  /** Unit anchors in map pixels. */
  anchors: Map<string, Point>;
  frame: Rect;
  scale: number;
  /** Map px -> output px. */
  T: (p: Point) => Point;
  /** Output px per 1600-px-wide picture px. */
  u: number;
  unitSize: number;
  /**
   * A unit's size on the base map (without its enlargement, `UNIT_SCALE`): what an empty unit spot
   * keeps free of labels, and the spacing of a label's candidate spots round its anchor.
   */
  spotSize: number;
  /** More that no label may cover (the order layer's arrowheads: they are painted above the label halos). */
  keepClear?: Rect[];
  units: UnitMark[];
  holder: Map<string, string>;
  powers: Map<string, PowerData>;
  colorOf: (power: string) => string;
  warnings: string[];
}

/** Label text height at 1600 px wide, unless the variant's `geometry.labelSize` gives its own. */
export const LABEL_PX = 14;

/** A separate part of a land province this large (px² at 1600 px wide) gets a label of its own. */
export const EXCLAVE_AREA = 1000;

/**
 * The variant's label style: `geometry.labelStyle`, else full names when its provinces have names in another script
 * (Warring States), else abbreviations (Classic).
 */
export function labelStyleOf(variant: Variant): 'name' | 'abbreviation' {
  return (
    variant.data.geometry?.labelStyle ?? (variant.data.provinces.some((p) => p.localName) ? 'name' : 'abbreviation')
  );
}

/**
 * A name in two lines, split at the break nearest its middle: a space (dropped) or just after a hyphen (kept at the
 * end of the first line: `Bai-` / `Jing`); null for a name with neither.
 */
export function splitName(name: string): [string, string] | null {
  // Each break as [end of the first line, start of the second].
  const breaks = [...name.matchAll(/[ -]/g)].map(
    (m) => (m[0] === ' ' ? [m.index!, m.index! + 1] : [m.index! + 1, m.index! + 1]) as [number, number],
  );
  const usable = breaks.filter(([end, start]) => /[^ -]/.test(name.slice(0, end)) && /[^ -]/.test(name.slice(start)));
  if (usable.length === 0) return null;
  const off = ([end, start]: [number, number]) => Math.abs(Math.max(end, name.length - start) - name.length / 2);
  const [end, start] = usable.reduce((best, b) => (off(b) < off(best) ? b : best));
  return [name.slice(0, end), name.slice(start)];
}

type ProvinceData = Variant['data']['provinces'][number];

/** The texts a province's label may take (markers.ts tries them in tiers; the label-spot tool chooses spots for them). */
export const LABEL_TEXTS = {
  /** The full name: `临淄 Linzi`, `Karak Kadrin`. */
  full: (p: ProvinceData): string => (p.localName ? `${p.localName} ${p.name}` : p.name),
  /** The full name in two lines: the local name above the romanised one, or a name split near its middle. */
  fullLines: (p: ProvinceData): string[] | null => (p.localName ? [p.localName, p.name] : splitName(p.name)),
  /** The abbreviation, after the local name when there is one. */
  short: (p: ProvinceData): string => (p.localName ? `${p.localName} ${p.abbreviation}` : p.abbreviation),
  /** A narrow province with a local name may take it in two lines, the local name above the abbreviation. */
  stacked: (p: ProvinceData): string[] | null => (p.localName ? [p.localName, p.abbreviation] : null),
};

/** Spots (map px) where a box of `w` × `h` map px lies wholly inside a province, by shape and box size. */
const fitSpots = new WeakMap<ProvinceShape, Map<string, Point[]>>();

/**
 * Centres (map px) of a `w` × `h` box lying wholly inside the province: a grid over its bounding box, `step` map px
 * apart, nearest `anchor` first. A large province whose unit spot and cell middles leave no room for its name may
 * still hold it elsewhere. Depends only on the shape, the box and the anchor, so it is kept per shape: a warm map
 * tests only its obstacles against these spots. Exactly the lattice points where `rectInsideShape` holds, found row
 * by row rather than point by point (test/render/labels.test.ts compares them).
 */
export function insideSpots(shape: ProvinceShape, w: number, h: number, step: number, anchor: Point): Point[] {
  let byBox = fitSpots.get(shape);
  if (!byBox) fitSpots.set(shape, (byBox = new Map()));
  const key = `${w} ${h} ${step} ${anchor[0]} ${anchor[1]}`;
  const known = byBox.get(key);
  if (known) return known;
  const [x0, y0, x1, y1] = boundsOf(shape);
  const spots: Point[] = [];
  // Row by row: a box spanning the band [y - h/2, y + h/2] meets the outline exactly where its x-range meets one of
  // the outline's pieces inside the band, so the centres between those pieces (and inside the territory) are free.
  for (let y = y0 + h / 2; y <= y1 - h / 2; y += step) {
    const [b0, b1] = [y - h / 2, y + h / 2];
    const pieces: [number, number][] = [];
    for (const [a, b] of shape.outline) {
      if (Math.max(a[1], b[1]) < b0 || Math.min(a[1], b[1]) > b1) continue;
      if (a[1] === b[1]) {
        pieces.push([Math.min(a[0], b[0]), Math.max(a[0], b[0])]);
        continue;
      }
      const t0 = Math.max(0, Math.min(1, (b0 - a[1]) / (b[1] - a[1])));
      const t1 = Math.max(0, Math.min(1, (b1 - a[1]) / (b[1] - a[1])));
      const [xa, xb] = [a[0] + (b[0] - a[0]) * t0, a[0] + (b[0] - a[0]) * t1];
      pieces.push([Math.min(xa, xb), Math.max(xa, xb)]);
    }
    pieces.sort((p, q) => p[0] - q[0]);
    // The gaps between the pieces, each wholly inside or wholly outside the territory.
    let from = x0;
    const gaps: [number, number][] = [];
    for (const [lo, hi] of pieces) {
      if (lo > from) gaps.push([from, lo]);
      from = Math.max(from, hi);
    }
    gaps.push([from, x1]);
    for (const [lo, hi] of gaps) {
      // The lattice's centres whose box lies strictly within the gap.
      const first = Math.ceil((lo + w / 2 - (x0 + w / 2)) / step + 1e-9);
      const cs: Point[] = [];
      for (let i = first, x = x0 + w / 2 + i * step; x + w / 2 < hi && x <= x1 - w / 2; x = x0 + w / 2 + ++i * step)
        cs.push([x, y]);
      if (cs.length > 0 && rectInsideShape({ x: cs[0]![0] - w / 2, y: b0, w, h }, shape)) spots.push(...cs);
    }
  }
  const d = (p: Point) => Math.hypot(p[0] - anchor[0], p[1] - anchor[1]);
  spots.sort((a, b) => d(a) - d(b));
  byBox.set(key, spots);
  return spots;
}

/** The outer rings of a shape's territory at least `minArea` (map px²) large, with their centroids. */
function landParts(shape: ProvinceShape, minArea: number): { ring: Point[]; centroid: Point; area: number }[] {
  const parts = shape.rings.map((ring) => ({ ring, ...polygonAreaCentroid(ring, ring[0]!) }));
  const sign = Math.sign(parts.reduce((a, b) => (Math.abs(b.area) > Math.abs(a.area) ? b : a), parts[0]!).area);
  return parts
    .filter((p) => Math.sign(p.area) === sign && Math.abs(p.area) >= minArea)
    .map((p) => ({ ring: p.ring, centroid: p.centroid, area: Math.abs(p.area) }));
}

/** The share of a ring's outline whose outside (3 map px out) is land of another province. */
function landAround(ring: Point[], geometry: MapGeometry, self: string): number {
  const [cx, cy] = polygonAreaCentroid(ring, ring[0]!).centroid;
  let land = 0;
  let all = 0;
  for (let i = 0; i < ring.length; i++) {
    const [a, b] = [ring[i]!, ring[(i + 1) % ring.length]!];
    const mid: Point = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    const d = Math.hypot(mid[0] - cx, mid[1] - cy) || 1;
    const owner = geometry.locate([mid[0] + ((mid[0] - cx) / d) * 3, mid[1] + ((mid[1] - cy) / d) * 3]);
    if (owner === null || owner === self) continue;
    all++;
    const kind = geometry.shapes.get(owner)?.kind;
    if (kind === 'land' || kind === 'impassable' || kind === 'offmap-land') land++;
  }
  return all === 0 ? 0 : land / all;
}

function insideRing(p: Point, ring: Point[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

const ringEdges = (ring: Point[]): [Point, Point][] => ring.map((p, i) => [p, ring[(i + 1) % ring.length]!]);

/** A leader line from the edge of a label's box to a point (stopping `short` of it). */
function leaderTo(box: Rect, to: Point, short = 0): [Point, Point] {
  const from: Point = [
    Math.max(box.x, Math.min(box.x + box.w, to[0])),
    Math.max(box.y, Math.min(box.y + box.h, to[1])),
  ];
  const d = Math.hypot(to[0] - from[0], to[1] - from[1]) || 1;
  const keep = Math.max(0, d - short) / d;
  return [from, [from[0] + (to[0] - from[0]) * keep, from[1] + (to[1] - from[1]) * keep]];
}

/**
 * The entrances of links reserved to one power (`links[].power`), with that power and the link's kind: each end
 * that is not a home province of the power (Warhammer's Underway: every entrance, not Skavenblight itself).
 */
function entrancesOf(variant: Variant): Map<string, { power: string; kind: string }> {
  const out = new Map<string, { power: string; kind: string }>();
  const provinces = new Map(variant.data.provinces.map((p) => [p.id, p]));
  for (const link of variant.data.links ?? []) {
    if (!link.power) continue;
    for (const end of [link.from, link.to]) {
      const p = provinces.get(end);
      if (p && p.home !== link.power && !out.has(end)) out.set(end, { power: link.power, kind: link.kind });
    }
  }
  return out;
}

export function placeMarkers(ctx: MarkerContext): {
  centers: CenterMark[];
  entrances: EntranceMark[];
  labels: Label[];
} {
  const {
    variant,
    geometry,
    anchors,
    frame,
    scale,
    T,
    u,
    unitSize,
    spotSize,
    keepClear = [],
    units,
    holder,
    powers,
    colorOf,
    warnings,
  } = ctx;
  // Supply-centre markers, then labels, placed around the anchors without overlapping units or each other.
  // A dislodged unit's box includes its ring, and so does a virtual unit's.
  const ringed = (x: UnitMark) => x.dislodged || x.state === 'virtual';
  // Otherwise the icon with a small margin: an army's disc (2 sizes across), a fleet's hull (2.4 wide, 1.4 high).
  const unitBoxes = units.map((x) =>
    ringed(x)
      ? rectAround(x.at, x.size * 3.2, x.size * 3.2)
      : x.type === 'F'
        ? rectAround([x.at[0], x.at[1] + x.size * 0.1], x.size * 2.6, x.size * 1.7)
        : rectAround(x.at, x.size * 2.25, x.size * 2.25),
  );
  const byClearance = [...variant.data.provinces].sort(
    (a, b) => (geometry.shapes.get(a.id)?.clearance ?? 0) - (geometry.shapes.get(b.id)?.clearance ?? 0),
  );
  const inside = (id: string) => {
    const shape = geometry.shapes.get(id)!;
    return (c: Point) => insideShape([(c[0] - frame.x) / scale, (c[1] - frame.y) / scale], shape, geometry);
  };
  // A label inside its province never crosses the province's border (the whole box is inside).
  const boxInside = (id: string) => {
    const shape = geometry.shapes.get(id)!;
    return (_c: Point, box: Rect) =>
      rectInsideShape(
        { x: (box.x - frame.x) / scale, y: (box.y - frame.y) / scale, w: box.w / scale, h: box.h / scale },
        shape,
      );
  };
  const centerR = 5 * u;
  const scRequests: PlacementRequest[] = byClearance
    .filter((p) => p.supplyCenter && anchors.has(p.id))
    .map((p) => ({
      id: p.id,
      anchor: T(anchors.get(p.id)!),
      w: centerR * 2.6,
      h: centerR * 2.6,
      gap: spotSize * 1.3,
      accept: inside(p.id),
    }));
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

  // Entrance marks (entrancesOf), placed like the supply-centre markers, clear of units and of those markers.
  const entranceR = 5.5 * u;
  const entranceOf = entrancesOf(variant);
  const entranceRequests: PlacementRequest[] = byClearance
    .filter((p) => entranceOf.has(p.id) && anchors.has(p.id))
    .map((p) => ({
      id: p.id,
      anchor: T(anchors.get(p.id)!),
      w: entranceR * 2.6,
      h: entranceR * 2.6,
      gap: spotSize * 1.3,
      accept: inside(p.id),
    }));
  const entranceBoxes = placeAll(entranceRequests, [...unitBoxes, ...scBoxes.values()], false, frame);
  const entrances: EntranceMark[] = [];
  for (const p of variant.data.provinces) {
    const at = entranceOf.get(p.id);
    if (!at) continue;
    const box = entranceBoxes.get(p.id);
    if (!box) {
      warnings.push(`no room for the ${at.kind} entrance mark of ${p.id}`);
      continue;
    }
    entrances.push({
      province: p.id,
      power: at.power,
      kind: at.kind,
      at: [box.x + box.w / 2, box.y + box.h / 2],
      radius: entranceR,
      fill: colorOf(at.power),
    });
  }

  // Labels: tried in tiers until each finds room (a tier only for what earlier tiers could not place):
  // full text inside the province; abbreviation only; then the abbreviation just outside. Never smaller than
  // LABEL_PX at 1600 px wide (legibility on a phone).
  const labelSize = (variant.data.geometry?.labelSize ?? LABEL_PX) * u;
  const givenLabels = variant.data.geometry?.labels ?? {};
  const centerBoxes = centers.map((c) => rectAround(c.at, c.radius * 2.6, c.radius * 2.6));
  // Labels never cover a unit spot (occupied or not), so arrows always end on a free anchor.
  const emptyAnchorBoxes = variant.data.provinces
    .filter((p) => p.kind !== 'impassable' && anchors.has(p.id))
    .map((p) => rectAround(T(anchors.get(p.id)!), spotSize * 2.3, spotSize * 2.3));
  // Everything a label must not cover; each label placed is added to it (placeAll adds to a BoxIndex it is given).
  const taken = new BoxIndex([
    ...unitBoxes,
    ...centerBoxes,
    ...entranceBoxes.values(),
    ...emptyAnchorBoxes,
    ...keepClear,
  ]);
  const labelled = new Map<
    string,
    { text: string; size: number; box: Rect; inside: boolean; short?: boolean; lines?: string[] }
  >();
  const wrapped: Label[] = [];
  type Province = (typeof variant.data.provinces)[number];
  // One label style per variant: full names where they fit (a name in another script beside the
  // romanised one), or abbreviations throughout (Classic). Labels keep one size: the variant's (`labelSize`), else 14 px.
  const style = labelStyleOf(variant);
  const { full, fullLines, short, stacked } = LABEL_TEXTS;
  interface Tier {
    text: (p: Province) => string;
    inside: boolean;
    lines?: (p: Province) => string[] | null;
    /** An abbreviation: a later tier may replace it by the full name beside the province (`upgrade`). */
    short?: boolean;
    /** For the provinces an earlier tier gave an abbreviation: its box is freed for the try and kept if it fails. */
    upgrade?: boolean;
    /**
     * Beside the province, only where the label's middle lies over the province itself or over another medium (a
     * land province's name over the sea), never in the middle of a neighbour of its kind, where it would read as
     * that neighbour's name.
     */
    near?: boolean;
    /** Beside the province, a wide gap from every other province's unit (`clearOfOthers`). */
    wide?: boolean;
  }
  const tiers: Tier[] =
    style === 'abbreviation'
      ? [
          { text: (p) => p.abbreviation, inside: true },
          { text: (p) => p.abbreviation, inside: false, wide: true },
          { text: (p) => p.abbreviation, inside: false },
        ]
      : // Players must read the names: the full name anywhere inside, in one line or two; where it finds
        // no room, the abbreviation inside; a province with room for neither gets its name beside it with a leader
        // line (its middle over the province or over water first, then anywhere near), else its abbreviation beside
        // it (a label for every province first); last, each abbreviation inside gives way to the full name beside
        // its province, its middle over the province or over water, where that finds room. Every inside label is
        // placed before any beside one, so a name beside its province never pushes a neighbour's own label out.
        [
          { text: full, inside: true },
          { text: full, inside: true, lines: fullLines },
          { text: short, inside: true, short: true },
          { text: short, inside: true, lines: stacked, short: true },
          { text: full, inside: false, near: true, wide: true },
          { text: full, inside: false, lines: fullLines, near: true, wide: true },
          { text: full, inside: false, near: true },
          { text: full, inside: false, lines: fullLines, near: true },
          { text: full, inside: false, wide: true },
          { text: full, inside: false, lines: fullLines, wide: true },
          { text: full, inside: false },
          { text: full, inside: false, lines: fullLines },
          { text: short, inside: false },
          { text: full, inside: false, near: true, upgrade: true },
          { text: full, inside: false, lines: fullLines, near: true, upgrade: true },
        ];
  // A name beside its province keeps a gap from every other province's unit: set against a unit, it reads as the
  // name of the province that unit stands in (Warhammer's "Altdorf" under an army in The Wasteland). A wide gap
  // first (`Tier.wide`), then a narrow one, before a name would give way to its code.
  const clearOfOthers = (id: string, box: Rect, wide = false) => {
    const gap = unitSize * (wide ? 1.6 : 0.6);
    const around = { x: box.x - gap, y: box.y - gap, w: box.w + 2 * gap, h: box.h + 2 * gap };
    // A virtual unit (`virtual:<province>`) belongs to its province too (Warhammer's Illusion in Athel-Loren).
    return units.every(
      (x, i) => x.location.replace(/^virtual:/, '').split('/')[0] === id || !overlaps(around, unitBoxes[i]!),
    );
  };
  /** Is a label's middle over its own province or over another medium (`Tier.near`)? */
  const nearOwn = (id: string, kind: string) => (c: Point) => {
    const at = geometry.locate([(c[0] - frame.x) / scale, (c[1] - frame.y) / scale]);
    if (at === null || at === id) return true;
    const other = geometry.shapes.get(at)?.kind;
    const water = (k: string | undefined) => k === 'sea' || k === 'offmap-sea';
    return other !== undefined && water(other) !== (kind === 'sea');
  };
  const middlesOf = new Map<string, Point[]>();
  const cellMiddles = (id: string): Point[] => {
    const known = middlesOf.get(id);
    if (known) return known;
    const middles = spreadCellMiddles(id);
    middlesOf.set(id, middles);
    return middles;
  };
  const spreadCellMiddles = (id: string): Point[] => {
    const shape = geometry.shapes.get(id);
    const anchor = anchors.get(id);
    if (!shape || !anchor) return [];
    const middles = shape.cells.map(
      (i) => polygonAreaCentroid(geometry.cells[i]!.polygon, geometry.cells[i]!.seed).centroid,
    );
    // At most 60, spread over the whole province, nearest the unit spot first.
    const step = Math.max(1, Math.ceil(middles.length / 60));
    return middles
      .sort((a, b) => Math.hypot(a[0] - anchor[0], a[1] - anchor[1]) - Math.hypot(b[0] - anchor[0], b[1] - anchor[1]))
      .filter((_, i) => i % step === 0)
      .map(T);
  };
  const placeTier = (tier: Tier, obstacles: BoxIndex) => {
    const requests: PlacementRequest[] = byClearance
      .filter(
        (p) =>
          anchors.has(p.id) &&
          (tier.upgrade ? labelled.get(p.id)?.short === true : !labelled.has(p.id)) &&
          (!tier.lines || tier.lines(p)),
      )
      .map((p) => {
        const lines = tier.lines?.(p) ?? [tier.text(p)];
        const w = Math.max(...lines.map((line) => textWidth(line, labelSize))) + 4 * u;
        const h = labelSize * 1.25 * lines.length;
        return {
          id: p.id,
          anchor: givenLabels[p.id] ? T(givenLabels[p.id]) : T(anchors.get(p.id)!),
          w,
          h,
          gap: p.kind === 'sea' ? spotSize * 1.3 : spotSize * 1.15,
          accept: tier.inside
            ? boxInside(p.id)
            : tier.near
              ? (c: Point, box: Rect) => nearOwn(p.id, p.kind)(c) && clearOfOthers(p.id, box, tier.wide)
              : (_c: Point, box: Rect) => clearOfOthers(p.id, box, tier.wide),
          // A large province whose unit spot sits near its edge: also the middles of its cells, nearest first, then
          // every spot where the box lies inside the province (a grid, kept per shape and box size).
          ...(tier.inside
            ? {
                more: function* () {
                  if (tier.text === full || style === 'abbreviation') yield* cellMiddles(p.id);
                  // The grid in map px for the box at 1600 px wide: the same spots at every width.
                  const k = geometry.width / 1600;
                  const spots = insideSpots(
                    geometry.shapes.get(p.id)!,
                    (w / u) * k,
                    (h / u) * k,
                    LABEL_PX * 0.3 * k,
                    givenLabels[p.id] ?? anchors.get(p.id)!,
                  );
                  for (const spot of spots) yield T(spot);
                },
              }
            : tier.near
              ? {
                  // Beside the province with its middle over it: any point of the province, nearest the spot first.
                  more: function* () {
                    const k = geometry.width / 1600;
                    for (const spot of insideSpots(
                      geometry.shapes.get(p.id)!,
                      k,
                      k,
                      LABEL_PX * 0.3 * k,
                      givenLabels[p.id] ?? anchors.get(p.id)!,
                    ))
                      yield T(spot);
                  },
                }
              : {
                  // Anywhere near: farther out than the rings round the spot, for a name kept off other units.
                  more: function* () {
                    const at = givenLabels[p.id] ? T(givenLabels[p.id]) : T(anchors.get(p.id)!);
                    const gap = p.kind === 'sea' ? spotSize * 1.3 : spotSize * 1.15;
                    for (const ring of [3.6, 4.2, 5, 6])
                      for (let i = 0; i < 16; i++) {
                        const a = (i / 16) * Math.PI * 2;
                        yield [at[0] + Math.cos(a) * (gap * ring + w / 2), at[1] + Math.sin(a) * (gap * ring + h / 2)];
                      }
                  },
                }),
        };
      });
    // A label position given by the map data (chosen where the label fits inside) is tried first.
    const placed = new Map<string, Rect>();
    if (tier.upgrade) {
      // One at a time: each abbreviation's own box is freed for its try, and kept when the name finds no room.
      for (const r of requests) {
        const old = labelled.get(r.id)!.box;
        obstacles.remove(old);
        const box = placeAll([r], obstacles, givenLabels[r.id] !== undefined, frame).get(r.id);
        if (box) placed.set(r.id, box);
        else obstacles.add(old);
      }
    } else {
      for (const [id, box] of placeAll(
        requests.filter((r) => givenLabels[r.id]),
        obstacles,
        true,
        frame,
      ))
        placed.set(id, box);
      for (const [id, box] of placeAll(
        requests.filter((r) => !givenLabels[r.id]),
        obstacles,
        false,
        frame,
      ))
        placed.set(id, box);
    }
    for (const p of variant.data.provinces) {
      const box = placed.get(p.id);
      if (!box) continue;
      const lines = tier.lines?.(p);
      labelled.set(p.id, {
        text: tier.text(p),
        size: labelSize,
        box,
        inside: tier.inside,
        ...(tier.short ? { short: true } : {}),
        ...(lines ? { lines } : {}),
      });
    }
  };
  for (const tier of tiers) placeTier(tier, taken);
  // A province no tier found room for, with the arrowheads round it: its label may then lie under a head (painted
  // above the halo) rather than be left out.
  if (keepClear.length > 0 && byClearance.some((p) => anchors.has(p.id) && !labelled.has(p.id))) {
    const before = new Set(labelled.keys());
    const withoutHeads = new BoxIndex([
      ...unitBoxes,
      ...centerBoxes,
      ...entranceBoxes.values(),
      ...emptyAnchorBoxes,
      ...[...labelled.values()].map((l) => l.box),
    ]);
    for (const tier of tiers) if (!tier.upgrade) placeTier(tier, withoutHeads);
    for (const [id, l] of labelled) if (!before.has(id)) taken.add(l.box);
  }
  // A sea drawn at both edges of the map (Warhammer's Tempest Ocean wraps around): its label again in the part at the
  // other edge, so players see that both strips are one province.
  for (const p of variant.data.provinces) {
    const l = labelled.get(p.id);
    const shape = geometry.shapes.get(p.id);
    if (!l || !shape || p.kind !== 'sea') continue;
    const cells = shape.cells.map((i) => geometry.cells[i]!);
    const touches = (edge: number) => cells.filter((c) => c.polygon.some((v) => Math.abs(v[0] - edge) < 0.5));
    const [left, right] = [touches(0), touches(geometry.width)];
    if (left.length === 0 || right.length === 0) continue;
    const labelX = (l.box.x + l.box.w / 2 - frame.x) / scale;
    const other = labelX < geometry.width / 2 ? right : left;
    const biggest = other.map((c) => polygonAreaCentroid(c.polygon, c.seed)).sort((a, b) => b.area - a.area)[0]!;
    const w = textWidth(l.text, l.size) + 4 * u;
    const [box] = placeAll(
      [{ id: p.id, anchor: T(biggest.centroid), w, h: l.size * 1.25, gap: unitSize * 1.3, accept: () => true }],
      taken,
      false,
      frame,
    ).values();
    if (!box) continue;
    wrapped.push({
      province: p.id,
      text: l.text,
      at: [box.x + box.w / 2, box.y + box.h / 2],
      size: l.size,
      color: COLORS.labelSea,
      box,
      inside: true,
    });
  }
  // A separate part of a land province big enough to be mistaken for a province of its own (Warhammer's Nuln
  // exclave) is labelled too: inside it where the label fits, else beside it with a leader line.
  for (const p of variant.data.provinces) {
    const l = labelled.get(p.id);
    const shape = geometry.shapes.get(p.id);
    if (!l || !shape || p.kind === 'sea') continue;
    const main = [(l.box.x + l.box.w / 2 - frame.x) / scale, (l.box.y + l.box.h / 2 - frame.y) / scale] as Point;
    const anchor = anchors.get(p.id);
    for (const part of landParts(shape, EXCLAVE_AREA / (scale * scale))) {
      if (insideRing(main, part.ring) || (anchor && insideRing(anchor, part.ring))) continue;
      // Only a part among other provinces' land (an exclave); an island off its province's coast reads as its own.
      if (landAround(part.ring, geometry, p.id) < 0.6) continue;
      const text = l.lines ? l.lines.join(' ') : l.text;
      const w = textWidth(text, labelSize) + 4 * u;
      const at = T(part.centroid);
      const inPart = (_c: Point, box: Rect) =>
        rectInsideShape(
          { x: (box.x - frame.x) / scale, y: (box.y - frame.y) / scale, w: box.w / scale, h: box.h / scale },
          { ...shape, rings: [part.ring], outline: ringEdges(part.ring) },
        );
      const request = { id: p.id, anchor: at, w, h: labelSize * 1.25, gap: unitSize * 0.6 };
      const inside = placeAll([{ ...request, accept: inPart }], taken, true, frame).get(p.id);
      const box =
        inside ??
        placeAll([{ ...request, accept: (_c: Point, b: Rect) => clearOfOthers(p.id, b) }], taken, false, frame).get(
          p.id,
        );
      if (!box) continue;
      const center: Point = [box.x + box.w / 2, box.y + box.h / 2];
      wrapped.push({
        province: p.id,
        text,
        at: center,
        size: labelSize,
        color: COLORS.labelLand,
        box,
        inside: inside !== undefined,
        ...(inside ? {} : { leader: leaderTo(box, at) }),
      });
    }
  }
  const labels: Label[] = [];
  for (const p of variant.data.provinces) {
    const l = labelled.get(p.id);
    if (!l) {
      if (anchors.has(p.id)) warnings.push(`no room for the label of ${p.id}`);
      continue;
    }
    // A label beside its province points into it (its unit spot) with a thin leader line.
    const leader = !l.inside && anchors.has(p.id) ? leaderTo(l.box, T(anchors.get(p.id)!), unitSize * 1.05) : undefined;
    labels.push({
      province: p.id,
      text: l.text,
      at: [l.box.x + l.box.w / 2, l.box.y + l.box.h / 2],
      size: l.size,
      color: p.kind === 'sea' ? COLORS.labelSea : COLORS.labelLand,
      box: l.box,
      inside: l.inside,
      ...(l.lines ? { lines: l.lines } : {}),
      ...(leader ? { leader } : {}),
    });
  }

  return { centers, entrances, labels: [...labels, ...wrapped] };
}
