/**
 * Territory: who holds each province, the filled regions (cells of a province merged) and the border
 * lines by kind. Tinting: a supply centre takes its owner's colour; other land the colour of the unit
 * standing on it; seas, impassable and off-map cells keep their fixed colours.
 */
import type { PowerData } from '../variants/schema.js';
import type { Position } from '../engine/types.js';
import type { Variant } from '../engine/variant.js';
import type { MapGeometry, Point } from './geometry.js';
import { OFFMAP_SEA } from './geometry-types.js';
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

/**
 * What regionsOf and borderLines draw of a geometry at one scale (`T`, named by `at`): the same for every position, so
 * kept per geometry and scale. Scenes share these arrays; nothing changes a scene once built.
 */
interface Scaled {
  polygons: Map<string, Point[][]>;
  borders?: BorderLines[];
}
const scaledOf = new WeakMap<MapGeometry, Map<string, Scaled>>();

/** The geometry's drawing at the scale `at` names (`T`), kept from the scenes before. */
function scaled(geometry: MapGeometry, T: (p: Point) => Point, at: string): Scaled {
  let byScale = scaledOf.get(geometry);
  if (!byScale) scaledOf.set(geometry, (byScale = new Map()));
  let known = byScale.get(at);
  if (!known) {
    const polygons = new Map([...geometry.shapes.values()].map((s) => [s.id, s.rings.map((ring) => ring.map(T))]));
    byScale.set(at, (known = { polygons }));
  }
  return known;
}

/**
 * The filled regions. `at` names the scale `T` applies (the same `at`, the same `T`): the outlines at that scale are
 * then computed once per geometry.
 */
export function regionsOf(
  geometry: MapGeometry,
  holder: Map<string, string>,
  powers: Map<string, PowerData>,
  colorOf: (power: string) => string,
  T: (p: Point) => Point,
  at?: string,
): Region[] {
  const regions: Region[] = [];
  const polygons = at === undefined ? null : scaled(geometry, T, at).polygons;
  for (const shape of geometry.shapes.values()) {
    const held = shape.kind === 'land' ? holder.get(shape.id) : undefined;
    const owner = held !== undefined && powers.has(held) ? held : null;
    const fill =
      shape.kind === 'sea'
        ? COLORS.sea
        : shape.kind === 'offmap-land'
          ? COLORS.offmapLand
          : shape.kind === 'offmap-sea'
            ? geometry.seaBackground && shape.id === OFFMAP_SEA
              ? COLORS.sea
              : COLORS.offmapSea
            : shape.kind === 'impassable'
              ? COLORS.impassable
              : owner
                ? tint(colorOf(owner), 0.42)
                : COLORS.land;
    const drawn = polygons?.get(shape.id) ?? shape.rings.map((ring) => ring.map(T));
    regions.push({ id: shape.id, kind: shape.kind, fill, owner, polygons: drawn });
  }
  return regions;
}

/**
 * Border segments by kind: `coast` where land (or off-map land) meets water, else `land` or `sea`. `at` names the
 * scale `T` applies, as for regionsOf: the lines are then computed once per geometry and scale.
 */
export function borderLines(geometry: MapGeometry, T: (p: Point) => Point, at?: string): BorderLines[] {
  if (at === undefined) return bordersOf(geometry, T);
  const known = scaled(geometry, T, at);
  known.borders ??= bordersOf(geometry, T);
  return known.borders;
}

function bordersOf(geometry: MapGeometry, T: (p: Point) => Point): BorderLines[] {
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
