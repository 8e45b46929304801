/**
 * The Warring States order spellings (issue 5, item 2; docs/rules/warring-states.md "Order syntax").
 */
import { describe, expect, it } from 'vitest';
import { parseOrder, parseOrders } from '../../../src/engine/parse/index.js';
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
