/**
 * How good a table is for each seat: the AI's evaluation (docs/ai.md "The card game"). Pure arithmetic on the
 * board, hand sizes and supplies, all of which a seat may see, so it reads a view or a full state alike.
 *
 * - Each state counts for the seat that would hold it after a control round on the board as it stands (the
 *   rule of seed §6: the control round runs after every round, so a lead on the board is a state next round).
 * - Each state adds the seat's margin over the strongest other side there (a stack of 2 counts once, the top
 *   army 1, as seed §6 counts), small and capped: how close it is to taking or losing the state.
 * - Cards in hand are the fuel of every battle; armies left in supply are what superiorities place.
 */
import { ringOf, STATE_ORDER, type CardGameState, type Owner } from '../../cardgame/index.js';
import type { Board } from '../../cardgame/board.js';

export interface Weights {
  /** A state held (after the projected control round). */
  state: number;
  /** Per point of control margin in a state, capped at ±marginCap. */
  margin: number;
  marginCap: number;
  /** Per card in hand. */
  card: number;
  /** Per army left in supply, up to 4 (what the next placements need). */
  supply: number;
  /** Reaching the victory count (the game ends at the round's end). */
  win: number;
}

export const DEFAULT_WEIGHTS: Weights = { state: 1, margin: 0.12, marginCap: 2, card: 0.1, supply: 0.05, win: 8 };

const NEUTRAL = 5;
/** State index (board order) by id. */
export const STATE_INDEX = new Map<string, number>(STATE_ORDER.map((st, i) => [st, i]));
const RINGS: number[][] = STATE_ORDER.map((st) => [...ringOf(st)]);
const idx = (o: Owner) => (o === 'neutral' ? NEUTRAL : o);

/**
 * The control round's outcome for one state (seed §6, as `scoreState` counts): `owner` after it, and each
 * side's score in `scores` (index 5 is neutral).
 */
export function projectState(board: Board, st: number, scores: number[]): number {
  scores.fill(0);
  let count = 0;
  for (const h of RINGS[st]!) {
    const a = board.strongholds[h as unknown as string]!;
    count += a.length;
    if (a.length >= 1) scores[idx(a[0]!)]!++;
    if (a.length === 2 && a[1] !== a[0]) scores[idx(a[1]!)]!++;
  }
  const armies = board.states[STATE_ORDER[st]!];
  const top = idx(armies[armies.length - 1]!);
  const bottom = armies.length === 2 ? idx(armies[0]!) : -1;
  scores[top]!++;
  if (top === NEUTRAL && count < 4) return top;
  let max = -1;
  let leaders = 0;
  for (let i = 0; i < 6; i++) {
    if (scores[i]! > max) {
      max = scores[i]!;
      leaders = 1;
    } else if (scores[i] === max) leaders++;
  }
  if (leaders === 1) return scores.indexOf(max);
  if (bottom >= 0 && scores[bottom] === max) return bottom;
  return top;
}

/** Add one state's worth to each seat's value in `out` (the state if held, the capped margin). */
export function addStateValues(
  board: Board,
  st: number,
  seats: number,
  w: Weights,
  out: number[],
  scores: number[],
): void {
  const owner = projectState(board, st, scores);
  if (owner < seats) out[owner]! += w.state;
  for (let i = 0; i < seats; i++) {
    let best = 0;
    for (let j = 0; j < 6; j++) if (j !== i && scores[j]! > best) best = scores[j]!;
    const m = scores[i]! - best;
    out[i]! += w.margin * (m > w.marginCap ? w.marginCap : Math.max(m, -w.marginCap));
  }
}

/** Each seat's value of the board alone (states and margins), in `out` (length = seats). */
export function boardValues(board: Board, seats: number, w: Weights, out: number[]): number[] {
  out.fill(0, 0, seats);
  const scores = [0, 0, 0, 0, 0, 0];
  for (let st = 0; st < RINGS.length; st++) addStateValues(board, st, seats, w, out, scores);
  return out;
}

/** The seat's value less the best other seat's, over the given states only (an effect's local difference). */
export function localRelative(
  board: Board,
  states: readonly number[],
  seats: number,
  seat: number,
  w: Weights,
): number {
  const out = [0, 0, 0, 0, 0];
  const scores = [0, 0, 0, 0, 0, 0];
  let v = 0;
  for (const st of states) {
    out.fill(0);
    addStateValues(board, st, seats, w, out, scores);
    let best = -Infinity;
    for (let i = 0; i < seats; i++) if (i !== seat && out[i]! > best) best = out[i]!;
    v += out[seat]! - best;
  }
  return v;
}

/** States each seat would hold after a control round now. */
export function projectedStates(board: Board, seats: number): number[] {
  const out = new Array<number>(seats).fill(0);
  const scores = [0, 0, 0, 0, 0, 0];
  for (let st = 0; st < RINGS.length; st++) {
    const owner = projectState(board, st, scores);
    if (owner < seats) out[owner]!++;
  }
  return out;
}

/** Each seat's value of the whole table: the board, its hand, its supply; a finished game is won or lost. */
export function tableValues(s: CardGameState, w: Weights = DEFAULT_WEIGHTS): number[] {
  const n = s.settings.seats;
  const out = new Array<number>(n).fill(0);
  if (s.phase === 'finished') {
    const winners = Array.isArray(s.winner) ? s.winner : s.winner === null ? [] : [s.winner];
    for (const i of winners) out[i] = (w.win * 4) / winners.length;
    return out;
  }
  boardValues(s, n, w, out);
  const held = projectedStates(s, n);
  for (let i = 0; i < n; i++) {
    const x = s.seats[i]!;
    out[i]! += w.card * x.hand.length + w.supply * Math.min(x.supply, 4);
    if (held[i]! >= s.settings.victoryStates) out[i]! += w.win;
  }
  return out;
}

/** A seat's value less the best other seat's: what the AI maximizes. */
export function relative(values: readonly number[], seat: number): number {
  let best = -Infinity;
  for (let i = 0; i < values.length; i++) if (i !== seat && values[i]! > best) best = values[i]!;
  return values[seat]! - best;
}
