/**
 * The control round (seed §6, docs/cardgame.md "Control round"): every state is scored on the same board, then the
 * changes are made. Threshold: a neutral state changes only with at least 4 armies on its strongholds (D-12: a physical
 * count). Score: 1 per stronghold of the ring where a dynasty has an army (a stack of 2 counts once), +1 for the owner
 * of the state's top army (neutral counts as a side). A unique maximum wins; a tie is broken by the bottom army's
 * owner if it is among the tied; otherwise nothing changes.
 */
import {
  controllerOf,
  physicalCount,
  ringOf,
  stack,
  stateName,
  statesAround,
  STRONGHOLD_IDS,
  type Board,
} from './board.js';
import { STATE_ORDER, type StateId } from './data.js';
import type { ControlCount, ControlOutcome, Owner, Seat } from './types.js';

export const NEUTRAL_THRESHOLD = 4;

export interface Score {
  state: StateId;
  count: number;
  scores: { owner: Owner; score: number }[];
  /** Who takes the state, if it changes hands. */
  winner: Owner | null;
  /** How it was decided (the data `why` is written from). */
  outcome: ControlOutcome;
  /** Why, in a sentence ("顧 Gu: Qin 2, Yan 2, neutral 1 — tie broken by Qin's army beneath"). */
  why: string;
}

export interface ControlChange {
  state: StateId;
  from: Owner;
  to: Owner;
}

/** A control count in the English of the `control` event's `why` (the CLI and the logs read it). */
function controlWhyText(c: ControlCount, name: (o: Owner) => string = String): string {
  const line = `${stateName(c.state)}: ${c.scores.map((x) => `${name(x.owner)} ${x.score}`).join(', ')}`;
  const o = c.outcome;
  if (o.kind === 'neutral-weak')
    return `${line} — neutral with ${o.count} ${o.count === 1 ? 'army' : 'armies'} around (a neutral state needs ${o.needs})`;
  const how =
    o.kind === 'tie-broken'
      ? ` — tie broken by ${name(o.by)}'s army beneath`
      : o.kind === 'tied'
        ? ' — tied, no change'
        : '';
  const takes = o.kind !== 'tied' && o.takes !== null ? `: ${name(o.takes)} takes control` : '';
  return `${line}${how}${takes}`;
}

/** How the scores decide a state: a single leader, else the army beneath breaks the tie, else no change. */
function outcomeOf(scores: Score['scores'], top: Owner, bottom: Owner | null): ControlOutcome {
  const max = scores[0]!.score;
  const leaders = scores.filter((x) => x.score === max).map((x) => x.owner);
  const takes = (leader: Owner) => (leader !== top ? leader : null);
  if (leaders.length === 1) return { kind: 'leader', takes: takes(leaders[0]!) };
  if (bottom !== null && leaders.includes(bottom)) return { kind: 'tie-broken', by: bottom, takes: takes(bottom) };
  return { kind: 'tied' };
}

/** Score one state on the board (no change made). */
export function scoreState(board: Board, state: StateId, name: (o: Owner) => string = String): Score {
  const armies = board.states[state];
  const top = armies[armies.length - 1]!;
  const bottom = armies.length === 2 ? armies[0]! : null;
  const count = physicalCount(board, state);
  const tally = new Map<Owner, number>();
  for (const h of ringOf(state)) {
    const a = stack(board, h);
    for (let i = 0; i < a.length; i++) if (i === 0 || a[i] !== a[0]) tally.set(a[i]!, (tally.get(a[i]!) ?? 0) + 1); // a stack of 2 of one dynasty counts once
  }
  tally.set(top, (tally.get(top) ?? 0) + 1);
  const scores = [...tally.entries()]
    .map(([owner, score]) => ({ owner, score }))
    .sort((a, b) => b.score - a.score || String(a.owner).localeCompare(String(b.owner)));
  const outcome: ControlOutcome =
    top === 'neutral' && count < NEUTRAL_THRESHOLD
      ? { kind: 'neutral-weak', count, needs: NEUTRAL_THRESHOLD }
      : outcomeOf(scores, top, bottom);
  const winner = outcome.kind === 'leader' || outcome.kind === 'tie-broken' ? outcome.takes : null;
  return { state, count, scores, winner, outcome, why: controlWhyText({ state, scores, outcome }, name) };
}

export interface ControlResult {
  board: Board;
  changes: ControlChange[];
  scores: Score[];
  /** Armies returned to each seat's supply (control changes), minus armies placed there from supply. */
  supplyDelta: Map<Seat, number>;
  /** Armies that came from a stronghold because the winner's supply was empty (D-11). */
  fromStrongholds: { state: StateId; stronghold: number; owner: Seat }[];
  /** Changes that could not be made: the winner had no army anywhere to put there. */
  skipped: StateId[];
}

/**
 * Apply the control round to a board. `supply` gives each seat's supply before the round (needed for D-11);
 * without it supplies are taken as unlimited.
 */
export function controlRound(
  board: Board,
  supply?: readonly number[],
  name: (o: Owner) => string = String,
): ControlResult {
  const scores = STATE_ORDER.map((st) => scoreState(board, st, name));
  const next: Board = { strongholds: { ...board.strongholds }, states: { ...board.states } }; // stacks are replaced, never changed in place
  const left = supply ? [...supply] : null;
  const supplyDelta = new Map<Seat, number>();
  const changes: ControlChange[] = [];
  const fromStrongholds: ControlResult['fromStrongholds'] = [];
  const skipped: StateId[] = [];
  for (const sc of scores) {
    if (sc.winner === null || sc.winner === 'neutral') continue;
    const winner = sc.winner;
    const from = controllerOf(board, sc.state);
    const removed = next.states[sc.state];
    // armies removed from a state go back to their owner's supply; neutral ones leave the game
    const returned = removed.filter((o): o is Seat => o !== 'neutral');
    const available = (left ? left[winner]! : Infinity) + returned.filter((o) => o === winner).length;
    let source: number | null = null;
    if (available < 1) {
      source = strongholdToDraw(next, winner);
      if (source === null) {
        skipped.push(sc.state);
        continue;
      }
    }
    for (const o of returned) {
      supplyDelta.set(o, (supplyDelta.get(o) ?? 0) + 1);
      if (left) left[o]!++;
    }
    if (source !== null) {
      const a = [...next.strongholds[String(source)]!];
      a.splice(a.lastIndexOf(winner), 1);
      next.strongholds[String(source)] = a;
      fromStrongholds.push({ state: sc.state, stronghold: source, owner: winner });
    } else {
      supplyDelta.set(winner, (supplyDelta.get(winner) ?? 0) - 1);
      if (left) left[winner]!--;
    }
    next.states[sc.state] = [winner];
    changes.push({ state: sc.state, from, to: winner });
  }
  return { board: next, changes, scores, supplyDelta, fromStrongholds, skipped };
}

/** D-11: a stronghold where the seat has 2 armies first, then the one bordering the fewest states, then the lowest. */
function strongholdToDraw(board: Board, seat: Seat): number | null {
  const own = STRONGHOLD_IDS.filter((h) => stack(board, h).includes(seat));
  if (own.length === 0) return null;
  const doubled = (h: number) => (stack(board, h).filter((o) => o === seat).length === 2 ? 0 : 1);
  return [...own].sort(
    (a, b) => doubled(a) - doubled(b) || statesAround(a).length - statesAround(b).length || a - b,
  )[0]!;
}
