/**
 * The end of a round (seed §6–§8, docs/cardgame.md "Control round" to "End of game"): the control round, the recruiting
 * row refilled, the 2-player resistance redrawn, the end-of-game check, and then the choice of the next battle or the
 * finish (with the tie-break rounds of seed §8).
 */
import {
  armiesOnBoard,
  boardKey,
  controllerOf,
  ownerName,
  physicalCount,
  stateName,
  statesControlledBy,
  strongholdsHeldBy,
} from './board.js';
import { isBrightOrWild } from './cards.js';
import { controlRound, type Score } from './control.js';
import { STATE_ORDER, type StateId } from './data.js';
import { drawCard } from './deck.js';
import { drawResistance, emptyBattle } from './setup.js';
import type {
  CardGameState,
  ChooserReason,
  ControlCount,
  EndReason,
  FinishReason,
  GameEvent,
  Seat,
  TiebreakCause,
} from './types.js';

/** "Only neutral states or states with less than 4 armies in the strongholds around them may be chosen" (seed §7). */
export function eligibleStates(s: CardGameState): StateId[] {
  return STATE_ORDER.filter((st) => controllerOf(s, st) === 'neutral' || physicalCount(s, st) < 4);
}

export function refillRow(s: CardGameState, events: GameEvent[]): void {
  s.discard.push(...s.row);
  s.row = [];
  for (let i = 0; i < 2 * s.settings.seats; i++) {
    const c = drawCard(s, events);
    if (c === null) break;
    s.row.push(c);
  }
  events.push({
    kind: 'row',
    cards: [...s.row],
    text: `New recruiting row: ${s.row.join(', ') || 'empty (no cards left)'}.`,
  });
}

/** Seed §8 and D-18: why the game ends now, or null. */
export function endReason(s: CardGameState): EndReason | null {
  if (s.seats.some((_, i) => statesControlledBy(s, i) >= s.settings.victoryStates)) return 'victory-states';
  if (STATE_ORDER.every((st) => !s.states[st].includes('neutral'))) return 'no-neutral-armies';
  if (STATE_ORDER.every((st) => physicalCount(s, st) >= 8)) return 'all-states-8';
  if (s.stillRounds >= s.settings.stalemateRounds) return 'stalemate';
  if (s.round >= s.settings.roundCap) return 'round-cap';
  return null;
}

const REASON_TEXT: Record<EndReason, string> = {
  'victory-states': 'a dynasty controls enough states',
  'no-neutral-armies': 'all neutral armies have been removed',
  'all-states-8': 'every state has 8 or more armies around it',
  stalemate: 'the board has not changed for several rounds',
  'round-cap': 'the last round has been played',
};

/** All seats fell back in a normal round. */
export function endOfRound(s: CardGameState, events: GameEvent[]): void {
  // control round: every state scored on the same board
  const name = (o: Seat | 'neutral') => ownerName(s, o);
  const result = controlRound(
    s,
    s.seats.map((x) => x.supply),
    name,
  );
  s.strongholds = result.board.strongholds;
  s.states = result.board.states;
  for (const [seat, delta] of result.supplyDelta) s.seats[seat]!.supply += delta;
  events.push({
    kind: 'control',
    changes: result.changes,
    text: result.changes.length
      ? `Control round: ${result.changes.map((c) => `${stateName(c.state)} ${name(c.from)} → ${name(c.to)}`).join('; ')}.`
      : 'Control round: no state changed hands.',
    ...controlCounts(s, result.scores),
  });
  for (const f of result.fromStrongholds) {
    events.push({
      kind: 'controlArmy',
      seat: f.owner,
      state: f.state,
      stronghold: f.stronghold,
      text: `${name(f.owner)} had no army in supply: the army for ${stateName(f.state)} came from stronghold ${f.stronghold} (D-11).`,
    });
  }

  // end of round
  refillRow(s, events);
  if (s.settings.seats === 2) drawResistance(s, events);
  const key = boardKey(s);
  s.stillRounds = key === s.roundStartBoard ? s.stillRounds + 1 : 0;
  const chooser = s.battle.spyClaimer ?? s.battle.fallen[s.battle.fallen.length - 1]!;
  const pickStart = s.battle.spyClaimer !== null;
  events.push({ kind: 'roundEnd', round: s.round, text: `End of round ${s.round}.` });

  const reason = endReason(s);
  if (reason) {
    s.endReason = reason;
    const states = s.seats.map((_, seat) => ({ seat, count: statesControlledBy(s, seat) }));
    const max = Math.max(...states.map((x) => x.count));
    const leaders = states.filter((x) => x.count === max).map((x) => x.seat);
    events.push({
      kind: 'gameOver',
      reason,
      states,
      text: `The game ends: ${REASON_TEXT[reason]}. States: ${states.map((x) => `${name(x.seat)} ${x.count}`).join(', ')}.`,
    });
    if (leaders.length === 1) return finish(s, leaders[0]!, events, { kind: 'states', seat: leaders[0]!, count: max });
    return startTiebreak(s, leaders, chooser, events);
  }

  s.round++;
  s.battle = emptyBattle(s.settings.seats);
  s.turnSeat = null;
  s.phase = 'choose';
  s.chooser = { seat: chooser, pickStart };
  s.roundStartBoard = key;
  const why: ChooserReason = pickStart ? 'spy' : 'last';
  events.push({
    kind: 'chooser',
    seat: chooser,
    round: s.round,
    reason: why,
    text:
      why === 'spy'
        ? `${name(chooser)} claimed Spy and chooses the start player and the state for round ${s.round}.`
        : `${name(chooser)} fell back last: it starts round ${s.round} and chooses the state.`,
  });
}

/**
 * The `control` event's counts of the states with armies around or a second army (docs/cardgame.md "Events"): as data
 * (`counts`) and in English (`why`), one written from the other.
 */
function controlCounts(s: CardGameState, scores: readonly Score[]): { counts: ControlCount[]; why: string[] } {
  const shown = scores.filter((x) => x.count > 0 || s.states[x.state].length > 1);
  return {
    counts: shown.map((x) => ({ state: x.state, scores: x.scores, outcome: x.outcome })),
    why: shown.map((x) => x.why),
  };
}

/** Seed §8: tied leaders play 1 more battle round without placing armies or taking new cards (D-17). */
function startTiebreak(s: CardGameState, tied: Seat[], from: Seat, events: GameEvent[]): void {
  const name = (o: Seat) => ownerName(s, o);
  // "If all run out of battle cards": no tied seat can open a turn any more
  if (!tied.some((i) => s.seats[i]!.hand.some(isBrightOrWild))) return byStrongholds(s, tied, events, 'no-cards-left');
  const n = s.settings.seats;
  let start = from;
  for (let k = 0; k < n; k++) {
    if (tied.includes((from + k) % n)) {
      start = (from + k) % n;
      break;
    }
  }
  s.round++;
  s.phase = 'tiebreak';
  s.battle = emptyBattle(n, { seats: [...tied] });
  s.currentState = null;
  s.chooser = null;
  s.startSeat = start;
  s.turnSeat = start;
  s.roundStartBoard = boardKey(s);
  events.push({
    kind: 'tiebreak',
    seats: [...tied],
    text: `Tie between ${tied.map(name).join(' and ')}: tie-break battle (round ${s.round}) — no armies are placed and no cards taken. ${name(start)} starts.`,
  });
}

/** All tied seats fell back: the most superiorities wins; still tied, another round (and so on). */
export function endOfTiebreakRound(s: CardGameState, events: GameEvent[]): void {
  const tied = s.battle.tiebreak!.seats;
  const name = (o: Seat) => ownerName(s, o);
  const counts = new Map(tied.map((i) => [i, s.battle.claims[i]!.length]));
  const max = Math.max(...counts.values());
  const leaders = tied.filter((i) => counts.get(i) === max);
  const line = tied.map((i) => `${name(i)} ${counts.get(i)}`).join(' – ');
  events.push({
    kind: 'tiebreakResult',
    counts: Object.fromEntries(counts),
    text: `Tie-break superiorities: ${line}.`,
  });
  if (leaders.length === 1) {
    const all = tied.map((seat) => ({ seat, count: counts.get(seat)! }));
    return finish(s, leaders[0]!, events, { kind: 'superiorities', seat: leaders[0]!, counts: all });
  }
  // a round that discarded no card could repeat for ever: decide as if the cards had run out [P]
  if (s.battle.discarded === 0) return byStrongholds(s, leaders, events, 'no-card-played');
  if (s.settings.seats === 2) drawResistance(s, events);
  startTiebreak(s, leaders, s.battle.fallen[s.battle.fallen.length - 1]!, events);
}

/** "If all run out of battle cards, the player with armies in the most strongholds wins"; then the most armies; then shared. */
function byStrongholds(s: CardGameState, tied: Seat[], events: GameEvent[], cause: TiebreakCause): void {
  const held = (i: Seat) => strongholdsHeldBy(s, i);
  const mostHeld = Math.max(...tied.map(held));
  let best = tied.filter((i) => held(i) === mostHeld);
  if (best.length === 1)
    return finish(s, best[0]!, events, { kind: 'strongholds', cause, seat: best[0]!, count: mostHeld });
  const armies = (i: Seat) => armiesOnBoard(s, i);
  const mostArmies = Math.max(...best.map(armies));
  best = best.filter((i) => armies(i) === mostArmies);
  if (best.length === 1)
    return finish(s, best[0]!, events, { kind: 'armies', cause, seat: best[0]!, count: mostArmies });
  finish(s, best, events, { kind: 'shared', cause });
}

const CAUSE_TEXT: Record<TiebreakCause, string> = {
  'no-cards-left': 'no tied seat has a bright or wild card left',
  'no-card-played': 'the tie-break round was played without a card',
};

/** The reason in the English of the `finished` event's text (the CLI and the logs read it). */
function reasonText(s: CardGameState, reason: FinishReason): string {
  const name = (o: Seat) => ownerName(s, o);
  switch (reason.kind) {
    case 'states':
      return `${name(reason.seat)} controls the most states (${reason.count})`;
    case 'superiorities': {
      const line = reason.counts.map((c) => `${name(c.seat)} ${c.count}`).join(' – ');
      return `${name(reason.seat)} claimed the most superiorities (${line})`;
    }
    case 'strongholds':
      return `${CAUSE_TEXT[reason.cause]}; ${name(reason.seat)} has armies in the most strongholds (${reason.count})`;
    case 'armies':
      return `${CAUSE_TEXT[reason.cause]}; tied on strongholds, ${name(reason.seat)} has the most armies on the board (${reason.count})`;
    case 'shared':
      return `${CAUSE_TEXT[reason.cause]}; still tied on strongholds and armies: a shared victory`;
  }
}

/** The game is won: the `finished` event carries why as data (`reason`) and in English (`text`). */
function finish(s: CardGameState, winner: Seat | Seat[], events: GameEvent[], reason: FinishReason): void {
  s.phase = 'finished';
  s.winner = winner;
  s.turnSeat = null;
  s.chooser = null;
  const names = (Array.isArray(winner) ? winner : [winner]).map((i) => ownerName(s, i));
  const why = reasonText(s, reason);
  const text = Array.isArray(winner)
    ? `${names.join(' and ')} share the victory (${why}).`
    : `${names[0]} unites China and becomes the First Emperor (${why}).`;
  events.push({ kind: 'finished', winner, reason, text });
}
