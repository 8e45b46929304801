/**
 * Drawing from the deck: "Shuffle and reuse discarded cards if needed" (seed §7). With deck and discard both
 * empty the draw is skipped (docs/cardgame.md "Drawing"). Mutates the draft state it is given.
 */
import { seedRng, shuffle } from './rng.js';
import type { CardGameState, CardId, GameEvent } from './types.js';

/** Take the top card of the deck, reshuffling the discard into it when the deck is empty. */
export function drawCard(s: CardGameState, events: GameEvent[]): CardId | null {
  if (s.deck.length === 0) {
    if (s.discard.length === 0) return null;
    const [deck, rng] = shuffle(s.discard, s.rng);
    s.deck = deck;
    s.discard = [];
    s.rng = rng;
    events.push({
      kind: 'reshuffled',
      text: `The discard pile (${deck.length} cards) was shuffled into a new deck.`,
      cards: deck.length,
    });
  }
  return s.deck.shift() ?? null;
}

/** Draw up to `n` cards into a seat's hand; returns how many were drawn. */
export function drawInto(s: CardGameState, seat: number, n: number, events: GameEvent[]): number {
  let drawn = 0;
  for (let i = 0; i < n; i++) {
    const c = drawCard(s, events);
    if (c === null) break;
    s.seats[seat]!.hand.push(c);
    drawn++;
  }
  return drawn;
}

/** Remove one copy of `id` from `list`; false when it is not there. */
export function takeOut(list: CardId[], id: CardId): boolean {
  const i = list.indexOf(id);
  if (i < 0) return false;
  list.splice(i, 1);
  return true;
}

/**
 * Undoing play (the bot's game-master rollback) would replay the same deck order, and whoever drew during the
 * undone round would know what comes. This shuffles the cards not yet drawn with a fresh PRNG seeded from
 * `seed`, and keeps that PRNG for later shuffles; everything else is unchanged. Pure: returns a new state.
 */
export function reshuffleUndrawn(s: CardGameState, seed: string): CardGameState {
  const [deck, rng] = shuffle(s.deck, seedRng(seed));
  return { ...s, deck, rng };
}
