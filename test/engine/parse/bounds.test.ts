/**
 * The parser's work is bounded by its input: the tokenizer reads each character once
 * and stops after a token limit, an order has a bounded number of tokens, and suggestions are never searched for
 * words no place name could be. Counts, not timings (speed is measured in `npm run bench`).
 */
import { describe, expect, it } from 'vitest';
import { MAX_ORDER_TOKENS, parseOrder, parseOrders } from '../../../src/engine/parse/index.js';
import { editDistance, suggestPlaces } from '../../../src/engine/parse/places.js';
import { tokenize } from '../../../src/engine/parse/tokens.js';
import { getVariant } from '../../../src/variants/index.js';

const classic = getVariant('classic')!;
const kinds = (text: string) =>
  tokenize(text).map((t) => (t.kind === 'word' ? t.norm : t.glued ? '~' : t.kind === 'dash' ? '-' : t.raw));

describe('tokenize', () => {
  it.each([
    ['A Mun-Sil', ['a', 'mun', '~', 'sil']],
    ['A mun->sil', ['a', 'mun', '-', 'sil']],
    ['A mun-->sil', ['a', 'mun', '-', 'sil']],
    ['A mun==>sil', ['a', 'mun', '-', 'sil']],
    ['A mun→sil', ['a', 'mun', '-', 'sil']],
    ['F spa(nc) - mao', ['f', 'spa', '(', 'nc', ')', '-', 'mao']],
    ['F stp/sc', ['f', 'stp', '/', 'sc']],
    ['A mun - sil.', ['a', 'mun', '-', 'sil']],
    ['"A" [mun] -- sil', ['a', 'mun', '-', '-', 'sil']],
    ['A mun -sil', ['a', 'mun', '-', 'sil']],
    ['Ａ ｍｕｎ － ｓｉｌ', ['a', 'mun', '-', 'sil']],
    ['A\u00a0mun\u3000-\tsil', ['a', 'mun', '-', 'sil']],
    ['A mun=sil', ['a', 'mun=sil']],
  ])('%j', (text, expected) => {
    expect(kinds(text)).toEqual(expected);
  });

  it('stops at the token limit without reading the rest', () => {
    const text = 'a '.repeat(100_000);
    expect(tokenize(text, 10)).toHaveLength(10);
    expect(tokenize(text)).toHaveLength(100_000);
  });
});

describe('bounded orders', () => {
  it('refuses an order with too many words, whatever its length', () => {
    for (const text of [
      'zz '.repeat(MAX_ORDER_TOKENS + 1),
      'zz '.repeat(50_000),
      `A mun${'-a'.repeat(20_000)}`,
      `F spa ${'('.repeat(20_000)}`,
    ]) {
      const r = parseOrder(classic, text);
      expect(r).toMatchObject({
        ok: false,
        error: `this order is too long: an order has at most ${MAX_ORDER_TOKENS} words and signs`,
      });
    }
    // The longest orders players write stay far below the limit.
    expect(
      parseOrder(classic, 'Fleet North Atlantic Ocean supports Fleet Mid-Atlantic Ocean moves to Spain (north coast)'),
    ).toMatchObject({ ok: true, text: 'F nao S F mao - spa/nc' });
  });

  it('says a huge word is an unknown place without searching for suggestions', () => {
    const r = parseOrder(classic, `A ${'x'.repeat(100_000)} H`);
    expect(r.ok).toBe(false);
    // The message repeats a few dozen characters of it, never the whole word.
    if (!r.ok) expect(r.error).toMatch(/^unknown place "x{39}…"$/);
    expect(suggestPlaces(classic.map, 'y'.repeat(65))).toEqual([]);
    expect(suggestPlaces(classic.map, 'Lodnon')).toEqual(['lon']);
  });

  it('reads many lines one by one (each line its own bounded order)', () => {
    const results = parseOrders(classic, Array.from({ length: 500 }, () => 'A lodnon - yrok').join('\n'));
    expect(results).toHaveLength(500);
    expect(
      results.every((r) => !r.ok && r.error.startsWith('unknown place "lodnon": did you mean London (lon)?')),
    ).toBe(true);
  });
});

describe('editDistance', () => {
  it('is the optimal string alignment distance', () => {
    expect(editDistance('lodnon', 'london')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('abc', 'abc')).toBe(0);
  });

  it('stops as soon as the distance must exceed the bound', () => {
    expect(editDistance('x'.repeat(100_000), 'london', 3)).toBe(4);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
    expect(editDistance('lodnon', 'london', 2)).toBe(1);
  });
});
