/**
 * The fast policy: one quick, slightly random decision for whichever seat acts, on a full (determinized) state.
 * The search (search.ts) plays the rest of a round with it for every seat, its own later turns included.
 *
 * - A battle turn plays the plain card (bright, with a matching dark card when that adds a claim) that raises the
 *   seat's claims the most; it falls back when its claims are worth it and one more card adds little, at once
 *   when it is the last seat in and no card adds a claim. Dynasty cards are left to the search at the root.
 * - The choice of battle goes to the eligible state where the chooser stands best around the ring.
 */
import {
  activeSeats,
  card,
  claimsOf,
  countPlayed,
  countResistance,
  eligibleStates,
  legalWages,
  ringOf,
  type Action,
  type CardGameState,
  type CardId,
  type Seat,
  type StateId,
  type SymbolId,
} from '../../cardgame/index.js';
import type { Counts } from '../../cardgame/counting.js';
import { placeTargets } from '../../cardgame/effects.js';
import { chooseFallBack, chooseGive } from './choices.js';
import type { Random } from './random.js';
import type { Weights } from './value.js';

/** What claiming a superiority is worth to the seat now, in armies placed (a draw is worth less). */
export function symbolWorth(s: CardGameState, seat: Seat, sym: SymbolId): number {
  const supply = s.seats[seat]!.supply > 0;
  switch (sym) {
    case 'cavalry':
    case 'chariot':
    case 'crossbow':
    case 'infantry':
      return supply && placeTargets(s, seat).length > 0 ? 1 : 0.35;
    case 'spy':
      return 0.8;
    case 'forest':
      return supply ? 0.8 : 0.35;
    case 'fire':
      return 0.6;
    case 'mountain':
    case 'wind':
      return 0.5;
  }
}

/** The best count of each symbol among the other seats still in (and the resistance with 2 seats). */
export function rivalCounts(s: CardGameState, seat: Seat): Counts {
  const best = s.settings.seats === 2 ? countResistance(s.resistance) : countPlayed([]);
  for (const o of activeSeats(s)) {
    if (o === seat) continue;
    const c = countPlayed(s.battle.played[o]!);
    for (const k in c) if (c[k as SymbolId] > best[k as SymbolId]) best[k as SymbolId] = c[k as SymbolId];
  }
  return best;
}

/** The worth of what the seat would claim with `extra` cards added in front of it. */
export function claimWorth(
  s: CardGameState,
  seat: Seat,
  rivals: Counts,
  worth: Partial<Record<SymbolId, number>>,
  extra: readonly CardId[] = [],
): number {
  const mine = countPlayed(s.battle.played[seat]!);
  for (const id of extra) for (const sym of card(id).symbols) mine[sym]++;
  let v = 0;
  for (const sym of s.battle.available) if (mine[sym] >= 1 && mine[sym] > rivals[sym]) v += worth[sym] ?? 0;
  return v;
}

export interface PolicyOptions {
  weights: Weights;
  /** Chance to take the other branch of a wage-or-fall-back decision (keeps playouts varied). */
  noise: number;
  /** Claims worth at which a seat falls back unless one more card adds at least `settleGain`. */
  settle: number;
  settleGain: number;
}

/** The worth of each available symbol to the seat (computed once per decision). */
export function worthTable(s: CardGameState, seat: Seat): Partial<Record<SymbolId, number>> {
  const out: Partial<Record<SymbolId, number>> = {};
  for (const sym of s.battle.available) out[sym] = s.phase === 'tiebreak' ? 1 : symbolWorth(s, seat, sym);
  return out;
}

/** A wage's worth before any look-ahead: the claims it adds, less a little for each card it spends. */
export function wageGain(
  s: CardGameState,
  seat: Seat,
  a: Extract<Action, { type: 'wage' }>,
  rivals: Counts,
  worth: Partial<Record<SymbolId, number>>,
  now: number,
): number {
  const cards = a.dark ? [a.bright, a.dark] : [a.bright];
  return claimWorth(s, seat, rivals, worth, cards) - now;
}

/** What a wage costs beyond its claims: the cards it spends, a wild card (which bridges any chain) a little more. */
export function wageCost(a: Extract<Action, { type: 'wage' }>): number {
  return (a.dark ? 2 : 1) * 0.15 + (card(a.bright).kind === 'wild' ? 0.2 : 0);
}

/** The plain wage (no dynasty card) that raises the seat's claims most, with its gain; null when none is legal. */
export function bestPlainWage(s: CardGameState, seat: Seat, r: Random): { action: Action; gain: number } | null {
  const rivals = rivalCounts(s, seat);
  const worth = worthTable(s, seat);
  const now = claimWorth(s, seat, rivals, worth);
  let best: { action: Action; gain: number; cost: number; tie: number } | null = null;
  for (const a of legalWages(s, seat)) {
    if (a.dynasty) continue;
    const gain = wageGain(s, seat, a, rivals, worth, now);
    const cost = wageCost(a);
    const tie = r();
    if (!best || gain - cost > best.gain - best.cost || (gain - cost === best.gain - best.cost && tie > best.tie))
      best = { action: a, gain, cost, tie };
  }
  return best ? { action: best.action, gain: best.gain } : null;
}

/** How well the seat stands around a state's ring, for choosing it as the battle (the tactical placements go there). */
export function battleSiteScore(s: CardGameState, seat: Seat, st: StateId): number {
  let score = 0;
  for (const h of ringOf(st)) {
    const a = s.strongholds[h]!;
    if (a.includes(seat)) score += 1;
    else if (a.length > 0) score -= 0.5;
    else score += 0.2;
  }
  const top = s.states[st][s.states[st].length - 1]!;
  if (top !== 'neutral' && top !== seat) score += 0.5; // a rival's state to take
  if (top === seat) score -= 0.5;
  return score;
}

/** The chooser's pick of the state to battle in: where it stands best around the ring (and, after Spy, the start). */
export function quickChoose(s: CardGameState, r: Random): Action {
  const { seat, pickStart } = s.chooser!;
  let best: StateId = eligibleStates(s)[0]!;
  let bestScore = -Infinity;
  for (const st of eligibleStates(s)) {
    const score = battleSiteScore(s, seat, st) + r() * 0.5;
    if (score > bestScore) {
      bestScore = score;
      best = st;
    }
  }
  // after Spy: start the seat after the chooser, so the chooser acts last (it sees every play before its own)
  const start = pickStart ? (seat + 1) % s.settings.seats : seat;
  return { type: 'choose', seat, state: best, start };
}

/** One decision for the seat to act (in the give phase: the first seat that has not given). */
export function policyAction(s: CardGameState, r: Random, o: PolicyOptions): Action {
  switch (s.phase) {
    case 'give': {
      const seat = s.gives.indexOf(null);
      return { type: 'give', seat, cards: chooseGive(s.seats[seat]!.hand) };
    }
    case 'choose':
      return quickChoose(s, r);
    case 'battle':
    case 'tiebreak':
      return battleTurn(s, r, o);
    default:
      throw new Error('card AI: no decision in a finished game');
  }
}

function battleTurn(s: CardGameState, r: Random, o: PolicyOptions): Action {
  const wage = wageOrFallBack(s, r, o);
  return wage ?? fallBackNow(s, s.turnSeat!, o.weights, r);
}

/**
 * The battle turn's first question: the plain wage to play, or null to fall back. A wage is played while it
 * adds claims worth having; the last seat in plays on while a card adds a claim.
 */
export function wageOrFallBack(s: CardGameState, r: Random, o: PolicyOptions): Action | null {
  const seat = s.turnSeat!;
  const last = activeSeats(s).length === 1;
  const wage = bestPlainWage(s, seat, r);
  if (!wage) return null;
  let fallBack: boolean;
  if (last) fallBack = wage.gain < 0.5;
  else {
    const rivals = rivalCounts(s, seat);
    const now = claimWorth(s, seat, rivals, worthTable(s, seat));
    const hand = s.seats[seat]!.hand.length;
    fallBack = (now >= o.settle && wage.gain < o.settleGain) || (now >= 1 && wage.gain <= 0) || hand <= 1;
    if (r() < o.noise) fallBack = !fallBack;
  }
  return fallBack ? null : wage.action;
}

/** Effect choices tried per superiority in a playout (a sample when there are more: Wind and Fire have many). */
const PLAYOUT_EFFECT_CHOICES = 8;

/** The fall back with the effects and recruits of choices.ts. */
export function fallBackNow(s: CardGameState, seat: Seat, w: Weights, r: Random): Action {
  const claims = claimsOf(s, seat);
  const last = activeSeats(s).length === 1;
  const recruit = s.phase === 'tiebreak' ? 0 : Math.min(last ? 1 : 2, s.row.length);
  return chooseFallBack(s, seat, w, claims, recruit, undefined, { r, most: PLAYOUT_EFFECT_CHOICES });
}
