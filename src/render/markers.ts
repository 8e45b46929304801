/**
 * Supply-centre markers, entrance marks and province labels, placed so that they never overlap each other or a unit
 * spot: greedy, tightest provinces first, at the first free candidate around the province's anchor (placement.ts).
 * The labels' tiers are in labels.ts.
 */
import type { Variant } from '../engine/variant.js';
import { placeLabels } from './labels.js';
import { type MarkerContext, type MarkerShapes, markerShapes } from './marker-shapes.js';
import { COLORS } from './palette.js';
import { candidates, placeAll, rectAround, type PlacementRequest } from './placement.js';
import type { CenterMark, EntranceMark, Label, Rect } from './scene.js';

export function placeMarkers(ctx: MarkerContext): {
  centers: CenterMark[];
  entrances: EntranceMark[];
  labels: Label[];
} {
  const shapes = markerShapes(ctx);
  const { centers, boxes: centerBoxes } = placeCenters(ctx, shapes);
  const { entrances, boxes: entranceBoxes } = placeEntrances(ctx, shapes, centerBoxes);
  const marks = [...centers.map((c) => rectAround(c.at, c.radius * 2.6, c.radius * 2.6)), ...entranceBoxes];
  return { centers, entrances, labels: placeLabels(ctx, shapes, marks) };
}

/** Supply-centre markers, inside their province, clear of units. */
function placeCenters(ctx: MarkerContext, shapes: MarkerShapes): { centers: CenterMark[]; boxes: Rect[] } {
  const { variant, geometry, anchors, T, u, spotSize, holder, powers, colorOf, warnings, frame } = ctx;
  const { byClearance, inside, unitBoxes } = shapes;
  const centerR = 5 * u;
  const scRequests: PlacementRequest[] = byClearance
    .filter((p) => p.supplyCenter && anchors.has(p.id))
    .map((p) => {
      const req: PlacementRequest = {
        id: p.id,
        anchor: T(anchors.get(p.id)!),
        w: centerR * 2.6,
        h: centerR * 2.6,
        gap: spotSize * 1.3,
        accept: inside(p.id),
      };
      // A unit spot off the province's land (a small island whose spot is in the water round it): then the spot
      // deepest inside the province and the rings round it.
      const center = geometry.shapes.get(p.id)?.center;
      return center ? { ...req, more: () => candidates({ ...req, anchor: T(center) }, true) } : req;
    });
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

  return { centers, boxes: [...scBoxes.values()] };
}

/** Entrance marks (entrancesOf), placed like the supply-centre markers, clear of units and of those markers. */
function placeEntrances(
  ctx: MarkerContext,
  shapes: MarkerShapes,
  centerBoxes: Rect[],
): { entrances: EntranceMark[]; boxes: Rect[] } {
  const { variant, anchors, T, u, spotSize, colorOf, warnings, frame } = ctx;
  const { byClearance, inside, unitBoxes } = shapes;
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
  const entranceBoxes = placeAll(entranceRequests, [...unitBoxes, ...centerBoxes], false, frame);
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

  return { entrances, boxes: [...entranceBoxes.values()] };
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
