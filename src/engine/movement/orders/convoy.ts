/**
 * Convoy orders: legality and convoy routes (DATC 6.F, 6.G).
 */
import type { GameMap } from '../../map.js';
import type { OrderedUnit, RulesModule } from '../../rules.js';
import type { ProvinceId } from '../../types.js';

export function validateConvoy(map: GameMap, ou: OrderedUnit, rules: RulesModule = {}): string | null {
  const order = ou.order;
  if (order.kind !== 'convoy') return null;
  if (ou.unit.type !== 'F') return 'only fleets can convoy'; // DATC 6.A.?: an army cannot convoy
  const convoys = rules.convoysFrom?.({ map, province: ou.unit.province }) ?? map.isSea(ou.unit.province);
  if (!convoys) return `a fleet can only convoy from ${rules.convoyPlaces ?? 'a sea'}`; // coastal fleets do not convoy
  if (order.target.type === 'F') return 'only armies can be convoyed';
  if (!map.province(order.to.province)) return `there is no province "${order.to.province}"`;
  return null;
}

/**
 * Is there a chain of the given fleets (all at sea) from `from` to `to`?
 * `usable(fleetProvince)` says whether a fleet takes part (ordered to convoy this army and not dislodged).
 */
export function convoyRouteExists(
  map: GameMap,
  from: ProvinceId,
  to: ProvinceId,
  fleets: ProvinceId[],
  usable: (fleet: ProvinceId) => boolean,
): boolean {
  const touches = (sea: ProvinceId, land: ProvinceId) => seaTouches(map, sea, land);
  const open = fleets.filter((f) => touches(f, from) && usable(f));
  const seen = new Set(open);
  while (open.length > 0) {
    const f = open.pop()!;
    if (touches(f, to)) return true;
    for (const g of fleets) {
      if (!seen.has(g) && map.fleetCanMove({ province: f, coast: null }, { province: g, coast: null }) && usable(g)) {
        seen.add(g);
        open.push(g);
      }
    }
  }
  return false;
}

/** Does a sea province border this land province (any coast)? */
export function seaTouches(map: GameMap, sea: ProvinceId, land: ProvinceId): boolean {
  for (const key of map.fleetNeighbours({ province: sea, coast: null })) {
    if (key === land || key.startsWith(`${land}/`)) return true;
  }
  return false;
}

/**
 * Is the fleet at `sea` part of some minimal convoy route from `from` to `to` through the seas in `seas`
 * (a route none of whose fleets could be left out)? A convoy order that no minimal route needs expresses no
 * intent to convoy (DATC 6.G.7, 6.G.19, DATC 4.A.3).
 */
export function onMinimalRoute(
  map: GameMap,
  from: ProvinceId,
  to: ProvinceId,
  seas: ReadonlySet<ProvinceId>,
  sea: ProvinceId,
): boolean {
  const adjacentSeas = (a: ProvinceId, b: ProvinceId) =>
    map.fleetCanMove({ province: a, coast: null }, { province: b, coast: null });
  const path: ProvinceId[] = [];
  const visit = (s: ProvinceId): boolean => {
    // Induced path: the new sea touches only the previous sea of the path, and only the first sea touches `from`.
    if (path.length > 0 && seaTouches(map, s, from)) return false;
    for (let k = 0; k < path.length - 1; k++) if (adjacentSeas(path[k]!, s)) return false;
    if (path.slice(0, -1).some((p) => seaTouches(map, p, to))) return false;
    path.push(s);
    if (seaTouches(map, s, to)) {
      const found = path.includes(sea);
      path.pop();
      return found;
    }
    for (const next of seas) {
      if (!path.includes(next) && adjacentSeas(s, next) && visit(next)) {
        path.pop();
        return true;
      }
    }
    path.pop();
    return false;
  };
  for (const start of seas) if (seaTouches(map, start, from) && visit(start)) return true;
  return false;
}
