/**
 * The retreat phase: each dislodged unit retreats to one of its options or is disbanded (DATC 6.H).
 * Two units retreating to the same province are both disbanded; unordered units are disbanded.
 */
import { resolveDestination } from './board.js';
import { formatOrder } from './format.js';
import { locationKey, type GameMap } from './map.js';
import type { RulesModule } from './rules.js';
import { retreatOptions } from './retreatOptions.js';
import type { DislodgedUnit, Location, OrderResult, Position, PowerOrder, Unit } from './types.js';

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

export function resolveRetreats(map: GameMap, rules: RulesModule, position: Position, orders: PowerOrder[]): RetreatOutcome {
  const results: OrderResult[] = [];
  const chosen = new Map<string, { d: DislodgedUnit; to: Location; result: OrderResult }>();
  const label = (u: Unit) => `${u.type} ${locationKey(u)}`;
  const byProvince = new Map(position.dislodged.map((d) => [d.province, d]));
  const ordered = new Set<string>();

  for (const po of orders) {
    const order = po.order;
    const text = formatOrder(order, rules);
    const unitText = 'unit' in order ? `${order.unit.type ?? '?'} ${locationKey(order.unit)}` : '';
    if (order.kind !== 'retreat' && order.kind !== 'disband' && order.kind !== 'move') {
      results.push({ power: po.power, unit: unitText, order: text, result: 'illegal', reason: 'only retreat and disband orders are given in a retreat phase' });
      continue;
    }
    const d = byProvince.get(order.unit.province);
    if (!d) {
      results.push({ power: po.power, unit: unitText, order: text, result: 'illegal', reason: `there is no dislodged unit in ${map.province(order.unit.province)?.name ?? order.unit.province}` });
      continue;
    }
    if (d.power !== po.power) {
      results.push({ power: po.power, unit: label(d), order: text, result: 'illegal', reason: `the dislodged unit in ${map.province(d.province)?.name} belongs to ${d.power}` });
      continue;
    }
    if (ordered.has(d.province)) {
      // A later order replaces an earlier one for the same unit.
      const prev = chosen.get(d.province);
      if (prev) {
        prev.result.result = 'void';
        prev.result.reason = 'replaced by a later order for the same unit';
        chosen.delete(d.province);
      }
    }
    ordered.add(d.province);
    if (order.kind === 'disband') {
      results.push({ power: po.power, unit: label(d), order: `${label(d)} D`, result: 'success', reason: 'disbanded' });
      continue;
    }
    const normalized = `${label(d)} R ${locationKey(order.to)}`;
    const options = optionsOf(map, rules, position, d);
    // A variant may change the unit for its retreat (Warring States: a fleet retreating inland reverts to an army).
    const acting: Unit = rules.transformUnit?.({ map, position, unit: d, order }) ?? d;
    const dest = resolveDestination(map, rules, acting, order.to);
    const key = dest.ok ? locationKey(dest.to) : null;
    if (!dest.ok || !options.includes(key!)) {
      const why = !dest.ok ? dest.reason : `${map.province(order.to.province)?.name ?? order.to.province} is not a retreat option`;
      results.push({
        power: po.power,
        unit: label(d),
        order: normalized,
        result: 'failure', // DATC 6.H.3, 6.H.10
        reason: `${why} (options: ${options.length ? options.join(', ') : 'none'}); the unit is disbanded`,
      });
      continue;
    }
    const result: OrderResult = { power: po.power, unit: label(d), order: `${label(d)} R ${key}`, result: 'success', reason: `retreated to ${map.province(dest.to.province)?.name}` };
    results.push(result);
    chosen.set(d.province, { d: acting === d ? d : { ...d, type: acting.type }, to: dest.to, result });
  }

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
        const others = list.filter((o) => o !== c).map((o) => label(o.d)).join(', ');
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
      results.push({ power: d.power, unit: label(d), order: `${label(d)} D`, result: 'success', reason: 'no retreat order: disbanded', defaulted: true });
    }
  }
  return { units, removed, results };
}
