/**
 * The parts of a turn that need no look-ahead: which cards are worth keeping (the setup give, recruits, Spy,
 * Qin's exchange) and which effect to take for each superiority claimed when falling back.
 *
 * Effects are picked greedily: of every (superiority, effect) pair still open, the one that raises the seat's
 * board value the most (value.ts), in turn, until no effect beats the draw. Every effect picked is one that
 * `cards legal` offers for that superiority on the board as it stands when the seat falls back (the entry's
 * `options`), and stays legal after the effects picked before it; so the fall back is both accepted by the engine
 * and listed effect by effect.
 */
import {
  card,
  effectChoices,
  type CardGameState,
  type CardId,
  type Effect,
  type Owner,
  type Seat,
  type StateId,
  type SymbolId,
} from '../../cardgame/index.js';
import { statesAround, STRONGHOLD_IDS } from '../../cardgame/board.js';
import { shuffleInPlace, type Random } from './random.js';
import { localRelative, STATE_INDEX, type Weights } from './value.js';

export type FallBack = { type: 'fallBack'; seat: Seat; effects?: Effect[]; recruit?: CardId[] };

/** How much a card is worth keeping, given the rest of the hand (bright cards drive every turn). */
export function cardWorth(id: CardId, hand: readonly CardId[]): number {
  const c = card(id);
  if (c.kind === 'bright') return 3;
  if (c.kind === 'wild') return 2.2;
  const sym = c.symbols[0]!;
  return hand.some((h) => h !== id && card(h).kind === 'bright' && card(h).symbols.includes(sym)) ? 1.3 : 0.8;
}

/** The `n` cards of `from` most worth taking into `hand` (ties: lowest id, for determinism). */
export function bestCards(from: readonly CardId[], hand: readonly CardId[], n: number): CardId[] {
  return [...from]
    .map((id) => ({ id, w: cardWorth(id, hand) }))
    .sort((a, b) => b.w - a.w || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, n)
    .map((x) => x.id);
}

/** The setup give (seed §4): the 2 cards of the 8 least worth keeping (they go face up to the row, for anyone). */
export function chooseGive(hand: readonly CardId[]): CardId[] {
  return [...hand]
    .map((id) => ({ id, w: cardWorth(id, hand) }))
    .sort((a, b) => a.w - b.w || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, 2)
    .map((x) => x.id);
}

/** A short key naming an effect, to match it with a listed one. */
function key(e: Effect): string {
  if ('draw' in e) return `${e.symbol}:draw`;
  if ('moves' in e) return `fire:${e.stronghold}:${e.moves.map((m) => `${m.owner}>${m.to}`).join(',')}`;
  if ('from' in e) return `wind:${e.from}>${e.to}`;
  if ('state' in e) return `forest:${e.state}`;
  if ('card' in e) return `spy:${e.card}`;
  return `${e.symbol}:${e.stronghold}`;
}

/** A copy of the board, supplies and row (stacks copied): a draft the effects are tried and taken on. */
function boardDraft(s: CardGameState): CardGameState {
  const strongholds: Record<string, Owner[]> = {};
  for (const k in s.strongholds) strongholds[k] = [...s.strongholds[k]!];
  const states = {} as Record<StateId, Owner[]>;
  for (const k in s.states) states[k as StateId] = [...s.states[k as StateId]];
  return {
    ...s,
    strongholds,
    states,
    seats: s.seats.map((x) => ({ ...x, hand: [...x.hand] })),
    deck: [],
    discard: [],
    row: [...s.row],
  };
}

/** A change made on the draft, to be undone: the stacks it replaced. */
interface Touched {
  strongholds: [number, Owner[]][];
  states: [StateId, Owner[]][];
  supply: number;
}

/** The states (board indices) around each stronghold. */
const AROUND = new Map<number, number[]>(
  STRONGHOLD_IDS.map((h) => [h, statesAround(h).map((st) => STATE_INDEX.get(st)!)]),
);

function replaceStronghold(d: CardGameState, t: Touched, h: number, armies: Owner[]): void {
  t.strongholds.push([h, d.strongholds[h]!]);
  d.strongholds[h] = armies;
}

/**
 * The board part of an effect, carried out on the draft by replacing stacks; returns what it replaced. The
 * engine's `effectChoices` made the effect, so it is legal on the draft.
 */
function doEffect(d: CardGameState, seat: Seat, e: Effect): Touched {
  const sh = d.strongholds;
  const t: Touched = { strongholds: [], states: [], supply: d.seats[seat]!.supply };
  if ('draw' in e) return t;
  if ('moves' in e) {
    for (const m of e.moves) {
      const src = [...sh[e.stronghold]!];
      src.splice(src.indexOf(m.owner), 1);
      replaceStronghold(d, t, e.stronghold, src);
      replaceStronghold(d, t, m.to, [...sh[m.to]!, m.owner]);
    }
  } else if ('from' in e) {
    const src = [...sh[e.from]!];
    src.splice(src.lastIndexOf(seat), 1);
    replaceStronghold(d, t, e.from, src);
    replaceStronghold(d, t, e.to, [...sh[e.to]!, seat]);
  } else if ('state' in e) {
    t.states.push([e.state, d.states[e.state]]);
    d.states[e.state] = [seat, ...d.states[e.state]];
    d.seats[seat]!.supply--;
  } else if ('stronghold' in e) {
    // the four placing superiorities and Mountain
    replaceStronghold(d, t, e.stronghold, [...sh[e.stronghold]!, seat]);
    d.seats[seat]!.supply--;
  }
  return t;
}

function undo(d: CardGameState, seat: Seat, t: Touched): void {
  for (let i = t.strongholds.length - 1; i >= 0; i--) d.strongholds[t.strongholds[i]![0]] = t.strongholds[i]![1];
  for (let i = t.states.length - 1; i >= 0; i--) d.states[t.states[i]![0]] = t.states[i]![1];
  d.seats[seat]!.supply = t.supply;
}

/** The states whose value an effect can change: those around the strongholds it touches, or its state. */
function affected(t: Touched): number[] {
  const out: number[] = [];
  for (const [h] of t.strongholds) for (const st of AROUND.get(h)!) if (!out.includes(st)) out.push(st);
  for (const [id] of t.states) {
    const st = STATE_INDEX.get(id)!;
    if (!out.includes(st)) out.push(st);
  }
  return out;
}

/** How much the effect raises the seat's value against the best other seat, on the states it touches (listed). */
function effectGain(d: CardGameState, seat: Seat, e: Effect, w: Weights): { gain: number; states: number[] } {
  const n = d.settings.seats;
  const t = doEffect(d, seat, e);
  const states = affected(t);
  const after = localRelative(d, states, n, seat, w);
  undo(d, seat, t);
  return { gain: after - localRelative(d, states, n, seat, w), states };
}

/** The best of `choices` for the seat on the draft, with its gain (null when there are none). */
function bestChoice(
  d: CardGameState,
  seat: Seat,
  choices: readonly Effect[],
  w: Weights,
): { e: Effect; gain: number } | null {
  let best: { e: Effect; gain: number } | null = null;
  for (const e of choices) {
    const { gain } = effectGain(d, seat, e, w);
    if (!best || gain > best.gain) best = { e, gain };
  }
  return best;
}

/** Spy: the row card most worth having (a chosen face-up card beats a blind draw). */
function spyChoice(d: CardGameState, seat: Seat, w: Weights): { e: Effect; gain: number } | null {
  if (d.row.length === 0) return null;
  return { e: { symbol: 'spy', card: bestCards(d.row, d.seats[seat]!.hand, 1)[0]! }, gain: w.card * 1.3 };
}

function take(d: CardGameState, seat: Seat, e: Effect): void {
  if ('card' in e) {
    d.row.splice(d.row.indexOf(e.card), 1);
    d.seats[seat]!.hand.push(e.card);
  } else doEffect(d, seat, e);
}

/**
 * The effects of a fall back for the claims `claims`, in the order to resolve them, each an effect or the draw
 * (taken when no effect gains more than a card in hand is worth). Best first: of every (superiority, effect)
 * pair still open, the one that gains most, then again on the board it leaves. With `listed` (what `cards
 * legal` offers per superiority on the board now), only those effects are taken.
 */
export function chooseEffects(
  s: CardGameState,
  seat: Seat,
  claims: readonly SymbolId[],
  w: Weights,
  listed?: Partial<Record<SymbolId, Effect[]>>,
): Effect[] {
  const offered = listed ? new Map(claims.map((sym) => [sym, new Set((listed[sym] ?? []).map(key))])) : null;
  const d = boardDraft(s);
  const left = new Set(claims);
  const out: Effect[] = [];
  // an effect's gain depends only on the states it touches: it is kept until an effect taken touches them too
  const gains = new Map<string, { gain: number; states: number[] }>();
  let changed: number[] = [];
  while (left.size > 0) {
    let best: { e: Effect; gain: number } | null = null;
    for (const sym of left) {
      if (sym === 'spy') {
        const c = spyChoice(d, seat, w);
        if (c && (!offered || offered.get(sym)!.has(key(c.e))) && (!best || c.gain > best.gain)) best = c;
        continue;
      }
      for (const e of effectChoices(d, seat, sym)) {
        const k = key(e);
        if (offered && !offered.get(sym)!.has(k)) continue;
        let g = gains.get(k);
        if (!g || g.states.some((st) => changed.includes(st))) {
          g = effectGain(d, seat, e, w);
          gains.set(k, g);
        }
        if (!best || g.gain > best.gain) best = { e, gain: g.gain };
      }
    }
    if (!best || best.gain <= w.card) break;
    out.push(best.e);
    left.delete(best.e.symbol);
    changed = 'card' in best.e ? [] : affected(doEffect(d, seat, best.e));
    if ('card' in best.e) take(d, seat, best.e);
  }
  for (const sym of claims) if (left.has(sym)) out.push({ symbol: sym, draw: true });
  return out;
}

/** Superiorities in the order a playout resolves them: move rivals away, then move, stack and place. */
const PLAYOUT_ORDER: readonly SymbolId[] = [
  'fire',
  'wind',
  'forest',
  'cavalry',
  'chariot',
  'crossbow',
  'infantry',
  'mountain',
  'spy',
];

/**
 * The playouts' quicker effects: one pass in a fixed order, each superiority's best effect on the board the
 * earlier ones left, among at most `most` of its choices drawn at random (Wind and Fire can have a hundred).
 */
export function quickEffects(
  s: CardGameState,
  seat: Seat,
  claims: readonly SymbolId[],
  w: Weights,
  r: Random,
  most: number,
): Effect[] {
  const d = boardDraft(s);
  const out: Effect[] = [];
  for (const sym of PLAYOUT_ORDER) {
    if (!claims.includes(sym)) continue;
    let c: { e: Effect; gain: number } | null;
    if (sym === 'spy') c = spyChoice(d, seat, w);
    else {
      let choices = effectChoices(d, seat, sym);
      if (choices.length > most) choices = shuffleInPlace(r, choices).slice(0, most);
      c = bestChoice(d, seat, choices, w);
    }
    if (c && c.gain > w.card) {
      out.push(c.e);
      take(d, seat, c.e);
    } else out.push({ symbol: sym, draw: true });
  }
  return out;
}

/** A whole fall back: effects (none in a tie-break round), then the recruits most worth taking. */
export function chooseFallBack(
  s: CardGameState,
  seat: Seat,
  w: Weights,
  claims: readonly SymbolId[],
  recruitCount: number,
  listed?: Partial<Record<SymbolId, Effect[]>>,
  quick?: { r: Random; most: number },
): FallBack {
  if (s.phase === 'tiebreak') return { type: 'fallBack', seat };
  const effects = quick
    ? quickEffects(s, seat, claims, w, quick.r, quick.most)
    : chooseEffects(s, seat, claims, w, listed);
  const spied = effects.flatMap((e) => ('card' in e ? [e.card] : []));
  const row = [...s.row];
  for (const c of spied) row.splice(row.indexOf(c), 1);
  const hand = [...s.seats[seat]!.hand, ...spied];
  return { type: 'fallBack', seat, effects, recruit: bestCards(row, hand, Math.min(recruitCount, row.length)) };
}
