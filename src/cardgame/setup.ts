/**
 * Setting up a game (seed §4, docs/cardgame.md "Setup"): 1 neutral army per state, the 112 cards shuffled, 8 dealt to
 * each seat, the start seat drawn from the seed (D-20: "The player who last ate starts" cannot be known to a bot).
 * Then every seat gives 2 of its 8 cards to the recruiting row (`give`, simultaneous, D-21).
 */
import { boardKey, STRONGHOLD_IDS } from './board.js';
import { byId, card, DECK_IDS } from './cards.js';
import {
  ARMIES_PER_DYNASTY,
  DYNASTIES,
  STATE_ORDER,
  SYMBOLS,
  victoryStatesFor,
  type DynastyId,
  type StateId,
  type SymbolId,
} from './data.js';
import { drawCard } from './deck.js';
import { randomInt, seedRng, shuffle } from './rng.js';
import type { Battle, CardGameState, CardId, GameEvent, Owner, Settings } from './types.js';

export interface NewGameOptions {
  seats: number;
  seed: string;
  dynastyCards?: boolean;
  /** One per seat, clockwise; default: the first `seats` of chu, jin, qi, qin, yan. */
  dynasties?: DynastyId[];
  stalemateRounds?: number;
  roundCap?: number;
}

export const HAND_DEALT = 8;
export const GIVEN_TO_ROW = 2;

export function emptyBattle(seats: number, tiebreak: Battle['tiebreak'] = null): Battle {
  return {
    played: Array.from({ length: seats }, () => []),
    playedAny: Array.from({ length: seats }, () => false),
    fallen: [],
    available: [...SYMBOLS] as SymbolId[],
    claims: Array.from({ length: seats }, () => []),
    spyClaimer: null,
    tiebreak,
    discarded: 0,
  };
}

/** A new game after the deal: phase `give`. Throws only on impossible settings (checked by the callers' schemas). */
export function newGame(opts: NewGameOptions): CardGameState {
  const n = opts.seats;
  const dynasties = opts.dynasties ?? DYNASTIES.slice(0, n);
  if (dynasties.length !== n || new Set(dynasties).size !== n)
    throw new Error(`give ${n} different dynasties, one per seat`);
  const settings: Settings = {
    seats: n,
    dynastyCards: opts.dynastyCards ?? false,
    victoryStates: victoryStatesFor(n),
    stalemateRounds: opts.stalemateRounds ?? 3,
    roundCap: opts.roundCap ?? 40,
  };
  let [deck, rng] = shuffle(DECK_IDS, seedRng(opts.seed));
  const seats = dynasties.map((dynasty) => {
    const hand = deck.slice(0, HAND_DEALT);
    deck = deck.slice(HAND_DEALT);
    return { dynasty, hand, supply: ARMIES_PER_DYNASTY, dynastyCardInHand: settings.dynastyCards };
  });
  const [startSeat, rng2] = randomInt(n, rng);
  const strongholds: Record<string, Owner[]> = Object.fromEntries(STRONGHOLD_IDS.map((h) => [String(h), []]));
  const states = Object.fromEntries(STATE_ORDER.map((st) => [st, ['neutral']])) as Record<StateId, Owner[]>;
  const state: CardGameState = {
    settings,
    rng: rng2,
    seats,
    deck,
    discard: [],
    row: [],
    resistance: [],
    strongholds,
    states,
    round: 1,
    phase: 'give',
    currentState: null,
    startSeat,
    turnSeat: null,
    gives: Array.from({ length: n }, () => null),
    chooser: null,
    battle: emptyBattle(n),
    stillRounds: 0,
    roundStartBoard: '',
    winner: null,
    endReason: null,
  };
  state.roundStartBoard = boardKey(state);
  return state;
}

/** D-21: the default give is the 2 cards with the fewest symbols, dark before bright before wild, ties by lowest id. */
export function defaultGive(hand: readonly CardId[]): CardId[] {
  const rank = (id: CardId) => ({ dark: 0, bright: 1, wild: 2 })[card(id).kind];
  return [...hand].sort((a, b) => rank(a) - rank(b) || byId(a, b)).slice(0, GIVEN_TO_ROW);
}

/** 2-player rule 1: draw 1 card; while it is dark, draw again, until a bright (or wild) card is drawn. */
export function drawResistance(s: CardGameState, events: GameEvent[]): void {
  s.discard.push(...s.resistance);
  s.resistance = [];
  for (;;) {
    const c = drawCard(s, events);
    if (c === null) break;
    s.resistance.push(c);
    if (card(c).kind !== 'dark') break;
  }
  events.push({
    kind: 'resistance',
    cards: [...s.resistance],
    text: `The local resistance: ${s.resistance.join(', ') || 'none (no cards left)'}.`,
  });
}
