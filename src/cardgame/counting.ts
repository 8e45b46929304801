/**
 * Counting symbols and claiming superiorities (seed §5 "Fall back and claim superiority", docs/cardgame.md "Counting").
 * A seat claims a symbol still in the battlefield row when it has at least 1 and strictly more than every other
 * seat still in the battle, and with 2 seats strictly more than the local resistance (2-player rule 2). Ties
 * claim nothing (D-5).
 */
import { card } from './cards.js';
import { isTactic, SYMBOLS, type SymbolId } from './data.js';
import type { CardGameState, CardId, PlayedCard, Seat } from './types.js';

export type Counts = Record<SymbolId, number>;

export function zeroCounts(): Counts {
  return { cavalry: 0, chariot: 0, crossbow: 0, infantry: 0, spy: 0, fire: 0, forest: 0, mountain: 0, wind: 0 };
}

/** The symbols on the cards in front of a seat, with Jin's extra spy and Qi's cover (docs/cardgame.md "Counting"). */
export function countPlayed(played: readonly PlayedCard[]): Counts {
  const counts = zeroCounts();
  for (const p of played) {
    if ('card' in p) for (const sym of card(p.card).symbols) counts[sym]++;
  }
  for (const p of played) {
    if (!('dynasty' in p)) continue;
    if (p.dynasty === 'jin') counts.spy++; // Jin "Experienced": 1 extra spy
    if (p.dynasty === 'qi' && p.cover && p.on && played.some((q) => 'card' in q && q.card === p.on)) {
      // Qi "Offensive": the covered tactic counts 0, the other tactic of that card counts twice
      const other = card(p.on).symbols.find((x) => isTactic(x) && x !== p.cover);
      counts[p.cover]--;
      if (other) counts[other]++;
    }
  }
  return counts;
}

/** The local resistance's counts: each symbol once, and a wild card 1 of every symbol (2-player rule 3). */
export function countResistance(resistance: readonly CardId[]): Counts {
  const counts = zeroCounts();
  for (const id of resistance) {
    const c = card(id);
    if (c.kind === 'wild') for (const s of SYMBOLS) counts[s]++;
    else for (const s of c.symbols) counts[s]++;
  }
  return counts;
}

/** Seats still in the battle (they have not fallen back; in a tie-break round, only the tied ones). */
export function activeSeats(s: CardGameState): Seat[] {
  const inRound = s.battle.tiebreak ? s.battle.tiebreak.seats : s.seats.map((_, i) => i);
  return inRound.filter((i) => !s.battle.fallen.includes(i));
}

export interface ClaimLine {
  symbol: SymbolId;
  mine: number;
  /** The best count among the others (seats still in and the resistance). */
  best: number;
  /** Who holds `best` ("Yan", "resistance"), for the preview text. */
  bestBy: string[];
  claimed: boolean;
}

/** What the seat would claim by falling back now, symbol by symbol over the battlefield cards still available. */
export function claimPreview(s: CardGameState, seat: Seat): ClaimLine[] {
  const mine = countPlayed(s.battle.played[seat] ?? []);
  const others = activeSeats(s)
    .filter((o) => o !== seat)
    .map((o) => ({ name: s.seats[o]!.dynasty as string, counts: countPlayed(s.battle.played[o] ?? []) }));
  if (s.settings.seats === 2) others.push({ name: 'resistance', counts: countResistance(s.resistance) });
  return s.battle.available.map((symbol) => {
    const best = Math.max(0, ...others.map((o) => o.counts[symbol]));
    const bestBy = best > 0 ? others.filter((o) => o.counts[symbol] === best).map((o) => o.name) : [];
    return { symbol, mine: mine[symbol], best, bestBy, claimed: mine[symbol] >= 1 && mine[symbol] > best };
  });
}

export function claimsOf(s: CardGameState, seat: Seat): SymbolId[] {
  return claimPreview(s, seat)
    .filter((l) => l.claimed)
    .map((l) => l.symbol);
}
