/**
 * The card game's names as message parameters (docs/locales.md "Names", "Glossary: card game"): symbols, cards,
 * dynasties, lists of them, as catalogue messages (`cards.symbol.*`, `cards.dynasty.*`, …) the bot words in the
 * reader's locale. Where an English sentence always wrote a name otherwise (a symbol by its id, "fire"; the engine's
 * "Qin"), the name is a `Localized` value: that English, and the catalogue's message in every other locale. The bot's
 * own words for the same names: src/bot/cards/names.ts.
 */
import { card, type CardId, type DynastyId, type SymbolId } from '../../cardgame/index.js';
import { computerLevelOf, holderName, isComputer } from '../core/index.js';
import { LOCALES, msg, type Localized, type MessageKey, type Msg, type MsgParam } from '../../i18n/index.js';

const key = (k: string) => k as MessageKey;
const OTHER_LOCALES = LOCALES.filter((l) => l !== 'en');

/** A symbol's word as a message ("Cavalry", "Cavalerie", "骑兵"). */
export function symbolMsg(symbol: SymbolId | string): Msg {
  return msg(key(`cards.symbol.${symbol}`));
}

/** A card's words as a message: "Fire/Cavalry/Chariot", "Advisor/Chariot", "Wild" in the reader's words. */
export function cardMsg(id: CardId): Msg {
  const c = card(id);
  if (c.kind === 'wild') return msg('cards.card.wild');
  const words: Msg[] = [...(c.kind === 'dark' ? [msg('cards.card.advisor')] : []), ...c.symbols.map(symbolMsg)];
  return words.slice(1).reduce((a, b) => msg('cards.card.symbols', { a, b }), words[0]!);
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

/** Items joined by " + " (armies on a stronghold: "Qin + neutral"). */
export function msgStack(items: readonly (Msg | string)[]): Msg | string {
  if (items.length === 0) return '';
  return items.slice(1).reduce<Msg | string>((a, b) => msg('cards.list.plus', { a, b }), items[0]!);
}

/** Who holds a seat, as a message: the member's mention, or "a computer player (easy)" in the reader's words. */
export function holderMsg(userId: string): Msg | string {
  return isComputer(userId)
    ? msg('cards.holder.computerAlone', { level: msg(key(`cards.level.${computerLevelOf(userId)}`)) })
    : holderName(userId);
}

/**
 * A seat in a list of the seated: "Qin 秦 (@user)", a computer's "Qin 秦 (computer player, normal)" inside the one pair
 * of brackets, never nested (docs/locales.md "Brackets"), or the holder alone before dynasties are drawn.
 */
export function seatedMsg(userId: string, dynasty: DynastyId | null): Msg | string {
  if (!dynasty) return holderName(userId);
  if (isComputer(userId))
    return msg('cards.list.seatedComputer', {
      dynasty: dynastyMsg(dynasty),
      level: msg(key(`cards.level.${computerLevelOf(userId)}`)),
    });
  return msg('cards.list.seated', { dynasty: dynastyMsg(dynasty), name: holderName(userId) });
}

/** `english` exactly as the English sentence writes it, and `other` (a message or a text) in every other locale. */
export function otherwise(english: string, other: Msg | string): Localized {
  return { text: english, in: Object.fromEntries(OTHER_LOCALES.map((l) => [l, other])) };
}

/** A symbol in a refusal: its id as the English sentence writes it ("fire"), its word in the other locales. */
export function symbolParam(symbol: SymbolId | string): Localized {
  return otherwise(symbol, symbolMsg(symbol));
}

/** Names listed as the reader writes a list, or the word for none (`cards.list.none`). */
export function namesParam(items: readonly (Msg | string)[], none: MessageKey = 'cards.list.none'): MsgParam {
  return items.length ? msgList(items) : msg(none);
}
