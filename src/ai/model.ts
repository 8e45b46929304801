/**
 * Who the strong player expects to meet (docs/ai.md "The opponent model"): every other power near us, sampled a
 * dozen times, each time one of three kinds of player, since a seat cannot tell which it faces:
 *
 * - a DumbBot after the project's first reading (values.ts, baselines/dumbbot.ts), in some samples with its values
 *   bent towards our centres (the attack a DumbBot rarely makes but a person might);
 * - a DumbBot after the second reading (baselines/literal.ts: it supports holds and moves);
 * - a look-ahead player (baselines/lookahead.ts): the best of a few DumbBot order sets by one move of look-ahead
 *   against DumbBot predictions of everyone else (us included), improved unit by unit. This is the player who picks
 *   the supported attack that works, which the DumbBot samples alone never expect.
 *
 * All of it is played on the board near us only (the units far away cannot change this phase's outcome for us), from
 * the request's seed: the same request gives the same samples.
 */
import type { Order, Position, Power, PowerOrder } from '../engine/types.js';
import { movePlanner } from './baselines/dumbbot.js';
import { literalMovement } from './baselines/literal.js';
import { lookaheadPlan, lookaheadScene, type LookaheadScene, type LookaheadSettings } from './baselines/lookahead.js';
import type { Board } from './board.js';
import type { Rng } from './rng.js';
import { ownersOf, reachOf, valuate, type Weights } from './values.js';

export interface ModelSettings {
  samples: number;
  /** Chance that a power is a look-ahead player in a sample, and how many look-ahead plans are drawn per power. */
  lookaheadShare: number;
  lookaheadPlans: number;
  /** Of the DumbBot samples, the share after the second reading. */
  secondReadingShare: number;
  /** Of the first reading's samples, the share bent towards attacking us, and how much more our centres count then. */
  aggressiveShare: number;
  aggression: number;
}

export const MODEL: ModelSettings = {
  samples: 12,
  lookaheadShare: 0.5,
  lookaheadPlans: 2,
  secondReadingShare: 0.5,
  aggressiveShare: 0.3,
  aggression: 3,
};

/** The look-ahead players of the model: few candidates, two predictions, one pass of improvement. */
const MODEL_LOOKAHEAD: LookaheadSettings = { name: 'model', candidates: 4, predictions: 2, improve: true };

export interface ModelScene {
  board: Board;
  position: Position;
  /** The units near ours: the board every simulation is played on. */
  local: Position;
  power: Power;
  players: readonly Power[] | undefined;
  weights: Weights;
}

/** One way a power may play this phase: its orders for each draw. */
type Policy = (rng: Rng, s: number) => PowerOrder[];

/** The samples of every other power's orders near us (the powers the players' vote moves are left holding). */
export function opponentSamples(scene: ModelScene, shared: Shared, settings: ModelSettings, rng: Rng): PowerOrder[][] {
  const others = [...shared.lookahead.planners.keys()].filter((q) => q !== scene.power);
  const policies = others.map((q) => policiesOf(scene, shared, q, settings, rng));
  const samples: PowerOrder[][] = [];
  for (let s = 0; s < settings.samples; s++) {
    const orders: PowerOrder[] = [];
    for (const p of policies) orders.push(...pickPolicy(p, settings, rng)(rng, s));
    samples.push(orders);
  }
  return samples;
}

/** What every power's model reads: the look-ahead's scene on the board near us, centre owners, units' reach. */
export interface Shared {
  lookahead: LookaheadScene;
  owners: ReturnType<typeof ownersOf>;
  reach: number[][];
}

export function modelShared(scene: ModelScene): Shared {
  const { board, position } = scene;
  return {
    lookahead: lookaheadScene(board, position, scene.local, scene.players),
    owners: ownersOf(board, position),
    reach: reachOf(board, position),
  };
}

interface Policies {
  first: Policy;
  bent: Policy;
  second: Policy;
  lookahead: Policy | null;
}

function pickPolicy(p: Policies, settings: ModelSettings, rng: Rng): Policy {
  if (p.lookahead && rng.next() < settings.lookaheadShare) return p.lookahead;
  if (rng.next() < settings.secondReadingShare) return p.second;
  return rng.next() < settings.aggressiveShare ? p.bent : p.first;
}

function policiesOf(scene: ModelScene, shared: Shared, q: Power, settings: ModelSettings, rng: Rng): Policies {
  const { board, position, weights } = scene;
  const { lookahead, owners, reach } = shared;
  const planner = lookahead.planners.get(q)!;
  const normal = valuate(board, position, q, weights, owners, reach);
  const bent = valuate(board, position, q, weights, owners, reach, {
    target: scene.power,
    factor: settings.aggression,
  });
  const first = movePlanner(board, position, q, normal, planner.choices);
  const aggressive = movePlanner(board, position, q, bent, planner.choices);
  const asOrders = (orders: Order[]) => orders.map((order) => ({ power: q, order }));
  const plans: PowerOrder[][] = [];
  if (settings.lookaheadShare > 0)
    for (let k = 0; k < settings.lookaheadPlans; k++)
      plans.push(asOrders(lookaheadPlan(lookahead, q, MODEL_LOOKAHEAD, rng)));
  return {
    first: (r) => first(r),
    bent: (r) => aggressive(r),
    second: (r) => asOrders(literalMovement(board, planner.choices, planner.values, r)),
    lookahead: plans.length > 0 ? (_r, s) => plans[s % plans.length]! : null,
  };
}
