/**
 * Spots for units that do not stand on their province's own spot: a dislodged unit or a failed build beside it, a
 * virtual unit that moves in from nowhere outside it. Both keep clear of every unit drawn so far.
 */
import type { Variant } from '../engine/variant.js';
import type { Position } from '../engine/types.js';
import { insideShape, type MapGeometry, type Point } from './geometry.js';
import { overlaps, rectAround } from './placement.js';
import type { Rect, UnitMark } from './scene.js';

/** What a spot is chosen on: the picture's geometry and frame, and the units placed so far (read at each call). */
export interface SpotGround {
  variant: Variant;
  position: Position;
  geometry: MapGeometry;
  frame: Rect;
  scale: number;
  unitSize: number;
  units: readonly UnitMark[];
}

/**
 * A spot for a unit beside the unit spot of its province (a dislodged unit and its ring, a failed build where a unit
 * stands), clear of every unit: with its whole disc inside the province where there is room, else most of it, else
 * its centre inside, and only then anywhere free (a province too small to hold two units), never spilling into a neighbour
 * while the province has room.
 */
export function besideSpot(g: SpotGround, at: Point, province: string): Point {
  const { geometry, frame, scale, unitSize, units } = g;
  const shape = geometry.shapes.get(province);
  const inside = (p: Point) =>
    !shape || insideShape([(p[0] - frame.x) / scale, (p[1] - frame.y) / scale], shape, geometry);
  const wholly = (p: Point, r: number) =>
    inside(p) &&
    [0, 1, 2, 3, 4, 5, 6, 7].every((k) =>
      inside([p[0] + Math.cos((k * Math.PI) / 4) * unitSize * r, p[1] + Math.sin((k * Math.PI) / 4) * unitSize * r]),
    );
  const boxes = units.map((x) => rectAround(x.at, x.size * 2.4, x.size * 2.2));
  const tries: Point[] = [];
  for (const grow of [0, 0.5, 1.1, 1.8, 2.6, 3.5]) {
    const [a, d] = [2.8 + grow, 2.5 + grow]; // along an axis; along each axis of a diagonal
    for (const [dx, dy] of [
      [a, 0],
      [-a, 0],
      [d, d],
      [-d, d],
      [d, -d],
      [-d, -d],
      [0, a],
      [0, -a],
    ]) {
      tries.push([at[0] + dx * unitSize, at[1] + dy * unitSize]);
    }
    // Between those eight directions.
    for (let k = 0; k < 8; k++) {
      const angle = ((k + 0.5) * Math.PI) / 4;
      tries.push([at[0] + Math.cos(angle) * a * unitSize, at[1] + Math.sin(angle) * a * unitSize]);
    }
  }
  const free = (p: Point) => !boxes.some((b) => overlaps(b, rectAround(p, unitSize * 3.1, unitSize * 3.1)));
  const open = tries.filter(free);
  return (
    open.find((p) => wholly(p, 1.25)) ?? open.find((p) => wholly(p, 0.7)) ?? open.find(inside) ?? open[0] ?? tries[0]
  );
}

/**
 * A free spot outside a province, a short arrow's length from its unit spot (a virtual unit that moves in from
 * nowhere). Never in a province where a unit stands (it would read as that province's unit, "an army in Karak
 * Kadrin"): first on land nobody occupies, then on any ground nobody occupies (a sea, off-map land), then anywhere free.
 */
export function approachSpot(g: SpotGround, at: Point, province: string): Point {
  const { geometry, frame, scale, unitSize, units, position, variant } = g;
  const provinceAt = (p: Point) => geometry.locate([(p[0] - frame.x) / scale, (p[1] - frame.y) / scale]);
  const isWater = (id: string) => {
    const kind = geometry.shapes.get(id)?.kind;
    return kind === 'sea' || kind === 'offmap-sea';
  };
  const shape = geometry.shapes.get(province);
  const outside = (p: Point) =>
    !shape || !insideShape([(p[0] - frame.x) / scale, (p[1] - frame.y) / scale], shape, geometry);
  const boxes = units.map((x) => rectAround(x.at, x.size * 2.4, x.size * 2.2));
  const free = (p: Point) => !boxes.some((b) => overlaps(b, rectAround(p, unitSize * 3.1, unitSize * 3.1)));
  const occupied = new Set([...(position.units ?? []), ...(position.dislodged ?? [])].map((x) => x.province));
  /** The unit's disc keeps inside one province nobody occupies (its whole disc: no neighbour's ground under it). */
  const ground = (p: Point): string | null => {
    const ids = [
      p,
      ...[0, 1, 2, 3, 4, 5].map(
        (k): Point => [
          p[0] + Math.cos((k * Math.PI) / 3) * unitSize * 1.3,
          p[1] + Math.sin((k * Math.PI) / 3) * unitSize * 1.3,
        ],
      ),
    ].map(provinceAt);
    const id = ids[0];
    return id && ids.every((x) => x === id) && !occupied.has(id) ? id : null;
  };
  const onLand = (id: string | null) =>
    id !== null && variant.map.has(id) && !isWater(id) && geometry.shapes.get(id)?.kind !== 'impassable';
  const spots: Point[] = [];
  for (const reach of [5.5, 7, 8.5, 10]) {
    for (let k = 0; k < 16; k++) {
      const angle = (k / 16) * 2 * Math.PI + Math.PI / 2; // from below the spot round the compass
      const p: Point = [at[0] + Math.cos(angle) * reach * unitSize, at[1] + Math.sin(angle) * reach * unitSize];
      if (p[0] < frame.x || p[1] < frame.y || p[0] > frame.x + frame.w || p[1] > frame.y + frame.h) continue;
      if (outside(p) && free(p)) spots.push(p);
    }
  }
  return (
    spots.find((p) => onLand(ground(p))) ??
    spots.find((p) => ground(p) !== null) ??
    spots[0] ??
    besideSpot(g, at, province)
  );
}
