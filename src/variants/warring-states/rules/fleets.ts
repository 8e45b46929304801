/**
 * Warring States fleets (seed "Fleets" 1–6): fleets are raised from armies, never built, and a fleet ordered
 * where only an army could go reverts to an army and carries the order out.
 */
import { locationKey, type GameMap } from '../../../engine/map.js';
import type { Adjudication, Order, OrderResult, Position, Unit, UnitType } from '../../../engine/types.js';
import type { OrderedUnit, SpecialOrderSpec } from '../../../engine/rules.js';

export const RAISE = 'raise';

/** Seed Fleets 1–3: "Army Ji Raise Fleet" is a hold for support purposes; only on a coastal or river province. */
export const raiseSpec: SpecialOrderSpec = {
  name: RAISE,
  kindName: 'raise-fleet',
  actsAs: 'hold',
  validate({ map, unit }) {
    if (unit.type !== 'A') return 'only an army can raise a fleet';
    // Seed Fleets 2: "A Fleet can only be raised on a coastal or river province." (both have kind `coast` on this map)
    if (map.province(unit.province)?.kind !== 'coast')
      return `a fleet can only be raised on a coastal or river province, not in ${map.province(unit.province)?.name ?? unit.province}`;
    return null;
  },
  format(order) {
    return `${order.unit.type ?? 'A'} ${locationKey(order.unit)} R F`;
  },
  // In a reader's language: `A 南鄭 組建艦隊`, `A Nanzheng lève une flotte` (the names file's `orders.raise`).
  write(order, w) {
    return `${w.unit(order.unit)} ${w.special(RAISE) ?? 'R F'}`;
  },
  options({ unit }) {
    return unit.type === 'A'
      ? [{ kind: 'special', name: RAISE, unit: { type: 'A', province: unit.province, coast: null }, path: [] }]
      : [];
  },
  // Maps: a dashed ring round the army that raises its fleet.
  draw: { as: 'ring', legend: 'raise fleet' },
};

/** Seed Fleets 1: no fleet builds in the adjustment phase. */
export function buildableTypes(): UnitType[] {
  return ['A'];
}

/** The province an order sends its unit to (move, retreat) or supports into; null for other orders. */
function orderTarget(order: Order): string | null {
  switch (order.kind) {
    case 'move':
    case 'retreat':
      return order.to.province;
    case 'support':
      return order.to ? order.to.province : order.target.province;
    default:
      return null;
  }
}

/**
 * Seed Fleets 6: "If a Fleet attempts to move, retreat, or support to a province that it could only move to as an
 * Army, it reverts back into an Army. The reverted Army then carries out the order." A completely invalid order
 * (a target neither a fleet nor an army could reach, a support of an empty province) is not an attempt: no reversion.
 */
export function revertedUnit(map: GameMap, position: Position | null, unit: Unit, order: Order): Unit {
  if (unit.type !== 'F') return unit;
  const target = orderTarget(order);
  if (target === null || target === unit.province || !map.has(target)) return unit;
  if (map.canReach('F', unit, target)) return unit;
  if (!map.armyCanMove(unit.province, target)) return unit;
  if (order.kind === 'support' && position && !position.units.some((u) => u.province === order.target.province))
    return unit;
  return { ...unit, type: 'A', coast: null };
}

/**
 * Seed Fleets 3: "If a unit using the Raise order is dislodged, the Raise order fails. Otherwise, the Army is
 * replaced with a Fleet." Runs after the movement phase is resolved.
 */
export function applyRaises(adj: Adjudication, ordered: OrderedUnit[]): Adjudication {
  const raising = ordered.filter(
    (ou) => ou.order.kind === 'special' && ou.order.name === RAISE && !ou.illegalReason && !ou.virtual,
  );
  if (raising.length === 0) return adj;
  const dislodged = new Set(adj.dislodged.map((d) => d.province));
  const raised = new Set<string>();
  for (const ou of raising) if (!dislodged.has(ou.unit.province)) raised.add(ou.unit.province);
  const units = adj.position.units.map((u) =>
    raised.has(u.province) && u.type === 'A' ? { ...u, type: 'F' as const } : u,
  );
  const results = adj.results.map((r): OrderResult => {
    const ou = raising.find((o) => r.unit === `${o.unit.type} ${locationKey(o.unit)}` && r.power === o.power);
    if (!ou) return r;
    return raised.has(ou.unit.province)
      ? { ...r, result: 'success', reason: 'raised a fleet' }
      : { ...r, result: 'failure', reason: `the raise failed: ${r.reason}` };
  });
  return { ...adj, results, position: { ...adj.position, units } };
}
