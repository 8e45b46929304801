/**
 * The bot's side of locales (docs/locales.md): which locale an interaction's reader reads, and wording the game layer's
 * message lines in it. Which locale an outbox row is worded in is the game layer's decision (src/game/core/locales.ts
 * `readerLocale`); a reply is worded in the member's own (`interaction.locale`).
 */
import { localeOf, t, type Locale, type Msg } from '../i18n/index.js';
import type { Refusal } from '../game/core/index.js';

/** The locale of the member who interacted: what they alone read (replies, modals, buttons) is in it. */
export function readerOf(interaction: { locale?: string | null }): Locale {
  return localeOf(interaction.locale);
}

/** Message lines worded in `locale`, one text. */
export function wordLines(locale: Locale, lines: readonly Msg[]): string {
  return lines.map((line) => t(locale, line)).join('\n');
}

/** A use-case's refusal in `locale` (its English sentence when it carries no message key). */
export function refusalText(locale: Locale, refusal: string | Msg | Pick<Refusal, 'error' | 'message'>): string {
  if (typeof refusal === 'string') return refusal;
  if ('key' in refusal) return t(locale, refusal);
  return refusal.message ? t(locale, refusal.message) : refusal.error;
}
