/**
 * The card AI's opponents and the table that seats them, for tests and `npm run bench`:
 * - random: a uniformly random listed action (a fall back with random effects and recruits);
 * - greedy: the one-ply player (docs/ai.md "The card game"): it tries every listed action and keeps the one whose
 *   resulting table has the best immediate score: 10 per state it controls + 1 per army of its on the board + 1
 *   per superiority it would claim by falling back now. A fall back's effects are picked the same way, one at a
 *   time (or the draw when no effect scores more); ties go to falling back, then to the first listed.
 * Every player sees only its seat's view (the greedy and random players deal the hidden cards at random: their
 * own choices do not depend on them).
 */
import {
  apply,
  claimsOf,
  effectChoices,
  legalActions,
  privateView,
  statesControlledBy,
  type Action,
  type CardGameState,
  type CardGameView,
  type Effect,
  type Seat,
} from '../../../src/cardgame/index.js';
import { armiesOnBoard } from '../../../src/cardgame/board.js';
import { applyEffect } from '../../../src/cardgame/effects.js';
import { cloneState } from '../../../src/cardgame/clone.js';
import { cardAiAction, determinize, type CardAiOptions } from '../../../src/ai/cards/index.js';
import { randomFromText } from '../../../src/ai/cards/random.js';
import { prng, randomAction } from '../../cardgame/random-game.js';

export type Player = (view: CardGameView, seed: string) => Action | null;

const mySeat = (v: CardGameView) => v.viewer!;
const toAct = (v: CardGameView) =>
  v.phase === 'give' || (v.phase === 'choose' ? v.chooser?.seat === mySeat(v) : v.turnSeat === mySeat(v));

/** The seat's own legal actions (the same in every deal of the hidden cards). */
function ownActions(v: CardGameView, seed: string): { s: CardGameState; actions: Action[] } {
  const s = determinize(v, randomFromText(seed));
  const actions = legalActions(s, { effectOptions: false }).actions.filter((a) => a.seat === mySeat(v)) as Action[];
  return { s, actions };
}

export const randomPlayer: Player = (v, seed) => {
  if (!toAct(v)) return null;
  const { s, actions } = ownActions(v, seed);
  const h = [...seed].reduce((k, ch) => (Math.imul(k, 31) + ch.charCodeAt(0)) >>> 0, 7);
  return randomAction(s, prng(h), 0.3, actions);
};

/** The greedy player's immediate score of a table for a seat. */
export function greedyScore(s: CardGameState, seat: Seat): number {
  const inBattle = (s.phase === 'battle' || s.phase === 'tiebreak') && !s.battle.fallen.includes(seat);
  return 10 * statesControlledBy(s, seat) + armiesOnBoard(s, seat) + (inBattle ? claimsOf(s, seat).length : 0);
}

function greedyFallBack(s: CardGameState, seat: Seat): Action {
  if (s.phase === 'tiebreak') return { type: 'fallBack', seat };
  const claims = claimsOf(s, seat);
  const draft = cloneState(s);
  const effects: Effect[] = [];
  for (const symbol of claims) {
    let best: Effect = { symbol, draw: true };
    let bestScore = greedyScore(draft, seat);
    for (const e of effectChoices(draft, seat, symbol)) {
      const t = cloneState(draft);
      applyEffect(t, seat, e, []);
      const sc = greedyScore(t, seat);
      if (sc > bestScore) {
        best = e;
        bestScore = sc;
      }
    }
    applyEffect(draft, seat, best, []);
    effects.push(best);
  }
  return { type: 'fallBack', seat, effects }; // recruits: the engine's default (the row cards with the most symbols)
}

export const greedyPlayer: Player = (v, seed) => {
  if (!toAct(v)) return null;
  const seat = mySeat(v);
  const { s, actions } = ownActions(v, seed);
  if (v.phase === 'give') return { type: 'give', seat }; // every give scores the same: the engine's default
  let best: Action | null = null;
  let bestScore = -Infinity;
  for (const listed of actions) {
    const a = listed.type === 'fallBack' ? greedyFallBack(s, seat) : listed;
    const r = apply(s, a);
    if (!r.ok) throw new Error(`greedy: listed action refused: ${r.error}`);
    const sc = greedyScore(r.state, seat);
    if (sc > bestScore || (sc === bestScore && a.type === 'fallBack')) {
      best = a;
      bestScore = sc;
    }
  }
  return best;
};

/**
 * A second one-ply player, greedy for claims: it plays the card (with a dark card when one fits) that raises the
 * number of superiorities it would claim the most, and falls back when no card raises it; effects and recruits
 * are the engine's defaults (docs/cardgame.md "Defaults"), the state battled for the first eligible one. Ties: the
 * first listed.
 */
export const claimsGreedyPlayer: Player = (v, seed) => {
  if (!toAct(v)) return null;
  const seat = mySeat(v);
  const { s, actions } = ownActions(v, seed);
  if (v.phase === 'give') return { type: 'give', seat };
  if (v.phase === 'choose') return actions[0]!;
  const now = claimsOf(s, seat).length;
  let best: Action = { type: 'fallBack', seat };
  let bestClaims = now;
  for (const a of actions) {
    if (a.type !== 'wage') continue;
    const r = apply(s, a);
    if (!r.ok) throw new Error(`claims-greedy: listed action refused: ${r.error}`);
    const n = claimsOf({ ...r.state, turnSeat: seat }, seat).length;
    if (n > bestClaims) {
      best = a;
      bestClaims = n;
    }
  }
  return best;
};

export function aiPlayer(opts: CardAiOptions = {}): Player {
  return (v, seed) => cardAiAction(v, { ...opts, seed });
}

export interface GameRecord {
  winner: Seat | Seat[] | null;
  rounds: number;
  actions: number;
  endReason: string | null;
  /** Per seat: decisions made. */
  decisions: number[];
}

export interface PlayOptions {
  /** Sees every decision with the full state (the property tests compare it with `cards legal`). */
  check?: (full: CardGameState, seat: Seat, action: Action) => void;
  /** Told how long each decision took (the bench), in the clock's unit. */
  timed?: { clock: () => number; record: (seat: Seat, elapsed: number, phase: CardGameState['phase']) => void };
  /** Actions after which the game counts as stalled. */
  maxActions?: number;
}

/** One game to its end, each seat's player seeing only its view. Throws if an action is refused or the game stalls. */
export function playGame(s0: CardGameState, players: Player[], gameSeed: string, o: PlayOptions = {}): GameRecord {
  let s = s0;
  const decisions = new Array<number>(s.settings.seats).fill(0);
  const maxActions = o.maxActions ?? 3000;
  let count = 0;
  while (s.phase !== 'finished') {
    if (count++ > maxActions)
      throw new Error(
        `game ${gameSeed} stalled: ${maxActions} actions without an end (round ${s.round}, phase ${s.phase})`,
      );
    const seat = s.phase === 'give' ? s.gives.indexOf(null) : s.phase === 'choose' ? s.chooser!.seat : s.turnSeat!;
    const view = privateView(s, seat);
    const t = o.timed?.clock() ?? 0;
    const a = players[seat]!(view, `${gameSeed}:${count}`);
    o.timed?.record(seat, o.timed.clock() - t, s.phase);
    decisions[seat]!++;
    if (!a) throw new Error(`game ${gameSeed}: seat ${seat} gave no action in phase ${s.phase}`);
    o.check?.(s, seat, a);
    const r = apply(s, a);
    if (!r.ok) throw new Error(`game ${gameSeed}: seat ${seat}'s ${JSON.stringify(a)} refused: ${r.error}`);
    s = r.state;
  }
  return { winner: s.winner, rounds: s.round, actions: count, endReason: s.endReason, decisions };
}

/** A seat's share of a game: 1 for a win, 1/k for a shared victory of k seats, 0 for a loss. */
export function share(rec: GameRecord, seat: Seat): number {
  if (rec.winner === null) return 0;
  if (Array.isArray(rec.winner)) return rec.winner.includes(seat) ? 1 / rec.winner.length : 0;
  return rec.winner === seat ? 1 : 0;
}
