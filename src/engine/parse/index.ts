/**
 * The order parser: what players really type -> `Order`. Accepted syntax: docs/orders.md.
 *
 * `parseOrder` never throws: unreadable input gives `{ok: false, error}` with an error that names the bad
 * token and, for places, suggests the nearest names.
 */
import { formatOrder, formatUnit } from '../format.js';
import type { Variant } from '../variant.js';
import type { Location, Order, PhaseType, UnitRef } from '../types.js';
import { completeWithBoard, type ParseContext } from './board.js';
import { ParseError, Reader, readPrefixed, readRest, type DraftOrder } from './grammar.js';
import { type OrderLanguage, splitHanWord, withoutAccents, wordKey, wordSets } from './language.js';
import { placeIndex } from './places.js';
import { type Token, tokenize } from './tokens.js';

export type { ParseContext } from './board.js';
export type { OrderLanguage } from './language.js';
export { writeOrder, writeUnit } from './write.js';

export type ParseResult = { ok: true; order: Order; text: string } | { ok: false; error: string; input: string };

/**
 * The most tokens (words and signs) one order may have: the longest real order (`A Mid-Atlantic Ocean (north
 * coast) supports F North Atlantic Ocean moves to …`) has about 25. Text beyond it is never looked at, so the
 * parser's work is bounded by the text's length.
 */
export const MAX_ORDER_TOKENS = 48;

/** A bullet or number in front of a pasted list item (`- `, `* `, `• `, `1. `, `2) `). */
const LIST_MARKER = /^\s*(?:[-*•]|\d{1,2}[.)])\s+/;

/** Does the text start with an ASCII letter (most orders: then it has no list marker to strip)? */
function startsWithLetter(text: string): boolean {
  const c = text.charCodeAt(0) | 0x20; // lower case
  return c >= 0x61 && c <= 0x7a;
}

/** The text of whatever a caller passed (JavaScript callers may pass anything). */
function asText(text: unknown): string {
  if (typeof text === 'string') return text;
  try {
    return String(text);
  } catch {
    return '';
  }
}

export function parseOrder(variant: Variant, text: string, ctx: ParseContext = {}): ParseResult {
  const read = readOrder(variant, text, ctx);
  return read.ok ? { ok: true, order: read.order, text: formatOrder(read.order, variant.rules) } : read;
}

export type ReadResult = { ok: true; order: Order } | { ok: false; error: string; input: string };

/** `parseOrder` without the normalized text (for callers that do not show it, like the CLI's `adjudicate`). */
export function readOrder(variant: Variant, text: string, ctx: ParseContext = {}): ReadResult {
  const input = asText(text);
  try {
    const draft = readDraft(variant, input, ctx.position?.phase.type, ctx.language);
    return { ok: true, order: completeWithBoard(variant, draft, ctx) };
  } catch (e) {
    if (e instanceof ParseError) return { ok: false, error: e.message, input };
    // A bug in a variant's special parser (or here) must not take the caller down.
    return { ok: false, error: `could not read this order (${e instanceof Error ? e.message : String(e)})`, input };
  }
}

/** The order a text says, before the board is looked at (it depends on the text and the phase's type alone). */
function readDraft(
  variant: Variant,
  input: string,
  phase: PhaseType | undefined,
  language: OrderLanguage | undefined,
): DraftOrder {
  const text = startsWithLetter(input) ? input : input.replace(LIST_MARKER, '');
  const tokens = splitHan(variant, tokenize(text, MAX_ORDER_TOKENS + 1), language);
  if (tokens.length === 0) throw new ParseError('empty order');
  if (tokens.length > MAX_ORDER_TOKENS)
    throw new ParseError(`this order is too long: an order has at most ${MAX_ORDER_TOKENS} words and signs`);
  const reader = new Reader(variant, tokens, language);
  return readPrefixed(reader) ?? readUnitOrder(reader, variant, phase);
}

const HAN = /\p{Script=Han}/u;

/** The Han words the parser knows in a language (names, order words, the special parsers' own), and the longest's length. */
interface HanLexicon {
  words: ReadonlySet<string>;
  longest: number;
}

const lexicons = new WeakMap<OrderLanguage, WeakMap<Variant, HanLexicon>>();

function hanLexicon(variant: Variant, language: OrderLanguage): HanLexicon {
  let byVariant = lexicons.get(language);
  if (!byVariant) lexicons.set(language, (byVariant = new WeakMap()));
  let lexicon = byVariant.get(variant);
  if (!lexicon) {
    const sets = wordSets(language);
    const own = [
      ...(variant.rules.specialOrderParsers ?? []).flatMap((p) => p.words ?? []),
      ...Object.values(language.special ?? {}).flat(),
    ];
    const known = [...placeIndex(variant.map, language).byKey.keys(), ...sets.stop, ...sets.canonical.keys(), ...own];
    const words = new Set(known.filter((w) => HAN.test(w)));
    lexicon = { words, longest: Math.max(0, ...[...words].map((w) => [...w].length)) };
    byVariant.set(variant, lexicon);
  }
  return lexicon;
}

/** Tokens with Chinese written without spaces split into its words (`A咸陽守` -> `A`, `咸陽`, `守`). */
function splitHan(variant: Variant, tokens: Token[], language: OrderLanguage | undefined): Token[] {
  if (!language || !tokens.some((t) => t.kind === 'word' && HAN.test(t.norm))) return tokens;
  const { words, longest } = hanLexicon(variant, language);
  if (words.size === 0) return tokens;
  return tokens.flatMap((t) => {
    if (t.kind !== 'word') return [t];
    const pieces = splitHanWord(t.raw, words, longest);
    if (pieces.length === 1) return [t];
    return pieces.map((raw): Token => ({ kind: 'word', raw, norm: raw.toLowerCase(), glued: false }));
  });
}

/** Several orders, one per line or separated by `;` (or the full-width `；` Chinese keyboards type). Empty pieces are skipped. */
export function parseOrders(variant: Variant, text: string, ctx: ParseContext = {}): ParseResult[] {
  const input = asText(text);
  return input
    .split(/[\n\r;；]+/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((line) => parseOrder(variant, line, ctx));
}

function readUnitOrder(reader: Reader, variant: Variant, phase: PhaseType | undefined): DraftOrder {
  const unit = reader.readUnit('a unit (e.g. "A Munich")');
  return readSpecial(reader, variant, unit) ?? readRest(reader, unit, phase);
}

/** A variant's special orders (`A Ji R F`, `F Boh - Lin - Diq - Wei`), tried before the standard grammar. */
function readSpecial(reader: Reader, variant: Variant, unit: UnitRef): DraftOrder | null {
  const parsers = variant.rules.specialOrderParsers;
  if (!parsers || parsers.length === 0) return null;
  const words = specialWords(reader);
  const helpers = {
    location: (token: string) => locationOf(variant, token, reader.language),
    special: (name: string): ReadonlySet<string> =>
      new Set((reader.language?.special?.[name] ?? []).flatMap((w) => [wordKey(w), withoutAccents(wordKey(w))])),
  };
  for (const parser of parsers) {
    const found = parser.parse(words, helpers);
    if (found === null) continue;
    if ('error' in found) throw new ParseError(found.error);
    reader.i = reader.tokens.length;
    return {
      kind: 'special',
      name: found.name,
      unit,
      path: found.path,
      ...(found.args ? { args: found.args } : {}),
    };
  }
  return null;
}

/**
 * The words after the unit as a variant's special parser reads them: lowercase, a language's order words put in
 * English (`L F` of the French Warring States seed is `r f`), place names left as written.
 */
function specialWords(reader: Reader): string[] {
  const rest = reader.tokens.slice(reader.i).map((t) => t.norm);
  if (!reader.language) return rest;
  const { canonical } = wordSets(reader.language);
  const places = placeIndex(reader.variant.map, reader.language).byKey;
  return rest.map((w) => (places.has(w) ? w : (canonical.get(w) ?? w)));
}

/** A whole string read as one place with an optional coast (`lin`, `Bo Hai`, `spa/nc`), or null. */
function locationOf(variant: Variant, text: string, language?: OrderLanguage): Location | null {
  try {
    const reader = new Reader(variant, tokenize(text, MAX_ORDER_TOKENS), language);
    const location = reader.readLocation();
    return reader.atEnd() ? location : null;
  } catch {
    return null;
  }
}

/**
 * The unit an order text is about (`A mun`), read as far as the text allows, even when the whole order is not
 * readable: lets a caller say which unit an unreadable order was for. Null when not even the unit can be read.
 */
export function unitOfOrderText(variant: Variant, text: string, ctx: ParseContext = {}): string | null {
  try {
    const reader = new Reader(variant, tokenize(asText(text), MAX_ORDER_TOKENS), ctx.language);
    if (reader.isWord(reader.words.build) || reader.isWord(reader.words.disband)) reader.i++;
    const unit = reader.readUnit();
    const onBoard =
      ctx.position?.units.find((u) => u.province === unit.province) ??
      ctx.position?.dislodged.find((u) => u.province === unit.province);
    const type = unit.type ?? onBoard?.type ?? null;
    const coast = unit.coast ?? (onBoard && onBoard.type === type ? onBoard.coast : null);
    return formatUnit({ type, province: unit.province, coast });
  } catch {
    return null;
  }
}
