/**
 * How the card game reads in Discord, in the one notation of src/cardgame/names.ts (docs/rules/card-game.md B-10):
 * symbols by their English word with the emoji beside it in texts ("🐎 Cavalry"), cards by their symbols
 * ("Fire/Cavalry/Chariot", "Advisor/Chariot", "Wild"), equal cards grouped ("Fire/Cavalry/Chariot ×2"), states and
 * dynasties by their Latin name with the Chinese beside it ("Gu 顧", "Qin 秦"). Pure text; never a card id in a label
 * players read, ids only as select values.
 */
import { card, type CardId } from '../../cardgame/index.js';
import type { Locale } from '../../i18n/index.js';
import { cardWord } from './names.js';

export function title(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

// One notation for the private views, the public table, the log and the picture (src/cardgame/names.ts): symbols
// by their word ("🐎 Cavalry"), cards by their symbols ("Fire/Cavalry/Chariot", "Advisor/Chariot", "Wild"), states and
// dynasties by their Latin name with the Chinese beside it ("Gu 顧", "Qin 秦").
export { cardName, dynastyLabel } from '../../game/cards/index.js';
export { symbolLabel } from './words.js';

/** Cards with the same kind and symbols are the same for play: one key per type. */
export function cardType(id: CardId): string {
  const c = card(id);
  return `${c.kind}:${c.symbols.join('/')}`;
}

/** Equal cards grouped, in first-seen order: [representative id, count]. */
export function groupByType(ids: readonly CardId[]): [CardId, number][] {
  const groups = new Map<string, [CardId, number]>();
  for (const id of ids) {
    const key = cardType(id);
    const g = groups.get(key);
    if (g) g[1]++;
    else groups.set(key, [id, 1]);
  }
  return [...groups.values()];
}

/** A hand or row as lines: "Fire/Cavalry/Chariot ×2". Bright first, then wild, then dark. */
export function cardLines(ids: readonly CardId[], locale: Locale = 'en'): string[] {
  const order = { bright: 0, wild: 1, dark: 2 } as const;
  const sorted = [...ids].sort((a, b) => order[card(a).kind] - order[card(b).kind] || (a < b ? -1 : a > b ? 1 : 0));
  return groupByType(sorted).map(([id, n]) => `${cardWord(id, locale)}${n > 1 ? ` ×${n}` : ''}`);
}
