/**
 * Orcs in the Hills and absent powers' worthless centres: the supply count of the adjustments.
 *
 * - Seed, Orcs in the Hills: "Start an Orc Army in the Pale Sister (Orc Massif), this army is lost forever if destroyed,
 *   but does not require a support center to maintain." The hill armies are followed in `variantState.hillArmies`
 *   (where each stands now) and do not count against the Orcs' centres; once disbanded or destroyed they are gone
 *   (an army built later is an ordinary one). A deficit is paid with ordinary units: an ordered disband of a hill
 *   army pays nothing and fails, and civil disorder passes over them (the engine's `disbandRefusal`).
 * - Seed, Not having enough powers: "all the chaos centers would start with there respective armies and fleets, but
 *   would not generate any supply points if taken." With `worthlessAbsentCentres`, the home centres of the powers in
 *   `variantState.absent` give no supply to any other power that owns them.
 */
import { formatOrder } from '../../../engine/format.js';
import type { GameMap } from '../../../engine/map.js';
import type { Adjudication, Position, Power, PowerOrder, ProvinceId, Unit } from '../../../engine/types.js';
import type { Campaign } from '../campaign.js';
import { ORCS } from '../features.js';
import { readState, withState } from '../state.js';

/**
 * Where the hill armies stand. A state without the field is the start of a game (docs/rules/warhammer.md §5: missing
 * fields read as the start), so the campaign's hill armies; a state that has it, its list.
 */
export function hillArmiesOf(position: Position, campaign: Campaign): ProvinceId[] {
  const raw = position.variantState as { hillArmies?: unknown } | undefined;
  return raw?.hillArmies === undefined ? campaign.hills : readState(position).hillArmies;
}

/** Hill armies that stand on the board (a state given without its armies, as a CLI case may, counts none). */
function standingHills(position: Position, campaign: Campaign): ProvinceId[] {
  return hillArmiesOf(position, campaign).filter((p) =>
    position.units.some((u) => u.power === ORCS && u.type === 'A' && u.province === p),
  );
}

export function supplyDelta(map: GameMap, position: Position, power: Power, campaign: Campaign): number | undefined {
  const state = readState(position);
  const hills = power === ORCS ? standingHills(position, campaign).length : 0;
  const worthless = campaign.worthlessAbsentCentres
    ? new Set(state.absent.filter((p) => p !== power).flatMap((p) => map.homeCenters(p)))
    : new Set<string>();
  if (hills === 0 && worthless.size === 0) return undefined;
  const centres = (position.supplyCenters[power] ?? []).filter((c) => !worthless.has(c)).length;
  const units = position.units.filter((u) => u.power === power).length;
  return centres - Math.max(0, units - hills);
}

/** `disbandRefusal`: a hill army "does not require a support center to maintain", so disbanding it pays no deficit. */
export function hillArmyKept(map: GameMap, position: Position, unit: Unit, campaign: Campaign): string | undefined {
  if (unit.power !== ORCS || unit.type !== 'A' || !standingHills(position, campaign).includes(unit.province))
    return undefined;
  const name = map.province(unit.province)?.name ?? unit.province;
  return `the hill army in ${name} needs no supply centre, so disbanding it does not pay the deficit: disband a unit that counts against your centres (Orcs in the Hills: "does not require a support center to maintain")`;
}

/**
 * Where each hill army stands after the phase: followed along the move or retreat the adjudicator carried out for it
 * (its result line, never an order a later one replaced); gone if removed.
 */
export function hillArmiesAfter(
  before: Position,
  orders: PowerOrder[],
  adj: Adjudication,
  campaign: Campaign,
): Adjudication {
  const hills = hillArmiesOf(before, campaign);
  const given = (before.variantState as { hillArmies?: unknown } | undefined)?.hillArmies !== undefined;
  if (hills.length === 0 && !given) return adj;
  const state = readState(adj.position);
  const moved = new Map<ProvinceId, ProvinceId>();
  for (const from of hills) {
    const label = `A ${from}`;
    const carried = adj.results.find(
      (r) => r.power === ORCS && r.unit === label && r.result === 'success' && !r.defaulted,
    );
    if (!carried) continue;
    for (const po of orders) {
      const o = po.order;
      if (po.power !== ORCS || (o.kind !== 'move' && o.kind !== 'retreat') || o.unit.province !== from) continue;
      const to = o.to.province;
      const text = formatOrder({
        ...o,
        unit: { type: 'A', province: from, coast: null },
        to: { province: to, coast: null },
      }).replace(/ via convoy$/, '');
      if (text === carried.order.replace(/ via convoy$/, '')) moved.set(from, to);
    }
  }
  const stands = (p: string) =>
    [...adj.position.units, ...adj.position.dislodged].some(
      (u) => u.power === ORCS && u.type === 'A' && u.province === p,
    );
  const wasThere = (p: string) =>
    [...before.units, ...before.dislodged].some((u) => u.power === ORCS && u.type === 'A' && u.province === p);
  const next = [
    ...new Set(
      hills
        .filter(wasThere)
        .map((p) => moved.get(p) ?? p)
        .filter(stands),
    ),
  ].sort();
  if (given && next.length === state.hillArmies.length && next.every((p, i) => p === state.hillArmies[i])) return adj;
  return { ...adj, position: withState(adj.position, { ...state, hillArmies: next }) };
}
