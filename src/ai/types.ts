/**
 * What a computer player is asked and what it answers. A request carries only what a human in the seat would
 * see (docs/decisions.md "Computer players and sandbox"): the position, the seat's own power, the game's options and who
 * is seated; never another power's stored orders, ballots or declarations.
 */
import type { Position, Power, PowerOrder } from '../engine/types.js';
import type { Variant } from '../engine/variant.js';
import type { Level } from './levels.js';

export interface SeatRequest {
  /** The variant as the game plays it (configured with the game's options when the variant has `configure`). */
  variant: Variant;
  position: Position;
  power: Power;
  /** Powers with a seated player (Mandate of Heaven: the voters). Missing: the variant's default. */
  players?: readonly Power[];
  /** The game's options (`decisiveBattles`, …). */
  options?: Readonly<Record<string, string>>;
  /** Any text: the same request and seed always give the same answer. */
  seed: string;
  /** Search effort (simulated adjudications for one power's movement orders); default: the level's. */
  budget?: number;
  /** How well the player plays (src/ai/levels.ts); default `hard`. */
  level?: Level;
}

/** A computer player: the orders it gives for one power in one phase (unit orders, ballots, builds). */
export interface Player {
  name: string;
  orders(request: SeatRequest): PowerOrder[];
}
