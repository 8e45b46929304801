/**
 * Player-readable reasons for movement results (what `/why` shows).
 */
import { formatOrder } from '../format.js';
import { locationKey } from '../map.js';
import type { StrengthKind } from '../rules.js';
import type { OrderOutcome, OrderResult } from '../types.js';
import type { MovementResolver } from './resolver.js';

/** The moves into a province nobody moves into (never written to). */
const NO_MOVES: readonly number[] = [];

export function describeUnit(r: MovementResolver, i: number): string {
  const label = r.units[i]!.label;
  if (label) return label; // a virtual unit the variant names (`the Illusion`)
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

/**
 * Why the variant's rules set these strengths, as a list to append to `a vs b` (`: the wall of Linzi …`), or ''.
 * Each strength must have been computed just before (the resolver keeps the note of the last computation).
 */
function notes(r: MovementResolver, strengths: [StrengthKind, number][]): string {
  const found = [...new Set(strengths.map(([kind, j]) => r.strengthNote(kind, j)).filter((n): n is string => n !== undefined))];
  return found.length > 0 ? `: ${found.join('; ')}` : '';
}

/** `; dislodged by A Mun from Munich`, naming a battle decided outside the resolver there and a rule that set the attack. */
function dislodgedText(r: MovementResolver, i: number, dislodger: number | null): string {
  if (dislodger === null) return '';
  const here = r.units[i]!.unit.province;
  // Said once: a move that lost the battle fought at its own province says so already.
  const target = r.role[i] === 'move' ? r.dest[i] : null;
  const own = target ? r.battleAt(target) : undefined;
  const told = own !== null && typeof own === 'object' && own.at === here;
  const lost = typeof r.battleAt(here) === 'string' && !told ? `lost the battle at ${placeName(r, here)}: ` : '';
  const from = r.units[dislodger]!.unit.province;
  const origin = r.map.has(from) ? ` from ${placeName(r, from)}` : '';
  const attack = r.attackStrength(dislodger);
  const why = notes(r, [['attack', dislodger]]);
  return `; ${lost}dislodged by ${describeUnit(r, dislodger)}${origin}${why ? ` (attack ${attack}${why})` : ''}`;
}

/** The outcome of unit `i`'s order and the reason a player reads. */
function judge(r: MovementResolver, i: number): [OrderOutcome, string] {
  const ou = r.units[i]!;
  const order = ou.order;
  const dislodger = r.dislodger(i);
  const dislodged = dislodgedText(r, i, dislodger);
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
      const target = r.dest[i]!;
      const battle = r.battleAt(target);
      const stayed = battleWonAtHome(r, i);
      if (ok) {
        const victim = r.index.get(target);
        const displaced = victim !== undefined && victim !== i && r.dislodger(victim) === i ? `, dislodging ${describeUnit(r, victim)}` : '';
        if (battle === ou.unit.province) return ['success', `won the battle at ${placeName(r, target)} and moved there${displaced}`];
        const attack = r.attackStrength(i);
        const why = notes(r, [['attack', i]]);
        return ['success', `moved to ${placeName(r, target)}${displaced}${why ? ` (attack ${attack}${why})` : ''}`];
      }
      return ['failure', whyMoveFailed(r, i) + stayed + dislodged];
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
    default: {
      const won = dislodger === null && r.battleAt(ou.unit.province) === ou.unit.province ? `: won the battle at ${placeName(r, ou.unit.province)}` : '';
      if (order.kind === 'special') {
        return [dislodger === null ? 'success' : 'failure', dislodger === null ? `done${won}` : dislodged.slice(2)];
      }
      return [dislodger === null ? 'success' : 'failure', dislodger === null ? `held${won}` : dislodged.slice(2)];
    }
  }
}

/** `; it held Reikland Forest: won the battle there`, for a unit whose move failed but whose own province a battle kept. */
function battleWonAtHome(r: MovementResolver, i: number): string {
  const here = r.units[i]!.unit.province;
  if (r.dislodger(i) !== null || r.battleAt(here) !== here) return '';
  return `; it held ${placeName(r, here)}: won the battle there`;
}

function whyMoveFailed(r: MovementResolver, i: number): string {
  if (r.paradoxes.has(i)) return 'the convoy was disrupted by a convoy paradox (Szykman rule)';
  if (!r.hasPath(i)) {
    const ordered = r.convoyers[i]!.length + r.disruptedConvoyers[i]!.length;
    return ordered === 0 ? 'no fleet convoyed it' : 'the convoy was disrupted';
  }
  const target = r.dest[i]!;
  // A battle decided outside the resolver (Warhammer's decisive battles): the strengths did not decide it.
  const battle = r.battleAt(target);
  if (battle === null) return `no move into ${placeName(r, target)} succeeded: the battle there was won by a side that could not take it`;
  if (typeof battle === 'string') return `lost the battle at ${placeName(r, target)}`;
  if (battle && battle.lost === r.units[i]!.unit.province) return `lost the battle at ${placeName(r, battle.at)}`;
  const attack = r.attackStrength(i);
  const opponent = r.headToHead[i]!;
  if (opponent >= 0) {
    const defend = r.defendStrength(opponent);
    if (attack <= defend) return `lost the head-to-head battle with ${describeUnit(r, opponent)} (${attack} vs ${defend}${notes(r, [['attack', i], ['defend', opponent]])})`;
  } else {
    const hold = r.holdStrength(target);
    const occupant = r.index.get(target);
    if (attack === 0 && hold === 0 && (occupant === undefined || (r.role[occupant] === 'move' && r.succeeded(occupant)))) {
      // Nothing held there (its unit moved away): the move failed for want of any strength (a wall took it all).
      return `could not enter ${placeName(r, target)}: its attack had no strength (0${notes(r, [['attack', i]])})`;
    }
    if (occupant !== undefined && attack <= hold) {
      const stuck = r.role[occupant] === 'move' ? `, which did not move away` : '';
      if (r.units[occupant]!.unit.power === r.units[i]!.unit.power && attack === 0) {
        return stuck ? `blocked by ${describeUnit(r, occupant)}${stuck}` : `cannot dislodge ${describeUnit(r, occupant)}, a unit of its own power`;
      }
      return `bounced off ${describeUnit(r, occupant)} in ${placeName(r, target)}${stuck} (${attack} vs ${hold}${notes(r, [['attack', i], ['hold', occupant]])})`;
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
    const why = notes(r, [['attack', i], ...bounced.map((k): [StrengthKind, number] => ['prevent', k])]);
    return `bounced with ${bounced.map((k) => describeUnit(r, k)).join(' and ')} (${attack} vs ${strongest}${why})`;
  }
  return 'the move failed';
}
