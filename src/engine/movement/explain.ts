/**
 * Player-readable reasons for movement results (what `/why` shows).
 */
import { formatOrder } from '../format.js';
import { locationKey } from '../map.js';
import type { OrderOutcome, OrderResult } from '../types.js';
import type { MovementResolver } from './resolver.js';

/** The moves into a province nobody moves into (never written to). */
const NO_MOVES: readonly number[] = [];

export function describeUnit(r: MovementResolver, i: number): string {
  const u = r.units[i]!.unit;
  const abbr = r.map.province(u.province)?.abbreviation ?? u.province;
  return `${u.type} ${abbr}${u.coast ? '/' + u.coast : ''}`;
}

/** Units in province order, so that no reason depends on the order units were listed in. */
function byProvince(r: MovementResolver, a: number, b: number): number {
  const x = r.units[a]!.unit.province;
  const y = r.units[b]!.unit.province;
  return x < y ? -1 : x > y ? 1 : 0;
}

function placeName(r: MovementResolver, province: string): string {
  return r.map.province(province)?.name ?? province;
}

export function explainResult(r: MovementResolver, i: number): OrderResult {
  const ou = r.units[i]!;
  const [result, reason] = judge(r, i);
  const out: OrderResult = { power: ou.power, unit: `${ou.unit.type} ${locationKey(ou.unit)}`, order: formatOrder(ou.order, r.rules), result, reason };
  if (ou.defaulted) out.defaulted = true;
  return out;
}

/** The outcome of unit `i`'s order and the reason a player reads. */
function judge(r: MovementResolver, i: number): [OrderOutcome, string] {
  const ou = r.units[i]!;
  const order = ou.order;
  const dislodger = r.dislodger(i);
  const dislodged = dislodger !== null ? `; dislodged by ${describeUnit(r, dislodger)} from ${placeName(r, r.units[dislodger]!.unit.province)}` : '';
  if (ou.illegalReason) {
    return ['illegal', `${ou.illegalReason}, so the unit held${dislodged}`];
  }
  if (ou.defaulted) {
    return [dislodger === null ? 'success' : 'failure', `no order: the unit held${dislodged}`];
  }
  switch (r.role[i]) {
    case 'move': {
      const ok = r.succeeded(i);
      const custom = r.customReason[i];
      if (custom) return [ok ? 'success' : 'failure', custom + dislodged];
      if (ok) {
        const victim = r.index.get(r.dest[i]!);
        const displaced = victim !== undefined && victim !== i && r.dislodger(victim) === i ? `, dislodging ${describeUnit(r, victim)}` : '';
        return ['success', `moved to ${placeName(r, r.dest[i]!)}${displaced}`];
      }
      return ['failure', whyMoveFailed(r, i) + dislodged];
    }
    case 'support': {
      const reason = r.voidReason[i];
      if (reason) return ['void', `support not used: ${reason}${dislodged}`];
      const value = r.supportValue(i);
      const whole = r.wholeValue(i);
      const attacks = r.cuts(i).sort((a, b) => byProvince(r, a.by, b.by));
      const cuts = attacks.filter((c) => c.amount > 0);
      if (value > 0 && dislodger === null) {
        if (value === whole) return ['success', whole === 1 ? 'support given' : `support given (strength ${whole})`];
        // A support reduced rather than cut (Warring States Floating Fortress rule 3): by its strongest attack.
        const strongest = cuts.filter((c) => c.amount === whole - value).map((c) => describeUnit(r, c.by));
        return ['success', `support given with strength ${value} of ${whole}: reduced by ${whole - value} by ${strongest.join(' and ')}`];
      }
      if (r.loopCut.has(i)) {
        const by = attacks.map((c) => describeUnit(r, c.by)).join(' and ');
        return ['failure', `support counted as cut: whether ${by || 'anything'} cut it depended on this support itself (a support-cut loop)${dislodged}`];
      }
      if (cuts.length > 0) return ['failure', `support cut by ${cuts.map((c) => describeUnit(r, c.by)).join(' and ')}${dislodged}`];
      return ['failure', `support failed${dislodged}`];
    }
    case 'convoy': {
      const reason = r.voidReason[i];
      if (reason) return ['void', `convoy not used: ${reason}${dislodged}`];
      // A convoy whose outcome was decided outside the resolver (`convoyStands`) may fail undislodged or stand dislodged.
      if (!r.succeeded(i)) return ['failure', `convoy disrupted${dislodged}`];
      const army = r.convoyers.findIndex((fleets) => fleets.includes(i));
      if (army >= 0 && r.paradoxes.has(army)) return ['failure', 'the convoy was disrupted by a convoy paradox (Szykman rule)'];
      if (army >= 0 && !r.byConvoy[army]) return ['void', `${describeUnit(r, army)} moved over land, not by this convoy`];
      if (army >= 0 && !r.succeeded(army)) return ['success', `convoy in place, but ${describeUnit(r, army)} did not arrive${dislodged}`];
      return ['success', (army >= 0 ? `convoyed ${describeUnit(r, army)}` : 'convoyed') + dislodged];
    }
    default:
      if (order.kind === 'special') {
        return [dislodger === null ? 'success' : 'failure', dislodger === null ? 'done' : dislodged.slice(2)];
      }
      return [dislodger === null ? 'success' : 'failure', dislodger === null ? 'held' : dislodged.slice(2)];
  }
}

function whyMoveFailed(r: MovementResolver, i: number): string {
  if (r.paradoxes.has(i)) return 'the convoy was disrupted by a convoy paradox (Szykman rule)';
  if (!r.hasPath(i)) {
    const ordered = r.convoyers[i]!.length + r.disruptedConvoyers[i]!.length;
    return ordered === 0 ? 'no fleet convoyed it' : 'the convoy was disrupted';
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
  // Every move that kept it out, by province (never in listing order).
  const bounced: number[] = [];
  let strongest = 0;
  for (const k of r.movesInto.get(target) ?? NO_MOVES) {
    if (k === i) continue;
    const prevent = r.preventStrength(k);
    if (attack > prevent) continue;
    bounced.push(k);
    if (prevent > strongest) strongest = prevent;
  }
  if (bounced.length > 0) {
    bounced.sort((a, b) => byProvince(r, a, b));
    return `bounced with ${bounced.map((k) => describeUnit(r, k)).join(' and ')} (${attack} vs ${strongest})`;
  }
  return 'the move failed';
}
