/**
 * How the pad names units in its lists and prompts (src/web/page/names.ts): one readable way on the whole page, the
 * province's name (localized where the variant has one), never its id.
 */
import { describe, expect, it } from 'vitest';
import { missingNames, placeName, unbrokenRuns, unitName } from '../../../src/web/page/names.js';

const warhammer = {
  provinces: [
    { id: 'midd', name: 'Middenheim' },
    { id: 'altd', name: 'Altdorf' },
  ],
};
const imported = { provinces: [{ id: 'red_march', name: 'Red March' }] };
const classicFr = {
  provinces: [
    { id: 'bre', name: 'Brest' },
    { id: 'stp', name: 'St Petersburg', shown: 'Saint-Pétersbourg' },
  ],
};

describe('the pad names units one way', () => {
  it('the units still without an order as the prompt names them, not by id', () => {
    // The review's pages: the prompt said "F Middenheim" and "F Red March", the list "F midd" and "F red_march".
    const wh = { ...warhammer, missing: ['F midd', 'A altd'], missingShown: ['F midd', 'A altd'] };
    expect(missingNames(wh)).toEqual(['F Middenheim', 'A Altdorf']);
    expect(missingNames(wh)).toEqual(wh.missing.map((u) => unitName(wh, u[0]!, u.slice(2))));
    expect(missingNames({ ...imported, missing: ['F red_march'], missingShown: ['F red_march'] })).toEqual([
      'F Red March',
    ]);
  });

  it('in the page language where the variant names it, a coast by its province', () => {
    const view = {
      ...classicFr,
      missing: ['F bre', 'F stp/sc'],
      missingShown: ['F Brest', 'F Saint-Pétersbourg (côte sud)'],
    };
    expect(missingNames(view)).toEqual(['F Brest', 'F Saint-Pétersbourg']);
    expect(placeName(view, 'stp/sc')).toBe('Saint-Pétersbourg');
  });

  it("an adjustment's builds left are worded by the server", () => {
    const view = {
      ...classicFr,
      missing: ['1 build (in Brest) or WAIVE'],
      missingShown: ['1 construction (à Brest) ou renonce'],
    };
    expect(missingNames(view)).toEqual(['1 construction (à Brest) ou renonce']);
  });

  it('keeps each unit of a list in one piece, the rest as it is', () => {
    const text = 'Encore sans ordre : A Eye of Chaos, F The Hung, A The Kurgan';
    const runs = unbrokenRuns(text, ['A Eye of Chaos', 'F The Hung', 'A The Kurgan']);
    expect(runs.map((r) => r.text).join('')).toBe(text);
    expect(runs.filter((r) => r.keep).map((r) => r.text)).toEqual(['A Eye of Chaos', 'F The Hung', 'A The Kurgan']);
    // A name the text does not hold (spaced otherwise) is left as it is; two alike are found in turn.
    expect(unbrokenRuns('尚無指令：A 雍、A 雍', ['A 雍', 'A 南鄭', 'A 雍']).filter((r) => r.keep)).toHaveLength(2);
    expect(unbrokenRuns('', ['A Paris'])).toEqual([]);
  });
});
