/**
 * The card game's computer player (docs/ai.md "The card game"). Pure and deterministic: the same view
 * and seed give the same action; no I/O, no clock. It reads only a seat's view (`privateView`, what `cards view
 * --seat K` prints): its own hand, the table, and the sizes of the other hands, the deck and the discard.
 */
import type { Action, CardGameView } from '../../cardgame/index.js';
import { chooseGive } from './choices.js';
import { randomFromText } from './random.js';
import { battleCandidates, chooseCandidates, quickPick, searchBest, type SearchOptions } from './search.js';
import { CARD_LEVELS, type Level } from '../levels.js';
import { DEFAULT_WEIGHTS, type Weights } from './value.js';
import { determinize } from './view.js';

export { readSeatView, determinize } from './view.js';
export { DEFAULT_WEIGHTS, type Weights } from './value.js';

export interface CardAiOptions {
  /** Any text or number; the same view and seed give the same action. Default "0". */
  seed?: string | number;
  /** Playouts per decision (the search budget). Default DEFAULT_PLAYOUTS; 0: no search, the fast policy's pick. */
  playouts?: number;
  weights?: Weights;
  /** Chance that a playout seat takes the other branch of a wage-or-fall-back decision. */
  noise?: number;
  settle?: number;
  settleGain?: number;
  /** Candidates searched at most. */
  width?: number;
  /** How well the seat plays (src/ai/levels.ts); default `hard`. `playouts` overrides the level's. */
  level?: Level;
}

export const DEFAULT_PLAYOUTS = CARD_LEVELS.hard.playouts;

/** Whether the viewing seat has something to decide now. */
export function hasDecision(v: CardGameView): boolean {
  const me = v.viewer;
  if (me === null) return false;
  switch (v.phase) {
    case 'give':
      return true;
    case 'choose':
      return v.chooser?.seat === me;
    case 'battle':
    case 'tiebreak':
      return v.turnSeat === me;
    default:
      return false;
  }
}

/**
 * The action the viewing seat takes now, or null when it has nothing to decide (not its turn, game over). In
 * the setup it is the seat's give, whatever the other seats have done.
 */
export function cardAiAction(view: CardGameView, opts: CardAiOptions = {}): Action | null {
  if (!hasDecision(view)) return null;
  const seat = view.viewer!;
  const level = CARD_LEVELS[opts.level ?? 'hard'];
  const o: SearchOptions = {
    weights: opts.weights ?? DEFAULT_WEIGHTS,
    noise: opts.noise ?? 0.15,
    settle: opts.settle ?? 2,
    settleGain: opts.settleGain ?? 1,
    playouts: opts.playouts ?? level.playouts,
    width: opts.width ?? 10,
  };
  const r = randomFromText(`card-ai:${seat}:${String(opts.seed ?? '0')}`);
  if (view.phase === 'give') return { type: 'give', seat, cards: chooseGive(view.seats[seat]!.hand!) };
  // the candidates depend only on what the seat sees; any deal of the hidden cards lists them
  const s = determinize(view, r);
  // The lower levels: now and then another of the few most promising actions (never one outside them).
  if (level.sampleShare > 0 && r() < level.sampleShare) {
    const few = { ...o, width: level.sampleWidth };
    const candidates = view.phase === 'choose' ? chooseCandidates(s, few) : battleCandidates(s, seat, few);
    return candidates[Math.floor(r() * candidates.length)]!;
  }
  if (o.playouts === 0) return quickPick(s, seat, r, o);
  const candidates = view.phase === 'choose' ? chooseCandidates(s, o) : battleCandidates(s, seat, o);
  return searchBest(view, candidates, r, o);
}
