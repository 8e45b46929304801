/**
 * Battle cards as "kind + symbols" (docs/cardgame.md "The cards"). The engine never assumes 2 tactics + 1 strategy:
 * tests build the seed's odd cards through `withExtraCards`.
 */
import { DATA, type CardId, type SymbolId } from './data.js';

export type CardKind = 'bright' | 'dark' | 'wild';
export interface Card {
  id: CardId;
  kind: CardKind;
  symbols: readonly SymbolId[];
}

const CARDS = new Map<CardId, Card>(DATA.deck.map((c) => [c.id, c]));

/** Every card id of the 112-card deck, in data order (B01…B80, D01…D27, W1…W5). */
export const DECK_IDS: readonly CardId[] = DATA.deck.map((c) => c.id);

export function card(id: CardId): Card {
  const c = CARDS.get(id);
  if (!c) throw new Error(`unknown card ${id}`);
  return c;
}

export function isCard(id: string): boolean {
  return CARDS.has(id);
}

/** Bright or wild: the cards that can open a turn. */
export function isBrightOrWild(id: CardId): boolean {
  return card(id).kind !== 'dark';
}

/** How a card reads to a player: "fire/chariot/cavalry", "dark chariot", "wild". */
export function cardText(id: CardId): string {
  const c = card(id);
  if (c.kind === 'wild') return `${id} wild`;
  if (c.kind === 'dark') return `${id} dark ${c.symbols.join('/')}`;
  return `${id} ${c.symbols.join('/')}`;
}

/** Does the bright/wild card `next` match the bright/wild card `previous` (seed §5: a wild matches anything)? */
export function brightMatches(previous: CardId, next: CardId): boolean {
  const a = card(previous);
  const b = card(next);
  if (a.kind === 'wild' || b.kind === 'wild') return true;
  return b.symbols.some((s) => a.symbols.includes(s));
}

/** Symbols counted for a default pick: bright 3, dark 1, wild 0. */
export function symbolCount(id: CardId): number {
  return card(id).symbols.length;
}

export function byId(a: CardId, b: CardId): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
