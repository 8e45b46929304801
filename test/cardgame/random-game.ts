/**
 * Random legal play for property tests and the benchmark: every action comes from `legalActions`, and a fall
 * back resolves its superiorities in a random order with random targets (or draws), worked out on a draft.
 */
import {
  DECK_IDS,
  effectChoices,
  legalActions,
  newGame,
  STATE_ORDER,
  STRONGHOLD_IDS,
  type Action,
  type CardGameState,
  type Effect,
} from '../../src/cardgame/index.js';
import { applyEffect } from '../../src/cardgame/effects.js';
import { cloneState } from '../../src/cardgame/clone.js';

/** The project's test PRNG (mulberry32), so failures replay from a seed. */
export { rng as prng } from '../support/random.js';

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

/** A random fall back with explicit effects and recruits. */
function randomFallBack(s: CardGameState, seat: number, claims: string[], recruit: number, r: () => number): Action {
  if (s.phase === 'tiebreak') return { type: 'fallBack', seat };
  const draft = cloneState(s);
  const effects: Effect[] = [];
  const order = [...claims].sort(() => r() - 0.5);
  for (const symbol of order) {
    const choices = effectChoices(draft, seat, symbol as Effect['symbol']);
    const e: Effect =
      choices.length === 0 || r() < 0.15 ? { symbol: symbol as Effect['symbol'], draw: true } : pick(r, choices);
    applyEffect(draft, seat, e, []);
    effects.push(e);
  }
  const row = [...draft.row];
  const picks: string[] = [];
  for (let i = 0; i < recruit && row.length > 0; i++) picks.push(row.splice(Math.floor(r() * row.length), 1)[0]!);
  return { type: 'fallBack', seat, effects, recruit: picks };
}

/** The next random legal action. `fallBackRate` is the chance to fall back when a wage is possible. */
export function randomAction(
  s: CardGameState,
  r: () => number,
  fallBackRate = 0.3,
  actions = legalActions(s, { effectOptions: false }).actions,
): Action {
  if (s.phase === 'give' || s.phase === 'choose') return pick(r, actions) as Action;
  const wages = actions.filter((a) => a.type === 'wage') as Action[];
  const fb = actions.find((a) => a.type === 'fallBack') as { seat: number; claims: string[]; recruitCount: number };
  if (wages.length > 0 && r() >= fallBackRate) return pick(r, wages);
  return randomFallBack(s, fb.seat, fb.claims, fb.recruitCount, r);
}

export function newRandomGame(seats: number, seed: number, dynastyCards: boolean): CardGameState {
  return newGame({ seats, seed: `property-${seed}`, dynastyCards });
}

/** Conservation and stacking invariants (docs/cardgame.md "Invariants"); returns the first broken one, or null. */
export function brokenInvariant(s: CardGameState, neutralBefore: number): string | null {
  const cards = [
    ...s.deck,
    ...s.discard,
    ...s.row,
    ...s.resistance,
    ...s.seats.flatMap((x) => x.hand),
    ...s.battle.played.flat().flatMap((p) => ('card' in p ? [p.card] : [])),
  ];
  if (cards.length !== DECK_IDS.length || new Set(cards).size !== DECK_IDS.length)
    return `cards not conserved: ${cards.length} held, ${new Set(cards).size} distinct`;
  const armies = s.seats.map((x) => x.supply);
  for (const h of STRONGHOLD_IDS) {
    const a = s.strongholds[String(h)]!;
    if (a.length > 2) return `stronghold ${h} holds ${a.length}`;
    for (const o of a) {
      if (o === 'neutral') return `a neutral army on stronghold ${h}`;
      armies[o]!++;
    }
  }
  for (const st of STATE_ORDER) for (const o of s.states[st]) if (o !== 'neutral') armies[o]!++;
  for (let i = 0; i < s.seats.length; i++) {
    const inFront = s.battle.played[i]!.filter((p) => 'dynasty' in p).length;
    const total = (s.seats[i]!.dynastyCardInHand ? 1 : 0) + inFront;
    if (total !== (s.settings.dynastyCards ? 1 : 0)) return `seat ${i} has ${total} dynasty cards`;
    if (armies[i] !== 24) return `seat ${i} has ${armies[i]} armies`;
    if (s.seats[i]!.supply < 0) return `seat ${i} supply below 0`;
  }
  let neutral = 0;
  for (const st of STATE_ORDER) {
    const a = s.states[st];
    if (a.length < 1 || a.length > 2) return `state ${st} holds ${a.length}`;
    neutral += a.filter((o) => o === 'neutral').length;
  }
  if (neutral > neutralBefore) return `neutral armies grew from ${neutralBefore} to ${neutral}`;
  return null;
}
