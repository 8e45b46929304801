/**
 * A variant's names in a reader's locale (docs/variants.md "Names in other languages"): powers and provinces as
 * its folder's `names.<locale>.json` gives them, simplified Chinese derived from the traditional names with
 * OpenCC (Taiwan to mainland forms, once per variant) where the folder has no `zh-CN` file; and the language the
 * order parser reads and writes in that locale (with the words of the variant's own orders there, `orders`). A name
 * a locale lacks is the English one.
 */
import * as OpenCC from 'opencc-js/t2cn';
import type { OrderLanguage } from '../engine/parse/index.js';
import type { Power, ProvinceId } from '../engine/types.js';
import type { Variant } from '../engine/variant.js';
import type { VariantNames } from '../engine/variant-data.js';
import { ORDER_WORDS } from './order-words.js';

/** A locale the bot speaks (`en`, `fr`, `zh-CN`, `zh-TW`: src/i18n); any other reads the English names. */
type Locale = string;

let toSimplified: ((text: string) => string) | undefined;
let namesToSimplified: ((text: string) => string) | undefined;

/**
 * Traditional Chinese as mainland readers write it, character by character (`咸陽` -> `咸阳`, `宣告決戰` ->
 * `宣告决战`): the words of a variant's legend and orders, which keep the glossary's terms (docs/locales.md).
 */
export function simplified(text: string): string {
  const convert = (toSimplified ??= OpenCC.Converter({ from: 'tw', to: 'cn' }));
  return convert(text);
}

/**
 * A proper name (a power's, a province's) as mainland readers write it: OpenCC's Taiwan phrases included, so a name
 * Taiwan and the mainland write with other characters takes the mainland's (`義大利` -> `意大利`, not `义大利`); a
 * name without such a phrase reads as `simplified` gives it (`咸陽` -> `咸阳`).
 */
export function simplifiedName(text: string): string {
  const convert = (namesToSimplified ??= OpenCC.Converter({ from: 'twp', to: 'cn' }));
  return convert(text);
}

function mapValues<T, U>(record: Readonly<Record<string, T>>, f: (value: T) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, f(v)]));
}

function simplifiedNames(names: VariantNames): VariantNames {
  return {
    powers: mapValues(names.powers, simplifiedName),
    provinces: mapValues(names.provinces, simplifiedName),
    ...(names.aliases ? { aliases: mapValues(names.aliases, (list) => list.map(simplifiedName)) } : {}),
    ...(names.legend ? { legend: mapValues(names.legend, simplified) } : {}),
    ...(names.orders ? { orders: mapValues(names.orders, simplified) } : {}),
  };
}

/** What the names are read from: a variant's `names` (the rest of it is not needed). */
type Named = Pick<Variant, 'names'>;

const derived = new WeakMap<Named, Map<Locale, VariantNames | null>>();

/** The variant's names in `locale`, or null when it has none there (English, or a variant without them). */
export function variantNames(variant: Named, locale: Locale): VariantNames | null {
  if (locale === 'en' || !variant.names) return null;
  let byLocale = derived.get(variant);
  if (!byLocale) derived.set(variant, (byLocale = new Map()));
  let names = byLocale.get(locale);
  if (names === undefined) {
    const own = Object.hasOwn(variant.names, locale) ? variant.names[locale] : undefined;
    const traditional = variant.names['zh-TW'];
    names = own ?? (locale === 'zh-CN' && traditional ? simplifiedNames(traditional) : null);
    byLocale.set(locale, names);
  }
  return names;
}

/** A power's name in `locale` (`Allemagne`, `秦`), the English name where the variant has none there. */
export function powerName(variant: Named, locale: Locale, power: Power): string {
  return variantNames(variant, locale)?.powers[power] ?? power;
}

/** A province's name in `locale` (`Bourgogne`, `咸陽`), the English name where the variant has none there. */
export function provinceName(variant: Variant, locale: Locale, province: ProvinceId): string {
  return variantNames(variant, locale)?.provinces[province] ?? variant.map.province(province)?.name ?? province;
}

const languages = new WeakMap<Variant, Map<Locale, OrderLanguage | undefined>>();

/**
 * The language the order parser reads and writes for a reader of `locale` (undefined for English): the locale's
 * order words and coasts, the variant's names there. A Chinese reader's names are read in both scripts.
 */
export function orderLanguage(variant: Variant, locale: Locale): OrderLanguage | undefined {
  if (locale === 'en') return undefined;
  let byLocale = languages.get(variant);
  if (!byLocale) languages.set(variant, (byLocale = new Map()));
  if (!byLocale.has(locale)) byLocale.set(locale, buildLanguage(variant, locale));
  return byLocale.get(locale);
}

function buildLanguage(variant: Variant, locale: Locale): OrderLanguage | undefined {
  const other = locale === 'zh-CN' ? 'zh-TW' : locale === 'zh-TW' ? 'zh-CN' : null;
  const sources = [variantNames(variant, locale), other ? variantNames(variant, other) : null];
  const places: Record<ProvinceId, string[]> = {};
  const special: Record<string, string[]> = {};
  for (const names of sources) {
    if (!names) continue;
    for (const [id, name] of Object.entries(names.provinces)) (places[id] ??= []).push(name);
    for (const [id, more] of Object.entries(names.aliases ?? {})) (places[id] ??= []).push(...more);
    for (const [name, words] of Object.entries(names.orders ?? {})) (special[name] ??= []).push(words);
  }
  const own = Object.hasOwn(ORDER_WORDS, locale) ? ORDER_WORDS[locale] : undefined;
  if (!own) return undefined;
  const { words, coasts, articles } = own;
  const unique = (list: string[]) => [...new Set(list)];
  return {
    places: mapValues(places, unique),
    words,
    coasts,
    special: mapValues(special, unique),
    ...(articles ? { articles } : {}),
  };
}
