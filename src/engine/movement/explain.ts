/**
 * Player-readable reasons for movement results (what `/why` shows).
 */
import { formatOrder } from '../format.js';
import { locationKey } from '../map.js';
import type { OrderResult } from '../types.js';
import type { MovementResolver } from './resolver.js';

export function describeUnit(r: MovementResolver, i: number): string {
  const u = r.units[i]!.unit;
  const abbr = r.map.province(u.province)?.abbreviation ?? u.province;
  return `${u.type} ${abbr}${u.coast ? '/' + u.coast : ''}`;
}

function placeName(r: MovementResolver, province: string): string {
  return r.map.province(province)?.name ?? province;
}

export function explainResult(r: MovementResolver, i: number): OrderResult {
  const ou = r.units[i]!;
  const order = ou.order;
  const dislodger = r.dislodger(i);
  const dislodged = dislodger !== null ? `; dislodged by ${describeUnit(r, dislodger)} from ${placeName(r, r.units[dislodger]!.unit.province)}` : '';
  const base = {
    power: ou.power,
    unit: `${ou.unit.type} ${locationKey(ou.unit)}`,
    order: formatOrder(order, r.rules),
    ...(ou.defaulted ? { defaulted: true } : {}),
  };
  if (ou.illegalReason) {
    return { ...base, result: 'illegal', reason: `${ou.illegalReason}, so the unit held${dislodged}` };
  }
  if (ou.defaulted) {
    return { ...base, result: dislodger === null ? 'success' : 'failure', reason: `no order: the unit held${dislodged}` };
  }
  switch (r.role[i]) {
    case 'move': {
      const ok = r.succeeded(i);
      const custom = r.customReason[i];
      if (custom) return { ...base, result: ok ? 'success' : 'failure', reason: custom + dislodged };
      if (ok) {
        const victim = r.index.get(r.dest[i]!);
        const displaced = victim !== undefined && victim !== i && r.dislodger(victim) === i ? `, dislodging ${describeUnit(r, victim)}` : '';
        return { ...base, result: 'success', reason: `moved to ${placeName(r, r.dest[i]!)}${displaced}` };
      }
      return { ...base, result: 'failure', reason: whyMoveFailed(r, i) + dislodged };
    }
    case 'support': {
      const reason = r.voidReason[i];
      if (reason) return { ...base, result: 'void', reason: `support not used: ${reason}${dislodged}` };
      const value = r.supportValue(i);
      if (value > 0 && dislodger === null) {
        return { ...base, result: 'success', reason: value === 1 ? 'support given' : `support given (strength ${value})` };
      }
      const cutters = r.cutters(i);
      if (cutters.length > 0) return { ...base, result: 'failure', reason: `support cut by ${cutters.map((c) => describeUnit(r, c)).join(' and ')}${dislodged}` };
      return { ...base, result: 'failure', reason: `support failed${dislodged}` };
    }
    case 'convoy': {
      const reason = r.voidReason[i];
      if (reason) return { ...base, result: 'void', reason: `convoy not used: ${reason}${dislodged}` };
      if (dislodger !== null) return { ...base, result: 'failure', reason: `convoy disrupted${dislodged}` };
      const army = r.convoyers.findIndex((fleets) => fleets.includes(i));
      if (army >= 0 && r.paradoxes.has(army)) return { ...base, result: 'failure', reason: 'the convoy was disrupted by a convoy paradox (Szykman rule)' };
      if (army >= 0 && !r.byConvoy[army]) return { ...base, result: 'void', reason: `${describeUnit(r, army)} moved over land, not by this convoy` };
      if (army >= 0 && !r.succeeded(army)) return { ...base, result: 'success', reason: `convoy in place, but ${describeUnit(r, army)} did not arrive` };
      return { ...base, result: 'success', reason: army >= 0 ? `convoyed ${describeUnit(r, army)}` : 'convoyed' };
    }
    default:
      if (order.kind === 'special') {
        return { ...base, result: dislodger === null ? 'success' : 'failure', reason: dislodger === null ? 'done' : dislodged.slice(2) };
      }
      return { ...base, result: dislodger === null ? 'success' : 'failure', reason: dislodger === null ? 'held' : dislodged.slice(2) };
  }
}

function whyMoveFailed(r: MovementResolver, i: number): string {
  if (r.paradoxes.has(i)) return 'the convoy was disrupted by a convoy paradox (Szykman rule)';
  if (!r.hasPath(i)) {
    return r.convoyers[i]!.length === 0 ? 'no fleet convoyed it' : 'the convoy was disrupted';
  }
  const attack = r.attackStrength(i);
  const target = r.dest[i]!;
  const opponent = r.headToHead[i]!;
  if (opponent >= 0) {
    const defend = r.defendStrength(opponent);
    if (attack <= defend) return `lost the head-to-head battle with ${describeUnit(r, opponent)} (${attack} vs ${defend})`;
  } else {
    const hold = r.holdStrength(target);
    if (attack <= hold) {
      const occupant = r.index.get(target)!;
      const stuck = r.role[occupant] === 'move' ? `, which did not move away` : '';
      if (r.units[occupant]!.unit.power === r.units[i]!.unit.power && attack === 0) {
        return stuck ? `blocked by ${describeUnit(r, occupant)}${stuck}` : `cannot dislodge ${describeUnit(r, occupant)}, a unit of its own power`;
      }
      return `bounced off ${describeUnit(r, occupant)} in ${placeName(r, target)}${stuck} (${attack} vs ${hold})`;
    }
  }
  for (const k of r.movesInto.get(target) ?? []) {
    if (k === i) continue;
    const prevent = r.preventStrength(k);
    if (attack <= prevent) return `bounced with ${describeUnit(r, k)} (${attack} vs ${prevent})`;
  }
  return 'the move failed';
}
