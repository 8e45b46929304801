/**
 * Orcs in the Hills and absent powers' worthless centres: the supply count of the adjustments.
 *
 * - Seed, Orcs in the Hills: "Start an Orc Army in the Pale Sister (Orc Massif), this army is lost forever if destroyed,
 *   but does not require a support center to maintain." The hill armies are followed in `variantState.hillArmies`
 *   (where each stands now) and do not count against the Orcs' centres; once disbanded or destroyed they are gone
 *   (an army built later is an ordinary one).
 * - Seed, Not having enough powers: "all the chaos centers would start with there respective armies and fleets, but
 *   would not generate any supply points if taken." With `worthlessAbsentCentres`, the home centres of the powers in
 *   `variantState.absent` give no supply to any other power that owns them.
 */
import type { GameMap } from '../../../engine/map.js';
import type { Adjudication, Position, Power, PowerOrder } from '../../../engine/types.js';
import type { Campaign } from '../campaign.js';
import { ORCS } from '../features.js';
import { readState, withState } from '../state.js';

export function supplyDelta(map: GameMap, position: Position, power: Power, campaign: Campaign): number | undefined {
  const state = readState(position);
  // Only hill armies that stand on the board (a state given without its armies, as a CLI case may, counts none).
  const hills = power === ORCS ? state.hillArmies.filter((p) => position.units.some((u) => u.power === ORCS && u.type === 'A' && u.province === p)).length : 0;
  const worthless = campaign.worthlessAbsentCentres ? new Set(state.absent.filter((p) => p !== power).flatMap((p) => map.homeCenters(p))) : new Set<string>();
  if (hills === 0 && worthless.size === 0) return undefined;
  const centres = (position.supplyCenters[power] ?? []).filter((c) => !worthless.has(c)).length;
  const units = position.units.filter((u) => u.power === power).length;
  return centres - Math.max(0, units - hills);
}

/** Where each hill army stands after the phase: followed along its successful move or retreat; gone if removed. */
export function hillArmiesAfter(before: Position, orders: PowerOrder[], adj: Adjudication): Adjudication {
  const state = readState(adj.position);
  if (state.hillArmies.length === 0) return adj;
  const moved = new Map<string, string>();
  for (const po of orders) {
    const o = po.order;
    if (po.power !== ORCS || (o.kind !== 'move' && o.kind !== 'retreat')) continue;
    const result = adj.results.find((r) => r.power === ORCS && r.unit === `A ${o.unit.province}` && !r.defaulted);
    if (result?.result === 'success') moved.set(o.unit.province, o.to.province);
  }
  const stands = (p: string) => [...adj.position.units, ...adj.position.dislodged].some((u) => u.power === ORCS && u.type === 'A' && u.province === p);
  const wasThere = (p: string) => [...before.units, ...before.dislodged].some((u) => u.power === ORCS && u.type === 'A' && u.province === p);
  const next = state.hillArmies.filter(wasThere).map((p) => moved.get(p) ?? p).filter(stands);
  if (next.length === state.hillArmies.length && next.every((p, i) => p === state.hillArmies[i])) return adj;
  return { ...adj, position: withState(adj.position, { ...state, hillArmies: [...new Set(next)].sort() }) };
}
