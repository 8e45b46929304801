/** The calendar of decisions.md: year n is (370 − n) BC; the placement phase is the Year of the Pig. */
import { describe, expect, it } from 'vitest';
import type { Phase } from '../../../src/engine/types.js';
import { zodiacAnimal } from '../../../src/variants/mandate-of-heaven/calendar.js';
import { mandateOfHeaven as v } from '../../../src/variants/mandate-of-heaven/index.js';

const table: [Phase, string][] = [
  [{ season: 'winter', year: 0, type: 'adjustment' }, 'Placement — winter 369 BC (Year of the Pig)'],
  [{ season: 'spring', year: 1, type: 'movement' }, 'Spring 369 BC movement'],
  [{ season: 'spring', year: 1, type: 'retreat' }, 'Spring 369 BC retreat'],
  [{ season: 'fall', year: 1, type: 'movement' }, 'Fall 369 BC movement'],
  [{ season: 'winter', year: 1, type: 'adjustment' }, 'Winter 369 BC'],
  [{ season: 'winter', year: 4, type: 'adjustment' }, 'Winter 366 BC'],
];

describe('Mandate of Heaven calendar (decisions.md)', () => {
  for (const [phase, label] of table) it(label, () => expect(v.phaseName!(phase)).toBe(label));
  it.each([
    ['fr', { season: 'spring', year: 1, type: 'movement' }, 'Printemps 369 av. J.-C., mouvements'],
    ['fr', { season: 'winter', year: 1, type: 'adjustment' }, 'Hiver 369 av. J.-C., ajustements'],
    ['fr', { season: 'winter', year: 0, type: 'adjustment' }, 'Placement — hiver 369 av. J.-C. (année du Cochon)'],
    ['zh-TW', { season: 'fall', year: 2, type: 'retreat' }, '公元前368年秋季撤退階段'],
    ['zh-TW', { season: 'winter', year: 0, type: 'adjustment' }, '部署階段：公元前369年冬（豬年）'],
    ['zh-CN', { season: 'spring', year: 1, type: 'movement' }, '公元前369年春季行动阶段'],
    ['zh-CN', { season: 'winter', year: 0, type: 'adjustment' }, '部署阶段：公元前369年冬（猪年）'],
    ['de', { season: 'spring', year: 1, type: 'movement' }, 'Spring 369 BC movement'],
  ] as [string, Phase, string][])('in %s: %s', (locale, phase, label) => {
    expect(v.phaseName!(phase, locale)).toBe(label);
  });
  it('brief §3.0: 369 BC is the Rat, 368 BC the Ox, 370 BC (the placement winter) the Pig', () => {
    expect([zodiacAnimal(369), zodiacAnimal(368), zodiacAnimal(370)]).toEqual(['Rat', 'Ox', 'Pig']);
  });
});
