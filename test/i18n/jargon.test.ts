/**
 * What players read names the game, never the project's workings (docs/locales.md "Adding a text"): no text calls the
 * rules the "seed" (the project's word for a variant's rules text), nor speaks of the outbox, use-cases, plug-ins,
 * payloads or the adjudicator. The names of a text's placeholders (`{placeholder}`) and select branches are not words
 * the reader reads and are left out of the scan.
 */
import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en.json' with { type: 'json' };
import fr from '../../src/i18n/locales/fr.json' with { type: 'json' };
import zhCN from '../../src/i18n/locales/zh-CN.json' with { type: 'json' };
import zhTW from '../../src/i18n/locales/zh-TW.json' with { type: 'json' };

const JARGON: Record<string, RegExp> = {
  en: /\b(seeds?|outbox|use-cases?|plug-?ins?|payloads?|adjudicator|TODO|stub)\b/i,
  fr: /\b(seeds?|graines?|outbox|plug-?ins?|payloads?|TODO)\b/i,
  'zh-CN': /种子|seed|outbox|TODO/i,
  'zh-TW': /種子|seed|outbox|TODO/i,
};
const catalogues: Record<string, Record<string, string>> = { en, fr, 'zh-CN': zhCN, 'zh-TW': zhTW };

/** The text as read: without placeholder names (`{power}`, `{count, plural,`) and select branch names (`one {`). */
function readable(text: string): string {
  return text.replace(/\{\s*\w+\s*(,\s*\w+\s*,?)?/g, '{').replace(/\b\w+\s*\{/g, '{');
}

describe('texts players read', () => {
  it('use no word of the project’s own in any locale', () => {
    for (const [locale, catalogue] of Object.entries(catalogues)) {
      const found = Object.entries(catalogue)
        .filter(([, text]) => JARGON[locale]!.test(readable(text)))
        .map(([key]) => key);
      expect(found, locale).toEqual([]);
    }
  });

  it('the scan sees a word in a text and not in a placeholder’s name', () => {
    expect(JARGON.en!.test(readable('{count, plural, one {} other { (seed: each Sepoy)}}'))).toBe(true);
    expect(JARGON.en!.test(readable('{seed} (page {page} of {pages})'))).toBe(false);
  });
});
