/**
 * What the AI reads: one seat's view of the table (`privateView`, the output of `cards view --seat K`), never
 * the full state. `readSeatView` checks a JSON value is such a view; `determinize` deals the cards the seat
 * cannot see (the other hands, the deck and the discard) at random, consistently with the sizes the view shows,
 * to make one full state the engine can play on (information-set Monte Carlo).
 */
import { z } from 'zod';
import {
  DECK_IDS,
  stateSchema,
  zodSentence,
  type CardGameState,
  type CardGameView,
  type CardId,
  type Seat,
  STRONGHOLD_IDS,
} from '../../cardgame/index.js';
import { engineRngState, shuffleInPlace, type Random } from './random.js';

const CARD_INDEX = new Map<CardId, number>(DECK_IDS.map((c, i) => [c, i]));

/** The fields a view shares with the state, taken from the engine's own state schema. */
const shared = stateSchema.in.shape;

const seatView = z.object({
  dynasty: shared.seats.element.shape.dynasty,
  supply: shared.seats.element.shape.supply,
  dynastyCardInHand: z.boolean(),
  handSize: z.number().int().min(0),
  hand: shared.seats.element.shape.hand.optional(),
  given: z.boolean().optional(),
  give: shared.seats.element.shape.hand.optional(),
});

export const seatViewSchema = z.object({
  viewer: z.number().int().min(0).max(4).nullable(),
  settings: shared.settings,
  seats: z.array(seatView).min(2).max(5),
  deckSize: z.number().int().min(0),
  discardSize: z.number().int().min(0),
  row: shared.row,
  resistance: shared.resistance,
  strongholds: shared.strongholds,
  states: shared.states,
  round: shared.round,
  phase: shared.phase,
  currentState: shared.currentState,
  startSeat: shared.startSeat,
  turnSeat: shared.turnSeat,
  chooser: shared.chooser,
  battle: shared.battle,
  stillRounds: shared.stillRounds,
  roundStartBoard: shared.roundStartBoard,
  winner: shared.winner,
  endReason: shared.endReason,
});

/** Cards the viewer can see: its hand, the row, the resistance and every card in front of a seat. */
export function seenCards(v: CardGameView): CardId[] {
  const own = v.viewer === null ? [] : (v.seats[v.viewer]!.hand ?? []);
  return [...own, ...v.row, ...v.resistance, ...v.battle.played.flat().flatMap((p) => ('card' in p ? [p.card] : []))];
}

/**
 * Check a JSON value is seat `seat`'s view of a table; returns it, or a sentence saying what is wrong. A full
 * state is accepted too and reduced to the seat's view first (`toView`), so nothing hidden ever reaches the AI.
 */
export function readSeatView(
  raw: unknown,
  seat: Seat,
  toView: (s: CardGameState, seat: Seat) => CardGameView,
): { ok: true; view: CardGameView } | { ok: false; error: string } {
  if (raw !== null && typeof raw === 'object' && 'rng' in raw) {
    const full = stateSchema.safeParse(raw);
    if (!full.success)
      return { ok: false, error: `is not a card-game state or seat view (${zodSentence(full.error)})` };
    if (seat >= full.data.settings.seats)
      return { ok: false, error: `has seats 0 to ${full.data.settings.seats - 1}, not ${seat}` };
    return { ok: true, view: toView(full.data, seat) };
  }
  const r = seatViewSchema.safeParse(raw);
  if (!r.success)
    return {
      ok: false,
      error: `is not a seat's view of a card game (${zodSentence(r.error)}); give the output of "cards view --seat K"`,
    };
  const v = r.data as CardGameView;
  const n = v.settings.seats;
  if (seat >= n) return { ok: false, error: `has seats 0 to ${n - 1}, not ${seat}` };
  if (v.viewer !== seat)
    return {
      ok: false,
      error:
        v.viewer === null
          ? `is the public view; the AI needs seat ${seat}'s view ("cards view --seat ${seat}")`
          : `is seat ${v.viewer}'s view, not seat ${seat}'s`,
    };
  for (const [name, list] of [
    ['seats', v.seats],
    ['battle.played', v.battle.played],
    ['battle.playedAny', v.battle.playedAny],
    ['battle.claims', v.battle.claims],
  ] as const) {
    if (list.length !== n)
      return { ok: false, error: `has ${list.length} entries in ${name}, not one per seat (${n})` };
  }
  const me = v.seats[seat]!;
  if (!me.hand || me.hand.length !== me.handSize)
    return { ok: false, error: `does not show seat ${seat}'s hand (${me.handSize} cards)` };
  const seen = seenCards(v);
  if (new Set(seen).size !== seen.length) return { ok: false, error: 'shows a card in two places at once' };
  const hidden = v.seats.reduce((k, x, i) => k + (i === seat ? 0 : x.handSize), 0) + v.deckSize + v.discardSize;
  if (seen.length + hidden !== DECK_IDS.length)
    return { ok: false, error: `accounts for ${seen.length + hidden} cards, not the deck's ${DECK_IDS.length}` };
  const strongholds = Object.fromEntries(STRONGHOLD_IDS.map((h) => [String(h), v.strongholds[String(h)] ?? []]));
  return { ok: true, view: { ...v, strongholds } };
}

/**
 * One full state consistent with the view: the cards the viewer cannot see are shuffled and dealt to the other
 * hands, the deck and the discard in the sizes the view gives; pending gives of the other seats are drawn from
 * their dealt hands; the engine's PRNG state is made up. Nothing here reads anything but the view.
 */
export function determinize(v: CardGameView, r: Random): CardGameState {
  const me = v.viewer!;
  const seen = new Uint8Array(DECK_IDS.length);
  for (const c of seenCards(v)) seen[CARD_INDEX.get(c)!] = 1;
  const unseen: CardId[] = [];
  for (let i = 0; i < DECK_IDS.length; i++) if (!seen[i]) unseen.push(DECK_IDS[i]!);
  shuffleInPlace(r, unseen);
  let at = 0;
  const take = (k: number) => {
    const out = unseen.slice(at, at + k);
    at += k;
    return out;
  };
  const seats = v.seats.map((x, i) => ({
    dynasty: x.dynasty,
    hand: i === me ? [...x.hand!] : take(x.handSize),
    supply: x.supply,
    dynastyCardInHand: x.dynastyCardInHand,
  }));
  const deck = take(v.deckSize);
  const discard = take(v.discardSize);
  const gives = v.seats.map((x, i) => {
    if (v.phase !== 'give') return null;
    if (i === me) return x.give ? [...x.give] : null;
    return x.given ? shuffleInPlace(r, [...seats[i]!.hand]).slice(0, 2) : null;
  });
  return {
    settings: { ...v.settings },
    rng: engineRngState(r),
    seats,
    deck,
    discard,
    row: [...v.row],
    resistance: [...v.resistance],
    strongholds: Object.fromEntries(Object.entries(v.strongholds).map(([k, a]) => [k, [...a]])),
    states: Object.fromEntries(Object.entries(v.states).map(([k, a]) => [k, [...a]])) as CardGameState['states'],
    round: v.round,
    phase: v.phase,
    currentState: v.currentState,
    startSeat: v.startSeat,
    turnSeat: v.turnSeat,
    gives,
    chooser: v.chooser ? { ...v.chooser } : null,
    battle: {
      played: v.battle.played.map((p) => p.map((x) => ({ ...x }))),
      playedAny: [...v.battle.playedAny],
      fallen: [...v.battle.fallen],
      available: [...v.battle.available],
      claims: v.battle.claims.map((c) => [...c]),
      spyClaimer: v.battle.spyClaimer,
      tiebreak: v.battle.tiebreak ? { seats: [...v.battle.tiebreak.seats] } : null,
      discarded: v.battle.discarded,
    },
    stillRounds: v.stillRounds,
    roundStartBoard: v.roundStartBoard,
    winner: Array.isArray(v.winner) ? [...v.winner] : v.winner,
    endReason: v.endReason,
  };
}
