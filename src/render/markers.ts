/**
 * Supply-centre markers and province labels, placed so that they never overlap each other or a unit spot:
 * greedy, tightest provinces first, at the first free candidate around the province's anchor (placement.ts).
 */
import type { PowerData } from '../variants/schema.js';
import type { Variant } from '../engine/variant.js';
import { insideShape, polygonAreaCentroid, rectInsideShape, type MapGeometry, type Point } from './geometry.js';
import { COLORS } from './palette.js';
import { placeAll, rectAround, textWidth, type PlacementRequest } from './placement.js';
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
  units: UnitMark[];
  holder: Map<string, string>;
  powers: Map<string, PowerData>;
  colorOf: (power: string) => string;
  warnings: string[];
}

/** Label text height at 1600 px wide. */
export const LABEL_PX = 14;

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

export function placeMarkers(ctx: MarkerContext): { centers: CenterMark[]; entrances: EntranceMark[]; labels: Label[] } {
  const { variant, geometry, anchors, frame, scale, T, u, unitSize, units, holder, powers, colorOf, warnings } = ctx;
  // Supply-centre markers, then labels, placed around the anchors without overlapping units or each other.
  // A dislodged unit's box includes its ring, and so does a virtual unit's.
  const ringed = (x: UnitMark) => x.dislodged || x.state === 'virtual';
  const unitBoxes = units.map((x) => rectAround(x.at, x.size * (ringed(x) ? 3.2 : 2.5), x.size * (ringed(x) ? 3.2 : 2.5)));
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
    return (_c: Point, box: Rect) => rectInsideShape({ x: (box.x - frame.x) / scale, y: (box.y - frame.y) / scale, w: box.w / scale, h: box.h / scale }, shape);
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

  // Entrance marks (entrancesOf), placed like the supply-centre markers, clear of units and of those markers.
  const entranceR = 5.5 * u;
  const entranceOf = entrancesOf(variant);
  const entranceRequests: PlacementRequest[] = byClearance
    .filter((p) => entranceOf.has(p.id) && anchors.has(p.id))
    .map((p) => ({ id: p.id, anchor: T(anchors.get(p.id)!), w: entranceR * 2.6, h: entranceR * 2.6, gap: unitSize * 1.3, accept: inside(p.id) }));
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
    entrances.push({ province: p.id, power: at.power, kind: at.kind, at: [box.x + box.w / 2, box.y + box.h / 2], radius: entranceR, fill: colorOf(at.power) });
  }

  // Labels: tried in tiers until each finds room (a tier only for what earlier tiers could not place):
  // full text inside the province; abbreviation only; then the abbreviation just outside. Never smaller than
  // LABEL_PX at 1600 px wide (legibility on a phone, issue 10 §6).
  const labelSize = LABEL_PX * u;
  const givenLabels = variant.data.geometry?.labels ?? {};
  const centerBoxes = centers.map((c) => rectAround(c.at, c.radius * 2.6, c.radius * 2.6));
  // Labels never cover a unit spot (occupied or not), so arrows always end on a free anchor.
  const emptyAnchorBoxes = variant.data.provinces
    .filter((p) => p.kind !== 'impassable' && anchors.has(p.id))
    .map((p) => rectAround(T(anchors.get(p.id)!), unitSize * 2.3, unitSize * 2.3));
  const taken: Rect[] = [...unitBoxes, ...centerBoxes, ...entranceBoxes.values(), ...emptyAnchorBoxes];
  const labelled = new Map<string, { text: string; size: number; box: Rect; inside: boolean; lines?: string[] }>();
  const wrapped: Label[] = [];
  // A province with a name in another script (Warring States) always shows it beside the romanised
  // name (or, where that does not fit, its abbreviation). Labels keep one size (legibility: 14 px at 1600 px).
  const short = (p: (typeof variant.data.provinces)[number]) => (p.localName ? `${p.localName} ${p.abbreviation}` : p.abbreviation);
  // A narrow province with a local name may take it in two lines, the local name above the abbreviation.
  const stacked = (p: (typeof variant.data.provinces)[number]) => (p.localName ? [p.localName, p.abbreviation] : null);
  const tiers: { text: (p: (typeof variant.data.provinces)[number]) => string; size: number; inside: boolean; lines?: typeof stacked }[] = [
    { text: (p) => (p.localName ? `${p.localName} ${p.name}` : p.abbreviation), size: labelSize, inside: true },
    { text: short, size: labelSize, inside: true },
    { text: short, size: labelSize, inside: true, lines: stacked },
    { text: short, size: labelSize, inside: false },
  ];
  for (const tier of tiers) {
    const requests: PlacementRequest[] = byClearance
      .filter((p) => anchors.has(p.id) && !labelled.has(p.id) && (!tier.lines || tier.lines(p)))
      .map((p) => {
        const lines = tier.lines?.(p) ?? [tier.text(p)];
        return {
          id: p.id,
          anchor: givenLabels[p.id] ? T(givenLabels[p.id]) : T(anchors.get(p.id)!),
          w: Math.max(...lines.map((line) => textWidth(line, tier.size))) + 4 * u,
          h: tier.size * 1.25 * lines.length,
          gap: p.kind === 'sea' ? unitSize * 1.3 : unitSize * 1.15,
          accept: tier.inside ? boxInside(p.id) : () => true,
        };
      });
    // A label position given by the map data (chosen where the label fits inside) is tried first.
    const placed = new Map([
      ...placeAll(requests.filter((r) => givenLabels[r.id]), taken, true, frame),
      ...placeAll(requests.filter((r) => !givenLabels[r.id]), taken, false, frame),
    ]);
    for (const p of variant.data.provinces) {
      const box = placed.get(p.id);
      if (!box) continue;
      const lines = tier.lines?.(p);
      labelled.set(p.id, { text: tier.text(p), size: tier.size, box, inside: tier.inside, ...(lines ? { lines } : {}) });
      taken.push(box);
    }
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
    taken.push(box);
    wrapped.push({ province: p.id, text: l.text, at: [box.x + box.w / 2, box.y + box.h / 2], size: l.size, color: COLORS.labelSea, box, inside: true });
  }
  const labels: Label[] = [];
  for (const p of variant.data.provinces) {
    const l = labelled.get(p.id);
    if (!l) {
      if (anchors.has(p.id)) warnings.push(`no room for the label of ${p.id}`);
      continue;
    }
    labels.push({
      province: p.id,
      text: l.text,
      at: [l.box.x + l.box.w / 2, l.box.y + l.box.h / 2],
      size: l.size,
      color: p.kind === 'sea' ? COLORS.labelSea : COLORS.labelLand,
      box: l.box,
      inside: l.inside,
      ...(l.lines ? { lines: l.lines } : {}),
    });
  }

  return { centers, entrances, labels: [...labels, ...wrapped] };
}

