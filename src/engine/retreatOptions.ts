/**
 * Where a dislodged unit may retreat (Classic rules, DATC 6.H): a place it could move to, that is empty after
 * the movement phase, was not left empty by a standoff, and is not where the attack came from — unless that
 * attack came by convoy (2023 rules, DATC 6.H.11/6.H.12).
 */
import { unitCanMove } from './board.js';
import { locationKey, parseLocationKey, type GameMap } from './map.js';
import type { RulesModule } from './rules.js';
import type { Position, ProvinceId, Unit } from './types.js';

export function retreatOptions(
  map: GameMap,
  rules: RulesModule,
  unit: Unit,
  occupied: ReadonlySet<ProvinceId>,
  contested: ReadonlySet<ProvinceId>,
  attackerFrom: ProvinceId | undefined,
  viaConvoy: boolean,
  position?: Position,
): string[] {
  const candidates = new Set<string>();
  if (unit.type === 'A') for (const p of map.armyNeighbours(unit.province)) candidates.add(p);
  else for (const key of map.fleetNeighbours(unit)) candidates.add(key);
  // A variant may change the unit for a retreat (Warring States: a fleet retreating inland reverts to an army).
  const acting = new Map<string, Unit>();
  if (rules.transformUnit && position) {
    for (const p of map.armyNeighbours(unit.province)) {
      const order = {
        kind: 'retreat' as const,
        unit: { type: unit.type, province: unit.province, coast: unit.coast },
        to: { province: p, coast: null },
      };
      const changed = rules.transformUnit({ map, position, unit, order });
      if (changed.type !== unit.type) {
        candidates.add(p);
        acting.set(p, changed);
      }
    }
  }
  for (const link of map.links) {
    if (link.from === unit.province) candidates.add(link.to);
    if (link.to === unit.province) candidates.add(link.from);
  }
  const options: string[] = [];
  for (const key of candidates) {
    const loc = parseLocationKey(key);
    if (occupied.has(loc.province) || contested.has(loc.province)) continue;
    if (loc.province === attackerFrom && !viaConvoy) continue;
    if (!unitCanMove(map, rules, acting.get(key) ?? unit, loc)) continue;
    options.push(locationKey(loc));
  }
  return options.sort();
}
