/**
 * Building card-game positions for tests: a table in the battle phase with chosen hands, row, board and
 * resistance. Cards are named like the design (§4): "fire/chariot/cavalry" (any order), "dark chariot", "wild";
 * each name hands out the next unused copy. Everything not placed stays in the deck, so cards and armies are
 * conserved as in a real game.
 */
import { expect } from 'vitest';
import {
  apply,
  DATA,
  DECK_IDS,
  newGame,
  STATE_ORDER,
  STRONGHOLD_IDS,
  type Action,
  type CardGameState,
  type DynastyId,
  type GameEvent,
  type Owner,
  type StateId,
  type SymbolId,
} from '../../src/cardgame/index.js';

export type CardName = string;

/** Returns a function that gives the id of the next unused card with that name. */
export function cardPicker(used = new Set<string>()) {
  return (name: CardName): string => {
    const words = name.trim().toLowerCase();
    const found = DATA.deck.find((c) => {
      if (used.has(c.id)) return false;
      if (words === 'wild') return c.kind === 'wild';
      if (words.startsWith('dark ')) return c.kind === 'dark' && c.symbols[0] === words.slice(5);
      const syms = words.split('/').sort();
      return c.kind === 'bright' && [...c.symbols].sort().join('/') === syms.join('/');
    });
    if (!found) throw new Error(`no unused card "${name}"`);
    used.add(found.id);
    return found.id;
  };
}

export interface TableSpec {
  dynasties: DynastyId[];
  /** Per seat, card names (or ids when they start with B, D or W followed by digits). */
  hands?: CardName[][];
  row?: CardName[];
  resistance?: CardName[];
  current?: StateId;
  start?: number;
  dynastyCards?: boolean;
  strongholds?: Record<number, Owner[]>;
  states?: Partial<Record<StateId, Owner[]>>;
  /** Supplies to set instead of 24 minus the armies on the board. */
  supply?: number[];
  phase?: CardGameState['phase'];
  seed?: string;
}

const isId = (x: string) => /^(B\d\d|D\d\d|W\d)$/.test(x);

/** A table in the battle phase (or `phase`), turn to `start`. */
export function table(spec: TableSpec): CardGameState & { ids: string[][] } {
  const n = spec.dynasties.length;
  const s = newGame({
    seats: n,
    seed: spec.seed ?? 'fixture',
    dynasties: spec.dynasties,
    dynastyCards: spec.dynastyCards ?? false,
  });
  const used = new Set<string>();
  const pick = cardPicker(used);
  const resolve = (x: string) => {
    if (isId(x)) {
      used.add(x);
      return x;
    }
    return pick(x);
  };
  const hands = Array.from({ length: n }, (_, i) => (spec.hands?.[i] ?? []).map(resolve));
  const row = (spec.row ?? []).map(resolve);
  const resistance = (spec.resistance ?? []).map(resolve);
  s.seats.forEach((x, i) => (x.hand = hands[i]!));
  s.row = row;
  s.resistance = resistance;
  s.deck = DECK_IDS.filter((c) => !used.has(c));
  s.gives = s.gives.map(() => null);
  for (const h of STRONGHOLD_IDS) s.strongholds[String(h)] = [...(spec.strongholds?.[h] ?? [])];
  for (const st of STATE_ORDER) s.states[st] = [...(spec.states?.[st] ?? ['neutral'])];
  s.seats.forEach((x, i) => {
    const onBoard = [...Object.values(s.strongholds).flat(), ...Object.values(s.states).flat()].filter(
      (o) => o === i,
    ).length;
    x.supply = spec.supply?.[i] ?? 24 - onBoard;
  });
  s.phase = spec.phase ?? 'battle';
  s.currentState = spec.current ?? 'gu';
  s.startSeat = spec.start ?? 0;
  s.turnSeat = s.phase === 'battle' ? s.startSeat : null;
  s.chooser = null;
  return Object.assign(s, { ids: hands });
}

/** Apply actions that must all be legal; returns the final state and every event. */
export function play(state: CardGameState, ...actions: Action[]): { state: CardGameState; events: GameEvent[] } {
  let s = state;
  const events: GameEvent[] = [];
  for (const a of actions) {
    const r = apply(s, a);
    if (!r.ok) throw new Error(`refused ${JSON.stringify(a)}: ${r.error}`);
    s = r.state;
    events.push(...r.events);
  }
  return { state: s, events };
}

/** Apply an action that must be refused; checks the state is unchanged and returns the sentence. */
export function refused(state: CardGameState, action: Action): string {
  const before = JSON.stringify(state);
  const r = apply(state, action);
  expect(r.ok, `expected a refusal of ${JSON.stringify(action)}`).toBe(false);
  expect(JSON.stringify(state)).toBe(before);
  return r.ok ? '' : r.error;
}

export function claimsOfEvent(events: GameEvent[], seat: number): SymbolId[] {
  const e = events.find((x) => x.kind === 'fallBack' && x.seat === seat);
  return [...((e?.claims as SymbolId[]) ?? [])].sort();
}

export const sorted = <T>(xs: Iterable<T>) => [...xs].sort();
