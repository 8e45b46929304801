/**
 * A variant's names as message parameters (docs/locales.md "Names"): a power, a province, a unit or an order the
 * game layer puts in a message carries its English text and the other locales' where the variant names it
 * otherwise (`Localized`), so the reader's locale words it at delivery. A name no locale changes stays a plain
 * string: English texts, and variants without names of their own, are built as before.
 */
import { readOrder, writeOrder, writeUnit } from '../../engine/parse/index.js';
import type { UnitRef } from '../../engine/types.js';
import type { Variant } from '../../engine/variant.js';
import { hasMessage, LOCALES, msg, type Locale, type Localized, type MsgParam } from '../../i18n/index.js';
import { orderLanguage, powerName, provinceName } from '../../variants/names.js';

const OTHER_LOCALES = LOCALES.filter((l) => l !== 'en');

/** `english`, with the locales where `inLocale` words it otherwise. */
function localized(english: string, inLocale: (locale: Locale) => string): string | Localized {
  if (OTHER_LOCALES.length === 0) return english;
  const others: Partial<Record<Locale, string>> = {};
  let any = false;
  for (const locale of OTHER_LOCALES) {
    const text = inLocale(locale);
    if (text !== english) {
      others[locale] = text;
      any = true;
    }
  }
  return any ? { text: english, in: others } : english;
}

/** Whether the variant names anything in another language (most do not: every name then stays plain). */
const hasNames = (variant: Variant): boolean => variant.names !== undefined && Object.keys(variant.names).length > 0;

/**
 * A variant's name in the reader's locale (`Royaumes combattants v2`, `戰國 v2`): the catalogue's `variant.title.<id>`
 * for a bundled variant, its own name for any other (a server's map).
 */
export function variantParam(variant: Pick<Variant, 'id' | 'name'>): MsgParam {
  const key = `variant.title.${variant.id}`;
  return hasMessage(key) ? msg(key) : variant.name;
}

/** A power by its name in the reader's locale (`Germany`, `Allemagne`, `秦`). */
export function powerParam(variant: Variant, power: string): MsgParam {
  if (!hasNames(variant)) return power;
  return localized(power, (locale) => powerName(variant, locale, power));
}

/** Several powers, `, ` between them, each in the reader's locale (a list of names is data, like one name). */
export function powersParam(variant: Variant, powers: readonly string[]): MsgParam {
  const english = powers.join(', ');
  if (!hasNames(variant)) return english;
  return localized(english, (locale) =>
    powers.map((p) => powerName(variant, locale, p)).join(locale.startsWith('zh') ? '、' : ', '),
  );
}

/** Provinces by their names in the reader's locale (`Paris, Marseilles`, `巴黎、马赛`), never by their ids. */
export function provincesParam(variant: Variant, provinces: readonly string[]): MsgParam {
  // Places by the names their reader reads (`Kiel`, `Kiel` in French, `基尔`), never the ids (docs/locales.md "Names").
  const english = provinces.map((p) => variant.map.province(p)?.name ?? p).join(', ');
  return localized(english, (locale) =>
    provinces.map((p) => provinceName(variant, locale, p)).join(locale.startsWith('zh') ? '、' : ', '),
  );
}

/** A province (or a coast of one) by its name, with the id players type: `Bohemia (boh)`, `Bohême (boh)`. */
export function placeParam(variant: Variant, id: string): MsgParam {
  const province = id.split('/')[0]!;
  const english = variant.map.province(province)?.name;
  if (!english) return id;
  return localized(`${english} (${id})`, (locale) => `${provinceName(variant, locale, province)} (${id})`);
}

/** A province's name alone (`Burgundy`, `Bourgogne`). */
export function provinceParam(variant: Variant, province: string): MsgParam {
  const english = variant.map.province(province)?.name ?? province;
  if (!hasNames(variant)) return english;
  return localized(english, (locale) => provinceName(variant, locale, province));
}

/**
 * Where a unit stands, by name in the reader's locale: the province (`Burgundy`, `Bourgogne`), with its coast where
 * it has one (`Spain (sc)`, `Espagne (côte sud)`: the coast as the reader's orders name it, else its letters).
 */
export function locationParam(variant: Variant, province: string, coast?: string | null): MsgParam {
  if (!coast) return provinceParam(variant, province);
  const english = `${variant.map.province(province)?.name ?? province} (${coast})`;
  if (!hasNames(variant)) return english;
  return localized(english, (locale) => {
    const word = orderLanguage(variant, locale)?.coasts?.[coast]?.[0] ?? coast;
    return `${provinceName(variant, locale, province)} (${word})`;
  });
}

/** A power's unit as the results list it: `France A mun`, `France A Munich`. */
export function powerUnitParam(variant: Variant, power: string, unit: UnitRef): MsgParam {
  const english = `${power} ${writeUnit(unit)}`;
  if (!hasNames(variant)) return english;
  return localized(
    english,
    (locale) => `${powerName(variant, locale, power)} ${writeUnit(unit, orderLanguage(variant, locale))}`,
  );
}

/** A unit (`A mun`, `A Munich`, `A 咸陽`) in the reader's language. */
export function unitParam(variant: Variant, unit: UnitRef): MsgParam {
  const english = writeUnit(unit);
  if (!hasNames(variant)) return english;
  return localized(english, (locale) => writeUnit(unit, orderLanguage(variant, locale)));
}

/**
 * A stored order (its canonical text, `A par - bur`) written in the reader's language (`A Paris - Bourgogne`,
 * `A 咸陽 - 邯鄲`): read back and written by the order writer, which reads back to the same order. A text that does
 * not read (a variant's own notation) is shown as it is.
 */
export function orderParam(variant: Variant, text: string): MsgParam {
  if (!hasNames(variant)) return text;
  const read = readOrder(variant, text);
  if (!read.ok) return text;
  return localized(text, (locale) => writeOrder(read.order, variant, orderLanguage(variant, locale)));
}

/** Units as the results list them (`A mun, F kie`: `OrderResult.unit` texts) in the reader's language. */
export function unitsParam(variant: Variant, units: readonly string[]): MsgParam {
  const english = units.join(', ');
  if (!hasNames(variant)) return english;
  const refs = units.map((text) => {
    const read = readOrder(variant, `${text} H`);
    return read.ok && 'unit' in read.order ? read.order.unit : null;
  });
  return localized(english, (locale) => {
    const language = orderLanguage(variant, locale);
    return refs.map((u, i) => (u ? writeUnit(u, language) : units[i]!)).join(locale.startsWith('zh') ? '、' : ', ');
  });
}

/**
 * Whether a unit of an engine sentence (`A mun`), as each reader's orders write it, already names the province the
 * sentence names beside it (`Munich`): `yes` where it does (`A Munich`, `A 雍`), else `no` (`A mun`, and English,
 * the engine's own sentence), for a message's `select` that then leaves the place out (docs/locales.md "Results").
 */
export function namesPlaceParam(variant: Variant | undefined, unit: string, place: string): MsgParam {
  if (!variant || !hasNames(variant)) return 'no';
  const read = readOrder(variant, `${unit} H`);
  const ref = read.ok && 'unit' in read.order ? read.order.unit : null;
  const id = variant.map.province(place)
    ? place
    : variant.map.provinceIds().find((p) => variant.map.province(p)?.name === place);
  if (!ref || ref.province !== id) return 'no';
  return localized('no', (locale) =>
    writeUnit(ref, orderLanguage(variant, locale)).includes(provinceName(variant, locale, id)) ? 'yes' : 'no',
  );
}

/** A province's coast as the reader's orders name it (`Espagne (côte nord)`), else as the engine keys it (`spa/nc`). */
function coastParam(variant: Variant, province: string, coast: string, key: string): MsgParam {
  if (!hasNames(variant)) return key;
  return localized(key, (locale) => {
    const word = orderLanguage(variant, locale)?.coasts?.[coast]?.[0];
    return word ? `${provinceName(variant, locale, province)} (${word})` : key;
  });
}

/**
 * A province named in an engine sentence (its English name, or its id), in the reader's language; anything else as it
 * is. The results' reasons and the refused orders' problems (src/game/orders/problems.ts) read their places with it.
 */
export function placeIn(variant: Variant | undefined, name: string): MsgParam {
  if (!variant || variant.map.province(name)) return name; // an id (`ber`) reads the same in every language
  const coast = /^([^/\s]+)\/([a-z]+)$/.exec(name); // a coast as the engine keys it (`spa/nc`)
  if (coast && variant.map.province(coast[1]!)) return coastParam(variant, coast[1]!, coast[2]!, name);
  const id = variant.map.provinceIds().find((p) => variant.map.province(p)?.name === name);
  return id ? provinceParam(variant, id) : name;
}
