/**
 * A variant's own texts (docs/locales.md, "Variants' own texts"): the messages a variant's plug-in builds are keys of
 * the catalogues under `variant.<id>.`, present in every shipped locale, none left over, and the French and Chinese
 * ones carry no English word in any of their branches (placeholders aside: names, units, moments).
 */
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { CATALOGUES, LOCALES } from '../../src/i18n/index.js';
import { TEXT_PREFIX, WARHAMMER_TEXTS } from '../../src/variants/warhammer/plugin/texts.js';
import { englishWords } from '../support/english-left.js';

type Catalogue = Readonly<Record<string, string>>;

/** What a catalogue lacks of a variant's keys, and the keys under its prefix no plug-in builds any more. */
function coverage(
  catalogue: Catalogue,
  prefix: string,
  keys: readonly string[],
): { missing: string[]; extra: string[] } {
  const wanted = new Set(keys.map((k) => `${prefix}${k}`));
  return {
    missing: [...wanted].filter((k) => catalogue[k] === undefined),
    extra: Object.keys(catalogue).filter((k) => k.startsWith(prefix) && !wanted.has(k)),
  };
}

/** The text of every branch of a message, its placeholders left out. */
function literals(elements: MessageFormatElement[]): string {
  return elements
    .map((e) =>
      e.type === TYPE.literal
        ? e.value
        : e.type === TYPE.plural || e.type === TYPE.select
          ? Object.values(e.options)
              .map((o) => literals(o.value))
              .join(' ')
          : ' ',
    )
    .join('');
}

describe('Warhammer’s own texts', () => {
  for (const locale of LOCALES) {
    it(`${locale}: every key the plug-in builds, and none it no longer builds`, () => {
      expect(coverage(CATALOGUES[locale], TEXT_PREFIX, WARHAMMER_TEXTS)).toEqual({ missing: [], extra: [] });
    });
  }

  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    it(`${locale}: no English word left in any branch`, () => {
      const english = WARHAMMER_TEXTS.map((k) => `${TEXT_PREFIX}${k}`)
        .map((key) => [key, englishWords(literals(parse(CATALOGUES[locale][key] ?? '', { ignoreTag: true })))])
        .filter(([, words]) => words.length > 0);
      expect(english).toEqual([]);
    });
  }

  it('the checks fail on a catalogue that lacks a key, keeps a stale one, or is left in English', () => {
    const catalogue = { ...CATALOGUES.fr };
    delete (catalogue as Record<string, string>)[`${TEXT_PREFIX}final`];
    (catalogue as Record<string, string>)[`${TEXT_PREFIX}gone`] = 'x';
    expect(coverage(catalogue, TEXT_PREFIX, WARHAMMER_TEXTS)).toEqual({
      missing: [`${TEXT_PREFIX}final`],
      extra: [`${TEXT_PREFIX}gone`],
    });
    const english = parse(CATALOGUES.en[`${TEXT_PREFIX}outcomes.won`]!, { ignoreTag: true });
    expect(englishWords(literals(english))).toEqual(['the', 'are']);
  });
});
