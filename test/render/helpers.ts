/** Small hand-built variants and positions for the renderer tests. */
import type { Order, Position, PowerOrder, Unit } from '../../src/engine/types.js';
import type { Variant } from '../../src/engine/variant.js';
import { buildVariant, parseVariantData } from '../../src/variants/build.js';
import type { VariantDataInput } from '../../src/variants/schema.js';
import { classic } from '../../src/variants/classic/index.js';
import { parseOrder } from '../../src/engine/parse/index.js';
import type { Point, Scene } from '../../src/render/index.js';
import { geometryOf, insideShape } from '../../src/render/geometry.js';
import { rng } from '../support/random.js';

/**
 * A 2x2 board: `a b` over `c d` (land), seeds in the middle of each quarter.
 * Adjacency given by the caller, so the check can be tested both ways.
 */
export function tinyVariant(adjacency: Record<string, string[]>, extra: Partial<VariantDataInput> = {}): Variant {
  const province = (id: string) => ({
    id,
    name: id.toUpperCase(),
    abbreviation: id.toUpperCase(),
    kind: 'land' as const,
    supplyCenter: false,
    home: null,
  });
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

/** A random movement phase: 18–36 units, each with a hold, a move, a support or a convoy. */
export function randomPhase(seed: number, variant: Variant = classic): { position: Position; orders: PowerOrder[] } {
  const r = rng(seed);
  const pick = <T>(xs: T[]): T => xs[Math.floor(r() * xs.length)]!;
  const map = variant.map;
  const powers = variant.powers.map((p) => p.name);
  const ids = map.provinceIds().filter((id) => map.province(id)!.kind !== 'impassable');
  const count = 18 + Math.floor(r() * 19);
  const units: Unit[] = [];
  const taken = new Set<string>();
  while (units.length < count) {
    const id = pick(ids);
    if (taken.has(id)) continue;
    taken.add(id);
    const kind = map.province(id)!.kind;
    const type = kind === 'sea' ? 'F' : kind === 'land' ? 'A' : r() < 0.5 ? 'A' : 'F';
    const coasts = map.coastsOf(id);
    units.push({
      power: pick(powers),
      type,
      province: id,
      coast: type === 'F' && coasts.length > 0 ? pick(coasts) : null,
    });
  }
  const supplyCenters: Record<string, string[]> = {};
  for (const u of units) if (map.province(u.province)!.supplyCenter) (supplyCenters[u.power] ??= []).push(u.province);
  const position: Position = {
    phase: { ...variant.startingPosition().phase, season: 'fall', type: 'movement' },
    units,
    dislodged: [],
    contested: [],
    supplyCenters,
  };
  const at = (u: Unit) => ({ type: u.type, province: u.province, coast: u.coast });
  const moves = new Map<string, string>();
  const orders: PowerOrder[] = units.map((u) => {
    const neighbours = [...map.neighbours(u.province)].filter((n) => map.canReach(u.type, u, n));
    const roll = r();
    let order: Order = { kind: 'hold', unit: at(u) };
    if (roll < 0.5 && neighbours.length > 0) {
      const to = pick(neighbours);
      const targets = map.fleetTargets(u, to);
      const loc = u.type === 'F' && targets.length > 0 ? pick(targets) : { province: to, coast: null };
      moves.set(u.province, to);
      order = { kind: 'move', unit: at(u), to: loc, viaConvoy: false };
    } else if (roll < 0.85) {
      const friend = units.find(
        (v) =>
          v !== u &&
          (neighbours.includes(v.province) || (moves.get(v.province) && neighbours.includes(moves.get(v.province)!))),
      );
      if (friend) {
        const dest = moves.get(friend.province);
        order = {
          kind: 'support',
          unit: at(u),
          target: at(friend),
          to: dest && neighbours.includes(dest) ? { province: dest, coast: null } : null,
        };
      }
    } else if (u.type === 'F' && map.isSea(u.province) && variant.rules.convoys !== false) {
      const army = units.find((v) => v.type === 'A' && map.neighbours(u.province).has(v.province));
      const dest = army
        ? [...map.neighbours(u.province)].find((n) => n !== army.province && map.isLand(n) && !map.isSea(n))
        : undefined;
      if (army && dest) order = { kind: 'convoy', unit: at(u), target: at(army), to: { province: dest, coast: null } };
    }
    return { power: u.power, order };
  });
  return { position, orders };
}
