/**
 * Random legal positions and random (often illegal) orders, for property tests and benchmarks.
 */
import type { Variant } from '../../src/engine/variant.js';
import type { Location, Order, PowerOrder, Position, Unit } from '../../src/engine/types.js';

/** A tiny deterministic PRNG (mulberry32) so benchmarks and failures can be replayed from a seed. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

/** `count` units on distinct provinces, each on a location its type can stand on. */
export function randomPosition(variant: Variant, r: () => number, count: number): Position {
  const { map } = variant;
  const powers = variant.powers.map((p) => p.name);
  const provinces = map.provinceIds().filter((p) => map.province(p)!.kind !== 'impassable');
  const free = [...provinces];
  const units: Unit[] = [];
  while (units.length < count && free.length > 0) {
    const p = free.splice(Math.floor(r() * free.length), 1)[0]!;
    const kind = map.province(p)!.kind;
    const type = kind === 'sea' ? 'F' : kind === 'land' ? 'A' : r() < 0.5 ? 'A' : 'F';
    const loc = pick(r, map.locationsOf(p, type));
    units.push({ power: pick(r, powers), type, province: loc.province, coast: loc.coast });
  }
  const start = variant.startingPosition();
  return {
    phase: { season: r() < 0.5 ? 'spring' : 'fall', year: 1901, type: 'movement' },
    units,
    dislodged: [],
    contested: [],
    supplyCenters: start.supplyCenters,
  };
}

function randomLocation(variant: Variant, r: () => number, near?: string): Location {
  const { map } = variant;
  const neighbours = near ? [...map.neighbours(near)] : [];
  const province = neighbours.length > 0 && r() < 0.8 ? pick(r, neighbours) : pick(r, map.provinceIds());
  const coasts = map.coastsOf(province);
  return { province, coast: coasts.length > 0 && r() < 0.5 ? pick(r, coasts) : null };
}

/** One random order per unit, mostly plausible (neighbouring targets), sometimes nonsense. */
export function randomOrders(variant: Variant, position: Position, r: () => number): PowerOrder[] {
  const units = position.units;
  return units.map((u): PowerOrder => {
    const unit = { type: u.type, province: u.province, coast: u.coast };
    const other = pick(r, units);
    const otherRef = { type: other.type, province: other.province, coast: other.coast };
    const roll = r();
    let order: Order;
    if (roll < 0.15) order = { kind: 'hold', unit };
    else if (roll < 0.6)
      order = { kind: 'move', unit, to: randomLocation(variant, r, u.province), viaConvoy: r() < 0.05 };
    else if (roll < 0.75) order = { kind: 'support', unit, target: otherRef, to: null };
    else if (roll < 0.9)
      order = { kind: 'support', unit, target: otherRef, to: randomLocation(variant, r, other.province) };
    else order = { kind: 'convoy', unit, target: otherRef, to: randomLocation(variant, r) };
    return { power: r() < 0.95 ? u.power : 'Nobody', order };
  });
}
