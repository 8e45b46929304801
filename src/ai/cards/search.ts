/**
 * Information-set Monte Carlo over one round. The seat's own candidate actions are the same in every deal of
 * the hidden cards (they depend on its hand and the table only); each candidate is tried on many deals
 * (determinizations of the view), the round is played out with the fast policy for every seat, and the table at
 * the round's end is valued (value.ts). Candidates are compared on the same deals and playout seeds (common
 * random numbers), and the playout budget is spent by sequential halving: every candidate gets a few playouts,
 * the better half gets more, and so on down to one.
 */
import {
  card,
  eligibleStates,
  fallBackOption,
  legalWages,
  type Action,
  type CardGameState,
  type CardGameView,
  type CardId,
  type Seat,
} from '../../cardgame/index.js';
import type { WageAction } from '../../cardgame/wage.js';
import { bestCards, cardWorth, chooseFallBack } from './choices.js';
import {
  battleSiteScore,
  claimWorth,
  policyAction,
  rivalCounts,
  wageCost,
  wageGain,
  wageOrFallBack,
  worthTable,
  type PolicyOptions,
} from './policy.js';
import { nextSeed, randomFrom, type Random } from './random.js';
import { cloneState, step } from './sim.js';
import { relative, tableValues } from './value.js';
import { determinize } from './view.js';

export interface SearchOptions extends PolicyOptions {
  /** Playouts per decision, spread over the candidates. */
  playouts: number;
  /** Candidates searched at most: the most promising wages (and the fall back), or choices of battle. */
  width: number;
}

/** Cards with the same kind and symbols play alike (B01 and B02 are the same card twice). */
const cardKey = (id: CardId | undefined) => (id === undefined ? '' : `${card(id).kind}:${card(id).symbols.join('/')}`);

/**
 * The seat's candidate actions in a battle turn: the wages the rules allow, up to equal cards (Qin's exchange
 * narrowed to the best card to take and the least useful one to give), the `width - 1` adding the most claims
 * for their cards (policy.ts), and one fall back with its effects and recruits chosen (choices.ts).
 */
export function battleCandidates(s: CardGameState, seat: Seat, o: SearchOptions): Action[] {
  const seen = new Set<string>();
  const out: WageAction[] = [];
  const hand = s.seats[seat]!.hand;
  for (const a of legalWages(s, seat)) {
    if (a.take !== undefined) {
      // Qin: take the row card most worth having, give back the hand card least worth keeping
      const take = bestCards(s.row, hand, 1)[0]!;
      const rest = [...hand, take];
      rest.splice(rest.indexOf(a.bright), 1);
      const give = [...rest].sort((x, y) => cardWorth(x, rest) - cardWorth(y, rest) || (x < y ? -1 : 1))[0]!;
      if (a.take !== take || a.give !== give) continue;
    }
    const k = [
      cardKey(a.bright),
      cardKey(a.dark),
      a.dynasty ? 'd' : '',
      a.cover ?? '',
      cardKey(a.takeBack),
      a.take ?? '',
    ].join('|');
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(a);
  }
  const rivals = rivalCounts(s, seat);
  const worth = worthTable(s, seat);
  const now = claimWorth(s, seat, rivals, worth);
  const ranked = out
    .map((a, i) => ({ a, i, prior: wageGain(s, seat, a, rivals, worth, now) - wageCost(a) }))
    .sort((x, y) => y.prior - x.prior || x.i - y.i)
    .slice(0, Math.max(0, o.width - 1))
    .map((x) => x.a);
  return [...ranked, listedFallBack(s, seat, o)];
}

/** The fall back as `cards legal` lists it (its claims, effect options, recruit count), effects and recruits chosen. */
export function listedFallBack(s: CardGameState, seat: Seat, o: SearchOptions): Action {
  const fb = fallBackOption(s, seat);
  return chooseFallBack(s, seat, o.weights, fb.claims, fb.recruitCount, fb.options);
}

/**
 * The choices of battle worth searching: the eligible states where the chooser stands best (policy.ts), and after
 * a Spy claim, for each, starting itself or the seat after it (which lets the chooser act last).
 */
export function chooseCandidates(s: CardGameState, o: SearchOptions): Action[] {
  const { seat, pickStart } = s.chooser!;
  const starts = pickStart ? [seat, (seat + 1) % s.settings.seats] : [seat];
  const states = eligibleStates(s)
    .map((st, i) => ({ st, i, score: battleSiteScore(s, seat, st) }))
    .sort((x, y) => y.score - x.score || x.i - y.i)
    .slice(0, Math.max(1, Math.floor(o.width / starts.length)));
  return states.flatMap(({ st }) => starts.map((start) => ({ type: 'choose' as const, seat, state: st, start })));
}

const MAX_PLAYOUT_STEPS = 400;

/** Play `a` on a copy of `det`, then the rest of the round with the policy; the table's value for `seat`. */
export function playout(det: CardGameState, seat: Seat, a: Action, r: Random, o: SearchOptions): number {
  const s = cloneState(det);
  step(s, a);
  const round = s.round;
  for (let k = 0; k < MAX_PLAYOUT_STEPS && (s.phase === 'battle' || s.phase === 'tiebreak') && s.round === round; k++)
    step(s, policyAction(s, r, o));
  return relative(tableValues(s, o.weights), seat);
}

/** The candidate with the best mean playout value (sequential halving over `o.playouts` playouts). */
export function searchBest(view: CardGameView, candidates: Action[], r: Random, o: SearchOptions): Action {
  if (candidates.length === 1) return candidates[0]!;
  const seat = view.viewer!;
  const stats = candidates.map((a, i) => ({ a, i, sum: 0, n: 0 }));
  let alive = stats;
  const rounds = Math.ceil(Math.log2(candidates.length));
  const base = nextSeed(r);
  let sample = 0;
  for (let round = 0; round < rounds && alive.length > 1; round++) {
    const per = Math.max(1, Math.floor(o.playouts / (rounds * alive.length)));
    for (let k = 0; k < per; k++, sample++) {
      // the same deal and playout seed for every candidate (common random numbers)
      const dealRandom = randomFrom(base + sample * 7919);
      const det = determinize(view, dealRandom);
      const playSeed = nextSeed(dealRandom);
      for (const c of alive) {
        c.sum += playout(det, seat, c.a, randomFrom(playSeed), o);
        c.n++;
      }
    }
    alive = [...alive].sort((x, y) => y.sum / y.n - x.sum / x.n || x.i - y.i).slice(0, Math.ceil(alive.length / 2));
  }
  return alive[0]!.a;
}

/**
 * Without search (budget 0): the fast policy's decision on one deal; a fall back takes the listed effects
 * (`listedFallBack`) rather than the playouts' quicker ones.
 */
export function quickPick(det: CardGameState, seat: Seat, r: Random, o: SearchOptions): Action {
  const sure = { ...o, noise: 0 };
  if (det.phase === 'choose') return policyAction(det, r, sure);
  return wageOrFallBack(det, r, sure) ?? listedFallBack(det, seat, o);
}
