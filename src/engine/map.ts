/**
 * The board as the adjudicator sees it: provinces, coasts and the two adjacency graphs.
 * Built once per variant from validated data; queries are O(1) set look-ups.
 */
import type { CoastId, Location, Power, ProvinceId, UnitType } from './types.js';

export type ProvinceKind = 'land' | 'coast' | 'sea' | 'impassable';

export interface ProvinceInfo {
  id: ProvinceId;
  name: string;
  abbreviation: string;
  aliases: string[];
  localName?: string;
  kind: ProvinceKind;
  supplyCenter: boolean;
  home: Power | null;
  coasts: CoastId[];
}

export interface SpecialLink {
  from: ProvinceId;
  to: ProvinceId;
  kind: string;
  power: Power | null;
}

export interface MapInput {
  provinces: ProvinceInfo[];
  armyAdjacency: Record<string, string[]>;
  fleetAdjacency: Record<string, string[]>;
  links?: SpecialLink[];
}

/** `spa/nc` for a coast, `spa` otherwise. */
export function locationKey(loc: Location): string {
  return loc.coast ? `${loc.province}/${loc.coast}` : loc.province;
}

/** Parses `spa/nc` or `spa` (no validation against a map). */
export function parseLocationKey(key: string): Location {
  const slash = key.indexOf('/');
  return slash < 0 ? { province: key, coast: null } : { province: key.slice(0, slash), coast: key.slice(slash + 1) };
}

export class GameMap {
  readonly provinces: ReadonlyMap<ProvinceId, ProvinceInfo>;
  readonly links: readonly SpecialLink[];
  private readonly armyAdj = new Map<ProvinceId, Set<ProvinceId>>();
  /** location key -> location keys */
  private readonly fleetAdj = new Map<string, Set<string>>();
  /** province -> provinces reachable by any unit (army or fleet, any coast) */
  private readonly anyAdj = new Map<ProvinceId, Set<ProvinceId>>();

  constructor(input: MapInput) {
    this.provinces = new Map(input.provinces.map((p) => [p.id, p]));
    this.links = input.links ?? [];
    for (const [from, tos] of Object.entries(input.armyAdjacency)) {
      this.armyAdj.set(from, new Set(tos));
    }
    for (const [from, tos] of Object.entries(input.fleetAdjacency)) {
      this.fleetAdj.set(from, new Set(tos));
    }
    const addAny = (a: ProvinceId, b: ProvinceId) => {
      let s = this.anyAdj.get(a);
      if (!s) this.anyAdj.set(a, (s = new Set()));
      s.add(b);
    };
    for (const [from, tos] of this.armyAdj) for (const to of tos) addAny(from, to);
    for (const [from, tos] of this.fleetAdj) {
      for (const to of tos) addAny(parseLocationKey(from).province, parseLocationKey(to).province);
    }
  }

  province(id: ProvinceId): ProvinceInfo | undefined {
    return this.provinces.get(id);
  }

  has(id: ProvinceId): boolean {
    return this.provinces.has(id);
  }

  isSea(id: ProvinceId): boolean {
    return this.provinces.get(id)?.kind === 'sea';
  }

  isLand(id: ProvinceId): boolean {
    const k = this.provinces.get(id)?.kind;
    return k === 'land' || k === 'coast';
  }

  /** A province a fleet may enter (sea, or land with a coast). */
  isFleetable(id: ProvinceId): boolean {
    return this.fleetAdj.has(id) || this.coastsOf(id).length > 0;
  }

  coastsOf(id: ProvinceId): CoastId[] {
    return this.provinces.get(id)?.coasts ?? [];
  }

  /** The locations (province or each of its coasts) a unit of this type could stand on. */
  locationsOf(id: ProvinceId, type: UnitType): Location[] {
    const coasts = this.coastsOf(id);
    if (type === 'F' && coasts.length > 0) return coasts.map((c) => ({ province: id, coast: c }));
    return [{ province: id, coast: null }];
  }

  /** Can a unit of `type` exist at this location at all? */
  canStand(type: UnitType, loc: Location): boolean {
    const p = this.provinces.get(loc.province);
    if (!p || p.kind === 'impassable') return false;
    if (type === 'A') return p.kind !== 'sea' && loc.coast === null;
    if (p.coasts.length > 0) return loc.coast !== null && p.coasts.includes(loc.coast);
    return loc.coast === null && this.fleetAdj.has(loc.province);
  }

  armyNeighbours(from: ProvinceId): ReadonlySet<ProvinceId> {
    return this.armyAdj.get(from) ?? EMPTY;
  }

  fleetNeighbours(from: Location): ReadonlySet<string> {
    return this.fleetAdj.get(locationKey(from)) ?? EMPTY;
  }

  /** Provinces adjacent by any kind of movement. */
  neighbours(from: ProvinceId): ReadonlySet<ProvinceId> {
    return this.anyAdj.get(from) ?? EMPTY;
  }

  /**
   * A link reserved to one power (`links[].power`, e.g. an underway) may be used by that power only;
   * every other adjacency is open to all.
   */
  linkAllows(from: ProvinceId, to: ProvinceId, power: Power): boolean {
    for (const link of this.links) {
      if (link.power === null || link.power === power) continue;
      if ((link.from === from && link.to === to) || (link.from === to && link.to === from)) return false;
    }
    return true;
  }

  armyCanMove(from: ProvinceId, to: ProvinceId): boolean {
    return this.armyAdj.get(from)?.has(to) ?? false;
  }

  /** Fleet move between exact locations (coasts included). */
  fleetCanMove(from: Location, to: Location): boolean {
    return this.fleetAdj.get(locationKey(from))?.has(locationKey(to)) ?? false;
  }

  /** The coasts (or the plain province) of `to` a fleet at `from` can reach. */
  fleetTargets(from: Location, to: ProvinceId): Location[] {
    return this.locationsOf(to, 'F').filter((l) => this.fleetCanMove(from, l));
  }

  /** Can a unit of this type at `from` move to some location of province `to`? */
  canReach(type: UnitType, from: Location, to: ProvinceId): boolean {
    return type === 'A' ? this.armyCanMove(from.province, to) : this.fleetTargets(from, to).length > 0;
  }

  private sortedIds: ProvinceId[] | undefined;
  private readonly homes = new Map<Power, ProvinceId[]>();

  /** Provinces, sorted by id. */
  provinceIds(): ProvinceId[] {
    this.sortedIds ??= [...this.provinces.keys()].sort();
    return [...this.sortedIds];
  }

  supplyCenters(): ProvinceId[] {
    return this.provinceIds().filter((id) => this.provinces.get(id)!.supplyCenter);
  }

  /** Home supply centres of a power as the map defines them (sorted). */
  homeCenters(power: Power): ProvinceId[] {
    let list = this.homes.get(power);
    if (!list) {
      list = this.provinceIds().filter((id) => {
        const p = this.provinces.get(id)!;
        return p.supplyCenter && p.home === power;
      });
      this.homes.set(power, list);
    }
    return [...list];
  }
}

const EMPTY: ReadonlySet<never> = new Set();
