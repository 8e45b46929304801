/**
 * Fog of war, the pure part: which provinces a power sees on a board, and the board, orders and results as that
 * power sees them. Adjudication never reads this; it is a view over the stored truth (docs/table.md, "Fog of war").
 *
 * The rule (the common one of fog-of-war Diplomacy): a power sees every province it has a unit in (dislodged units
 * included, in a retreat phase) or owns a supply centre in, and every province next to one of those by any
 * adjacency of the map (army or fleet, any coast). In a seen province it sees everything: units, dislodged units
 * (another power's without its retreat options, which name provinces beyond), standoffs, the centre's owner.
 * Outside, nothing: no unit, no owner (an unseen centre is drawn and counted as unknown, never as last seen).
 */
import type { GameMap } from './map.js';
import type { RulesModule } from './rules.js';
import type {
  Adjudication,
  DislodgedUnit,
  OrderResult,
  Position,
  Power,
  PowerOrder,
  ProvinceId,
  Unit,
} from './types.js';

/** What one power sees of one board: the provinces in sight, and the others (drawn as fog). */
export interface Sight {
  power: Power;
  seen: ReadonlySet<ProvinceId>;
}

/** The provinces `power` sees on `position` (its units, dislodged units and centres, and their neighbours). */
export function sightOf(map: GameMap, position: Position, power: Power): Sight {
  const base = new Set<ProvinceId>();
  for (const u of position.units) if (u.power === power) base.add(u.province);
  for (const u of position.dislodged ?? []) if (u.power === power) base.add(u.province);
  for (const c of position.supplyCenters[power] ?? []) base.add(c);
  const seen = new Set(base);
  for (const p of base) for (const n of map.neighbours(p)) seen.add(n);
  return { power, seen };
}

/** The provinces of the map `sight` does not reach, sorted (what a map draws as fog). */
export function hiddenProvinces(map: GameMap, sight: Sight): ProvinceId[] {
  return map.provinceIds().filter((p) => !sight.seen.has(p));
}

const inSight = (sight: Sight) => (u: { province: ProvinceId }) => sight.seen.has(u.province);

/**
 * Another power's dislodged unit as `power` sees it: where it stands, not where it may retreat. Its options are the
 * provinces next to it left empty, uncontested and not the attack's origin, some of them out of sight: listed (or
 * "nowhere to retreat"), they would tell what stands there. Its own units keep theirs.
 */
function seenDislodged(power: Power) {
  return (d: DislodgedUnit): DislodgedUnit => {
    if (d.power === power || d.retreatOptions === undefined) return d;
    const { retreatOptions: _hidden, ...rest } = d;
    return rest;
  };
}

/**
 * The board as `sight` shows it: units, dislodged units and standoffs in seen provinces, each power's centres in seen
 * provinces (its own centres always: they are seen). The variant's state between phases is what its `fogState` rule
 * keeps of it (a place out of sight left out), all of it without one. `rules` has no default: a caller that forgot the
 * variant's would show a place out of sight.
 */
export function fogPosition(position: Position, sight: Sight, rules: Pick<RulesModule, 'fogState'>): Position {
  const supplyCenters: Record<Power, ProvinceId[]> = {};
  for (const [power, centres] of Object.entries(position.supplyCenters)) {
    const shown = centres.filter((c) => sight.seen.has(c));
    if (shown.length > 0 || power === sight.power) supplyCenters[power] = shown;
  }
  return {
    ...position,
    units: position.units.filter(inSight(sight)),
    dislodged: (position.dislodged ?? []).filter(inSight(sight)).map(seenDislodged(sight.power)),
    contested: (position.contested ?? []).filter((p) => sight.seen.has(p)),
    supplyCenters,
    ...(position.variantState !== undefined && rules.fogState
      ? { variantState: rules.fogState({ state: position.variantState, seen: sight.seen, power: sight.power }) }
      : {}),
  };
}

/** The province a result's unit stands in (`A mun`, `F spa/nc`); null for a result naming no unit (a waived build). */
export function resultProvince(result: Pick<OrderResult, 'unit'>): ProvinceId | null {
  const place = result.unit.trim().split(/\s+/)[1];
  if (!place) return null;
  return place.split('/')[0]!.toLowerCase();
}

/**
 * A result the power may read: its own, or another power's whose unit stood in sight when the phase began (for a
 * build, whose new unit stands in sight). A result naming no unit (another power's waived build) is never shown.
 */
export function resultSeen(result: Pick<OrderResult, 'power' | 'unit'>, sight: Sight): boolean {
  if (result.power === sight.power) return true;
  const province = resultProvince(result);
  return province !== null && sight.seen.has(province);
}

/** The orders a power may see: its own, and those of units that stood in sight (the phase's start). */
export function fogOrders(orders: readonly PowerOrder[], sight: Sight): PowerOrder[] {
  return orders.filter((o) => {
    if (o.power === sight.power) return true;
    if (o.order.kind === 'waive') return false;
    return sight.seen.has(o.order.unit.province);
  });
}

/**
 * An adjudication as a power saw it: `before` is the sight at the phase's start (which results and dislodgements it
 * watched), `after` the sight on the board that follows (the next position, centre changes). Ballots not counted
 * are never shown (they name voters' orders); the winner is public. `rules`: the variant's (its `fogState`).
 */
export function fogAdjudication(
  adjudication: Adjudication,
  before: Sight,
  after: Sight,
  rules: Pick<RulesModule, 'fogState'>,
): Adjudication {
  const seenBefore = (u: { province: ProvinceId }) => before.seen.has(u.province) || after.seen.has(u.province);
  const { uncountedBallots: _hidden, ...rest } = adjudication;
  return {
    ...rest,
    // Another power's refused retreat names its options (`… (options: bel, pic)`): left out, as its unit's are.
    results: adjudication.results
      .filter((r) => resultSeen(r, before))
      .map((r) =>
        r.power === before.power || !r.reason?.includes(' (options: ')
          ? r
          : { ...r, reason: r.reason.replace(/ \(options: [^()]*\)/, '') },
      ),
    position: fogPosition(adjudication.position, after, rules),
    dislodged: adjudication.dislodged.filter(seenBefore).map(seenDislodged(before.power)),
    contested: adjudication.contested.filter((p) => before.seen.has(p) || after.seen.has(p)),
    removed: adjudication.removed.filter(seenBefore) as Unit[],
    civilDisorderRemovals: adjudication.civilDisorderRemovals.filter(seenBefore) as Unit[],
    centerChanges: adjudication.centerChanges.filter(
      (c) => c.to === before.power || c.from === before.power || after.seen.has(c.province),
    ),
    ...(adjudication.events
      ? {
          events: adjudication.events.filter((e) =>
            e.province !== undefined
              ? after.seen.has(e.province) || before.seen.has(e.province)
              : e.power === before.power,
          ),
        }
      : {}),
  };
}
