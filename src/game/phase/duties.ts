/**
 * What a power has to decide in a phase: which units need orders, how many builds or disbands.
 * Used to check submitted orders against the board, to list missing orders, and for reminders.
 */
import {
  adjustmentDelta,
  powersToAct,
  buildableCenters,
  buildableTypes as engineBuildableTypes,
  locationKey,
  parseLocationKey,
} from '../../engine/index.js';
import type { Location, Order, Position, Power, ProvinceId, Unit, UnitType } from '../../engine/types.js';
import type { Variant } from '../../engine/variant.js';
import { msg, type MsgParam } from '../../i18n/index.js';
import { provincesParam, unitParam } from '../core/index.js';

/** Orders for units the players' vote moves (Mandate of Heaven neutrals) are stored under this key prefix. */
export const BALLOT = 'vote:';
export const isBallotKey = (unitKey: string): boolean => unitKey.startsWith(BALLOT);

export interface Duties {
  /** Units that take an order this phase (movement: units on the board; retreat: dislodged units). */
  units: Unit[];
  /** Adjustment phase: builds the power may make (0 otherwise), already limited by free build sites. */
  builds: number;
  /** Adjustment phase: units the power must disband. */
  disbands: number;
  /** Adjustment phase: provinces the power may build in. */
  buildSites: ProvinceId[];
  /** Adjustment phase: a WAIVE may not stand for a build (the variant's `waiveRefused`: Mandate of Heaven's placement). */
  noWaive?: boolean;
}

export function unitText(u: { type: UnitType | null } & Location): string {
  return `${u.type ?? '?'} ${locationKey(u)}`;
}

/** Centres the power may build in now (the engine's rule: owned, vacant home centres, or the variant's hook). */
export function buildSites(variant: Variant, position: Position, power: Power): ProvinceId[] {
  return buildableCenters(variant.map, variant.rules, position, power);
}

/** Unit types the power may build in a province (DATC 6.I.2: no fleets inland; or the variant's hook). */
export function buildableTypes(variant: Variant, position: Position, power: Power, province: ProvinceId): UnitType[] {
  return engineBuildableTypes(variant.map, variant.rules, position, power, province);
}

/**
 * The powers whose units the players' vote moves on `position` (Mandate of Heaven's neutrals, rule 3), given the
 * seated powers; none in most variants.
 */
export function votedPowersOf(variant: Variant, position: Position, seated: readonly Power[]): Set<Power> {
  return new Set(variant.rules.votedPowers?.({ map: variant.map, position, players: [...seated] }) ?? []);
}

export function dutiesOf(variant: Variant, position: Position, power: Power): Duties {
  const none: Duties = { units: [], builds: 0, disbands: 0, buildSites: [] };
  switch (position.phase.type) {
    case 'movement':
      return { ...none, units: position.units.filter((u) => u.power === power) };
    case 'retreat':
      return { ...none, units: position.dislodged.filter((u) => u.power === power) };
    case 'adjustment': {
      // Centres minus units, or the variant's own count (Mandate of Heaven: the Hsiung-Nu's allowance).
      const delta = adjustmentDelta(position, power, variant.map, variant.rules);
      if (delta < 0) return { ...none, disbands: -delta };
      const sites = buildSites(variant, position, power);
      const noWaive = Boolean(variant.rules.waiveRefused?.({ map: variant.map, position, power }));
      return { ...none, builds: Math.min(delta, sites.length), buildSites: sites, ...(noWaive ? { noWaive } : {}) };
    }
  }
}

/** Has the power an order (or build/waive) for everything it has to decide, given its stored orders' unit keys? */
export function ordersComplete(duties: Duties, storedKeys: string[], kinds: string[]): boolean {
  if (duties.units.length > 0) {
    const keys = new Set(storedKeys);
    return duties.units.every((u) => keys.has(u.province));
  }
  if (duties.builds > 0) return kinds.filter((k) => k === 'build' || k === 'waive').length >= duties.builds;
  if (duties.disbands > 0) return kinds.filter((k) => k === 'disband').length >= duties.disbands;
  return true;
}

/** Has this power anything at all to decide? */
export function hasDuties(d: Duties): boolean {
  return d.units.length > 0 || d.builds > 0 || d.disbands > 0;
}

/**
 * The seated powers that act in this position: those with something to decide, and — when a power moved by the
 * players' vote has something to decide (a Mandate of Heaven neutral's retreat or build) — every seated power
 * still in the game, since each votes on it. Under the fog of war (`seenBy`, src/game/fog `viewsUnderFog`) a seated
 * power also acts when its own view shows it something to decide: a placement where a unit stands out of its sight
 * (which the adjudication then fails) is still one to make, as its replies and the pad tell it.
 */
export function seatedToAct(
  variant: Variant,
  position: Position,
  seated: string[],
  seenBy?: (power: Power) => Position,
): string[] {
  const acting = powersToAct(variant, position);
  const sees = (p: Power) => seenBy !== undefined && hasDuties(dutiesOf(variant, seenBy(p), p));
  const own = seated.filter((p) => acting.includes(p) || (position.phase.type === 'adjustment' && sees(p))).sort();
  const voted = votedPowersOf(variant, position, seated);
  if (!acting.some((p) => voted.has(p))) return own;
  const inGame = (p: string) =>
    position.units.some((u) => u.power === p) || (position.supplyCenters[p]?.length ?? 0) > 0;
  return [...new Set([...own, ...seated.filter((p) => !voted.has(p) && inGame(p))])].sort();
}

/**
 * What still has no order: the units without one, or how many builds are left and the centres still free for them
 * (not one a build was given for), or the disbands left.
 */
interface LeftToOrder {
  units: Unit[];
  builds: number;
  sites: ProvinceId[];
  disbands: number;
}

/** What a power still has to order: its units without an order, or the builds (and where) or disbands left. */
export function leftToOrder(
  duties: Duties,
  stored: readonly { unitKey: string; order: Pick<Order, 'kind'> }[],
): LeftToOrder {
  // A ballot for a unit the players' vote moves (a Mandate of Heaven neutral) is no order, build or disband of its own.
  const rows = stored.filter((r) => !isBallotKey(r.unitKey));
  const keys = new Set(rows.map((r) => r.unitKey));
  const none = { units: [], builds: 0, sites: [], disbands: 0 };
  if (duties.units.length > 0) return { ...none, units: duties.units.filter((u) => !keys.has(u.province)) };
  if (duties.builds > 0) {
    const given = rows.filter((r) => r.order.kind === 'build' || r.order.kind === 'waive').length;
    const built = new Set(
      rows.filter((r) => r.order.kind === 'build').map((r) => parseLocationKey(r.unitKey).province),
    );
    const sites = duties.buildSites.filter((p) => !built.has(p));
    return { ...none, builds: Math.max(0, duties.builds - given), sites };
  }
  if (duties.disbands > 0)
    return { ...none, disbands: Math.max(0, duties.disbands - rows.filter((r) => r.order.kind === 'disband').length) };
  return none;
}

/** The units (or builds/disbands) that still have no order, as lines in English (counts, checks, logs). */
export function missingOrders(duties: Duties, rows: { unitKey: string; order: Pick<Order, 'kind'> }[]): string[] {
  const left = leftToOrder(duties, rows);
  if (left.builds > 0)
    return [
      `${left.builds} build${left.builds === 1 ? '' : 's'} (in ${left.sites.join(', ')})${duties.noWaive ? '' : ' or WAIVE'}`,
    ];
  if (left.disbands > 0) return [`${left.disbands} disband${left.disbands === 1 ? '' : 's'}`];
  return left.units.map((u) => unitText(u));
}

/**
 * The same, in the reader's words (docs/locales.md "Names"): each unit (`A Paris`, `A 咸陽`), or the builds left and
 * where (`1 construction (à Paris, Marseille) ou renonce`), or the disbands left.
 */
export function missingParams(
  variant: Variant,
  duties: Duties,
  rows: { unitKey: string; order: Pick<Order, 'kind'> }[],
): MsgParam[] {
  const left = leftToOrder(duties, rows);
  if (left.builds > 0) {
    const params = { count: left.builds, sites: provincesParam(variant, left.sites) };
    // "or waive" only where a waive is taken (not Mandate of Heaven's placement: docs/rules/mandate-of-heaven.md).
    return [duties.noWaive ? msg('orders.missing.buildsNoWaive', params) : msg('orders.missing.builds', params)];
  }
  if (left.disbands > 0) return [msg('orders.missing.disbands', { count: left.disbands })];
  return left.units.map((u) => unitParam(variant, u));
}
