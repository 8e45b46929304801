/**
 * What the computer players know about a variant's map, computed once per variant (and per power for moves):
 * province indices, the places a unit can stand (a province, or a coast for fleets), where each can move, and
 * distances. Built from the engine's own adjacency questions (`unitCanMove`), so links reserved to one power and
 * a variant's `canMove` hook count exactly as the adjudicator counts them.
 */
import { unitCanMove } from '../engine/board.js';
import { locationKey } from '../engine/map.js';
import type { Location, Position, Power, ProvinceId, Unit, UnitType } from '../engine/types.js';
import type { Variant } from '../engine/variant.js';

/** A place a unit of one type can stand: an army in `par`, a fleet on `spa/nc`. */
export interface Place {
  type: UnitType;
  province: number;
  location: Location;
}

export class Board {
  readonly variant: Variant;
  /** Province ids, sorted. */
  readonly provinces: ProvinceId[];
  readonly index: ReadonlyMap<ProvinceId, number>;
  readonly isCenter: readonly boolean[];
  readonly centers: readonly number[];
  readonly places: readonly Place[];
  /** Places of each province (army first, then fleet coasts). */
  readonly placesOf: readonly number[][];
  /** Moves between provinces for any unit (special links included), as a distance table (255: unreachable). */
  private readonly distance: Uint8Array;
  private readonly moves = new Map<Power, number[][]>();
  private readonly reach = new Map<Power, (readonly number[] | null)[]>();

  constructor(variant: Variant) {
    this.variant = variant;
    const map = variant.map;
    this.provinces = map.provinceIds();
    this.index = new Map(this.provinces.map((p, i) => [p, i]));
    this.isCenter = this.provinces.map((p) => map.province(p)!.supplyCenter);
    this.centers = this.provinces.flatMap((_p, i) => (this.isCenter[i] ? [i] : []));
    const places: Place[] = [];
    const placesOf: number[][] = this.provinces.map(() => []);
    this.provinces.forEach((p, i) => {
      for (const type of ['A', 'F'] as const) {
        for (const location of map.locationsOf(p, type)) {
          if (!map.canStand(type, location)) continue;
          placesOf[i]!.push(places.length);
          places.push({ type, province: i, location });
        }
      }
    });
    this.places = places;
    this.placesOf = placesOf;
    const n = this.provinces.length;
    const linked = this.provinces.map((p) => {
      const out = new Set(map.neighbours(p));
      for (const link of map.links) {
        if (link.from === p) out.add(link.to);
        if (link.to === p) out.add(link.from);
      }
      out.delete(p);
      return [...out].map((q) => this.index.get(q)).filter((q): q is number => q !== undefined);
    });
    this.distance = new Uint8Array(n * n).fill(255);
    for (let s = 0; s < n; s++) {
      this.distance[s * n + s] = 0;
      let frontier = [s];
      for (let d = 1; frontier.length > 0 && d < 255; d++) {
        const next: number[] = [];
        for (const a of frontier) {
          for (const b of linked[a]!) {
            if (this.distance[s * n + b] !== 255) continue;
            this.distance[s * n + b] = d;
            next.push(b);
          }
        }
        frontier = next;
      }
    }
  }

  province(id: ProvinceId): number {
    const i = this.index.get(id);
    if (i === undefined) throw new Error(`no province "${id}" in ${this.variant.id}`);
    return i;
  }

  /** Distance in moves between two provinces for any unit (special links included); 255 when unreachable. */
  dist(a: number, b: number): number {
    return this.distance[a * this.provinces.length + b]!;
  }

  /** The place a unit stands on. */
  placeOf(unit: { type: UnitType; province: ProvinceId; coast: string | null }): number {
    const i = this.placeAt(unit.type, unit);
    if (i === undefined) throw new Error(`a ${unit.type} cannot stand in ${locationKey(unit)}`);
    return i;
  }

  /** Provinces a unit of `power` on `place` can move into (cached). */
  reachFrom(power: Power, place: number): readonly number[] {
    let byPlace = this.reach.get(power);
    if (!byPlace) this.reach.set(power, (byPlace = this.places.map(() => null)));
    let list = byPlace[place];
    if (!list)
      byPlace[place] = list = [...new Set(this.movesFor(power)[place]!.map((to) => this.places[to]!.province))];
    return list;
  }

  placeAt(type: UnitType, location: Location): number | undefined {
    const p = this.index.get(location.province);
    if (p === undefined) return undefined;
    // A province has one to three places: looking through them is cheaper than building a key.
    for (const i of this.placesOf[p]!) {
      const place = this.places[i]!;
      if (place.type === type && place.location.coast === (location.coast ?? null)) return i;
    }
    return undefined;
  }

  /** Where a unit of `power` standing on each place can move (the adjudicator's own adjacency question). */
  movesFor(power: Power): readonly number[][] {
    let list = this.moves.get(power);
    if (!list) {
      const { map, rules } = this.variant;
      list = this.places.map((from) => {
        const unit: Unit = {
          power,
          type: from.type,
          province: this.provinces[from.province]!,
          coast: from.location.coast,
        };
        const out: number[] = [];
        for (const q of this.neighbourProvinces(from.province)) {
          for (const to of this.placesOf[q]!) {
            const place = this.places[to]!;
            if (place.type === from.type && unitCanMove(map, rules, unit, place.location)) out.push(to);
          }
        }
        return out;
      });
      this.moves.set(power, list);
    }
    return list;
  }

  /** Is `to` one of the places the unit can move to directly (not by convoy)? */
  isDirectMove(unit: Unit, to: Location): boolean {
    const from = this.placeOf(unit);
    const target = this.placeAt(unit.type, to);
    return target !== undefined && this.movesFor(unit.power)[from]!.includes(target);
  }

  private neighbourProvinces(p: number): number[] {
    const out: number[] = [];
    for (let q = 0; q < this.provinces.length; q++) if (q !== p && this.dist(p, q) === 1) out.push(q);
    return out;
  }
}

/** Units farther than this (in moves) from all of a power's own cannot change the outcome of its phase. */
const NEAR = 2;

/**
 * The position with only the units within two moves of the power's own: an attack on it comes from two moves away
 * at most, its supports from beside the target, so the computer players simulate this smaller board.
 */
export function nearUnits(board: Board, position: Position, power: Power): Position {
  const own = position.units.filter((u) => u.power === power).map((u) => board.province(u.province));
  const near = (id: ProvinceId) => own.some((o) => board.dist(o, board.province(id)) <= NEAR);
  return { ...position, units: position.units.filter((u) => u.power === power || near(u.province)) };
}

const boards = new WeakMap<Variant, Board>();

/** The board of a variant, built on first use and kept while the variant object lives. */
export function boardOf(variant: Variant): Board {
  let b = boards.get(variant);
  if (!b) boards.set(variant, (b = new Board(variant)));
  return b;
}
