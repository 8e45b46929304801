/**
 * Moving on from phase to phase, pure and the same for a game and a sandbox (docs/architecture.md "The move from
 * phase to phase"): the phase's step boundary crossed by the phase machine (machine.ts), the adjudication with what
 * its steps hand over, then — unless someone won, or someone has something to decide in the position it leaves — the
 * phases where nobody has anything to decide, each crossed and adjudicated the same way, at most
 * `MAX_CHAINED_PHASES` in all. Nothing here reads or writes storage: each storage has one applier, the game's
 * (src/game/resolve/resolve.ts `resolveInTx`: its transaction, claim, records, results posts, DMs) and the sandbox's
 * (src/game/sandbox/rules.ts `stepSandbox`: its JSON board).
 *
 * The moves come one at a time (a generator): a game's next phase is a row its applier inserts, so after an
 * adjudication that chains on, the applier answers with the frame of that phase (`next(frame)`), read where the phase
 * is kept. The randomness of the plug-in's steps and of the applier's tokens is drawn in the same order as the moves.
 */
import type { Adjudication, Position } from '../../engine/types.js';
import type { PhaseFrame } from './frame.js';
import { adjudicatePhase, decisionOf, stepMachine, type StepEffect, type Transition } from './machine.js';

/** At most this many phases are adjudicated in one move on: the phase, then those where nobody decides anything. */
export const MAX_CHAINED_PHASES = 20;

/** What follows an adjudication. */
export type AfterAdjudication =
  /** A solo winner: the game is over (the next phase holds the final position). */
  | 'end'
  /** Someone has something to decide in the next phase: it is played. */
  | 'decide'
  /** Nobody has: the next phase is adjudicated too, from the frame the applier answers with. */
  | 'chain'
  /** Nobody has, but `MAX_CHAINED_PHASES` were adjudicated: the next phase waits for its deadline. */
  | 'bound';

/** One thing that happened, in order. `crossing`: the machine's boundary transition, whose effects the applier writes. */
export type PhaseMove =
  /** The phase waits: a step of the plug-in is under way (`open`) or its orders begin on a new board (`beginOrders`). */
  | {
      kind: 'waits';
      frame: PhaseFrame;
      crossing: Transition;
      decision: Extract<StepEffect, { kind: 'open' | 'beginOrders' }>;
    }
  /** The phase was adjudicated, on the board its steps left, with what they handed over. */
  | {
      kind: 'adjudicated';
      frame: PhaseFrame;
      crossing: Transition;
      adjudication: Adjudication;
      after: AfterAdjudication;
    };

/** Does anybody have something to decide in this position (the storage's rule: who holds a seat there)? */
export type DecidesIn = (position: Position) => boolean;

/** The board a crossing leaves: its last `position` effect, else the frame's. */
function boardAfter(frame: PhaseFrame, crossing: Transition): Position {
  let position = frame.phase.position;
  for (const e of crossing.effects) if (e.kind === 'position') position = e.position;
  return position;
}

/**
 * The moves from the phase of `first` on. After an adjudication whose `after` is `chain`, pass the next phase's frame
 * to `next()`; the moves end after a `waits`, or an adjudication followed by anything else.
 */
export function* phaseTransition(
  first: PhaseFrame,
  decidesIn: DecidesIn,
): Generator<PhaseMove, void, PhaseFrame | undefined> {
  let frame = first;
  for (let i = 0; i < MAX_CHAINED_PHASES; i++) {
    const crossing = stepMachine(frame, { kind: 'boundary' });
    const decision = decisionOf(crossing)!;
    if (decision.kind !== 'adjudicate') {
      yield { kind: 'waits', frame, crossing, decision };
      return;
    }
    const position = boardAfter(frame, crossing);
    const players = frame.seats.map((s) => s.power);
    const adjudication = adjudicatePhase(frame.variant, position, frame.orders(position), players, decision.handoff);
    const after: AfterAdjudication = adjudication.winner
      ? 'end'
      : decidesIn(adjudication.position)
        ? 'decide'
        : i + 1 < MAX_CHAINED_PHASES
          ? 'chain'
          : 'bound';
    const next = yield { kind: 'adjudicated', frame, crossing, adjudication, after };
    if (after !== 'chain') return;
    if (!next) throw new Error('a chained phase needs the frame of the phase that follows');
    frame = next;
  }
}
