/**
 * The two choices between battles: `give` (every seat puts 2 of its 8 dealt cards into the recruiting row,
 * seed §4) and `choose` (the state to battle in, and after a Spy claim the start seat, seed §7).
 */
import { isCard } from './cards.js';
import { controllerOf, ownerName, physicalCount, stateName } from './board.js';
import { refuse } from './refusal.js';
import { eligibleStates } from './round.js';
import { defaultGive, drawResistance, GIVEN_TO_ROW } from './setup.js';
import type { Action, CardGameState, ChooserReason, GameEvent, Seat, StateId } from './types.js';

export type GiveAction = Extract<Action, { type: 'give' }>;
export type ChooseAction = Extract<Action, { type: 'choose' }>;

function checkSeat(s: CardGameState, seat: Seat): void {
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.settings.seats) refuse(`There is no seat ${seat}.`);
}

/** A seat's 2 cards for the row; it may change them until every seat has chosen, then the row is revealed. */
export function applyGive(s: CardGameState, a: GiveAction, events: GameEvent[]): void {
  if (s.phase !== 'give')
    refuse(`The recruiting cards were given at the start of the game; the game is in the ${s.phase} phase.`);
  checkSeat(s, a.seat);
  const hand = s.seats[a.seat]!.hand;
  const cards = a.cards ?? defaultGive(hand);
  if (cards.length !== GIVEN_TO_ROW)
    refuse(`Give exactly ${GIVEN_TO_ROW} of your 8 cards to the recruiting row, not ${cards.length}.`);
  if (cards[0] === cards[1]) refuse(`Give 2 different cards.`);
  for (const c of cards) if (!hand.includes(c)) refuse(`${isCard(c) ? c : `"${c}"`} is not in your hand.`);
  const changed = s.gives[a.seat] !== null;
  s.gives[a.seat] = [...cards];
  events.push({
    kind: 'give',
    seat: a.seat,
    changed,
    text: `${ownerName(s, a.seat)} ${changed ? 'changed its' : 'chose its 2'} cards for the recruiting row.`,
  });
  if (s.gives.some((g) => g === null)) return;

  // everyone has chosen: reveal the row
  s.gives.forEach((g, seat) => {
    for (const c of g!) {
      const h = s.seats[seat]!.hand;
      h.splice(h.indexOf(c), 1);
      s.row.push(c);
    }
  });
  s.gives = s.gives.map(() => null);
  events.push({ kind: 'row', cards: [...s.row], text: `The recruiting row: ${s.row.join(', ')}.` });
  if (s.settings.seats === 2) drawResistance(s, events);
  s.phase = 'choose';
  s.chooser = { seat: s.startSeat, pickStart: false };
  events.push({
    kind: 'chooser',
    seat: s.startSeat,
    round: s.round,
    reason: 'first' satisfies ChooserReason,
    text: `${ownerName(s, s.startSeat)} starts the first round and chooses the first state to battle in.`,
  });
}

/** Design §3.8: the current state if eligible, otherwise the first eligible state in board order. */
export function defaultState(s: CardGameState): StateId {
  const eligible = eligibleStates(s);
  return s.currentState && eligible.includes(s.currentState) ? s.currentState : eligible[0]!;
}

export function applyChoose(s: CardGameState, a: ChooseAction, events: GameEvent[]): void {
  if (s.phase !== 'choose' || !s.chooser)
    refuse(`There is no state to choose now: the game is in the ${s.phase} phase.`);
  checkSeat(s, a.seat);
  const { seat: chooser, pickStart } = s.chooser;
  if (a.seat !== chooser) refuse(`${ownerName(s, chooser)} chooses the next battle, not ${ownerName(s, a.seat)}.`);
  const state = a.state ?? defaultState(s);
  const eligible = eligibleStates(s);
  if (!eligible.includes(state)) {
    const known = (s.states as Record<string, unknown>)[state] !== undefined;
    refuse(
      known
        ? `${stateName(state)} cannot be chosen: it is controlled by ${ownerName(s, controllerOf(s, state))} and has ${physicalCount(s, state)} armies around it (only neutral states or states with fewer than 4 may be chosen).`
        : `There is no state "${state}".`,
    );
  }
  const start = a.start ?? chooser;
  checkSeat(s, start);
  if (!pickStart && start !== chooser)
    refuse(`Only the Spy claimer chooses the start player; ${ownerName(s, chooser)} starts this round.`);
  s.currentState = state;
  s.startSeat = start;
  s.turnSeat = start;
  s.chooser = null;
  s.phase = 'battle';
  events.push({
    kind: 'choose',
    seat: a.seat,
    state,
    start,
    text: `Round ${s.round}: battle in ${stateName(state)}; ${ownerName(s, start)} starts.`,
  });
}
