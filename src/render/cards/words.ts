/**
 * The card table picture's words in the reader's locale (docs/locales.md "Glossary (card game)"): its labels
 * (`cards.picture.*`) and the card game's names as every text of the bot gives them (`cards.symbol.*`,
 * `cards.dynasty.*`, `cards.state.*`): "Fire/Cavalry/Chariot" and "Qin 秦" in English, "Feu/Cavalerie/Char" in French,
 * "火/骑兵/战车" and "秦" in Chinese.
 */
import type { CardId, DynastyId, StateId, SymbolId } from '../../cardgame/types.js';
import { card } from '../../cardgame/cards.js';
import { tr, type Locale, type MessageKey } from '../../i18n/index.js';

type Params = Parameters<typeof tr>[2];

export interface CardWords {
  /** The game's title: "Warring States", "Royaumes combattants", "战国". */
  game: string;
  /** A label of the picture (`cards.picture.<key>`). */
  say(key: string, params?: Params): string;
  /** "Qin" / "秦". */
  dynasty(d: DynastyId): string;
  /** "Qin 秦" / "秦". */
  dynastyLabel(d: DynastyId): string;
  /** "Gu 顧" / "顾". */
  state(s: StateId): string;
  /** "Cavalry" / "Cavalerie" / "骑兵". */
  symbol(s: SymbolId): string;
  /** A card's words, one per line of a small card: ["Fire", "Cavalry", "Chariot"], ["Advisor", "Chariot"], ["Wild"]. */
  cardWords(id: CardId): string[];
  /** "A, B" as the reader lists ("A、B" in Chinese). */
  list(items: readonly string[]): string;
  /** "A and B" ("A et B", "A和B"). */
  and(items: readonly string[]): string;
}

export function cardWordsIn(locale: Locale = 'en'): CardWords {
  // The bundled font sets `’` full width: the picture draws French apostrophes as `'` (docs/locales.md "Maps").
  const drawn = (text: string) => text.replaceAll('’', "'");
  const word = (key: string) => drawn(tr(locale, key as MessageKey));
  const words = (id: CardId) => {
    const c = card(id);
    if (c.kind === 'wild') return [word('cards.card.wild')];
    const symbols = c.symbols.map((s) => word(`cards.symbol.${s}`));
    return c.kind === 'dark' ? [word('cards.card.advisor'), ...symbols] : symbols;
  };
  return {
    game: word('cards.game.title'),
    say: (key, params) => drawn(tr(locale, `cards.picture.${key}` as MessageKey, params)),
    dynasty: (d) => word(`cards.dynasty.${d}`),
    dynastyLabel: (d) => word(`cards.dynasty.${d}.label`),
    state: (s) => word(`cards.state.${s}.label`),
    symbol: (s) => word(`cards.symbol.${s}`),
    cardWords: words,
    list: (items) => items.join(locale.startsWith('zh') ? '、' : ', '),
    and: (items) => items.join(locale === 'fr' ? ' et ' : locale.startsWith('zh') ? '和' : ' and '),
  };
}
