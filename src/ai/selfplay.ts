/**
 * Games between computer players, for the benchmark and the tests: every seated power's player gives its orders
 * for each phase from the position alone, the engine adjudicates, and the game runs for a number of game years.
 * Pure and deterministic for a seed.
 */
import { adjudicate, powersToAct } from '../engine/index.js';
import type { Position, Power, PowerOrder } from '../engine/types.js';
import type { Variant } from '../engine/variant.js';
import type { Player } from './types.js';

export interface GameSetup {
  variant: Variant;
  /** The player of each seated power; powers without one give no orders (civil disorder). */
  seats: Readonly<Record<Power, Player>>;
  /** Game years to play from the first movement phase (10: the benchmark's ten years). */
  years: number;
  seed: string;
  options?: Readonly<Record<string, string>>;
  /** The position to start from (default: the variant's); e.g. after the variant's start choices. */
  start?: Position;
  /** Search effort passed to the players. */
  budget?: number;
  /** Called with each phase's orders and result (for tests that watch the game). */
  onPhase?: (step: { position: Position; orders: PowerOrder[]; illegal: number }) => void;
}

export interface GameRecord {
  /** The position after the last phase played (the spring after the last winter, or where someone won). */
  final: Position;
  winner: Power | null;
  phases: number;
  /** Orders the adjudicator marked illegal, by power. */
  illegal: Record<Power, number>;
}

export function playGame(setup: GameSetup): GameRecord {
  const { variant } = setup;
  let position = setup.start ?? variant.startingPosition();
  const firstYear = position.phase.type === 'movement' ? position.phase.year : position.phase.year + 1;
  const lastYear = firstYear + setup.years - 1;
  const seated = Object.keys(setup.seats).sort();
  const illegal: Record<Power, number> = {};
  let phases = 0;
  let winner: Power | null = null;
  while (position.phase.year <= lastYear) {
    const orders: PowerOrder[] = [];
    const acting = new Set(powersToAct(variant, position));
    // Powers moved by the players' vote give no orders of their own (their seat, if any, is not yet theirs).
    const voted = new Set(variant.rules.votedPowers?.({ map: variant.map, position, players: seated }) ?? []);
    for (const power of seated) {
      if (!acting.has(power) || voted.has(power)) continue;
      const seed = `${setup.seed}|${power}|${position.phase.season}|${position.phase.year}|${position.phase.type}`;
      orders.push(
        ...setup.seats[power]!.orders({
          variant,
          position,
          power,
          players: seated,
          seed,
          ...(setup.options ? { options: setup.options } : {}),
          ...(setup.budget ? { budget: setup.budget } : {}),
        }),
      );
    }
    const adj = adjudicate(variant, position, orders, { players: seated });
    let bad = 0;
    for (const r of adj.results) {
      if (r.result !== 'illegal') continue;
      illegal[r.power] = (illegal[r.power] ?? 0) + 1;
      bad++;
    }
    setup.onPhase?.({ position, orders, illegal: bad });
    phases++;
    position = adj.position;
    if (adj.winner) {
      winner = adj.winner;
      break;
    }
  }
  return { final: position, winner, phases, illegal };
}
