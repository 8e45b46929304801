/**
 * Rule 2, the Hsiung-Nu (brief §3.2). They "start with 3 armies", placed before the first spring "in any of the
 * vacant provinces which lie in the north and west of the board which are bordered by the black band"; they "will
 * not need SCs to keep their units on the board initially"; "for every 2 SCs captured … an army may be built and
 * placed on the board as with the 3 initial armies" up to 6 units; "if the Hsiung-Nu get to 6/6, any further builds
 * will be made on a 1 for 1 basis, and must be made in a vacant, owned SC"; and the checks after years 2, 3 and 4
 * remove armies.
 *
 * Model (brief §3.2): a free allowance F (3 at the start) that each failed check lowers for good, so the armies
 * "start melting away"; units allowed = min(6, F + ⌊S/2⌋) while nomad, S once settled (irreversible, Q14).
 */
import type { GameMap } from '../../../engine/map.js';
import type { BuildSlot } from '../../../engine/rules.js';
import type { Position, Power, PowerOrder, ProvinceId, VariantEvent } from '../../../engine/types.js';
import type { MandateFeatures } from '../features.js';
import type { MandateState } from './state.js';

/** The seed's unit cap while nomad: "owning 6 gets them 6". */
const NOMAD_CAP = 6;
/** Starting armies, and the placement phase's year (CLI contract: `{winter, 0, adjustment}`). */
export const PLACEMENT_YEAR = 0;
const START_ARMIES = 3;

export interface NomadWinter {
  regime: 'nomad' | 'settled';
  /** F after this winter's check. */
  allowance: number;
  /** The check of this winter failed (years 2, 3, 4). */
  checkFailed: boolean;
  /** The switch to 1-for-1 supply happens this winter. */
  switchedNow: boolean;
  /** Units allowed this winter. */
  units: number;
  centres: number;
  unitsOnBoard: number;
}

/** The Hsiung-Nu's winter in this position, without changing any state (the adjustment hooks ask it freely). */
export function nomadWinter(features: MandateFeatures, state: MandateState, position: Position): NomadWinter {
  const power = features.nomads;
  const S = position.supplyCenters[power]?.length ?? 0;
  const U = position.units.filter((u) => u.power === power).length;
  const year = position.phase.year;
  const hn = state.hsiungNu;
  let allowance = hn.allowance;
  let checkFailed = false;
  if (hn.regime === 'nomad' && !hn.eliminated) {
    // "If at the end of the second game year, the Hsiung-Nu do not have at least 2 SCs, they must remove an army.
    // If they do not have at least 1 SC after the third year, a second army is removed. If they do not have at
    // least 1 SC after the fourth year, the last army is removed."
    if ((year === 2 && S < 2) || ((year === 3 || year === 4) && S < 1)) {
      checkFailed = allowance > 0;
      allowance = Math.max(0, allowance - 1);
    }
  }
  const switchedNow = hn.regime === 'nomad' && !hn.eliminated && S >= NOMAD_CAP;
  const regime = hn.regime === 'settled' || switchedNow ? 'settled' : 'nomad';
  const units = hn.eliminated ? 0 : regime === 'settled' ? S : Math.min(NOMAD_CAP, allowance + Math.floor(S / 2));
  return { regime, allowance, checkFailed, switchedNow, units, centres: S, unitsOnBoard: U };
}

/** Builds (+) or disbands (−) the Hsiung-Nu have this winter. */
export function nomadDelta(w: NomadWinter): number {
  return w.units - w.unitsOnBoard;
}

/** The placement phase (CLI contract: `{winter, 0, adjustment}`), "a preliminary to the first Spring move". */
export function isPlacement(position: Position): boolean {
  return position.phase.type === 'adjustment' && position.phase.year === PLACEMENT_YEAR;
}

/**
 * Placements the Hsiung-Nu have in the placement phase: "The Hsiung-Nu … will start with 3 armies", so three less
 * the armies they already have on the board (a board that is not the starting one), never a disband. Nobody else
 * builds or disbands in this phase, whatever the board (docs/rules/mandate-of-heaven.md).
 */
export function placementsDue(features: MandateFeatures, state: MandateState, position: Position): number {
  if (state.hsiungNu.eliminated) return 0;
  return Math.max(0, START_ARMIES - position.units.filter((u) => u.power === features.nomads).length);
}

/**
 * Where the Hsiung-Nu may build: "All builds up to 6 must be placed in the initial placement area" (any province
 * of it, centre or not, owned or not: Q16); after the switch, "in a vacant, owned SC" (rule 1 and rule 2). In the
 * winter of the switch, when this winter's builds cross 6, both places (the rank of each build decides which:
 * `nomadBuildSlots`).
 */
export function nomadBuildPlaces(features: MandateFeatures, w: NomadWinter, position: Position): ProvinceId[] {
  const owned = position.supplyCenters[features.nomads] ?? [];
  if (w.regime === 'nomad') return [...features.placementArea];
  if (!w.switchedNow || w.unitsOnBoard >= NOMAD_CAP) return [...owned];
  if (w.units <= NOMAD_CAP) return [...features.placementArea];
  return [...new Set([...features.placementArea, ...owned])].sort();
}

/**
 * The winter the Hsiung-Nu settle, their builds by rank: "All builds up to 6 must be placed in the initial placement
 * area" and "any further builds will be made on a 1 for 1 basis, and must be made in a vacant, owned SC". Undefined
 * in every other winter (all builds go to the same places).
 */
export function nomadBuildSlots(
  features: MandateFeatures,
  w: NomadWinter,
  position: Position,
): BuildSlot[] | undefined {
  if (!w.switchedNow || w.unitsOnBoard >= NOMAD_CAP || w.units <= NOMAD_CAP) return undefined;
  const owned = [...(position.supplyCenters[features.nomads] ?? [])].sort();
  const area = [...features.placementArea];
  const slots: BuildSlot[] = [];
  for (let unit = w.unitsOnBoard + 1; unit <= w.units; unit++) {
    slots.push(
      unit <= NOMAD_CAP
        ? {
            places: area,
            rule: `the Hsiung-Nu's builds up to their 6th unit must be placed in the placement area, and this build would be their ${ordinal(unit)} unit (Mandate of Heaven rule 2)`,
          }
        : {
            places: owned,
            rule: `once the Hsiung-Nu get to 6 units, further builds must be made in a vacant, owned supply centre, and this build would be their ${ordinal(unit)} unit (Mandate of Heaven rule 2)`,
          },
    );
  }
  return slots;
}

function ordinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/**
 * The placement phase's default (Q18: all three armies are placed): the Hsiung-Nu's valid placements are kept and
 * the rest filled from the default list (Beidi, Loufan, Donghu), then the area in order, skipping occupied or used
 * provinces. Returns the provinces filled in; the event names those the adjudication built (`defaultPlacementEvent`).
 */
export function placementDefaults(
  features: MandateFeatures,
  state: MandateState,
  position: Position,
  orders: PowerOrder[],
): ProvinceId[] {
  const power = features.nomads;
  const due = placementsDue(features, state, position);
  const occupied = new Set(position.units.map((u) => u.province));
  const area = new Set(features.placementArea);
  const used = new Set<ProvinceId>();
  for (const o of orders) {
    if (o.power !== power || o.order.kind !== 'build' || used.size >= due) continue;
    const at = o.order.unit.province;
    if (o.order.unit.type === 'A' && area.has(at) && !occupied.has(at)) used.add(at);
  }
  const fill: ProvinceId[] = [];
  for (const at of [...features.defaultPlacement, ...features.placementArea]) {
    if (used.size + fill.length >= due) break;
    if (!occupied.has(at) && !used.has(at) && !fill.includes(at)) fill.push(at);
  }
  return fill;
}

/** The placement orders filled in for the Hsiung-Nu (a waive is no way out of placing, Q18: `waiveRefused`). */
export function placementOrders(features: MandateFeatures, fill: readonly ProvinceId[]): PowerOrder[] {
  return fill.map((province) => ({
    power: features.nomads,
    order: { kind: 'build', unit: { type: 'A', province, coast: null } },
  }));
}

/**
 * The event naming the default placements the adjudication carried out: the filled-in provinces where a Hsiung-Nu
 * army now stands (each was vacant, so the army is the one placed there), never the orders filled in as such.
 */
export function defaultPlacementEvent(
  features: MandateFeatures,
  map: GameMap,
  fill: readonly ProvinceId[],
  after: Position,
): VariantEvent | null {
  const power = features.nomads;
  const placed = fill.filter((p) => after.units.some((u) => u.power === power && u.type === 'A' && u.province === p));
  if (placed.length === 0) return null;
  const names = placed.map((p) => map.province(p)?.name ?? p).join(', ');
  return {
    kind: 'default-placement',
    power,
    text: `The Hsiung-Nu placed ${placed.length === 1 ? 'an army' : `${placed.length} armies`} by default in ${names} (Mandate of Heaven rule 2: all three armies are placed).`,
  };
}

/** State and events after the Hsiung-Nu's winter (attrition, the switch, elimination). */
export function afterNomadWinter(
  features: MandateFeatures,
  state: MandateState,
  winter: Position,
  after: Position,
  nomadPower: Power,
): { state: MandateState; events: VariantEvent[] } {
  const hn = state.hsiungNu;
  if (hn.eliminated) return { state, events: [] };
  const w = nomadWinter(features, state, winter);
  const events: VariantEvent[] = [];
  const year = winter.phase.year;
  if (w.checkFailed) {
    const need = year === 2 ? 'at least 2 supply centres' : 'a supply centre';
    events.push({
      kind: 'attrition',
      power: nomadPower,
      // A failed check leaves them fewer than 2 centres, so the units they are allowed are the allowance F itself.
      text: `The Hsiung-Nu did not hold ${need} after year ${year}: their armies melt away, and their allowance falls from ${hn.allowance} to ${w.allowance} unit${w.allowance === 1 ? '' : 's'} (Mandate of Heaven rule 2).`,
    });
  }
  if (w.switchedNow) {
    // "All builds up to 6 must be placed in the initial placement area", in the winter of the switch too.
    const bandBuilds = Math.min(NOMAD_CAP, w.units) - w.unitsOnBoard;
    const thisWinter =
      bandBuilds > 0
        ? ', except that this winter their builds up to their 6th unit still go in the placement area'
        : '';
    events.push({
      kind: 'nomads-settled',
      power: nomadPower,
      text: `The Hsiung-Nu own ${w.centres} supply centres, 6 or more: the nomad population is exhausted, and from now on they build one unit per centre, in vacant owned centres${thisWinter} (Mandate of Heaven rule 2).`,
    });
  }
  const unitsAfter = after.units.filter((u) => u.power === nomadPower).length;
  const eliminated = unitsAfter === 0 && w.centres === 0 && (w.regime === 'settled' || w.allowance === 0);
  if (eliminated) {
    events.push({
      kind: 'eliminated',
      power: nomadPower,
      text: 'The Hsiung-Nu have melted away: they are eliminated (Mandate of Heaven rule 2).',
    });
  }
  return { state: { ...state, hsiungNu: { regime: w.regime, allowance: w.allowance, eliminated } }, events };
}
