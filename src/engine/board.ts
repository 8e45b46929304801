/**
 * Small board queries shared by the phase adjudicators.
 */
import { locationKey, type GameMap } from './map.js';
import type { RulesModule } from './rules.js';
import type { Location, Order, Position, Power, Unit } from './types.js';

/** Can this unit move (or retreat, or support into) `to` by the map or a variant's special links? */
export function unitCanMove(map: GameMap, rules: RulesModule, unit: Unit, to: Location): boolean {
  const override = rules.canMove?.({ map, unit, to });
  if (override !== undefined) return override;
  const adjacent =
    unit.type === 'A' ? to.coast === null && map.armyCanMove(unit.province, to.province) : map.fleetCanMove(unit, to);
  return adjacent && map.linkAllows(unit.province, to.province, unit.power);
}

/**
 * Why this unit cannot use the adjacency to `province` when only a link reserved to another power (`links[].power`)
 * forbids it, naming the link: "only Skaven units may use the underway between Middenheim and Skavenblight"
 * (Warhammer's Skaven Underways); undefined when that is not the reason.
 */
export function reservedLinkReason(map: GameMap, unit: Unit, province: string): string | undefined {
  const link = map.links.find(
    (l) =>
      l.power !== null &&
      l.power !== unit.power &&
      ((l.from === unit.province && l.to === province) || (l.from === province && l.to === unit.province)),
  );
  if (!link) return undefined;
  const adjacent =
    unit.type === 'A'
      ? map.armyCanMove(unit.province, province)
      : map.locationsOf(province, 'F').some((to) => map.fleetCanMove(unit, to));
  if (!adjacent) return undefined;
  return `only ${link.power} units may use the ${link.kind} between ${name(map, unit)} and ${map.province(province)?.name ?? province}`;
}

/** Can this unit reach some location of `province` (supports ignore coasts: DATC 6.B.4/6.B.5)? */
export function unitCanReachProvince(map: GameMap, rules: RulesModule, unit: Unit, province: string): boolean {
  // The locations a unit of this type could stand on there (`GameMap.locationsOf`), without building the list.
  const coasts = unit.type === 'F' ? map.coastsOf(province) : NO_COASTS;
  if (coasts.length === 0) return unitCanMove(map, rules, unit, { province, coast: null });
  for (const coast of coasts) if (unitCanMove(map, rules, unit, { province, coast })) return true;
  return false;
}

const NO_COASTS: readonly string[] = [];

/**
 * Resolve the exact destination of a move or retreat (DATC 4.B): an army ignores coasts; a fleet going to a
 * split-coast province must name a reachable coast, or reach exactly one.
 */
export function resolveDestination(
  map: GameMap,
  rules: RulesModule,
  unit: Unit,
  to: Location,
): { ok: true; to: Location } | { ok: false; reason: string } {
  const province = map.province(to.province);
  if (!province) return { ok: false, reason: `there is no province "${to.province}"` };
  if (province.kind === 'impassable') return { ok: false, reason: `${province.name} is impassable` };
  if (unit.type === 'A') {
    // DATC 6.B.? / 4.B.7: a coast on an army's move is ignored.
    const dest = { province: to.province, coast: null };
    return unitCanMove(map, rules, unit, dest)
      ? { ok: true, to: dest }
      : {
          ok: false,
          reason:
            reservedLinkReason(map, unit, to.province) ?? `an army in ${name(map, unit)} cannot reach ${province.name}`,
        };
  }
  const coasts = province.coasts;
  if (coasts.length === 0) {
    const dest = { province: to.province, coast: null };
    return unitCanMove(map, rules, unit, dest)
      ? { ok: true, to: dest }
      : {
          ok: false,
          reason:
            reservedLinkReason(map, unit, to.province) ?? `a fleet in ${name(map, unit)} cannot reach ${province.name}`,
        };
  }
  if (to.coast) {
    // DATC 6.B.2/6.B.3 (4.B.3): a move to a coast the fleet cannot reach is illegal.
    if (!coasts.includes(to.coast)) return { ok: false, reason: `${province.name} has no coast "${to.coast}"` };
    return unitCanMove(map, rules, unit, to)
      ? { ok: true, to }
      : { ok: false, reason: `a fleet in ${name(map, unit)} cannot reach ${locationKey(to)}` };
  }
  let reachable = 0;
  let reached: Location | null = null;
  for (const coast of coasts) {
    const loc = { province: to.province, coast };
    if (!unitCanMove(map, rules, unit, loc)) continue;
    reachable++;
    reached = loc;
  }
  if (reachable === 1) return { ok: true, to: reached! }; // DATC 6.B.2: the only reachable coast
  if (reachable === 0) return { ok: false, reason: `a fleet in ${name(map, unit)} cannot reach ${province.name}` };
  // DATC 6.B.1: both coasts reachable and none given: the order is illegal.
  return {
    ok: false,
    reason: `say which coast of ${province.name} (${coasts.map((c) => `${to.province}/${c}`).join(' or ')})`,
  };
}

function name(map: GameMap, unit: Unit): string {
  return map.province(unit.province)?.name ?? unit.province;
}

export function unitLabel(unit: Unit): string {
  return `${unit.type} ${locationKey(unit)}`;
}

/**
 * The power an order is about: the owner of the unit it orders (a dislodged unit in a retreat phase), or, for a build,
 * the owner of the centre; null for a waive or when nothing is there.
 */
export function orderSubject(position: Position, order: Order): Power | null {
  if (order.kind === 'waive') return null;
  const at = order.unit.province;
  if (position.phase.type === 'retreat') return position.dislodged.find((d) => d.province === at)?.power ?? null;
  if (order.kind === 'build') {
    for (const [power, owned] of Object.entries(position.supplyCenters)) if (owned.includes(at)) return power;
    return null;
  }
  return position.units.find((u) => u.province === at)?.power ?? null;
}
