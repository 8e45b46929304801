/**
 * A unit typed alone (an action's slot: Warhammer's muster and revolt) is read in English and in every locale's order
 * words, whatever the reader's locale (src/variants/order-words.ts `unitTypeOfWord`), and so is every word the
 * catalogues write for a unit: what a member reads in a choice, typed back, is the same unit.
 */
import { describe, expect, it } from 'vitest';
import { LOCALES, msg, t } from '../../src/i18n/index.js';
import { unitTypeOfWord } from '../../src/variants/order-words.js';

describe('unitTypeOfWord', () => {
  it.each([
    ['F', 'F'],
    ['f', 'F'],
    ['fleet', 'F'],
    ['Fleet', 'F'],
    [' fleets ', 'F'],
    ['flotte', 'F'],
    ['Flotte', 'F'],
    ['艦隊', 'F'],
    ['舰队', 'F'],
    ['海軍', 'F'],
    ['海军', 'F'],
    ['A', 'A'],
    ['army', 'A'],
    ['armée', 'A'],
    ['Armée', 'A'],
    ['armee', 'A'],
    ['陸軍', 'A'],
    ['陆军', 'A'],
  ])('%s is %s', (typed, type) => {
    expect(unitTypeOfWord(typed)).toBe(type);
  });

  it.each(['', ' ', 'cavalry', 'fl', 'flottes armées', '軍', 'Fantôme'])('"%s" names no unit', (typed) => {
    expect(unitTypeOfWord(typed)).toBeNull();
  });

  it.each(LOCALES.flatMap((locale) => (['A', 'F'] as const).map((unit) => [locale, unit] as const)))(
    'the %s catalogue’s word for %s reads back',
    (locale, unit) => {
      expect(unitTypeOfWord(t(locale, msg('variant.warhammer.unit', { unit })))).toBe(unit);
    },
  );
});
