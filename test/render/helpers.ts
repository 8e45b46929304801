/** Small hand-built variants and positions for the renderer tests. */
import type { Position, PowerOrder } from '../../src/engine/types.js';
import type { Variant } from '../../src/engine/variant.js';
import { buildVariant, parseVariantData } from '../../src/variants/build.js';
import type { VariantDataInput } from '../../src/variants/schema.js';
import { classic } from '../../src/variants/classic/index.js';
import { parseOrder } from '../../src/engine/parse/index.js';
import type { Point, Scene } from '../../src/render/index.js';
import { geometryOf, insideShape } from '../../src/render/geometry.js';

/**
 * A 2x2 board: `a b` over `c d` (land), seeds in the middle of each quarter.
 * Adjacency given by the caller, so the check can be tested both ways.
 */
export function tinyVariant(adjacency: Record<string, string[]>, extra: Partial<VariantDataInput> = {}): Variant {
  const province = (id: string) => ({ id, name: id.toUpperCase(), abbreviation: id.toUpperCase(), kind: 'land' as const, supplyCenter: false, home: null });
  return buildVariant(
    parseVariantData({
      id: 'tiny',
      name: 'Tiny',
      powers: [
        { name: 'Red', color: '#cc0000' },
        { name: 'Blue', color: '#0000cc' },
      ],
      provinces: ['a', 'b', 'c', 'd'].map(province),
      armyAdjacency: adjacency,
      fleetAdjacency: {},
      startingPhase: { season: 'spring', year: 1901, type: 'movement' },
      startingUnits: [],
      victory: { centers: 1 },
      geometry: {
        width: 200,
        height: 200,
        points: { a: [[50, 50]], b: [[150, 50]], c: [[50, 150]], d: [[150, 150]] },
      },
      ...extra,
    }),
  );
}

/** The four sides of the 2x2 board are borders; the diagonals a–d and b–c touch at one point only. */
export const tinySides = { a: ['b', 'c'], b: ['a', 'd'], c: ['a', 'd'], d: ['b', 'c'] };

export { classic };

/** Parse orders given as `Power: order; order` lines against a position (throws on a parse error: test input). */
export function ordersFor(position: Position, text: Record<string, string>, variant: Variant = classic): PowerOrder[] {
  return Object.entries(text).flatMap(([power, t]) =>
    t.split(';').map((line) => {
      const r = parseOrder(variant, line.trim(), { position, power });
      if (!r.ok) throw new Error(`test order "${line}" does not parse: ${r.error}`);
      return { power, order: r.order };
    }),
  );
}

/** Map-pixel point of an output-pixel point. */
export function toMap(scene: Scene, p: Point): Point {
  return [(p[0] - scene.frame.x) / scene.scale, (p[1] - scene.frame.y) / scene.scale];
}

/** Is this output-pixel point inside the province's drawn territory? */
export function insideProvince(variant: Variant, scene: Scene, p: Point, province: string): boolean {
  const g = geometryOf(variant.data);
  if (!g.ok) throw new Error(g.error);
  return insideShape(toMap(scene, p), g.geometry.shapes.get(province)!, g.geometry);
}
