/**
 * The wizards work on what the player may see: the engine state rebuilt from the seat's private view, with every
 * other hand empty and no deck. The engine's own functions (legal plays, claim previews, effect targets) then run
 * on it unchanged, and no private view can ever show another seat's card: the data is not there.
 */
import { publicView, type CardGameState, type CardGameView } from '../../cardgame/index.js';

const NO_RNG = '0'.repeat(32);

export function stateFromView(view: CardGameView): CardGameState {
  const { viewer: _viewer, seats, deckSize: _deck, discardSize: _discard, ...rest } = view;
  return {
    ...structuredClone(rest),
    rng: NO_RNG,
    seats: seats.map((x) => ({
      dynasty: x.dynasty,
      supply: x.supply,
      dynastyCardInHand: x.dynastyCardInHand,
      hand: [...(x.hand ?? [])],
    })),
    deck: [],
    discard: [],
    gives: seats.map((x) => (x.give ? [...x.give] : null)),
  };
}

/**
 * The public view of a state planned on `stateFromView(seen)` (the fall-back preview): what the plan cannot know —
 * the other hands', the deck's and the discard's sizes — as the table has them now (`seen`), never the zeros of the
 * rebuilt state, so the preview's picture tells no untrue count.
 */
export function plannedView(planned: CardGameState, seen: CardGameView): CardGameView {
  const v = publicView(planned);
  return {
    ...v,
    deckSize: seen.deckSize,
    discardSize: seen.discardSize,
    seats: v.seats.map((x, i) => (i === seen.viewer ? x : { ...x, handSize: seen.seats[i]!.handSize })),
  };
}
