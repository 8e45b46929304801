/**
 * Player-readable reasons for movement results (what `/why` shows).
 */
import { formatOrder, formatUnit } from '../format.js';
import { locationKey } from '../map.js';
import type { StrengthKind } from '../rules.js';
import type { OrderOutcome, OrderResult } from '../types.js';
import type { MovementResolver } from './resolver.js';

/** The moves into a province nobody moves into (never written to). */
const NO_MOVES: readonly number[] = [];

/** A unit as the reasons name it: as orders write it (`A mun`, `F spa/nc`), or the variant's name for a virtual unit. */
export function describeUnit(r: MovementResolver, i: number): string {
  const label = r.units[i]!.label;
  if (label) return label; // a virtual unit the variant names (`the Illusion`)
  return formatUnit(r.units[i]!.unit);
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

/**
 * The result of unit `i`'s order. `text: false` (simulations: `AdjudicationContext.explain`) gives the same outcome
 * and builds none of the sentences (`givenReason`).
 */
export function explainResult(r: MovementResolver, i: number, text = true): OrderResult {
  const ou = r.units[i]!;
  const [result, reason] = judge(r, i, text);
  const out: OrderResult = {
    power: ou.power,
    unit: `${ou.unit.type} ${locationKey(ou.unit)}`,
    order: formatOrder(ou.order, r.rules),
    result,
    reason,
  };
  if (ou.defaulted) out.defaulted = true;
  return out;
}

/**
 * Why the variant's rules set these strengths, as a list to append to `a vs b` (`: the wall of Linzi …`), or ''.
 * Each strength must have been computed just before (the resolver keeps the note of the last computation).
 */
function notes(r: MovementResolver, strengths: [StrengthKind, number][]): string {
  const found = [
    ...new Set(strengths.map(([kind, j]) => r.strengthNote(kind, j)).filter((n): n is string => n !== undefined)),
  ];
  return found.length > 0 ? `: ${found.join('; ')}` : '';
}

/**
 * Did unit `i` lose a battle decided outside the resolver (Warhammer's decisive battles) at its own province, and
 * is that not already told by its move's reason (a head-to-head lost at its own province: the move lost it there)?
 */
function lostAtHome(r: MovementResolver, i: number, dislodger: number | null): boolean {
  if (dislodger === null) return false;
  const here = r.units[i]!.unit.province;
  const target = r.role[i] === 'move' ? r.dest[i] : null;
  const own = target ? r.battleAt(target) : undefined;
  const told = own !== null && typeof own === 'object' && own.at === here;
  return typeof r.battleAt(here) === 'string' && !told;
}

/** `; dislodged by A mun from Munich`, naming a rule that set the attack; `lost`: first say the battle there was lost. */
function dislodgedText(r: MovementResolver, i: number, dislodger: number | null, lost: boolean): string {
  if (dislodger === null) return '';
  const here = r.units[i]!.unit.province;
  const from = r.units[dislodger]!.unit.province;
  const origin = r.map.has(from) ? ` from ${placeName(r, from)}` : '';
  const attack = r.attackStrength(dislodger);
  const why = notes(r, [['attack', dislodger]]);
  return `; ${lost ? `lost the battle at ${placeName(r, here)}; ` : ''}dislodged by ${describeUnit(r, dislodger)}${origin}${why ? ` (attack ${attack}${why})` : ''}`;
}

/**
 * Unit `i` stayed in its province and won the battle decided there outside the resolver (a decisive hold, or the
 * defence of its province in a decisive battle), told once whatever its order: `; it won the battle at Altdorf`,
 * with ` and held it` when the reason does not already say that the unit held.
 */
function wonAtHome(r: MovementResolver, i: number, saysHeld: boolean): string {
  const here = r.units[i]!.unit.province;
  if (r.dislodger(i) !== null || r.battleAt(here) !== here) return '';
  if (r.role[i] === 'move' && r.succeeded(i)) return '';
  return `; it won the battle at ${placeName(r, here)}${saysHeld ? '' : ' and held it'}`;
}

/** The province where unit `i`'s move lost a battle decided outside the resolver (`battleWinner`), or null. */
function moveLostBattleAt(r: MovementResolver, i: number): string | null {
  if (r.role[i] !== 'move' || r.succeeded(i) || r.customReason[i] || r.paradoxes.has(i) || !r.hasPath(i)) return null;
  const target = r.dest[i]!;
  const battle = r.battleAt(target);
  if (typeof battle === 'string') return target;
  if (battle && battle.lost === r.units[i]!.unit.province) return battle.at;
  return null;
}

/** The outcome of unit `i`'s order and, unless `text` is false, the reason a player reads. */
function judge(r: MovementResolver, i: number, text: boolean): [OrderOutcome, string] {
  return [outcomeOf(r, i), text ? reasonOf(r, i) : givenReason(r, i)];
}

/**
 * Without the sentences (`text: false`), the reasons that cost nothing to give because they are given already: a
 * move-like special order's own, and why a support or convoy was not used. Variant hooks that read those after the
 * resolution (Warring States: a rapid river move stopped short fails; Mandate of Heaven: a river convoy disrupted)
 * then decide as they do with every sentence.
 */
function givenReason(r: MovementResolver, i: number): string {
  if (r.units[i]!.illegalReason || r.units[i]!.defaulted) return '';
  const custom = r.role[i] === 'move' ? r.customReason[i] : null;
  if (custom) return custom;
  const unused = r.voidReason[i];
  if (unused && r.role[i] === 'support') return `support not used: ${unused}`;
  if (unused && r.role[i] === 'convoy') return `convoy not used: ${unused}`;
  return '';
}

/**
 * The outcome of unit `i`'s order: decided here only; `reasonOf` tells why along the same conditions.
 */
export function outcomeOf(r: MovementResolver, i: number): OrderOutcome {
  const ou = r.units[i]!;
  if (ou.illegalReason) return 'illegal';
  const dislodger = r.dislodger(i);
  if (ou.defaulted) return dislodger === null ? 'success' : 'failure';
  switch (r.role[i]) {
    case 'move':
      return r.succeeded(i) ? 'success' : 'failure';
    case 'support':
      if (r.voidReason[i]) return 'void';
      return r.supportValue(i) > 0 && dislodger === null ? 'success' : 'failure';
    case 'convoy': {
      if (r.voidReason[i]) return 'void';
      if (!r.succeeded(i)) return 'failure';
      const army = r.convoyers.findIndex((fleets) => fleets.includes(i));
      if (army >= 0 && r.paradoxes.has(army)) return 'failure';
      if (army >= 0 && !r.byConvoy[army]) return 'void';
      return 'success';
    }
    default:
      return dislodger === null ? 'success' : 'failure';
  }
}

/** The reason a player reads for unit `i`'s order (its outcome: `outcomeOf`). */
function reasonOf(r: MovementResolver, i: number): string {
  const ou = r.units[i]!;
  const order = ou.order;
  const dislodger = r.dislodger(i);
  const here = ou.unit.province;
  // A move that lost a battle at its target and a battle at its own province lost one battle (the two groups share
  // the unit itself, so they are one battle: docs/rules/warhammer.md): said once, naming both provinces.
  const lostMove = moveLostBattleAt(r, i);
  const lostHome = lostAtHome(r, i, dislodger);
  const oneBattle = lostMove !== null && lostHome && lostMove !== here;
  const dislodged = dislodgedText(r, i, dislodger, lostHome && !oneBattle);
  if (ou.illegalReason) {
    return `${ou.illegalReason}, so the unit held${dislodged}${wonAtHome(r, i, true)}`;
  }
  if (ou.defaulted) {
    return `no order: the unit held${dislodged}${wonAtHome(r, i, true)}`;
  }
  switch (r.role[i]) {
    case 'move': {
      const ok = r.succeeded(i);
      const stayed = wonAtHome(r, i, false);
      const custom = r.customReason[i];
      if (custom) return custom + stayed + dislodged;
      const target = r.dest[i]!;
      const battle = r.battleAt(target);
      if (ok) {
        const victim = r.index.get(target);
        const displaced =
          victim !== undefined && victim !== i && r.dislodger(victim) === i
            ? `, dislodging ${describeUnit(r, victim)}`
            : '';
        if (battle === ou.unit.province) return `won the battle at ${placeName(r, target)} and moved there${displaced}`;
        const attack = r.attackStrength(i);
        const why = notes(r, [['attack', i]]);
        return `moved to ${placeName(r, target)}${displaced}${why ? ` (attack ${attack}${why})` : ''}`;
      }
      if (oneBattle) {
        const names = [lostMove, here].sort().map((p) => placeName(r, p));
        return `lost the battle at ${names.join(' and ')}${dislodged}`;
      }
      return whyMoveFailed(r, i, stayed !== '') + stayed + dislodged;
    }
    case 'support': {
      const reason = r.voidReason[i];
      if (reason) return `support not used: ${reason}${dislodged}${wonAtHome(r, i, false)}`;
      const value = r.supportValue(i);
      const whole = r.wholeValue(i);
      const attacks = r.cuts(i).sort((a, b) => byProvince(r, a.by, b.by));
      const cuts = attacks.filter((c) => c.amount > 0);
      const won = wonAtHome(r, i, false);
      if (value > 0 && dislodger === null) {
        if (value === whole) return (whole === 1 ? 'support given' : `support given (strength ${whole})`) + won;
        // A support reduced rather than cut (Warring States Floating Fortress rule 3): by its strongest attack.
        const strongest = cuts.filter((c) => c.amount === whole - value).map((c) => describeUnit(r, c.by));
        return `support given with strength ${value} of ${whole}: reduced by ${whole - value} by ${strongest.join(' and ')}${won}`;
      }
      if (r.loopCut.has(i)) {
        const by = attacks.map((c) => describeUnit(r, c.by)).join(' and ');
        return `support counted as cut: whether ${by || 'anything'} cut it depended on this support itself (a support-cut loop)${dislodged}${won}`;
      }
      if (cuts.length > 0)
        return `support cut by ${cuts.map((c) => describeUnit(r, c.by)).join(' and ')}${dislodged}${won}`;
      return `support failed${dislodged}${won}`;
    }
    case 'convoy': {
      const won = wonAtHome(r, i, false);
      const reason = r.voidReason[i];
      if (reason) return `convoy not used: ${reason}${dislodged}${won}`;
      // A convoy whose outcome was decided outside the resolver (`convoyStands`) may fail undislodged or stand dislodged.
      if (!r.succeeded(i)) return `convoy disrupted${dislodged}${won}`;
      const army = r.convoyers.findIndex((fleets) => fleets.includes(i));
      if (army >= 0 && r.paradoxes.has(army))
        return `the convoy was disrupted by a convoy paradox (Szykman rule)${won}`;
      if (army >= 0 && !r.byConvoy[army]) return `${describeUnit(r, army)} moved over land, not by this convoy${won}`;
      if (army >= 0 && !r.succeeded(army))
        return `convoy in place, but ${describeUnit(r, army)} did not arrive${dislodged}${won}`;
      return (army >= 0 ? `convoyed ${describeUnit(r, army)}` : 'convoyed') + dislodged + won;
    }
    default: {
      const won = wonAtHome(r, i, order.kind !== 'special');
      if (order.kind === 'special') {
        return dislodger === null ? `done${won}` : dislodged.slice(2);
      }
      return dislodger === null ? `held${won}` : dislodged.slice(2);
    }
  }
}

/** Why move `i` failed. `wonHere`: the unit won the battle at its own province (no "lost … battle" beside that). */
function whyMoveFailed(r: MovementResolver, i: number, wonHere = false): string {
  if (r.paradoxes.has(i)) return 'the convoy was disrupted by a convoy paradox (Szykman rule)';
  if (!r.hasPath(i)) {
    const ordered = r.convoyers[i]!.length + r.disruptedConvoyers[i]!.length;
    return ordered === 0 ? 'no fleet convoyed it' : 'the convoy was disrupted';
  }
  const target = r.dest[i]!;
  // A battle decided outside the resolver (Warhammer's decisive battles): the strengths did not decide it.
  const battle = r.battleAt(target);
  if (battle === null)
    return `no move into ${placeName(r, target)} succeeded: the battle there was won by a side that could not take it`;
  if (typeof battle === 'string') return `lost the battle at ${placeName(r, target)}`;
  if (battle && battle.lost === r.units[i]!.unit.province) return `lost the battle at ${placeName(r, battle.at)}`;
  const attack = r.attackStrength(i);
  const beaten = keptOutByDislodger(r, i, target, attack);
  if (beaten) return beaten;
  const opponent = r.headToHead[i]!;
  if (opponent >= 0) {
    const defend = r.defendStrength(opponent);
    const strengths = `${attack} vs ${defend}${notes(r, [
      ['attack', i],
      ['defend', opponent],
    ])}`;
    if (attack <= defend) {
      if (wonHere) return `its move failed in the head-to-head with ${describeUnit(r, opponent)} (${strengths})`;
      // Equal strengths and the other move failed too: a standoff, not a battle one side lost.
      if (attack === defend && !r.succeeded(opponent))
        return `a standoff in the head-to-head with ${describeUnit(r, opponent)} (${strengths}): neither unit moved`;
      return `lost the head-to-head battle with ${describeUnit(r, opponent)} (${strengths})`;
    }
  } else {
    const hold = r.holdStrength(target);
    const occupant = r.index.get(target);
    if (
      attack === 0 &&
      hold === 0 &&
      (occupant === undefined || (r.role[occupant] === 'move' && r.succeeded(occupant)))
    ) {
      // Nothing held there (its unit moved away): the move failed for want of any strength (a wall took it all).
      return `could not enter ${placeName(r, target)}: its attack had no strength (0${notes(r, [['attack', i]])})`;
    }
    if (occupant !== undefined && attack <= hold) {
      const stuck = r.role[occupant] === 'move' ? `, which did not move away` : '';
      if (r.units[occupant]!.unit.power === r.units[i]!.unit.power && attack === 0) {
        return stuck
          ? `blocked by ${describeUnit(r, occupant)}${stuck}`
          : `cannot dislodge ${describeUnit(r, occupant)}, a unit of its own power`;
      }
      return `bounced off ${describeUnit(r, occupant)} in ${placeName(r, target)}${stuck} (${attack} vs ${hold}${notes(
        r,
        [
          ['attack', i],
          ['hold', occupant],
        ],
      )})`;
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

/**
 * Move `i` failed against a unit that another move dislodged: what kept it out is that stronger attack (its prevent
 * strength at least `attack`: a move must beat every other move's prevent strength), not the unit, which did not stay. Null when the unit in the target was not dislodged by another move, or that move was weaker.
 */
function keptOutByDislodger(r: MovementResolver, i: number, target: string, attack: number): string | null {
  const occupant = r.index.get(target);
  if (occupant === undefined) return null;
  const by = r.dislodger(occupant);
  if (by === null || by === i) return null;
  const prevent = r.preventStrength(by);
  if (attack > prevent) return null;
  const strengths = `${attack} vs ${prevent}${notes(r, [
    ['attack', i],
    ['prevent', by],
  ])}`;
  return `kept out of ${placeName(r, target)} by the ${prevent > attack ? 'stronger ' : ''}attack of ${describeUnit(r, by)}, which dislodged ${describeUnit(r, occupant)} (${strengths})`;
}
