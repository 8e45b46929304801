/**
 * The one notation players read, in the bot's texts, wizards, log, summaries and the table picture alike:
 * - a symbol by its English word: "Cavalry", "Fire";
 * - a card by its symbols, as the rules write them ("Fire/Chariot/Cavalry", "Advisor/Chariot", a "wild card"):
 *   a bright card is its strategy then its 2 tactics, "Fire/Cavalry/Chariot"; a dark card "Advisor/Chariot";
 *   a wild card "Wild" — never its deck id;
 * - a state and a dynasty by their Latin name, the Chinese beside it, never alone: "Gu 顧", "Qin 秦".
 * Pure data formatting: the renderer and the bot both import it.
 */
import { card } from './cards.js';
import { DATA, type SymbolId } from './data.js';
import type { CardId, DynastyId, StateId } from './types.js';

const STATES = new Map(DATA.board.states.map((s) => [s.id, s]));
const DYNASTIES = new Map(DATA.dynasties.map((d) => [d.id, d]));

const title = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "Cavalry". */
export function symbolName(symbol: SymbolId): string {
  return title(symbol);
}

/** "Fire/Cavalry/Chariot", "Advisor/Chariot", "Wild". */
export function cardName(id: CardId): string {
  const c = card(id);
  if (c.kind === 'wild') return 'Wild';
  const words = c.symbols.map(symbolName);
  return c.kind === 'dark' ? `Advisor/${words.join('/')}` : words.join('/');
}

/** "Qin". */
export function dynastyName(dynasty: DynastyId): string {
  return title(dynasty);
}

/** "Qin 秦". */
export function dynastyLabel(dynasty: DynastyId): string {
  const d = DYNASTIES.get(dynasty);
  return d ? `${title(dynasty)} ${d.zh}` : title(dynasty);
}

/** "Gu". */
export function stateName(state: StateId): string {
  return STATES.get(state)?.name ?? state;
}

/** "Gu 顧". */
export function stateLabel(state: StateId): string {
  const s = STATES.get(state);
  return s ? `${s.name} ${s.zh}` : state;
}
