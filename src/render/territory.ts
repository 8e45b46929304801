/**
 * Territory: who holds each province, the filled regions (cells of a province merged) and the border
 * lines by kind. Tinting: a supply centre takes its owner's colour; other land the colour of the unit
 * standing on it; seas, impassable and off-map cells keep their fixed colours.
 */
import type { PowerData } from '../variants/schema.js';
import type { Position } from '../engine/types.js';
import type { Variant } from '../engine/variant.js';
import type { MapGeometry, Point } from './geometry.js';
import { COLORS, tint } from './palette.js';
import type { BorderKind, BorderLines, Region } from './scene.js';

/** Province -> power that holds it (supply centres by ownership, other land by occupation). */
export function holdersOf(variant: Variant, position: Position): Map<string, string> {
  const holder = new Map<string, string>();
  for (const [power, centers] of Object.entries(position.supplyCenters ?? {})) {
    for (const c of centers) holder.set(c, power);
  }
  for (const unit of position.units ?? []) {
    const p = variant.map.province(unit.province);
    if (p && !p.supplyCenter && p.kind !== 'sea') holder.set(unit.province, unit.power);
  }
  return holder;
}

export function regionsOf(
  geometry: MapGeometry,
  holder: Map<string, string>,
  powers: Map<string, PowerData>,
  colorOf: (power: string) => string,
  T: (p: Point) => Point,
): Region[] {
  const regions: Region[] = [];
  for (const shape of geometry.shapes.values()) {
    const held = shape.kind === 'land' ? holder.get(shape.id) : undefined;
    const owner = held !== undefined && powers.has(held) ? held : null;
    const fill =
      shape.kind === 'sea'
        ? COLORS.sea
        : shape.kind === 'offmap-land'
          ? COLORS.offmapLand
          : shape.kind === 'offmap-sea'
            ? COLORS.offmapSea
            : shape.kind === 'impassable'
              ? COLORS.impassable
              : owner
                ? tint(colorOf(owner), 0.42)
                : COLORS.land;
    regions.push({ id: shape.id, kind: shape.kind, fill, owner, polygons: shape.rings.map((ring) => ring.map(T)) });
  }
  return regions;
}

/** Border segments by kind: `coast` where land (or off-map land) meets water, else `land` or `sea`. */
export function borderLines(geometry: MapGeometry, T: (p: Point) => Point): BorderLines[] {
  const byKind: Record<BorderKind, [Point, Point][]> = { land: [], coast: [], sea: [] };
  for (const b of geometry.borders) {
    const ka = geometry.shapes.get(b.a)!.kind;
    const kb = geometry.shapes.get(b.b)!.kind;
    const wa = ka === 'sea' || ka === 'offmap-sea';
    const wb = kb === 'sea' || kb === 'offmap-sea';
    const kind: BorderKind = wa && wb ? 'sea' : wa || wb ? 'coast' : 'land';
    for (const [p, q] of b.segments) byKind[kind].push([T(p), T(q)]);
  }
  return (['sea', 'land', 'coast'] as const).map((kind) => ({ kind, segments: byKind[kind] }));
}
