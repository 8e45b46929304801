/**
 * A language orders are read and written in, as data (docs/orders.md "Orders in other languages"): the local
 * province names and order words the caller passes, on top of the English ones the parser always accepts. The
 * engine knows no locale: the layers above build an `OrderLanguage` from a variant's names and a locale's words.
 */
import type { CoastId, ProvinceId } from '../types.js';
import type { UnitType } from '../types.js';
import * as W from './words.js';

/** The kinds of order words a language names. */
export type OrderWordKind =
  | 'army'
  | 'fleet'
  | 'hold'
  | 'move'
  | 'to'
  | 'support'
  | 'convoy'
  | 'retreat'
  | 'build'
  | 'disband'
  | 'waive'
  | 'via'
  | 'convoyNoun';

export interface OrderLanguage {
  /** Province names by id, accepted besides the English ones; the first is the one orders are written with. */
  readonly places: Readonly<Record<ProvinceId, readonly string[]>>;
  /** Order words by kind, accepted besides the English ones; the first is the one orders are written with. */
  readonly words: Readonly<Partial<Record<OrderWordKind, readonly string[]>>>;
  /** Coast names by coast id (`nc`: `côte nord`, `cn`); the first is written. */
  readonly coasts?: Readonly<Partial<Record<CoastId, readonly string[]>>>;
  /**
   * The words of the variant's own orders, by the special order's name (`raise`: `組建艦隊`); the first is written
   * (`SpecialOrderSpec.write`). The variant's parser gets them as single tokens (`helpers.special`): a form of several
   * words (`lève une flotte`) its grammar must read itself. test/engine/parse/write.test.ts reads back every order
   * written in every language.
   */
  readonly special?: Readonly<Record<string, readonly string[]>>;
  /** Articles a place name may follow, read past (French `la Bourgogne`, `l’Espagne`); lowercase, without accents. */
  readonly articles?: readonly string[];
}

/** The word sets the grammar matches, English and the language's merged. */
export interface WordSets {
  readonly unitTypes: Readonly<Record<string, UnitType>>;
  readonly hold: ReadonlySet<string>;
  readonly move: ReadonlySet<string>;
  readonly to: ReadonlySet<string>;
  readonly retreat: ReadonlySet<string>;
  readonly support: ReadonlySet<string>;
  readonly convoy: ReadonlySet<string>;
  readonly build: ReadonlySet<string>;
  readonly disband: ReadonlySet<string>;
  readonly waive: ReadonlySet<string>;
  readonly via: ReadonlySet<string>;
  readonly convoyNouns: ReadonlySet<string>;
  readonly stop: ReadonlySet<string>;
  /** Local word -> the English word a variant's special parser reads (`vers` -> `to`, `至` -> `to`). */
  readonly canonical: ReadonlyMap<string, string>;
}

/** The English words alone. */
export const ENGLISH_WORDS: WordSets = {
  unitTypes: W.UNIT_TYPES,
  hold: W.HOLD,
  move: W.MOVE,
  to: new Set(['to']),
  retreat: W.RETREAT,
  support: W.SUPPORT,
  convoy: W.CONVOY,
  build: W.BUILD,
  disband: W.DISBAND,
  waive: W.WAIVE,
  via: W.VIA,
  convoyNouns: W.CONVOY_NOUNS,
  stop: W.STOP_WORDS,
  canonical: new Map(),
};

/** A word as the tokenizer gives it: lowercase, NFKC. */
export function wordKey(word: string): string {
  return word.normalize('NFKC').toLowerCase();
}

/** The same word without accents (`soutient` for `soutïent`, `retraite` for `retraité`). */
export function withoutAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
}

/** English words each kind of local word stands for, for a variant's special parser. */
const CANONICAL: Record<OrderWordKind, string> = {
  army: 'a',
  fleet: 'f',
  hold: 'h',
  move: '-',
  to: 'to',
  support: 's',
  convoy: 'c',
  retreat: 'r',
  build: 'b',
  disband: 'd',
  waive: 'waive',
  via: 'via',
  convoyNoun: 'convoy',
};

const cache = new WeakMap<OrderLanguage, WordSets>();

/** The grammar's word sets for a language (English alone without one), built once per language. */
export function wordSets(language: OrderLanguage | undefined): WordSets {
  if (!language) return ENGLISH_WORDS;
  let sets = cache.get(language);
  if (!sets) cache.set(language, (sets = buildWordSets(language)));
  return sets;
}

function buildWordSets(language: OrderLanguage): WordSets {
  const local = (kind: OrderWordKind): string[] =>
    (language.words[kind] ?? []).flatMap((w) => [wordKey(w), withoutAccents(wordKey(w))]);
  const merged = (english: ReadonlySet<string>, kind: OrderWordKind) => new Set([...english, ...local(kind)]);
  const unitTypes: Record<string, UnitType> = { ...W.UNIT_TYPES };
  for (const w of local('army')) unitTypes[w] = 'A';
  for (const w of local('fleet')) unitTypes[w] = 'F';
  const canonical = new Map<string, string>();
  for (const kind of Object.keys(CANONICAL) as OrderWordKind[])
    for (const w of local(kind)) if (!canonical.has(w)) canonical.set(w, CANONICAL[kind]);
  const sets = {
    unitTypes,
    hold: merged(W.HOLD, 'hold'),
    move: merged(W.MOVE, 'move'),
    to: merged(ENGLISH_WORDS.to, 'to'),
    retreat: merged(W.RETREAT, 'retreat'),
    support: merged(W.SUPPORT, 'support'),
    convoy: merged(W.CONVOY, 'convoy'),
    build: merged(W.BUILD, 'build'),
    disband: merged(W.DISBAND, 'disband'),
    waive: merged(W.WAIVE, 'waive'),
    via: merged(W.VIA, 'via'),
    convoyNouns: merged(W.CONVOY_NOUNS, 'convoyNoun'),
    canonical,
  };
  const stop = new Set([
    ...W.STOP_WORDS,
    ...Object.keys(unitTypes),
    ...sets.hold,
    ...sets.move,
    ...sets.retreat,
    ...sets.support,
    ...sets.convoy,
    ...sets.build,
    ...sets.disband,
    ...sets.via,
  ]);
  return { ...sets, stop };
}

/** The coast id local words name (`côte nord` -> `nc`), among `coasts`, or undefined. */
export function localCoast(
  language: OrderLanguage | undefined,
  words: readonly string[],
  coasts: readonly string[],
): string | undefined {
  if (!language?.coasts) return undefined;
  const said = withoutAccents(words.join(' '));
  for (const coast of coasts) {
    const names = language.coasts[coast] ?? [];
    if (names.some((n) => withoutAccents(wordKey(n)) === said)) return coast;
  }
  return undefined;
}

/** A Han character (or other CJK ideograph): Chinese is written without spaces between words. */
const HAN = /\p{Script=Han}/u;

/**
 * Splits words written without spaces in Chinese (`A咸陽守`, `支援A河東-魏`) at the names and order words the
 * language and the map know, longest first: `a`, `咸陽`, `守`. A run of Han characters no known word starts
 * stays one word (so an unknown name is reported whole). Words without Han characters are returned as they are.
 */
export function splitHanWord(word: string, lexicon: ReadonlySet<string>, longest: number): string[] {
  if (!HAN.test(word) || lexicon.has(word)) return [word];
  const chars = [...word];
  const out: string[] = [];
  let pending = '';
  let pendingHan = false;
  const flush = () => {
    if (pending) out.push(pending);
    pending = '';
  };
  let i = 0;
  while (i < chars.length) {
    const han = HAN.test(chars[i]!);
    if (han) {
      const n = longestMatch(chars, i, lexicon, longest);
      if (n > 0) {
        flush();
        out.push(chars.slice(i, i + n).join(''));
        i += n;
        continue;
      }
    }
    if (pending && han !== pendingHan) flush();
    pending += chars[i]!;
    pendingHan = han;
    i++;
  }
  flush();
  return out;
}

function longestMatch(chars: readonly string[], at: number, lexicon: ReadonlySet<string>, longest: number): number {
  for (let n = Math.min(longest, chars.length - at); n >= 1; n--)
    if (lexicon.has(chars.slice(at, at + n).join(''))) return n;
  return 0;
}
