/**
 * Every text a player reads, in their language (docs/locales.md): one ICU MessageFormat catalogue per locale
 * (`locales/<locale>.json`, flat keys named by feature, `seats.vacated`), formatted by `@formatjs/intl` with the
 * locale's own plural, number, date and list rules.
 *
 * The game layer returns message keys with parameters (`Msg`); the bot and the order pad word them here in the
 * reader's locale. A key a locale lacks falls back to English for that string alone; the tests fail when a shipped
 * locale lacks a key or a placeholder (test/i18n/catalogues.test.ts).
 *
 * This module imports nothing of the project: every layer above the pure ones may use it.
 */
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { elide, markValues } from './elision.js';
import { frenchGender } from './french-places.js';
import { unspaced } from './chinese-spacing.js';
import en from './locales/en.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import zhCN from './locales/zh-CN.json' with { type: 'json' };
import zhTW from './locales/zh-TW.json' with { type: 'json' };

/** The locales the bot speaks; every other Discord locale reads English. */
export const LOCALES = ['en', 'fr', 'zh-CN', 'zh-TW'] as const;
export type Locale = (typeof LOCALES)[number];

/** A key of the English catalogue, the reference every other locale follows. */
export type MessageKey = keyof typeof en;

/**
 * A value a message's placeholder takes: text, a number (formatted per locale), another message, or a name the
 * game knows in several locales (`Localized`).
 */
export type MsgParam = string | number | Msg | Localized;

/**
 * A name or a text that is data, not a catalogue message — a power, a province, an order as the variant writes it
 * in each locale (docs/locales.md "Names"): the English text, and the locales where it reads otherwise
 * (`{ text: 'Germany', in: { fr: 'Allemagne' } }`), as a text or as a catalogue message worded in that locale (a card
 * game's symbol: `{ text: 'fire', in: { fr: msg('cards.symbol.fire') } }`). Worded as the reader's locale's text,
 * else the English.
 */
export interface Localized {
  readonly text: string;
  readonly in: Readonly<Partial<Record<Locale, string | Msg>>>;
}

/** A text to word in the reader's locale: a catalogue key and the values of its placeholders. */
export interface Msg {
  readonly key: MessageKey;
  readonly params?: Readonly<Record<string, MsgParam>>;
}

/** The catalogues as shipped, by locale. */
export const CATALOGUES: Readonly<Record<Locale, Readonly<Record<string, string>>>> = {
  en,
  fr,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
};

/** Whether the catalogues have `key` (a key built from data: `variant.title.<id>` for a bundled variant only). */
export function hasMessage(key: string): key is MessageKey {
  return Object.hasOwn(CATALOGUES.en, key);
}

/** A message, built with its key checked by the compiler. */
export function msg(key: MessageKey, params?: Record<string, MsgParam>): Msg {
  return params ? { key, params } : { key };
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The bot's locale for a Discord locale (`interaction.locale`, `guild_locale`): French for `fr`, the two Chinese
 * scripts for `zh-CN` and `zh-TW`, English for everything else (`en-US`, `en-GB`, and locales we do not ship).
 */
export function localeOf(discordLocale: string | null | undefined): Locale {
  if (!discordLocale) return 'en';
  if (isLocale(discordLocale)) return discordLocale;
  if (discordLocale.startsWith('fr')) return 'fr';
  return 'en';
}

const cache = createIntlCache();
const intls = new Map<Locale, IntlShape>();

function intlOf(locale: Locale): IntlShape {
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl(
      {
        locale,
        defaultLocale: 'en',
        messages: CATALOGUES[locale],
        // A formatting problem never throws nor logs: `t` falls back to the key's English text itself.
        onError: () => {},
      },
      cache,
    );
    intls.set(locale, intl);
  }
  return intl;
}

function wordParams(locale: Locale, params: Readonly<Record<string, MsgParam>>): Record<string, string | number> {
  const worded: Record<string, string | number> = {};
  // A missing value (a caller's slip, e.g. a row without its game) reads as the empty text, never a crash.
  for (const [name, value] of Object.entries(params) as [string, MsgParam | null | undefined][])
    worded[name] =
      value === null || value === undefined
        ? ''
        : typeof value !== 'object'
          ? value
          : 'key' in value
            ? t(locale, value)
            : nameIn(locale, value);
  return worded;
}

/**
 * A command as each locale's client names it (`'gm.act'` → `/gm act`, `/mj agir`, `/主持 行动`): a text names commands
 * as its reader sees them (docs/locales.md "Command names in texts").
 */
export function commandParam(path: string): Localized {
  const parts = path.split('.');
  return perLocale(
    (locale) =>
      `/${parts.map((word, i) => CATALOGUES[locale][`command.${parts.slice(0, i + 1).join('.')}.name`] ?? word).join(' ')}`,
  );
}

/** An option of a command (`'act'`, `'choice'`) as each locale's client names it, with the value typed if given. */
export function optionParam(command: string, option: string, value?: string): Localized {
  const typed = value === undefined ? '' : `:${value}`;
  return perLocale((locale) => `${CATALOGUES[locale][`command.${command}.${option}.name`] ?? option}${typed}`);
}

function perLocale(words: (locale: Locale) => string): Localized {
  return { text: words('en'), in: Object.fromEntries(LOCALES.map((l) => [l, words(l)])) };
}

/** A `Localized` name in `locale`: its text there, else the English. */
export function nameIn(locale: Locale, name: Localized): string {
  const own = Object.hasOwn(name.in, locale) ? name.in[locale] : undefined;
  return own === undefined ? name.text : typeof own === 'string' ? own : t(locale, own);
}

/**
 * The text of `message` in `locale`: its placeholders worded first (a message inside a message is worded in the
 * same locale), then the locale's text, or English's when the locale lacks the key; in French, a word elided before
 * a value that begins with a vowel (`d’Angleterre`, src/i18n/elision.ts).
 */
export function t(locale: Locale, message: Msg): string {
  const source = CATALOGUES[locale][message.key];
  const own = source !== undefined ? locale : 'en';
  const values = message.params ? wordParams(locale, message.params) : undefined;
  // French elides a word before a value that begins with a vowel (docs/locales.md "French elision"): the values go
  // in marked.
  const french = own === 'fr' && values !== undefined && source !== undefined;
  // Chinese drops the space between Chinese and a value in Chinese (docs/locales.md "Chinese spacing").
  const chinese = (own === 'zh-CN' || own === 'zh-TW') && values !== undefined && source !== undefined;
  const inserted = french
    ? markValues(message.key, source, withGenders(values))
    : chinese
      ? markValues(`${own}\u0000${message.key}`, source, values)
      : values;
  const text = formatted(own, message.key, inserted);
  if (text !== undefined) return french ? elide(text) : chinese ? unspaced(text) : text;
  // The locale's text cannot be worded (docs/locales.md): English for this string alone, never its source.
  return formatted('en', message.key, values) ?? CATALOGUES.en[message.key] ?? message.key;
}

/**
 * French agrees a sentence with a name (docs/locales.md "French place names"): beside each text value `x`, the gender
 * of its name as `xGender` (`m`, `f`, `pl`, `other`: french-places.ts), which a French text reads in a select
 * (`{powerGender, select, m {prêt} other {prête}}`); a gender the caller gave stays.
 */
function withGenders(values: Record<string, string | number>): Record<string, string | number> {
  const genders: Record<string, string> = {};
  for (const [name, value] of Object.entries(values))
    if (typeof value === 'string' && !(`${name}Gender` in values)) genders[`${name}Gender`] = frenchGender(value);
  return { ...values, ...genders };
}

/** A compiled message, or null when its text cannot be parsed. */
type Compiled = { format(values?: Record<string, string | number>): unknown } | null;
/**
 * Each locale's texts compiled once, by their text (@formatjs/intl's own cache serialises every call's arguments
 * into its key, which cost more than the wording).
 */
const compiled = new Map<string, Compiled>();

/** `key`'s text in `locale` worded with `values`, or undefined when it cannot be (a malformed text, a bad value). */
function formatted(
  locale: Locale,
  key: string,
  values: Record<string, string | number> | undefined,
): string | undefined {
  const source = CATALOGUES[locale][key] ?? key;
  const id = `${locale}\u0000${source}`;
  let message = compiled.get(id);
  if (message === undefined) {
    const intl = intlOf(locale);
    try {
      message = intl.formatters.getMessageFormat(source, locale, intl.formats, {
        formatters: intl.formatters,
        ignoreTag: true,
      });
    } catch {
      message = null;
    }
    compiled.set(id, message);
  }
  if (message === null) return undefined;
  try {
    const text = message.format(values);
    return typeof text === 'string' ? text : Array.isArray(text) ? text.join('') : String(text);
  } catch {
    return undefined;
  }
}

/** `t` for a key and its values, for callers that build the message where they word it. */
export function tr(locale: Locale, key: MessageKey, params?: Record<string, MsgParam>): string {
  return t(locale, msg(key, params));
}

/** "France, Germany and Italy" / "France, Allemagne et Italie" / "法国、德国和意大利". */
export function formatList(
  locale: Locale,
  items: readonly string[],
  type: 'conjunction' | 'disjunction' = 'conjunction',
): string {
  if (locale.startsWith('zh')) return chineseList(locale, items, { type });
  return intlOf(locale).formatList(items, { type });
}

/** An item's edge that Chinese typesetting spaces from Chinese: a Latin letter or a digit, markdown around it aside. */
const LATIN_END = /[\p{Script=Latin}\d][*_]*$/u;
const LATIN_START = /^[*_]*[\p{Script=Latin}\d]/u;

/**
 * A Chinese list, its `和` or `或` spaced from an item in Latin letters beside it (`Empire 和 Dwarves`, as `Empire 已就绪`:
 * docs/locales.md "Chinese spacing"); Chinese items and code spans stay against it (`秦、楚和魏`).
 */
const chineseFormats = new Map<string, Intl.ListFormat>();

function chineseList(locale: Locale, items: readonly string[], options: Intl.ListFormatOptions): string {
  const key = `${locale}|${options.type}|${options.style ?? 'long'}`;
  let format = chineseFormats.get(key);
  if (!format) chineseFormats.set(key, (format = new Intl.ListFormat(locale, options)));
  const parts = format.formatToParts(items);
  return parts
    .map((part, i) => {
      if (part.type !== 'literal' || !/^[和或]$/.test(part.value)) return part.value;
      const before = LATIN_END.test(parts[i - 1]?.value ?? '') ? ' ' : '';
      const after = LATIN_START.test(parts[i + 1]?.value ?? '') ? ' ' : '';
      return `${before}${part.value}${after}`;
    })
    .join('');
}

/**
 * Items (names, options, codes) listed as `locale` lists them after a colon: its list format's narrow form
 * (`declare, muster, follow` in English and French, `宣告、集结、追随` in simplified Chinese, `宣告、集結和追隨` in
 * traditional).
 */
export function formatItems(locale: Locale, items: readonly string[]): string {
  if (locale.startsWith('zh')) return chineseList(locale, items, { type: 'conjunction', style: 'narrow' });
  return intlOf(locale).formatList(items, { type: 'conjunction', style: 'narrow' });
}

/**
 * Several items as one message parameter, each worded in the reader's locale then listed as `formatItems` lists
 * them. The game layer builds it without knowing the reader; it is a `Localized`, so a stored message keeps it.
 */
export function listParam(items: readonly MsgParam[]): Localized {
  const inLocale = (locale: Locale) =>
    formatItems(
      locale,
      items.map((item) => String(wordParams(locale, { item }).item)),
    );
  return {
    text: inLocale('en'),
    in: Object.fromEntries(LOCALES.filter((l) => l !== 'en').map((l) => [l, inLocale(l)])),
  };
}

/**
 * Names a member types (an action's name, an order), each as inline code, as one `listParam`: the game layer hands
 * over the names and the catalogue's layer writes their emphasis (docs/architecture.md "Texts").
 */
export function codeListParam(items: readonly string[]): Localized {
  return listParam(items.map((item) => `\`${item}\``));
}

/** A number in the locale's digits grouping ("1,234" / "1 234" / "1,234"). */
export function formatNumber(locale: Locale, value: number, options?: Intl.NumberFormatOptions): string {
  return intlOf(locale).formatNumber(value, options);
}

/**
 * A number as a message parameter, written as each locale writes it (`14.29`, `14,29`; `28,034`, `28 034`) with
 * `options` (decimals): the game layer builds it without knowing the reader (docs/locales.md "Numbers").
 */
export function numberParam(value: number, options: Intl.NumberFormatOptions): Localized {
  return {
    text: formatNumber('en', value, options),
    in: Object.fromEntries(LOCALES.filter((l) => l !== 'en').map((l) => [l, formatNumber(l, value, options)])),
  };
}

const MIB = 2 ** 20;

/** Bytes in mebibytes with one decimal, as the reader writes a number (`8.0`, `8,0`): the texts write the unit. */
export function mibParam(bytes: number): Localized {
  return numberParam(bytes / MIB, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** A file's size with its unit in the reader's words (`8.0 MiB`, `8,0 Mio`, `12 KiB` under a mebibyte). */
export function sizeParam(bytes: number): Msg {
  return bytes >= MIB
    ? msg('text.size.mib', { size: mibParam(bytes) })
    : msg('text.size.kib', { size: Math.ceil(bytes / 1024) });
}
