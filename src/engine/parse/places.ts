/**
 * Province names as players write them: ids, abbreviations, full names, map aliases and local names, any case,
 * with or without spaces, dots and hyphens. One index per variant map, built once and cached.
 */
import type { GameMap, ProvinceInfo } from '../map.js';
import type { ProvinceId } from '../types.js';
import { type OrderLanguage, withoutAccents } from './language.js';

export interface PlaceIndex {
  /** normalized key -> province id, or null when two provinces share the key (ambiguous). */
  byKey: ReadonlyMap<string, ProvinceId | null>;
  /** Longest name in words (how far the matcher needs to look ahead). */
  maxWords: number;
  /** For each first word of a name, the most words a name starting with it has (absent: no name starts so). */
  wordsAfter: ReadonlyMap<string, number>;
  /** Every key of every province, for suggestions. */
  keys: readonly { key: string; province: ProvinceId }[];
}

/** `Mid-Atlantic Ocean` -> `mid atlantic ocean`; `St. Petersburg` -> `st petersburg`. */
export function normalizeName(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[.'’`]/g, '')
    .replace(/[-_]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const cache = new WeakMap<GameMap, PlaceIndex>();
const localCache = new WeakMap<OrderLanguage, WeakMap<GameMap, PlaceIndex>>();

/** The names of `map`'s provinces, with a language's names besides the English ones (built once for each pair). */
export function placeIndex(map: GameMap, language?: OrderLanguage): PlaceIndex {
  if (language) {
    let byMap = localCache.get(language);
    if (!byMap) localCache.set(language, (byMap = new WeakMap()));
    let index = byMap.get(map);
    if (!index) byMap.set(map, (index = buildIndex(map, language)));
    return index;
  }
  let index = cache.get(map);
  if (!index) cache.set(map, (index = buildIndex(map)));
  return index;
}

function namesOf(p: ProvinceInfo, language: OrderLanguage | undefined): string[] {
  const english = [p.id, p.abbreviation, p.name, ...p.aliases, ...(p.localName ? [p.localName] : [])];
  const local = language?.places[p.id] ?? [];
  // `Mer d'Irlande` as the tokenizer splits it (`mer d irlande`), and every local name without its accents.
  const forms = local.flatMap((n) => [n, n.replace(/['’]/g, ' ')]);
  return [...english, ...forms, ...forms.map(withoutAccents)];
}

function buildIndex(map: GameMap, language?: OrderLanguage): PlaceIndex {
  const byKey = new Map<string, ProvinceId | null>();
  const keys: { key: string; province: ProvinceId }[] = [];
  const wordsAfter = new Map<string, number>();
  let maxWords = 1;
  const add = (key: string, id: ProvinceId) => {
    if (!key) return;
    const existing = byKey.get(key);
    if (existing === undefined) byKey.set(key, id);
    else if (existing !== id) byKey.set(key, null);
  };
  for (const p of map.provinces.values()) {
    for (const name of new Set(namesOf(p, language))) {
      const key = normalizeName(name);
      if (!key) continue;
      add(key, p.id);
      add(key.replace(/ /g, ''), p.id);
      // `st_petersburg`, `gulf_of_bothnia`: a name written with underscores is one word to the tokenizer.
      add(key.replace(/ /g, '_'), p.id);
      keys.push({ key, province: p.id });
      const words = key.split(' ');
      maxWords = Math.max(maxWords, words.length);
      wordsAfter.set(words[0]!, Math.max(wordsAfter.get(words[0]!) ?? 0, words.length));
    }
  }
  // An id or abbreviation always means its own province, even if another province uses it as an alias.
  for (const p of map.provinces.values()) {
    byKey.set(normalizeName(p.id), p.id);
    byKey.set(p.id.toLowerCase(), p.id);
  }
  return { byKey, maxWords, wordsAfter, keys };
}

/**
 * Optimal string alignment distance (Levenshtein plus adjacent transpositions: `Lodnon` -> `London` is 1).
 * With `max`, any distance above it is reported as `max + 1` without doing the work (lengths that differ by more
 * than `max` cannot be closer), so comparing a huge word with a name costs nothing.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const cols = b.length + 1;
  // Three rolling rows (two back, for transpositions) instead of a full matrix.
  let back2 = new Array<number>(cols).fill(0);
  let back1 = new Array<number>(cols);
  let row = new Array<number>(cols).fill(0);
  for (let j = 0; j < cols; j++) back1[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let best = i;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(back1[j]! + 1, row[j - 1]! + 1, back1[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, back2[j - 2]! + 1);
      row[j] = v;
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    const spare = back2;
    back2 = back1;
    back1 = row;
    row = spare;
  }
  return back1[b.length]!;
}

/** Words longer than this are no place name, however misspelt: no suggestion is searched for them. */
const LONGEST_SUGGESTIBLE = 64;

/**
 * Provinces whose names are close to `phrase` (edit distance, or a prefix), best first, at most `limit`.
 */
export function suggestPlaces(map: GameMap, phrase: string, limit = 3, language?: OrderLanguage): ProvinceId[] {
  const wanted = normalizeName(
    phrase.length > LONGEST_SUGGESTIBLE * 4 ? phrase.slice(0, LONGEST_SUGGESTIBLE * 4) : phrase,
  );
  if (!wanted || wanted.length > LONGEST_SUGGESTIBLE) return [];
  const tolerance = wanted.length <= 3 ? 1 : wanted.length <= 6 ? 2 : 3;
  const best = new Map<ProvinceId, number>();
  for (const { key, province } of placeIndex(map, language).keys) {
    let score = editDistance(wanted, key, tolerance);
    if (wanted.length >= 2 && key.startsWith(wanted)) score = Math.min(score, 0.5);
    // A typo in the first word of a longer name (`Norht Sea`): compare word by word as well.
    if (key.includes(' ') && !wanted.includes(' '))
      score = Math.min(score, editDistance(wanted, key.slice(0, key.indexOf(' ')), tolerance) + 0.75);
    if (score > tolerance) continue;
    const prev = best.get(province);
    if (prev === undefined || score < prev) best.set(province, score);
  }
  return [...best.entries()]
    .sort((x, y) => x[1] - y[1] || x[0].localeCompare(y[0]))
    .slice(0, limit)
    .map(([p]) => p);
}

/** `London (lon)`; in a language that names it, its name there: `Londres (lon)`. */
export function describePlace(map: GameMap, id: ProvinceId, language?: OrderLanguage): string {
  const p = map.province(id);
  return p ? `${language?.places[id]?.[0] ?? p.name} (${p.id})` : id;
}

/** `did you mean London (lon)?`, `did you mean North Sea (nth), Norway (nwy) or North Africa (naf)?`, or ''. */
export function didYouMean(map: GameMap, phrase: string, language?: OrderLanguage): string {
  const found = suggestPlaces(map, phrase, 3, language).map((id) => describePlace(map, id, language));
  if (found.length === 0) return '';
  const list = found.length === 1 ? found[0]! : `${found.slice(0, -1).join(', ')} or ${found[found.length - 1]}`;
  return `did you mean ${list}?`;
}
