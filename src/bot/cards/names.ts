/**
 * The card game's names in a reader's language (docs/locales.md "Glossary (card game)"): symbols, cards, dynasties,
 * states. English keeps the one notation of src/cardgame/names.ts ("Fire/Cavalry/Chariot", "Qin 秦", "Gu 顧");
 * French translates the symbols ("Feu/Cavalerie/Char") and keeps the Latin names with the Chinese beside them;
 * Chinese readers read the Chinese names alone, in their script ("秦", "顾" / "顧", "火/骑兵/战车"). The game layer
 * hands the same names over as messages (src/game/cards/names.ts); these word them where the bot builds a text.
 */
import { card, type CardId, type DynastyId, type Owner, type StateId, type SymbolId } from '../../cardgame/index.js';
import { tr, type Locale, type MessageKey } from '../../i18n/index.js';

const key = (k: string) => k as MessageKey;

/** "Cavalry", "Cavalerie", "骑兵". */
export function symbolWord(symbol: SymbolId | string, locale: Locale): string {
  return tr(locale, key(`cards.symbol.${symbol}`));
}

/** "Fire/Cavalry/Chariot", "Advisor/Chariot", "Wild" in the reader's words. */
export function cardWord(id: CardId, locale: Locale): string {
  const c = card(id);
  if (c.kind === 'wild') return tr(locale, 'cards.card.wild');
  const words = c.symbols.map((s) => symbolWord(s, locale));
  return [...(c.kind === 'dark' ? [tr(locale, 'cards.card.advisor')] : []), ...words].join('/');
}

/** "Qin" (English, French), "秦" (Chinese). */
export function dynastyWord(dynasty: DynastyId, locale: Locale): string {
  return tr(locale, key(`cards.dynasty.${dynasty}`));
}

/** "Qin 秦" (English, French), "秦" (Chinese). */
export function dynastyTitle(dynasty: DynastyId, locale: Locale): string {
  return tr(locale, key(`cards.dynasty.${dynasty}.label`));
}

/** "Gu 顧" (English, French), "顾" / "顧" (Chinese). */
export function stateTitle(state: StateId, locale: Locale): string {
  return tr(locale, key(`cards.state.${state}.label`));
}

/** "Gu" (English, French), "顾" / "顧" (Chinese). */
export function stateWord(state: StateId, locale: Locale): string {
  return tr(locale, key(`cards.state.${state}`));
}

/** An owner by its dynasty's name ("Qin"), or "neutral", in the reader's words. */
export function ownerWord(dynasties: readonly DynastyId[], owner: Owner, locale: Locale): string {
  if (owner === 'neutral') return tr(locale, 'cards.owner.neutral');
  const d = dynasties[owner];
  return d ? dynastyWord(d, locale) : tr(locale, 'cards.owner.seat', { seat: owner });
}

/** Sentences one after another as the reader writes them: a space between them, none after a Chinese full stop. */
export function sentences(parts: readonly string[], locale: Locale): string {
  return parts.join(locale.startsWith('zh') ? '' : ' ');
}

/** A list as the reader writes it: "a, b" (English, French), "a、b" (Chinese). */
export function listOf(items: readonly string[], locale: Locale): string {
  return items.join(locale.startsWith('zh') ? '、' : ', ');
}
