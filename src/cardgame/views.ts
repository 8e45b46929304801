/**
 * What a seat may see (D-22): everything face up on a real table, its own hand, and the sizes of the others'
 * hands, the deck and the discard. The shuffle state, the deck order and other seats' hands and pending gives
 * are never in a view, so no hidden card can be computed from one.
 */
import { cloneState } from './clone.js';
import type { CardGameState, CardId, Seat } from './types.js';

export interface SeatView {
  dynasty: CardGameState['seats'][number]['dynasty'];
  supply: number;
  dynastyCardInHand: boolean;
  handSize: number;
  /** Only in the viewer's own entry. */
  hand?: CardId[];
  /** Give phase: whether the seat has chosen its 2 cards; the viewer's own entry also names them. */
  given?: boolean;
  give?: CardId[];
}

export type CardGameView = Omit<CardGameState, 'rng' | 'seats' | 'deck' | 'discard' | 'gives'> & {
  /** The viewer, or null for the public view. */
  viewer: Seat | null;
  seats: SeatView[];
  deckSize: number;
  discardSize: number;
};

function view(s: CardGameState, viewer: Seat | null): CardGameView {
  const { rng: _rng, seats, deck, discard, gives, ...rest } = cloneState(s);
  return {
    viewer,
    ...rest,
    seats: seats.map((x, i) => {
      const v: SeatView = {
        dynasty: x.dynasty,
        supply: x.supply,
        dynastyCardInHand: x.dynastyCardInHand,
        handSize: x.hand.length,
      };
      if (s.phase === 'give') v.given = gives[i] !== null;
      if (i === viewer) {
        v.hand = x.hand;
        if (gives[i]) v.give = gives[i]!;
      }
      return v;
    }),
    deckSize: deck.length,
    discardSize: discard.length,
  };
}

/** The table as the channel sees it. */
export function publicView(s: CardGameState): CardGameView {
  return view(s, null);
}

/** The table as one seat sees it: the public view plus its own hand. */
export function privateView(s: CardGameState, seat: Seat): CardGameView {
  return view(s, seat);
}
