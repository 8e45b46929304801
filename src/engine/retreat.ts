/**
 * The retreat phase: each dislodged unit retreats to one of its options or is disbanded (DATC 6.H).
 * Two units retreating to the same province are both disbanded; unordered units are disbanded.
 */
import { resolveDestination } from './board.js';
import { formatOrder } from './format.js';
import { locationKey, type GameMap } from './map.js';
import type { RulesModule } from './rules.js';
import { retreatOptions } from './retreatOptions.js';
import type { DislodgedUnit, Location, Order, OrderResult, Position, PowerOrder, Unit } from './types.js';

export interface RetreatOutcome {
  units: Unit[];
  removed: Unit[];
  results: OrderResult[];
}

/** Retreat options of a dislodged unit: as stored after movement, or computed from the position. */
export function optionsOf(map: GameMap, rules: RulesModule, position: Position, d: DislodgedUnit): string[] {
  if (d.retreatOptions) return d.retreatOptions;
  const occupied = new Set(position.units.map((u) => u.province));
  return retreatOptions(map, rules, d, occupied, new Set(position.contested), d.attackerFrom, d.viaConvoy, position);
}

export function resolveRetreats(
  map: GameMap,
  rules: RulesModule,
  position: Position,
  orders: PowerOrder[],
): RetreatOutcome {
  const results: OrderResult[] = [];
  const chosen = new Map<string, { d: DislodgedUnit; to: Location; result: OrderResult }>();
  const byProvince = new Map(position.dislodged.map((d) => [d.province, d]));
  const ordered = new Set<string>();
  // A later order for a dislodged unit replaces an earlier one, as in a movement phase: only the last is carried out.
  const last = new Map<string, number>();
  orders.forEach((po, index) => {
    const d = givenTo(po, byProvince);
    if (d) last.set(d.province, index);
  });

  orders.forEach((po, index) => {
    const order = po.order;
    const text = formatOrder(order, rules);
    const unitText = 'unit' in order ? `${order.unit.type ?? '?'} ${locationKey(order.unit)}` : '';
    if (order.kind !== 'retreat' && order.kind !== 'disband' && order.kind !== 'move') {
      results.push({
        power: po.power,
        unit: unitText,
        order: text,
        result: 'illegal',
        reason: 'only retreat and disband orders are given in a retreat phase',
      });
      return;
    }
    const d = byProvince.get(order.unit.province);
    if (!d) {
      results.push({
        power: po.power,
        unit: unitText,
        order: text,
        result: 'illegal',
        reason: `there is no dislodged unit in ${map.province(order.unit.province)?.name ?? order.unit.province}`,
      });
      return;
    }
    if (d.power !== po.power) {
      results.push({
        power: po.power,
        unit: retreatLabel(d),
        order: text,
        result: 'illegal',
        reason: `the dislodged unit in ${map.province(d.province)?.name} belongs to ${d.power}`,
      });
      return;
    }
    if (last.get(d.province) !== index) {
      results.push({
        power: po.power,
        unit: retreatLabel(d),
        order: retreatText(d, order),
        result: 'void',
        reason: 'replaced by a later order for the same unit',
      });
      return;
    }
    ordered.add(d.province);
    const outcome = retreatResult(map, rules, position, po, d);
    results.push(outcome.result);
    if (outcome.to) chosen.set(d.province, { d: outcome.unit, to: outcome.to, result: outcome.result });
  });

  // Two or more retreats to one province: all fail (DATC 6.H.7, 6.H.8).
  const byTarget = new Map<string, { d: DislodgedUnit; to: Location; result: OrderResult }[]>();
  for (const c of chosen.values()) {
    const list = byTarget.get(c.to.province) ?? [];
    list.push(c);
    byTarget.set(c.to.province, list);
  }
  const units = position.units.map((u) => ({ ...u }));
  const removed: Unit[] = [];
  const retreated = new Set<string>();
  for (const list of byTarget.values()) {
    if (list.length > 1) {
      for (const c of list) {
        c.result.result = 'failure';
        const others = list
          .filter((o) => o !== c)
          .map((o) => retreatLabel(o.d))
          .join(', ');
        c.result.reason = `bounced with ${others} retreating to ${map.province(c.to.province)?.name}; the unit is disbanded`;
      }
      continue;
    }
    const c = list[0]!;
    units.push({ power: c.d.power, type: c.d.type, province: c.to.province, coast: c.to.coast });
    retreated.add(c.d.province);
  }
  for (const d of position.dislodged) {
    if (retreated.has(d.province)) continue;
    removed.push({ power: d.power, type: d.type, province: d.province, coast: d.coast });
    if (!ordered.has(d.province)) {
      results.push({
        power: d.power,
        unit: retreatLabel(d),
        order: `${retreatLabel(d)} D`,
        result: 'success',
        reason: 'no retreat order: disbanded',
        defaulted: true,
      });
    }
  }
  return { units, removed, results };
}

const retreatLabel = (u: Unit) => `${u.type} ${locationKey(u)}`;

/** The dislodged unit of its own power that an order is given to, or undefined (a line of its own says why). */
function givenTo(po: PowerOrder, byProvince: ReadonlyMap<string, DislodgedUnit>): DislodgedUnit | undefined {
  const order = po.order;
  if (order.kind !== 'retreat' && order.kind !== 'disband' && order.kind !== 'move') return undefined;
  const d = byProvince.get(order.unit.province);
  return d && d.power === po.power ? d : undefined;
}

/** A retreat-phase order as the unit `d` would carry it out (`A bur R par`, `A bur D`). */
function retreatText(d: DislodgedUnit, order: Extract<Order, { kind: 'retreat' | 'disband' | 'move' }>): string {
  return order.kind === 'disband' ? `${retreatLabel(d)} D` : `${retreatLabel(d)} R ${locationKey(order.to)}`;
}

/** The result of the order carried out for dislodged unit `d`, and where it goes when it may retreat (bounces aside). */
function retreatResult(
  map: GameMap,
  rules: RulesModule,
  position: Position,
  po: PowerOrder,
  d: DislodgedUnit,
): { result: OrderResult; unit: DislodgedUnit; to?: Location } {
  const order = po.order as Extract<Order, { kind: 'retreat' | 'disband' | 'move' }>;
  const label = retreatLabel(d);
  if (order.kind === 'disband')
    return {
      result: { power: po.power, unit: label, order: `${label} D`, result: 'success', reason: 'disbanded' },
      unit: d,
    };
  const options = optionsOf(map, rules, position, d);
  // A variant may change the unit for its retreat (Warring States: a fleet retreating inland reverts to an army).
  const acting: Unit = rules.transformUnit?.({ map, position, unit: d, order }) ?? d;
  const dest = resolveDestination(map, rules, acting, order.to);
  const key = dest.ok ? locationKey(dest.to) : null;
  if (!dest.ok || !options.includes(key!)) {
    const why = !dest.ok
      ? dest.reason
      : `${map.province(order.to.province)?.name ?? order.to.province} is not a retreat option`;
    // DATC 6.H.3, 6.H.10
    const reason = `${why} (options: ${options.length ? options.join(', ') : 'none'}); the unit is disbanded`;
    return {
      result: { power: po.power, unit: label, order: retreatText(d, order), result: 'failure', reason },
      unit: d,
    };
  }
  const result: OrderResult = {
    power: po.power,
    unit: label,
    order: `${label} R ${key}`,
    result: 'success',
    reason: `retreated to ${map.province(dest.to.province)?.name}`,
  };
  return { result, unit: acting === d ? d : { ...d, type: acting.type }, to: dest.to };
}
