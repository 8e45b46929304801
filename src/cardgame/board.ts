/**
 * The board graph (docs/cardgame.md "The board"): 12 hex states, their 6 corner strongholds, and the 48 roads along hex
 * edges. Stacks are arrays bottom first; at most 2 armies anywhere (seed §5).
 */
import { DATA, STATE_ORDER, type StateId } from './data.js';
import type { CardGameState, Owner, Seat } from './types.js';

export const MAX_STACK = 2;

export const STRONGHOLD_IDS: readonly number[] = DATA.board.strongholds.map((s) => s.id);

const RING = new Map<StateId, number[]>(
  DATA.board.states.map((s) => [
    s.id,
    [s.strongholds.N, s.strongholds.NE, s.strongholds.SE, s.strongholds.S, s.strongholds.SW, s.strongholds.NW],
  ]),
);
const ADJACENT = new Map<number, number[]>(
  DATA.board.strongholds.map((s) => [s.id, [...s.adjacent].sort((a, b) => a - b)]),
);
const BORDERS = new Map<number, StateId[]>(DATA.board.strongholds.map((s) => [s.id, s.states]));

/** The 6 strongholds around a state, N, NE, SE, S, SW, NW. */
export function ringOf(state: StateId): readonly number[] {
  return RING.get(state)!;
}

/** Strongholds joined to this one by a road. */
export function adjacentTo(stronghold: number): readonly number[] {
  return ADJACENT.get(stronghold) ?? [];
}

/** The states whose ring holds this stronghold (1 to 3). */
export function statesAround(stronghold: number): readonly StateId[] {
  return BORDERS.get(stronghold) ?? [];
}

export function isStronghold(n: number): boolean {
  return ADJACENT.has(n);
}

export function isStateId(s: string): s is StateId {
  return RING.has(s as StateId);
}

export type Board = Pick<CardGameState, 'strongholds' | 'states'>;

export function stack(board: Board, stronghold: number): Owner[] {
  return board.strongholds[String(stronghold)] ?? [];
}

/** D-12: the armies on a state's 6 strongholds, stacked ones included. */
export function physicalCount(board: Board, state: StateId): number {
  return ringOf(state).reduce((n, s) => n + stack(board, s).length, 0);
}

/** The owner of the state's top army: its controller, or 'neutral'. */
export function controllerOf(board: Board, state: StateId): Owner {
  const armies = board.states[state];
  return armies[armies.length - 1]!;
}

export function statesControlledBy(board: Board, seat: Seat): number {
  return STATE_ORDER.filter((s) => controllerOf(board, s) === seat).length;
}

/** Strongholds on which the seat has at least 1 army (seed §8's last tie-break). */
export function strongholdsHeldBy(board: Board, seat: Seat): number {
  return STRONGHOLD_IDS.filter((s) => stack(board, s).includes(seat)).length;
}

/** All the seat's armies on the board: strongholds and states. */
export function armiesOnBoard(board: Board, seat: Owner): number {
  let n = 0;
  for (const s of STRONGHOLD_IDS) n += stack(board, s).filter((o) => o === seat).length;
  for (const st of STATE_ORDER) n += board.states[st].filter((o) => o === seat).length;
  return n;
}

/** A compact key of the whole board, to tell whether a round changed it (D-18). */
export function boardKey(board: Board): string {
  const h = STRONGHOLD_IDS.map((s) => stack(board, s).join(',')).join(';');
  const st = STATE_ORDER.map((s) => board.states[s].join(',')).join(';');
  return `${h}|${st}`;
}

export function ownerName(state: Pick<CardGameState, 'seats'>, owner: Owner): string {
  if (owner === 'neutral') return 'neutral';
  const d = state.seats[owner]?.dynasty ?? `seat ${owner}`;
  return d.charAt(0).toUpperCase() + d.slice(1);
}

export { stateName } from './names.js';
