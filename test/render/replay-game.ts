/**
 * A Classic game played by DumbBot in every seat, as the replay's phases (the results post's two pictures of each
 * phase): the replay tests and `npm run bench` replay it. Deterministic for a seed.
 */
import { playGame } from '../../src/ai/selfplay.js';
import { dumbBot } from '../../src/ai/index.js';
import { adjudicate } from '../../src/engine/index.js';
import type { Adjudication, Position, PowerOrder } from '../../src/engine/types.js';
import { phaseTitle } from '../../src/render/index.js';
import type { ReplayPhase } from '../../src/render/replay/index.js';
import { classic } from '../../src/variants/classic/index.js';

export interface PlayedPhase {
  position: Position;
  orders: PowerOrder[];
  adjudication: Adjudication;
}

/** The phases of `years` game years of Classic (every power DumbBot). */
export function classicGame(years: number, seed = 'replay'): PlayedPhase[] {
  const played: PlayedPhase[] = [];
  const seats = Object.fromEntries(classic.powers.map((p) => [p.name, dumbBot]));
  playGame({
    variant: classic,
    seats,
    years,
    seed,
    onPhase: ({ position, orders }) => played.push({ position, orders, adjudication: adjudicate(classic, position, orders, { players: Object.keys(seats) }) }),
  });
  return played;
}

/** A played phase as the replay draws it: its orders with their results, and the board after it. */
export function replayPhaseOf(p: PlayedPhase): ReplayPhase {
  const label = phaseTitle(p.position);
  return {
    orders: { position: p.position, opts: { orders: p.orders, adjudication: p.adjudication, title: `${classic.name} · ${label} · orders and results` } },
    after: { position: p.adjudication.position, opts: { title: `${classic.name} · after ${label}` } },
  };
}
