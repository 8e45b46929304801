/**
 * One entry point for every phase: a position and orders in, the results and the next position out.
 * Pure and deterministic; never throws on orders that have the right shape (illegal orders are results).
 */
import { resolveAdjustments } from './adjustment.js';
import type { GameMap } from './map.js';
import { resolveMovement, type MovementOutcome } from './movement/index.js';
import { followingPhase, phaseHasDecisions, powersWithDecisions, updateOwnership, winnerOf } from './phase.js';
import { resolveRetreats } from './retreat.js';
import type { DestroyedUnit, RulesModule } from './rules.js';
import type {
  Adjudication,
  AdjudicationContext,
  DislodgedUnit,
  OrderResult,
  Phase,
  Position,
  Power,
  PowerOrder,
  ProvinceId,
  Unit,
} from './types.js';
import type { Variant } from './variant.js';

/** Upper bound on the passes of a variant's outer movement loop (`revisitMovement`); it is monotone, so it ends sooner. */
const MAX_PASSES = 64;

export function adjudicate(
  variant: Variant,
  position: Position,
  given: PowerOrder[],
  context: AdjudicationContext = {},
): Adjudication {
  const { map, rules } = variant;
  const adopted = rules.adoptOrders?.({ map, position, orders: given, context });
  const orders = adopted?.orders ?? given;
  const phased = adjudicatePhase(variant, position, orders, context);
  const adj = adopted?.results?.length ? { ...phased, results: [...phased.results, ...adopted.results] } : phased;
  const withEvents = adopted?.events?.length ? { ...adj, events: [...adopted.events, ...(adj.events ?? [])] } : adj;
  const done = adopted?.uncountedBallots?.length
    ? { ...withEvents, uncountedBallots: adopted.uncountedBallots }
    : withEvents;
  return rules.afterAdjudication
    ? rules.afterAdjudication({ map, before: position, orders: given, adjudication: done, context })
    : done;
}

function adjudicatePhase(
  variant: Variant,
  position: Position,
  orders: PowerOrder[],
  context: AdjudicationContext,
): Adjudication {
  const { map, rules } = variant;
  const phase = position.phase;
  let results: OrderResult[];
  let units: Unit[];
  let dislodged: DislodgedUnit[] = [];
  let contested: ProvinceId[] = [];
  const removed: Unit[] = [];
  let civilDisorderRemovals: Unit[] = [];

  if (phase.type === 'movement') {
    let pass: unknown;
    const explain = context.explain !== false;
    const first = resolveMovement(map, rules, position, orders, undefined, explain);
    let out = first;
    // Units a variant's rule removes from the map before a pass is resolved (Warhammer Cataclysmic Battles).
    let gone: Removal = { units: [], results: [] };
    for (let n = 1; rules.revisitMovement && n < MAX_PASSES; n++) {
      const next = rules.revisitMovement({ map, position, outcome: out, pass, context });
      if (next === undefined) break;
      pass = next;
      gone = removal(
        rules.destroyedUnits?.({ map, position, outcome: out, pass, context }) ?? [],
        position,
        first,
        explain,
      );
      const board =
        gone.units.length === 0
          ? position
          : { ...position, units: position.units.filter((u) => !gone.units.some((g) => sameUnit(g, u))) };
      const forGone = (po: PowerOrder) =>
        'unit' in po.order && gone.units.some((g) => 'unit' in po.order && g.province === po.order.unit.province);
      const carried = gone.units.length === 0 ? orders : orders.filter((po) => !forGone(po));
      out = resolveMovement(map, rules, board, carried, pass, explain);
    }
    ({ units, dislodged, contested } = out);
    results = gone.results.length === 0 ? out.results : [...out.results, ...gone.results];
    removed.push(...gone.units);
    // A dislodged unit with nowhere to go is disbanded at once: there is nothing to decide for it.
    for (const d of dislodged) {
      if (d.retreatOptions!.length === 0) removed.push(unitOf(d));
    }
    let adj = finish(
      variant,
      position,
      phase,
      units,
      dislodged.filter((d) => d.retreatOptions!.length > 0),
      contested,
      results,
      dislodged,
      removed,
      civilDisorderRemovals,
    );
    if (rules.afterMovement)
      adj = rules.afterMovement({ map, before: position, adjudication: adj, ordered: out.ordered, pass, context });
    return adj;
  }
  if (phase.type === 'retreat') {
    const out = resolveRetreats(map, rules, position, orders);
    ({ units, results } = out);
    removed.push(...out.removed);
  } else {
    const out = resolveAdjustments(map, rules, position, orders);
    ({ units, results, civilDisorderRemovals } = out);
    removed.push(...out.removed);
  }
  return finish(variant, position, phase, units, [], [], results, dislodged, removed, civilDisorderRemovals);
}

/** Build the next position: retreats if any, ownership after fall, then skip phases with nothing to decide. */
function finish(
  variant: Variant,
  before: Position,
  phase: Phase,
  units: Unit[],
  pendingRetreats: DislodgedUnit[],
  contested: ProvinceId[],
  results: OrderResult[],
  dislodged: DislodgedUnit[],
  removed: Unit[],
  civilDisorderRemovals: Unit[],
): Adjudication {
  const { map, rules } = variant;
  let position: Position = {
    phase: followingPhase(rules, phase),
    units,
    dislodged: pendingRetreats,
    contested: pendingRetreats.length > 0 ? contested : [],
    supplyCenters: before.supplyCenters,
    ...(before.variantState ? { variantState: before.variantState } : {}),
  };
  // Ownership changes when the game enters winter after a fall turn (once: an adjustment phase never updates it).
  const walked = walkToDecisions(variant, before, position, phase.type === 'adjustment');
  position = walked.position;
  const centerChanges = walked.centerChanges;
  const winner = winnerOf(map, rules, position, variant.victory);
  return { phase, results, position, dislodged, contested, removed, civilDisorderRemovals, centerChanges, winner };
}

/** Walks forward from `position` over phases with nothing to decide, updating ownership on entering winter. */
function walkToDecisions(
  variant: Variant,
  before: Position,
  from: Position,
  ownershipDone: boolean,
): { position: Position; centerChanges: Adjudication['centerChanges'] } {
  const { map, rules } = variant;
  let position = from;
  let centerChanges: Adjudication['centerChanges'] = [];
  let done = ownershipDone;
  for (let guard = 0; guard < 8; guard++) {
    if (position.phase.type === 'adjustment' && !done) {
      ({ position, changes: centerChanges } = applyOwnership(map, rules, before, position));
      done = true;
    }
    if (phaseHasDecisions(map, rules, position)) break;
    position = { ...position, phase: followingPhase(rules, position.phase), dislodged: [], contested: [] };
  }
  return { position, centerChanges };
}

/**
 * Where a game starts (docs/variants.md "Variant files"): the variant's starting position, unless it is a movement
 * phase without a single unit (a map that brings no starting units, as DiploGM's Modern): then, as adjudication walks
 * over a phase with nothing to decide, the first phase where some power has something to decide (the builds of the
 * first winter), so the game does not wait out a deadline in which nobody can do anything.
 */
export function openingPosition(variant: Variant, start: Position): Position {
  if (start.phase.type !== 'movement' || start.units.length > 0) return start;
  return walkToDecisions(variant, start, start, false).position;
}

function applyOwnership(
  map: GameMap,
  rules: RulesModule,
  before: Position,
  position: Position,
): { position: Position; changes: Adjudication['centerChanges'] } {
  const { supplyCenters, changes } = updateOwnership(map, position);
  let next: Position = { ...position, supplyCenters };
  if (rules.afterCenterUpdate) next = rules.afterCenterUpdate({ map, before, after: next });
  return { position: next, changes };
}

/** Units taken off the board before a pass, with the result lines of every order given for them. */
interface Removal {
  units: Unit[];
  results: OrderResult[];
}

const sameUnit = (a: Unit, b: Unit) => a.power === b.power && a.type === b.type && a.province === b.province;

/**
 * The units `destroyedUnits` names that stand on the board, and the lines of the orders given for them (from the first
 * resolution, where they stood): the one carried out says why the unit is gone; the others (replaced, another power's)
 * stay as they were.
 */
function removal(destroyed: DestroyedUnit[], position: Position, first: MovementOutcome, explain: boolean): Removal {
  const units = position.units.filter((u) => destroyed.some((d) => sameUnit(d, u)));
  const results: OrderResult[] = [];
  // `resolveMovement` gives the lines of the orders carried out first, one per unit on the board, then the rejected ones.
  const carriedLines = new Set(first.results.slice(0, first.ordered.filter((ou) => !ou.virtual).length));
  for (const unit of units) {
    const why = destroyed.find((d) => sameUnit(d, unit))!.reason ?? 'destroyed (removed from the game: no retreat)';
    const illegal = first.ordered.find((ou) => !ou.virtual && sameUnit(ou.unit, unit))?.illegalReason;
    for (const r of first.results) {
      if (r.unit.split(' ')[1]?.split('/')[0] !== unit.province) continue;
      if (!carriedLines.has(r)) results.push(r);
      else if (!explain) results.push({ ...r, result: r.result === 'illegal' ? 'illegal' : 'failure', reason: '' });
      else
        results.push({
          ...r,
          result: r.result === 'illegal' ? 'illegal' : 'failure',
          reason: illegal ? `${illegal}, so the unit held; ${why}` : why,
        });
    }
  }
  return { units, results };
}

function unitOf(d: DislodgedUnit): Unit {
  return { power: d.power, type: d.type, province: d.province, coast: d.coast };
}

/** Powers that have something to decide in this position (units to order, retreats, builds or disbands). */
export function powersToAct(variant: Variant, position: Position): Power[] {
  return powersWithDecisions(variant.map, variant.rules, position);
}
