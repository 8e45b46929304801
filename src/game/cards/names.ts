/**
 * The card game's names in a reader's language (docs/locales.md "Glossary: card game"): symbols, cards, dynasties,
 * states. English keeps the one notation of src/cardgame/names.ts ("Fire/Cavalry/Chariot", "Qin 秦", "Gu 顧");
 * French translates the symbols ("Feu/Cavalerie/Char") and keeps the Latin names with the Chinese beside them;
 * Chinese readers read the Chinese names alone, in their script ("秦", "顾" / "顧", "火/骑兵/战车").
 */
import { card, type CardId, type DynastyId, type Owner, type StateId, type SymbolId } from '../../cardgame/index.js';
import { computerLevelOf, isComputer, playerName } from '../core/index.js';
import { LOCALES, msg, tr, type Locale, type Localized, type MessageKey, type Msg } from '../../i18n/index.js';

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

/** A list as the reader writes it: "a, b" (English, French), "a、b" (Chinese). */
export function listOf(items: readonly string[], locale: Locale): string {
  return items.join(locale.startsWith('zh') ? '、' : ', ');
}

/** A dynasty's label as a message ("Qin 秦", "秦"), for message lines worded at delivery. */
export function dynastyMsg(dynasty: DynastyId): Msg {
  return msg(key(`cards.dynasty.${dynasty}.label`));
}

/** Items as one message, listed as the reader writes a list ("a, b, c"; "a、b、c"). */
export function msgList(items: readonly (Msg | string)[]): Msg | string {
  if (items.length === 0) return '';
  return items.slice(1).reduce<Msg | string>((a, b) => msg('cards.list.comma', { a, b }), items[0]!);
}

/** Who holds a seat, as a message: the member's mention, or "a computer player (easy)" in the reader's words. */
export function holderMsg(userId: string): Msg | string {
  return isComputer(userId)
    ? msg('cards.holder.computerAlone', { level: msg(key(`cards.level.${computerLevelOf(userId)}`)) })
    : playerName(userId);
}

/**
 * A value worded in each locale (a list of names, a symbol) as a message parameter: its English text exactly as the
 * English sentence always wrote it, and every other locale's own.
 */
export function inEachLocale(word: (locale: Locale) => string): Localized {
  const other = Object.fromEntries(LOCALES.filter((l) => l !== 'en').map((l) => [l, word(l)]));
  return { text: word('en'), in: other };
}

/** A symbol in a refusal: its id as the English sentence writes it ("fire"), its word in the other locales. */
export function symbolParam(symbol: SymbolId | string): Localized {
  return inEachLocale((locale) => (locale === 'en' ? symbol : symbolWord(symbol, locale)));
}

/** Names listed as the reader writes a list, or the locale's word for none (`cards.list.none`). */
export function namesParam(
  names: (locale: Locale) => readonly string[],
  none: MessageKey = 'cards.list.none',
): Localized {
  return inEachLocale((locale) => {
    const items = names(locale);
    return items.length ? listOf(items, locale) : tr(locale, none);
  });
}
