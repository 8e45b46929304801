/**
 * The orders a power can legally give on a board, as normalized texts (format.ts), for autocomplete and for
 * "units still without an order". It lists what the rules allow a player to *write*, not what will succeed:
 * a support of a move that will bounce is still listed.
 *
 * Movement: hold; moves (each reachable coast); convoy moves for armies on a coast when fleets at sea form a
 * route (DATC 6.G: "via convoy" also to adjacent provinces, 2023 rules); supports to hold and to move for every
 * unit the supporter can reach the destination of (supports name no coast, DATC 4.B.4); convoys for fleets at sea
 * (none when `rules.convoys === false`).
 * Retreats: `dislodged[].retreatOptions` (or, when absent, the adjudicator's own retreat rule, `transformUnit`
 * included) and disband.
 * Adjustments: builds in vacant owned home centres (or `rules.buildableCenters/buildableTypes`), WAIVE, or disbands.
 * Variant orders: whatever `SpecialOrderSpec.options` offers and its `validate` accepts (movement phases), and the
 * moves and supports a unit carries out as the unit `rules.transformUnit` turns it into (Warring States Fleets 6: a
 * fleet ordered inland reverts to an army), each accepted by the adjudicator's own check (`orderProblem`).
 */
import { unitCanMove } from './board.js';
import { adjustmentDelta, buildableCenters, buildableTypes } from './adjustment.js';
import { orderProblem } from './check.js';
import { formatOrder } from './format.js';
import { parseLocationKey } from './map.js';
import { optionsOf } from './retreat.js';
import type { Variant } from './variant.js';
import type { Location, Order, Position, Power, ProvinceId, Unit, UnitType } from './types.js';

export interface UnitOptions {
  /** The unit (for a build: the unit that would be built, army first where both types are possible). */
  unit: Unit;
  orders: string[];
}

export function legalOrders(variant: Variant, position: Position, power: Power): UnitOptions[] {
  return legalOrderObjects(variant, position, power).map(({ unit, orders }) => ({
    unit,
    orders: orders.map((o) => text(variant, o)),
  }));
}

/** The same orders as `legalOrders`, as `Order` objects (for computer players, which choose among them). */
export interface UnitOrderOptions {
  unit: Unit;
  orders: Order[];
}

export function legalOrderObjects(variant: Variant, position: Position, power: Power): UnitOrderOptions[] {
  switch (position.phase.type) {
    case 'movement':
      return movementOptions(variant, position, power);
    case 'retreat':
      return retreatOptions(variant, position, power);
    case 'adjustment':
      return adjustmentOptions(variant, position, power);
    default:
      return [];
  }
}

/** Every legal order text for the power, flattened and without duplicates (for autocomplete). */
export function legalOrderTexts(variant: Variant, position: Position, power: Power): string[] {
  return [...new Set(legalOrders(variant, position, power).flatMap((o) => o.orders))];
}

const byProvince = (a: Unit, b: Unit) => a.province.localeCompare(b.province);

/**
 * Can `unit` move to exactly `to` (map adjacency, or the variant's `canMove` hook for special links)? The same
 * question the adjudicator asks, so links reserved to one power (`links[].power`) are offered to that power only.
 */
function canMove(variant: Variant, unit: Unit, to: Location): boolean {
  return unitCanMove(variant.map, variant.rules, unit, to);
}

/** Provinces worth trying from `province`: map neighbours and special-link ends. */
function candidateProvinces(variant: Variant, province: ProvinceId): ProvinceId[] {
  const out = new Set(variant.map.neighbours(province));
  for (const link of variant.map.links) {
    if (link.from === province) out.add(link.to);
    if (link.to === province) out.add(link.from);
  }
  out.delete(province);
  return [...out].sort();
}

/** Every location the unit can move to (one per reachable coast). */
function moveTargets(variant: Variant, unit: Unit): Location[] {
  const out: Location[] = [];
  for (const p of candidateProvinces(variant, unit.province)) {
    for (const loc of variant.map.locationsOf(p, unit.type)) {
      if (canMove(variant, unit, loc)) out.push(loc);
    }
  }
  return out;
}

/** Seas (or provinces the variant lets fleets convoy from) holding a fleet: the stepping stones of a convoy route. */
function fleetSeas(variant: Variant, position: Position): Set<ProvinceId> {
  const convoys = (p: ProvinceId) =>
    variant.rules.convoysFrom?.({ map: variant.map, province: p }) ?? variant.map.isSea(p);
  return new Set(position.units.filter((u) => u.type === 'F' && convoys(u.province)).map((u) => u.province));
}

/** The fleet-held seas a convoy of an army from `province` can use (connected to it through fleet-held seas). */
function convoyComponent(variant: Variant, province: ProvinceId, seas: ReadonlySet<ProvinceId>): Set<ProvinceId> {
  const reached = new Set<ProvinceId>();
  const queue = [...variant.map.neighbours(province)].filter((p) => seas.has(p));
  for (const p of queue) reached.add(p);
  while (queue.length > 0) {
    const sea = queue.pop()!;
    for (const next of variant.map.neighbours(sea)) {
      if (seas.has(next) && !reached.has(next)) {
        reached.add(next);
        queue.push(next);
      }
    }
  }
  return reached;
}

/** Coastal provinces an army in `province` could reach by convoy through `component`. */
function convoyDestinations(variant: Variant, province: ProvinceId, component: ReadonlySet<ProvinceId>): ProvinceId[] {
  const out = new Set<ProvinceId>();
  for (const sea of component) {
    for (const p of variant.map.neighbours(sea)) {
      if (p !== province && variant.map.province(p)?.kind === 'coast') out.add(p);
    }
  }
  return [...out].sort();
}

interface MovePlan {
  unit: Unit;
  /** Move targets by land or sea adjacency. */
  moves: Location[];
  /** Move targets the unit reaches as another unit (`rules.transformUnit`: a fleet moving inland reverts to an army). */
  transformedMoves: Location[];
  /** Provinces reachable by convoy (armies on a coast only). */
  convoyTo: ProvinceId[];
  /** Fleet-held seas a convoy of this army may use. */
  convoySeas: Set<ProvinceId>;
}

function planMoves(variant: Variant, position: Position): Map<ProvinceId, MovePlan> {
  // `rules.convoys === false`: a variant without convoys (Warring States Fleets 5) offers no convoy routes.
  const seas = variant.rules.convoys === false ? new Set<ProvinceId>() : fleetSeas(variant, position);
  const plans = new Map<ProvinceId, MovePlan>();
  for (const unit of position.units) {
    // `rules.convoys === false`: the variant has no convoys (Warring States Fleets 5).
    const coastalArmy =
      unit.type === 'A' && variant.map.province(unit.province)?.kind === 'coast' && variant.rules.convoys !== false;
    const convoySeas = coastalArmy ? convoyComponent(variant, unit.province, seas) : new Set<ProvinceId>();
    const convoyTo = convoySeas.size > 0 ? convoyDestinations(variant, unit.province, convoySeas) : [];
    const moves = moveTargets(variant, unit);
    plans.set(unit.province, {
      unit,
      moves,
      transformedMoves: transformedMoves(variant, position, unit, moves),
      convoyTo,
      convoySeas,
    });
  }
  return plans;
}

/** The other unit types a unit could carry an order out as (`rules.transformUnit`), where it stands. */
function otherTypes(variant: Variant, unit: Unit): UnitType[] {
  if (!variant.rules.transformUnit) return [];
  return (['A', 'F'] as const).filter(
    (type) => type !== unit.type && variant.map.canStand(type, { province: unit.province, coast: null }),
  );
}

/**
 * Does `transformUnit` turn the unit into `type` for this order, and does the adjudicator's own check
 * (`orderProblem`) accept the order written for the unit as it is?
 */
function carriedOutAs(variant: Variant, position: Position, unit: Unit, order: Order, type: UnitType): boolean {
  if (variant.rules.transformUnit!({ map: variant.map, position, unit, order }).type !== type) return false;
  return orderProblem(variant, position, { power: unit.power, order }) === null;
}

/**
 * Moves the unit makes as another unit (Warring States Fleets 6: "If a Fleet attempts to move … to a province that it
 * could only move to as an Army, it reverts back into an Army. The reverted Army then carries out the order."): the
 * moves of each other type that can stand where it is, kept when `carriedOutAs` says so.
 */
function transformedMoves(variant: Variant, position: Position, unit: Unit, moves: readonly Location[]): Location[] {
  const out: Location[] = [];
  const own = new Set(moves.map((l) => l.province));
  for (const type of otherTypes(variant, unit)) {
    for (const to of moveTargets(variant, { ...unit, type, coast: null })) {
      if (own.has(to.province) || out.some((l) => l.province === to.province)) continue;
      if (carriedOutAs(variant, position, unit, { kind: 'move', unit, to, viaConvoy: false }, type)) out.push(to);
    }
  }
  return out;
}

function text(variant: Variant, order: Order): string {
  return formatOrder(order, variant.rules);
}

function movementOptions(variant: Variant, position: Position, power: Power): UnitOrderOptions[] {
  const plans = planMoves(variant, position);
  const own = position.units.filter((u) => u.power === power).sort(byProvince);
  const others = [...position.units].sort(byProvince);
  return own.map((unit) => {
    const plan = plans.get(unit.province)!;
    const orders: Order[] = [{ kind: 'hold', unit }];
    for (const to of [...plan.moves, ...plan.transformedMoves])
      orders.push({ kind: 'move', unit, to, viaConvoy: false });
    for (const p of plan.convoyTo) {
      const to = { province: p, coast: null };
      const adjacent = plan.moves.some((l) => l.province === p);
      // Non-adjacent: a plain move goes by convoy; adjacent: only "via convoy" asks for the convoy (DATC 4.A.3).
      orders.push({ kind: 'move', unit, to, viaConvoy: adjacent });
    }
    orders.push(...supportOrders(unit, new Set(plan.moves.map((l) => l.province)), others, plans));
    // Convoys: a fleet at sea can convoy any army whose convoy routes run through its sea.
    if (unit.type === 'F' && variant.map.isSea(unit.province)) {
      for (const other of others) {
        const otherPlan = plans.get(other.province)!;
        if (!otherPlan.convoySeas.has(unit.province)) continue;
        for (const d of otherPlan.convoyTo) {
          orders.push({ kind: 'convoy', unit, target: other, to: { province: d, coast: null } });
        }
      }
    }
    orders.push(...specialOptions(variant, position, unit));
    orders.push(...transformedSupports(variant, position, unit, orders, others, plans));
    return { unit, orders };
  });
}

/**
 * Supports `unit` can give when it reaches the provinces `reach`: to hold for a unit it reaches, to move for every
 * unit the supporter can reach the destination of (supports name no coast, DATC 6.B.4).
 */
function supportOrders(
  unit: Unit,
  reach: ReadonlySet<ProvinceId>,
  others: readonly Unit[],
  plans: ReadonlyMap<ProvinceId, MovePlan>,
): Order[] {
  const orders: Order[] = [];
  for (const other of others) {
    if (other.province === unit.province) continue;
    const otherPlan = plans.get(other.province)!;
    if (reach.has(other.province)) orders.push({ kind: 'support', unit, target: other, to: null });
    const destinations = new Set(
      [...otherPlan.moves, ...otherPlan.transformedMoves].map((l) => l.province).concat(otherPlan.convoyTo),
    );
    for (const d of [...destinations].sort()) {
      if (d !== unit.province && reach.has(d))
        orders.push({ kind: 'support', unit, target: other, to: { province: d, coast: null } });
    }
  }
  return orders;
}

/**
 * Supports the unit gives as another unit (Warring States Fleets 6: a fleet supporting into a province only an army
 * reaches reverts and supports as an army): the supports of each other type that can stand where it is, written for
 * the unit as it is, not already `listed`, kept when `carriedOutAs` says so.
 */
function transformedSupports(
  variant: Variant,
  position: Position,
  unit: Unit,
  listed: readonly Order[],
  others: readonly Unit[],
  plans: ReadonlyMap<ProvinceId, MovePlan>,
): Order[] {
  const seen = new Set(listed.map((o) => text(variant, o)));
  const out: Order[] = [];
  for (const type of otherTypes(variant, unit)) {
    const reach = new Set(moveTargets(variant, { ...unit, type, coast: null }).map((l) => l.province));
    for (const order of supportOrders(unit, reach, others, plans)) {
      const key = text(variant, order);
      if (seen.has(key) || !carriedOutAs(variant, position, unit, order, type)) continue;
      seen.add(key);
      out.push(order);
    }
  }
  return out;
}

/** The variant's own orders for this unit (`SpecialOrderSpec.options`), kept when `validate` accepts them. */
function specialOptions(variant: Variant, position: Position, unit: Unit): Order[] {
  const out: Order[] = [];
  for (const spec of Object.values(variant.rules.specialOrders ?? {})) {
    if (!spec.options) continue;
    try {
      for (const order of spec.options({ map: variant.map, position, unit })) {
        if (spec.validate({ map: variant.map, position, unit, order }) === null) out.push(order);
      }
    } catch {
      // A broken variant hook must not take autocomplete down: offer the standard orders only.
    }
  }
  return out;
}

function retreatOptions(variant: Variant, position: Position, power: Power): UnitOrderOptions[] {
  return position.dislodged
    .filter((u) => u.power === power)
    .sort(byProvince)
    .map((dislodged) => {
      const unit: Unit = {
        power: dislodged.power,
        type: dislodged.type,
        province: dislodged.province,
        coast: dislodged.coast,
      };
      // The adjudicator's own options (stored after the movement phase, or its retreat rule: DATC 6.H, `transformUnit`).
      const targets = optionsOf(variant.map, variant.rules, position, dislodged).map(parseLocationKey);
      const orders: Order[] = targets.map((to) => ({ kind: 'retreat', unit, to }));
      orders.push({ kind: 'disband', unit });
      return { unit, orders };
    });
}

function adjustmentOptions(variant: Variant, position: Position, power: Power): UnitOrderOptions[] {
  const { map, rules } = variant;
  const units = position.units.filter((u) => u.power === power).sort(byProvince);
  const delta = adjustmentDelta(position, power, map, rules);
  // A unit that does not count against the centres (`disbandRefusal`) is not offered a disband that pays nothing.
  if (delta < 0)
    return units
      .filter((unit) => !rules.disbandRefusal?.({ map, position, power, unit }))
      .map((unit) => ({ unit, orders: [{ kind: 'disband', unit }] }));
  if (delta === 0) return [];
  // The adjudicator's own rules (hooks included; occupied centres always excluded).
  const buildable = buildableCenters(map, rules, position, power);
  const options: UnitOrderOptions[] = [];
  for (const province of [...buildable].sort()) {
    const types: UnitType[] = buildableTypes(map, rules, position, power, province);
    const built: Unit[] = types.flatMap((type) =>
      map
        .locationsOf(province, type)
        .filter((loc) => map.canStand(type, loc))
        .map((loc) => ({ power, type, ...loc })),
    );
    if (built.length === 0) continue;
    options.push({ unit: built[0]!, orders: built.map((unit): Order => ({ kind: 'build', unit })) });
  }
  // WAIVE is listed once, with the first build (unless the variant refuses it now: `waiveRefused`).
  if (options.length > 0 && !rules.waiveRefused?.({ map, position, power })) options[0]!.orders.push({ kind: 'waive' });
  return options;
}
