/**
 * The Warring States order spellings (docs/rules/warring-states.md "Order syntax").
 */
import { describe, expect, it } from 'vitest';
import { parseOrder, parseOrders } from '../../../src/engine/parse/index.js';
import { CATALOGUES } from '../../../src/i18n/index.js';
import { orderLanguage, variantNames } from '../../../src/variants/names.js';
import { warringStates as v } from '../../../src/variants/warring-states/index.js';

const text = (input: string) => {
  const r = parseOrder(v, input);
  return r.ok ? r.text : `error: ${r.error}`;
};

describe('Warring States orders from player text', () => {
  it.each([
    ['A Ji R F', 'A ji R F'],
    ['A Ji Raise Fleet', 'A ji R F'],
    ['Army Ji Raise Fleet', 'A ji R F'],
    ['A Ji L F', 'A ji R F'],
    ['a ji raise', 'A ji R F'],
    ['A Ji lève une flotte', 'A ji R F'],
  ])('raise: %s', (input, normal) => {
    expect(text(input)).toBe(normal);
  });

  // "Raise a fleet" as the catalogues (the order pad's order kinds) and the map's legend word it, read back in the
  // reader's language and without one; the stored order stays canonical.
  const raiseWords = (['fr', 'zh-CN', 'zh-TW'] as const).flatMap((locale) =>
    [CATALOGUES[locale]['pad.kind.raise-fleet']!, variantNames(v, locale)!.legend!['raise fleet']!].map(
      (word) => [locale, word] as const,
    ),
  );
  it.each(raiseWords)('raise in %s as the texts word it: %s', (locale, word) => {
    const language = orderLanguage(v, locale)!;
    const fleet = language.words.fleet!.find((f) => word.endsWith(f));
    const unit = locale === 'fr' ? 'A Ji' : `A ${variantNames(v, locale)!.provinces.ji}`;
    const spellings = [`${unit} ${word}`, `${unit}${word}`, `${unit} ${word.toUpperCase()}`];
    // The verb and the fleet word apart (`組建 艦隊`), as the catalogues' fleet word is the language's own.
    if (fleet && !word.includes(' ')) spellings.push(`${unit} ${word.slice(0, -fleet.length)} ${fleet}`);
    // French words need their space after the place (`A Jilever` is no place).
    for (const text of locale === 'fr' ? spellings.filter((t) => !t.startsWith(`${unit}${word}`)) : spellings)
      expect(parseOrder(v, text, { language })).toMatchObject({ ok: true, text: 'A ji R F' });
    // A member of another locale typing them after the province id.
    expect(parseOrder(v, `A ji ${word}`)).toMatchObject({ ok: true, text: 'A ji R F' });
  });

  it.each([
    ['F Boh - Lin - Diq - Wei', 'F boh - lin - diq - wei'],
    ['F Bo Hai - Linzi - Diqiu - Wei', 'F boh - lin - diq - wei'],
    ['fleet bo hai -> linzi -> diqiu -> wei', 'F boh - lin - diq - wei'],
    ['F Boh to Lin to Diq to Wei', 'F boh - lin - diq - wei'],
    ['F BOH → LIN → DIQUI → WEI', 'F boh - lin - diq - wei'],
    ['F Xianyang - Anyi - Luoyang - Zheng', 'F xia - any - luo - zhe'],
    ['F Jiu - Chang-hsia - Ying', 'F jiu - cha - yin'],
    ['F Wu - Jiujiang', 'F wu - jiu'],
  ])('river path: %s', (input, normal) => {
    expect(text(input)).toBe(normal);
  });

  it('a path of more than 3 spaces is an error naming the limit', () => {
    expect(text('F Sli - Any - Luo - Zhe - Zmo')).toBe('error: a rapid river move goes at most 3 spaces');
  });

  it('the normalized text parses back to the same order', () => {
    for (const input of ['F Boh - Lin - Diq - Wei', 'A Ji R F']) {
      const first = parseOrder(v, input);
      expect(first.ok).toBe(true);
      const again = parseOrder(v, (first as { text: string }).text);
      expect(again).toEqual(first);
    }
  });

  it('several orders at once', () => {
    const results = parseOrders(v, 'A Ji R F; F Boh - Lin - Diq - Wei\nA Lin - Lu');
    expect(results.map((r) => (r.ok ? r.text : r.error))).toEqual([
      'A ji R F',
      'F boh - lin - diq - wei',
      'A lin - lu',
    ]);
  });
});
