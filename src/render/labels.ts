/**
 * Province labels, placed so that they never overlap each other, a unit, a unit spot, a centre marker or an entrance:
 * tried in tiers, each tier only for what earlier tiers could not place, tightest provinces first, at the first free
 * candidate round the label spot (placement.ts). docs/render.md "Labels" describes the tiers.
 */
import type { Variant } from '../engine/variant.js';
import {
  boundsOf,
  polygonAreaCentroid,
  rectInsideShape,
  type MapGeometry,
  type Point,
  type ProvinceShape,
} from './geometry.js';
import { LABEL_PX, LABEL_TEXTS, labelStyleOf, splitName } from './label-text.js';
import type { MarkerContext, MarkerShapes } from './marker-shapes.js';
import { variantNames } from '../variants/names.js';
import { COLORS } from './palette.js';
import { BoxIndex, keptBox, overlaps, placeAll, rectAround, textWidth, type PlacementRequest } from './placement.js';
import type { Label, Rect } from './scene.js';

/**
 * How far (px at 1600 px wide) a name beside its province stays from another province's unit, at the least: closer, it
 * reads as the name of the province that unit stands in (Warhammer's "Middenheim" over Bretonnia's army in The
 * Wasteland; 78 such names in 31 of 32 computer-played Warhammer maps stood within 18 px).
 */
export const FOREIGN_GAP = 18;

/** The room (px at 1600 px wide) a name keeps free to each side for the names placed after it. */
const NAME_GAP = 3;

/** A separate part of a land province this large (px² at 1600 px wide) gets a label of its own. */
export const EXCLAVE_AREA = 1000;

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

/** A land part of a province's territory: an outer ring, its centroid and area (map px). */
interface LandPart {
  ring: Point[];
  centroid: Point;
  area: number;
}

/** Each shape's land parts by smallest area (`landParts`): they depend on the shape alone, asked for by every map. */
const landPartsOf = new WeakMap<ProvinceShape, Map<number, LandPart[]>>();

/** The outer rings of a shape's territory at least `minArea` (map px²) large, with their centroids. */
function landParts(shape: ProvinceShape, minArea: number): LandPart[] {
  let byArea = landPartsOf.get(shape);
  if (!byArea) landPartsOf.set(shape, (byArea = new Map()));
  const known = byArea.get(minArea);
  if (known) return known;
  const parts = shape.rings.map((ring) => ({ ring, ...polygonAreaCentroid(ring, ring[0]!) }));
  const sign = Math.sign(parts.reduce((a, b) => (Math.abs(b.area) > Math.abs(a.area) ? b : a), parts[0]!).area);
  const found = parts
    .filter((p) => Math.sign(p.area) === sign && Math.abs(p.area) >= minArea)
    .map((p) => ({ ring: p.ring, centroid: p.centroid, area: Math.abs(p.area) }));
  byArea.set(minArea, found);
  return found;
}

/** The middles of each shape's cells as `cellMiddles` picks them (map px), by unit spot: kept like `fitSpots`. */
const middleSpots = new WeakMap<ProvinceShape, Map<string, Point[]>>();

/** The middles (map px) of a province's cells: at most 60, spread over the whole province, nearest `anchor` first. */
function middlesOf(geometry: MapGeometry, shape: ProvinceShape, anchor: Point): Point[] {
  let byAnchor = middleSpots.get(shape);
  if (!byAnchor) middleSpots.set(shape, (byAnchor = new Map()));
  const key = `${anchor[0]} ${anchor[1]}`;
  const known = byAnchor.get(key);
  if (known) return known;
  const all = shape.cells.map((i) => polygonAreaCentroid(geometry.cells[i]!.polygon, geometry.cells[i]!.seed).centroid);
  const step = Math.max(1, Math.ceil(all.length / 60));
  const middles = all
    .sort((a, b) => Math.hypot(a[0] - anchor[0], a[1] - anchor[1]) - Math.hypot(b[0] - anchor[0], b[1] - anchor[1]))
    .filter((_, i) => i % step === 0);
  byAnchor.set(key, middles);
  return middles;
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

/** Small boxes along a line, `half` px to each side of it, so that labels keep off it. */
function alongLine(line: Point[], half: number): Rect[] {
  const out: Rect[] = [];
  for (let i = 1; i < line.length; i++) {
    const [a, b] = [line[i - 1]!, line[i]!];
    const steps = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / half));
    for (let k = 0; k <= steps; k++)
      out.push(
        rectAround([a[0] + ((b[0] - a[0]) * k) / steps, a[1] + ((b[1] - a[1]) * k) / steps], half * 2, half * 2),
      );
  }
  return out;
}

/** Do the segments a–b and c–d cross? */
function segmentsCross(a: Point, b: Point, c: Point, d: Point): boolean {
  const side = (p: Point, q: Point, r: Point) =>
    Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
  return side(a, b, c) * side(a, b, d) < 0 && side(c, d, a) * side(c, d, b) < 0;
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

type Province = Variant['data']['provinces'][number];

interface Placed {
  text: string;
  size: number;
  box: Rect;
  inside: boolean;
  short?: boolean;
  lines?: string[];
}

interface Tier {
  text: (p: Province) => string;
  /** The text is the full name (it may sit anywhere inside its province, not only near its unit spot). */
  full?: boolean;
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
  /** At the variant's smaller label size (`geometry.labelMinSize`), not its own. */
  small?: boolean;
  /** At the variant's own label size, where names in Han script alone are drawn larger first (`HAN_SCALE`). */
  mid?: boolean;
}

/**
 * The tiers of a label style. Codes: inside, then beside. Names: players must read them, so the full name anywhere
 * inside, in one line or two; where it finds no room, the abbreviation inside; a province with room for neither gets
 * its name beside it with a leader line (its middle over the province or over water first, then anywhere near; a wide
 * gap from other units first), else its abbreviation beside it (a label for every province first); last, each
 * abbreviation inside gives way to the full name beside its province, its middle over the province or over water,
 * where that finds room. Every inside label is placed before any beside one, so a name beside its province never
 * pushes a neighbour's own label out.
 */
function tiersOf(
  style: 'name' | 'abbreviation',
  sizes: { small: boolean; mid: boolean },
  named: (p: Province) => Province = (p) => p,
): Tier[] {
  const twoSizes = sizes.small;
  const full = (p: Province) => LABEL_TEXTS.full(named(p));
  const fullLines = (p: Province) => LABEL_TEXTS.fullLines(named(p));
  const short = (p: Province) => LABEL_TEXTS.short(named(p));
  const stacked = (p: Province) => LABEL_TEXTS.stacked(named(p));
  if (style === 'abbreviation')
    return [
      { text: (p) => p.abbreviation, inside: true },
      { text: (p) => p.abbreviation, inside: false, wide: true },
      { text: (p) => p.abbreviation, inside: false },
    ];
  // Two sizes (`geometry.labelMinSize`): the full name inside at the large size where it fits, else at the smaller one,
  // before any abbreviation; names beside their province at the smaller size (they crowd the map).
  const small = twoSizes ? { small: true } : {};
  const tiers: Tier[] = [
    { text: full, inside: true },
    { text: full, inside: true, lines: fullLines },
    // Names in Han script alone are tried larger first (`HAN_SCALE`), then at the variant's own size.
    ...(sizes.mid
      ? [
          { text: full, inside: true, mid: true },
          { text: full, inside: true, lines: fullLines, mid: true },
        ]
      : []),
    ...(twoSizes
      ? [
          { text: full, inside: true, small: true },
          { text: full, inside: true, lines: fullLines, small: true },
        ]
      : []),
    { text: short, inside: true, short: true, ...small },
    { text: short, inside: true, lines: stacked, short: true, ...small },
    { text: full, inside: false, near: true, wide: true, ...small },
    { text: full, inside: false, lines: fullLines, near: true, wide: true, ...small },
    { text: full, inside: false, near: true, ...small },
    { text: full, inside: false, lines: fullLines, near: true, ...small },
    { text: full, inside: false, wide: true, ...small },
    { text: full, inside: false, lines: fullLines, wide: true, ...small },
    { text: full, inside: false, ...small },
    { text: full, inside: false, lines: fullLines, ...small },
    { text: short, inside: false, ...small },
    { text: full, inside: false, near: true, upgrade: true, ...small },
    { text: full, inside: false, lines: fullLines, near: true, upgrade: true, ...small },
  ];
  return tiers.map((t) => (t.text === full ? { ...t, full: true } : t));
}

/** Every province's label (and the extra labels of wrapped seas and exclaves), given what they must not cover. */
export function placeLabels(ctx: MarkerContext, shapes: MarkerShapes, marks: Rect[]): Label[] {
  const layout = new LabelLayout(ctx, shapes, marks);
  const sizes = { small: layout.small < layout.size, mid: layout.small < layout.mid && layout.mid < layout.size };
  const tiers = tiersOf(layout.style, sizes, localNames(ctx));
  for (const tier of tiers) layout.placeTier(tier, layout.taken);
  layout.placeUnderHeads(tiers);
  // The seas' second labels and the exclaves' take their room after every province's own label.
  const extra = [...layout.wrappedSeas(), ...layout.exclaves()];
  return [...layout.labels(), ...extra];
}

/**
 * A province as its label reads in the readers' locale (docs/locales.md "Names"): a variant labelled by names
 * (Warring States) takes its names in that locale alone where it has them (`臨淄` for `临淄 Linzi` in Chinese, the
 * romanised name a Chinese reader does not need); a variant labelled by its codes (Classic) keeps them, since players
 * type the same codes in every language.
 */
function localNames(ctx: MarkerContext): ((p: Province) => Province) | undefined {
  if (!ctx.locale || labelStyleOf(ctx.variant) !== 'name') return undefined;
  const names = variantNames(ctx.variant, ctx.locale);
  if (!names) return undefined;
  return (p) => {
    const name = names.provinces[p.id];
    if (!name) return p;
    const { localName: _local, ...rest } = p;
    return { ...rest, name, abbreviation: name };
  };
}

/**
 * How much larger than the variant's label size a name in Han script alone is drawn where it fits (Warring States and
 * Mandate of Heaven in Chinese: `咸陽`): a Han character at the 18 px of `咸阳 Xianyang`, 6.2 px at Discord's 550 px
 * preview, cannot be read there (its strokes merge); at 25 px it is 8.7 px, and the two characters still take less
 * room than the name with its romanisation (docs/render.md "Labels never overlap").
 */
const HAN_SCALE = 1.4;

/** Are the labels the readers' locale gives names in Han script alone (`localNames`)? */
function hanNamesOnly(ctx: MarkerContext): boolean {
  if (!ctx.locale || labelStyleOf(ctx.variant) !== 'name') return false;
  const names = variantNames(ctx.variant, ctx.locale);
  const all = names ? Object.values(names.provinces) : [];
  return all.length > 0 && all.every((n) => /^\p{Script=Han}+$/u.test(n));
}

class LabelLayout {
  readonly style: 'name' | 'abbreviation';
  /** Label text height in output px: the variant's (`geometry.labelSize`), else LABEL_PX at 1600 px wide. */
  readonly size: number;
  /** The smaller height a name takes where it does not fit at `size` (`geometry.labelMinSize`; else `mid`). */
  readonly small: number;
  /**
   * The variant's own label height: `size` but for names in Han script alone, drawn larger where they fit and at
   * this height next (then at `small`).
   */
  readonly mid: number;
  private readonly given: Record<string, Point>;
  /** Unit spots (occupied or not): labels never cover one, so arrows always end on a free anchor. */
  private readonly emptyAnchors: Rect[];
  /** Everything a label must not cover; each label placed is added to it (placeAll adds to a BoxIndex it is given). */
  readonly taken: BoxIndex;
  private readonly placed = new Map<string, Placed>();
  private readonly middlesOf = new Map<string, Point[]>();
  /** Does a province's unit spot lie on its own drawn shape (`leaderOf`)? */
  private readonly spotOnShape = new Map<string, boolean>();

  constructor(
    private readonly ctx: MarkerContext,
    private readonly shapes: MarkerShapes,
    private readonly marks: Rect[],
  ) {
    const { variant, anchors, T, spotSize, u, keepClear = [] } = ctx;
    this.style = labelStyleOf(variant);
    const base = (variant.data.geometry?.labelSize ?? LABEL_PX) * u;
    const min = variant.data.geometry?.labelMinSize;
    const least = typeof min === 'number' ? Math.min(base, min * u) : base;
    // Names in Han script alone (a Chinese reader's) are drawn larger where they fit (`HAN_SCALE`).
    const han = hanNamesOnly(ctx);
    this.size = han ? base * HAN_SCALE : base;
    this.mid = base;
    this.small = least;
    this.given = variant.data.geometry?.labels ?? {};
    this.emptyAnchors = variant.data.provinces
      .filter((p) => p.kind !== 'impassable' && anchors.has(p.id))
      .map((p) => rectAround(T(anchors.get(p.id)!), spotSize * 2.3, spotSize * 2.3));
    this.taken = new BoxIndex([
      ...shapes.unitBoxes,
      ...marks,
      ...this.emptyAnchors,
      ...keepClear,
      ...(ctx.keepOff ?? []).flatMap((line) => alongLine(line, 7 * u)),
    ]);
  }

  /**
   * A name beside its province keeps a gap from every other province's unit: set against a unit, it reads as the
   * name of the province that unit stands in (Warhammer's "Altdorf" under an army in The Wasteland). A wide gap
   * first (`Tier.wide`), then a narrow one, before a name would give way to its code.
   */
  private clearOfOthers(id: string, box: Rect, wide = false): boolean {
    const gap = Math.max(this.ctx.unitSize * (wide ? 1.6 : 0), FOREIGN_GAP * this.ctx.u);
    const around = { x: box.x - gap, y: box.y - gap, w: box.w + 2 * gap, h: box.h + 2 * gap };
    // A virtual unit (`virtual:<province>`) belongs to its province too (Warhammer's Illusion in Athel-Loren). Measured
    // from the unit's box (its ring too) and from its disc: `gap` clear of its edge all round.
    return this.ctx.units.every((x, i) => {
      if (x.location.replace(/^virtual:/, '').split('/')[0] === id) return true;
      const dx = Math.max(box.x - x.at[0], 0, x.at[0] - (box.x + box.w));
      const dy = Math.max(box.y - x.at[1], 0, x.at[1] - (box.y + box.h));
      return !overlaps(around, this.shapes.unitBoxes[i]!) && Math.hypot(dx, dy) - x.size >= gap;
    });
  }

  /** Would the leader from this box into its province cross a line labels keep off (`keepOff`)? */
  private leaderCrosses(box: Rect, id: string): boolean {
    const lines = this.ctx.keepOff ?? [];
    if (lines.length === 0) return false;
    const [a, b] = this.leaderOf(box, id);
    return lines.some((line) => line.some((q, i) => i > 0 && segmentsCross(a, b, line[i - 1]!, q)));
  }

  /**
   * The leader line of a label beside its province: to its unit spot, stopping short of the unit; where the spot lies
   * off the province's drawn shape (python's ancmed puts Baleares' units in the water round the island, off-map
   * water here), to the shape's middle, stopping at its edge, so the line points at the province, never into nothing.
   */
  leaderOf(box: Rect, id: string): [Point, Point] {
    const { geometry, anchors, T, unitSize, scale } = this.ctx;
    const spot = anchors.get(id)!;
    const shape = geometry.shapes.get(id);
    if (!shape || !geometry.polygonal) return leaderTo(box, T(spot), unitSize * 1.05);
    // Asked for every box a label tries: where the spot lies is found once per province (`locate` scans the shapes).
    let onShape = this.spotOnShape.get(id);
    if (onShape === undefined) this.spotOnShape.set(id, (onShape = geometry.locate(spot) === id));
    return onShape ? leaderTo(box, T(spot), unitSize * 1.05) : leaderTo(box, T(shape.center), shape.clearance * scale);
  }

  /** The label height a tier draws at. */
  private sizeOf(tier: Tier): number {
    return tier.small ? this.small : tier.mid ? this.mid : this.size;
  }

  /** Is a label's middle over its own province or over another medium (`Tier.near`)? */
  private nearOwn(id: string, kind: string, c: Point): boolean {
    const { geometry, frame, scale } = this.ctx;
    const at = geometry.locate([(c[0] - frame.x) / scale, (c[1] - frame.y) / scale]);
    if (at === null || at === id) return true;
    const other = geometry.shapes.get(at)?.kind;
    const water = (k: string | undefined) => k === 'sea' || k === 'offmap-sea';
    return other !== undefined && water(other) !== (kind === 'sea');
  }

  /** The middles of a province's cells: at most 60, spread over the whole province, nearest the unit spot first. */
  private cellMiddles(id: string): Point[] {
    const known = this.middlesOf.get(id);
    if (known) return known;
    const { geometry, anchors, T } = this.ctx;
    const shape = geometry.shapes.get(id);
    const anchor = anchors.get(id);
    const middles = shape && anchor ? middlesOf(geometry, shape, anchor).map(T) : [];
    this.middlesOf.set(id, middles);
    return middles;
  }

  /** Where a tier's label of a province may go, as a placement request. */
  private request(tier: Tier, p: Province): PlacementRequest {
    const { anchors, T, u, spotSize } = this.ctx;
    const lines = tier.lines?.(p) ?? [tier.text(p)];
    const size = this.sizeOf(tier);
    const w = Math.max(...lines.map((line) => textWidth(line, size))) + 4 * u;
    const h = size * 1.25 * lines.length;
    const gap = p.kind === 'sea' ? spotSize * 1.3 : spotSize * 1.15;
    const spot = T(anchors.get(p.id)!);
    const beside = (box: Rect) => this.clearOfOthers(p.id, box, tier.wide) && !this.leaderCrosses(box, p.id);
    const accept = tier.inside
      ? this.shapes.boxInside(p.id)
      : tier.near
        ? (c: Point, box: Rect) => this.nearOwn(p.id, p.kind, c) && beside(box)
        : (_c: Point, box: Rect) => beside(box);
    const anchor = this.given[p.id] ? T(this.given[p.id]!) : spot;
    // Names keep a clear gap from each other ("The Wasteland" against "Middenheim" read as one); codes abut.
    const pad = this.style === 'name' ? NAME_GAP * u : 0;
    return { id: p.id, anchor, w, h, gap, accept, more: () => this.moreSpots(tier, p, anchor, w, h, gap), pad };
  }

  /** Candidates after the rings round the label spot. */
  private *moreSpots(tier: Tier, p: Province, anchor: Point, w: number, h: number, gap: number): Iterable<Point> {
    const { geometry, anchors, T, u } = this.ctx;
    const k = geometry.width / 1600;
    const from = this.given[p.id] ?? anchors.get(p.id)!;
    if (tier.inside) {
      // A large province whose unit spot sits near its edge: also the middles of its cells, nearest first, then every
      // spot where the box lies inside the province (a grid in map px for the box at 1600 px wide: the same spots at
      // every width, kept per shape and box size).
      if (tier.full || this.style === 'abbreviation') yield* this.cellMiddles(p.id);
      const spots = insideSpots(geometry.shapes.get(p.id)!, (w / u) * k, (h / u) * k, LABEL_PX * 0.3 * k, from);
      for (const spot of spots) yield T(spot);
    } else if (tier.near) {
      // Beside the province with its middle over it: any point of the province, nearest the spot first.
      for (const spot of insideSpots(geometry.shapes.get(p.id)!, k, k, LABEL_PX * 0.3 * k, from)) yield T(spot);
    } else {
      // Anywhere near: farther out than the rings round the spot, for a name kept off other units.
      for (const ring of [3.6, 4.2, 5, 6])
        for (let i = 0; i < 16; i++) {
          const a = (i / 16) * Math.PI * 2;
          yield [anchor[0] + Math.cos(a) * (gap * ring + w / 2), anchor[1] + Math.sin(a) * (gap * ring + h / 2)];
        }
    }
  }

  /** Places one tier's labels, for the provinces it is for. */
  placeTier(tier: Tier, obstacles: BoxIndex): void {
    const { variant, anchors, frame } = this.ctx;
    const requests = this.shapes.byClearance
      .filter(
        (p) =>
          anchors.has(p.id) &&
          (tier.upgrade ? this.placed.get(p.id)?.short === true : !this.placed.has(p.id)) &&
          (!tier.lines || tier.lines(p)),
      )
      .map((p) => this.request(tier, p));
    const placed = new Map<string, Rect>();
    if (tier.upgrade) {
      // One at a time: each abbreviation's own box is freed for its try, and kept when the name finds no room.
      for (const r of requests) {
        const old = keptBox(this.placed.get(r.id)!.box);
        obstacles.remove(old);
        const box = placeAll([r], obstacles, this.given[r.id] !== undefined, frame).get(r.id);
        if (box) placed.set(r.id, box);
        else obstacles.add(old);
      }
    } else {
      // A label position given by the map data (chosen where the label fits inside) is tried first.
      for (const [id, box] of placeAll(
        requests.filter((r) => this.given[r.id]),
        obstacles,
        true,
        frame,
      ))
        placed.set(id, box);
      for (const [id, box] of placeAll(
        requests.filter((r) => !this.given[r.id]),
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
      this.placed.set(p.id, {
        text: tier.text(p),
        size: this.sizeOf(tier),
        box,
        inside: tier.inside,
        ...(tier.short ? { short: true } : {}),
        ...(lines ? { lines } : {}),
      });
    }
  }

  /**
   * A province no tier found room for, with the arrowheads round it: its label may then lie under a head (painted
   * above the halo) rather than be left out.
   */
  placeUnderHeads(tiers: Tier[]): void {
    const { anchors, keepClear = [] } = this.ctx;
    if (keepClear.length === 0 || !this.shapes.byClearance.some((p) => anchors.has(p.id) && !this.placed.has(p.id)))
      return;
    const before = new Set(this.placed.keys());
    const withoutHeads = new BoxIndex([
      ...this.shapes.unitBoxes,
      ...this.marks,
      ...this.emptyAnchors,
      ...[...this.placed.values()].map((l) => keptBox(l.box)),
    ]);
    for (const tier of tiers) if (!tier.upgrade) this.placeTier(tier, withoutHeads);
    for (const [id, l] of this.placed) if (!before.has(id)) this.taken.add(l.box);
  }

  /** Each province's label as drawn; a label beside its province points into it with a leader line (`leaderOf`). */
  labels(): Label[] {
    const { variant, anchors, warnings } = this.ctx;
    const out: Label[] = [];
    for (const p of variant.data.provinces) {
      const l = this.placed.get(p.id);
      if (!l) {
        if (anchors.has(p.id)) warnings.push(`no room for the label of ${p.id}`);
        continue;
      }
      const leader = !l.inside && anchors.has(p.id) ? this.leaderOf(l.box, p.id) : undefined;
      out.push({
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
    return out;
  }

  /**
   * A sea drawn at both edges of the map (Warhammer's Tempest Ocean wraps around): its label again in the part at the
   * other edge, so players see that both strips are one province.
   */
  wrappedSeas(): Label[] {
    const { variant, geometry, frame, scale, T, u, unitSize } = this.ctx;
    const out: Label[] = [];
    for (const p of variant.data.provinces) {
      const l = this.placed.get(p.id);
      const shape = geometry.shapes.get(p.id);
      if (!l || !shape || p.kind !== 'sea') continue;
      const cells = shape.cells.map((i) => geometry.cells[i]!);
      const touches = (edge: number) => cells.filter((c) => c.polygon.some((v) => Math.abs(v[0] - edge) < 0.5));
      const [left, right] = [touches(0), touches(geometry.width)];
      if (left.length === 0 || right.length === 0) continue;
      const labelX = (l.box.x + l.box.w / 2 - frame.x) / scale;
      const other = labelX < geometry.width / 2 ? right : left;
      const biggest = other.map((c) => polygonAreaCentroid(c.polygon, c.seed)).sort((a, b) => b.area - a.area)[0]!;
      // Wholly inside the strip, in one line, two or a word a line, at the label's size or the smaller one: the strip
      // is narrow, and a name over the neighbouring sea reads as that sea's (Warhammer's "Southern Tempest Ocean" over
      // the Southern Great Western Ocean, before). Where none fits the strip goes without.
      const text = l.lines ? l.lines.join(' ') : l.text;
      const inStrip = (box: Rect) =>
        rectInsideShape(
          { x: (box.x - frame.x) / scale, y: (box.y - frame.y) / scale, w: box.w / scale, h: box.h / scale },
          shape,
        );
      const words = text.split(' ');
      const forms = [l.size, this.small].flatMap((size) =>
        [[text], splitName(text), words.length > 2 ? words : null].map((lines) => ({ size, lines })),
      );
      for (const { size, lines } of forms) {
        if (!lines) continue;
        const w = Math.max(...lines.map((line) => textWidth(line, size))) + 4 * u;
        const [box] = placeAll(
          [
            {
              id: p.id,
              anchor: T(biggest.centroid),
              w,
              h: size * 1.25 * lines.length,
              gap: unitSize * 1.3,
              accept: (_c, b) => inStrip(b),
            },
          ],
          this.taken,
          false,
          frame,
        ).values();
        if (!box) continue;
        out.push({
          province: p.id,
          text,
          at: [box.x + box.w / 2, box.y + box.h / 2],
          size,
          color: COLORS.labelSea,
          box,
          inside: true,
          ...(lines.length > 1 ? { lines } : {}),
        });
        break;
      }
    }
    return out;
  }

  /**
   * A separate part of a land province big enough to be mistaken for a province of its own (Warhammer's Nuln
   * exclave) is labelled too: inside it where the label fits, else beside it with a leader line.
   */
  exclaves(): Label[] {
    const { variant, geometry, anchors, frame, scale, T, u, unitSize } = this.ctx;
    const out: Label[] = [];
    for (const p of variant.data.provinces) {
      const l = this.placed.get(p.id);
      const shape = geometry.shapes.get(p.id);
      if (!l || !shape || p.kind === 'sea') continue;
      const main = [(l.box.x + l.box.w / 2 - frame.x) / scale, (l.box.y + l.box.h / 2 - frame.y) / scale] as Point;
      const anchor = anchors.get(p.id);
      for (const part of landParts(shape, EXCLAVE_AREA / (scale * scale))) {
        if (insideRing(main, part.ring) || (anchor && insideRing(anchor, part.ring))) continue;
        // Only a part among other provinces' land (an exclave); an island off its province's coast reads as its own.
        if (landAround(part.ring, geometry, p.id) < 0.6) continue;
        const text = l.lines ? l.lines.join(' ') : l.text;
        const w = textWidth(text, l.size) + 4 * u;
        const at = T(part.centroid);
        const inPart = (_c: Point, box: Rect) =>
          rectInsideShape(
            { x: (box.x - frame.x) / scale, y: (box.y - frame.y) / scale, w: box.w / scale, h: box.h / scale },
            { ...shape, rings: [part.ring], outline: ringEdges(part.ring) },
          );
        const request = { id: p.id, anchor: at, w, h: l.size * 1.25, gap: unitSize * 0.6 };
        const inside = placeAll([{ ...request, accept: inPart }], this.taken, true, frame).get(p.id);
        const beside = (_c: Point, b: Rect) => this.clearOfOthers(p.id, b);
        const box = inside ?? placeAll([{ ...request, accept: beside }], this.taken, false, frame).get(p.id);
        if (!box) continue;
        out.push({
          province: p.id,
          text,
          at: [box.x + box.w / 2, box.y + box.h / 2],
          size: l.size,
          color: COLORS.labelLand,
          box,
          inside: inside !== undefined,
          ...(inside ? {} : { leader: leaderTo(box, at) }),
        });
      }
    }
    return out;
  }
}
