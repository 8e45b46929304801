/**
 * The order pad's texts, in the viewer's locale (docs/pad.md "Language"): the `pad.*` messages of the catalogues
 * (src/i18n). The page is served in the locale its link names (`?lang=`, set from the Discord locale of the member who
 * asked for it), else the browser's first language we speak, else English. The page words its own messages from the
 * templates sent with it (their placeholders are plain `{name}`, no plural), so it ships no formatting library.
 */
import { textParts } from '../game/core/index.js';
import {
  CATALOGUES,
  isLocale,
  localeOf,
  nameIn,
  t,
  type Locale,
  type Localized,
  type MessageKey,
  type Msg,
  type MsgParam,
} from '../i18n/index.js';

/** The locale of a request: its `lang` parameter when we speak it, else the first we speak in Accept-Language. */
export function requestLocale(lang: string | undefined, acceptLanguage: string | undefined): Locale {
  if (lang && isLocale(lang)) return lang;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim() ?? '';
    if (!tag) continue;
    if (/^zh-(tw|hk|mo|hant)/i.test(tag)) return 'zh-TW';
    if (/^zh/i.test(tag)) return 'zh-CN';
    const locale = localeOf(tag);
    if (locale !== 'en' || /^en/i.test(tag)) return locale;
  }
  return 'en';
}

/** Every `pad.` template of the locale (English where it lacks one), for the page. */
export function pageTexts(locale: Locale): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(CATALOGUES.en))
    if (key.startsWith('pad.')) out[key] = CATALOGUES[locale][key] ?? CATALOGUES.en[key as MessageKey];
  return out;
}

export const word = (locale: Locale, key: MessageKey, params?: Record<string, MsgParam>): string =>
  t(locale, params ? { key, params } : { key });

/**
 * A game text as the pad may send it (docs/pad.md "Security"): its references (src/game/core/text-refs.ts) a member, a
 * role or a channel named by id become words — no id leaves in a response, whoever the text names — and a moment
 * stays a `⟦time:<ms>:<style>⟧` reference, which the page writes in the viewer's own time zone.
 */
export function webText(text: string, locale: Locale): string {
  if (!text.includes('⟦')) return text;
  return textParts(text)
    .map((part) => {
      if (typeof part === 'string') return part;
      if (part.kind === 'typed') return part.text;
      if (part.kind === 'time') return `⟦time:${part.ms}:${part.style}⟧`;
      if (part.kind === 'channel') return word(locale, 'pad.ref.channel');
      return word(locale, part.kind === 'role' ? 'pad.ref.role' : 'pad.ref.member');
    })
    .join('');
}

/** A message of the game layer inside an answer (`{ key, params? }` with a catalogue key, nothing else). */
function isMsg(value: unknown): value is Msg {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const { key, params, ...rest } = value as { key?: unknown; params?: unknown };
  return (
    typeof key === 'string' &&
    key in CATALOGUES.en &&
    Object.keys(rest).length === 0 &&
    (params === undefined || (typeof params === 'object' && params !== null))
  );
}

/** A name of the game layer inside an answer (`{ text, in }`: a power or a province in each locale). */
function isLocalized(value: unknown): value is Localized {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const { text, in: others, ...rest } = value as { text?: unknown; in?: unknown };
  return typeof text === 'string' && typeof others === 'object' && others !== null && Object.keys(rest).length === 0;
}

/**
 * A JSON answer for the page: the game layer's messages and names worded in the viewer's locale, and every string
 * through `webText` (defence in depth: the pad's answers carry game texts).
 */
export const webJson = (value: unknown, locale: Locale = 'en'): string =>
  JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'string') return webText(v, locale);
    if (isMsg(v)) return webText(t(locale, v), locale);
    return isLocalized(v) ? webText(nameIn(locale, v), locale) : v;
  });
