/** Rule 6, river fleets and river convoys: brief §3.6 examples and §5 scenarios 12–15. */
import { describe, expect, it } from 'vitest';
import { orderProblem } from '../../../src/engine/index.js';
import { parseOrder } from '../../../src/engine/parse/index.js';
import { mandateOfHeaven as v } from '../../../src/variants/mandate-of-heaven/index.js';
import { check, run, SPRING_1, startCentres, unitOf, winterOf, type MohCase } from './harness.js';

const convoy = { Wei: ['A any - zhe via convoy', 'F luo C A any - zhe'] };
const base = ['Wei A any', 'Wei F luo'];

const cases: MohCase[] = [
  {
    name: '§3.6 convoy succeeds / §5 scenario 12: Wei A any – zhe via F luo',
    phase: SPRING_1,
    units: base,
    orders: convoy,
    expect: {
      results: { 'A any': { result: 'success' }, 'F luo': { result: 'success', reason: 'convoyed A any' } },
      has: ['Wei A zhe'],
    },
  },
  {
    name: '§5 scenario 12: a chain mixing sea and river, A jia → F boh → F lin → diq',
    phase: SPRING_1,
    units: ['Qi A jia', 'Qi F boh', 'Qi F lin'],
    orders: { Qi: ['A jia - diq', 'F boh C A jia - diq', 'F lin C A jia - diq'] },
    expect: { results: { 'A jia': { result: 'success' } }, has: ['Qi A diq'] },
  },
  {
    name: '§3.6 fleet attack, failed, still disrupts / §5 scenario 13: Han F hen – luo bounces, the convoy fails',
    phase: SPRING_1,
    units: [...base, 'Han F hen'],
    orders: { ...convoy, Han: ['F hen - luo'] },
    expect: {
      results: {
        'F hen': { result: 'failure' },
        'F luo': {
          result: 'failure',
          reason: /^convoy disrupted: F hen of Han moved against it.*Mandate of Heaven rule 6/,
        },
        'A any': { result: 'failure', reason: /river convoy was disrupted by F hen/ },
      },
      has: ['Wei A any', 'Wei F luo', 'Han F hen'],
    },
  },
  {
    name: '§3.6 own fleet does not disrupt / §5 scenario 13 (Q23): Wei F hen – luo',
    phase: SPRING_1,
    units: [...base, 'Wei F hen'],
    orders: { Wei: [...convoy.Wei, 'F hen - luo'] },
    expect: { results: { 'A any': { result: 'success' }, 'F hen': { result: 'failure' } }, has: ['Wei A zhe'] },
  },
  {
    name: '§3.6 army attack, failed, does not disrupt / §5 scenario 14: unsupported Han A yiy – luo',
    phase: SPRING_1,
    units: [...base, 'Han A yiy'],
    orders: { ...convoy, Han: ['A yiy - luo'] },
    expect: {
      results: { 'A any': { result: 'success' }, 'A yiy': { result: 'failure' } },
      has: ['Wei A zhe', 'Wei F luo'],
    },
  },
  {
    name: '§3.6 / §5 scenario 14: a supported army attack dislodges F luo, and the convoy fails',
    phase: SPRING_1,
    units: [...base, 'Han A yiy', 'Han A yzh'],
    orders: { ...convoy, Han: ['A yiy - luo', 'A yzh S A yiy - luo'] },
    expect: { results: { 'A any': { result: 'failure' } }, has: ['Han A luo', 'Wei A any'], dislodged: ['Wei F luo'] },
  },
  {
    name: '§3.6 sea fleet, standard rule (Q22): F boh convoying, attacked by a fleet that bounces → the convoy succeeds',
    phase: SPRING_1,
    units: ['Qi A lin', 'Qi F boh', 'Yan F yuy'],
    orders: { Qi: ['A lin - gua', 'F boh C A lin - gua'], Yan: ['F yuy - boh'] },
    expect: { results: { 'A lin': { result: 'success' }, 'F yuy': { result: 'failure' } }, has: ['Qi A gua'] },
  },
  {
    name: 'Q24: an illegal fleet "attack" (not a river edge) does not disrupt',
    phase: SPRING_1,
    units: [...base, 'Han F zmo'],
    orders: { ...convoy, Han: ['F zmo - luo'] },
    expect: { results: { 'A any': { result: 'success' }, 'F zmo': { result: 'illegal' } }, has: ['Wei A zhe'] },
  },
  {
    name: 'a fleet in a coastal province that is not a river province cannot convoy (standard)',
    phase: SPRING_1,
    units: ['Qi A lin', 'Qi F jia'],
    orders: { Qi: ['A lin - don', 'F jia C A lin - don'] },
    expect: { results: { 'F jia': { result: 'illegal' } } },
  },
];

describe('Mandate of Heaven rule 6: river convoys (brief §3.6, §5 scenarios 12–14)', () => {
  for (const c of cases) it(c.name, () => check(c, run(c)));
});

describe('Mandate of Heaven rule 6: river fleet movement (brief §5 scenario 15)', () => {
  const problem = (unit: string, text: string) => {
    const position = { ...v.startingPosition(), phase: SPRING_1, units: [unitOf(unit)] };
    const parsed = parseOrder(v, text, { position });
    if (!parsed.ok) return parsed.error;
    return orderProblem(v, position, { power: unitOf(unit).power, order: parsed.order });
  };
  const table: [string, string, boolean][] = [
    ['Wei F luo', 'F luo - yiy', false], // off the river
    ['Chu F ba', 'F ba - shu', false], // Shu is not a river province
    ['Qi F lin', 'F lin - boh', true], // a river mouth is also a coast
    ['Wei F luo', 'F luo - hen', true],
    ['Wei F luo', 'F luo S A yiy - yzh', false], // a fleet supports only where it could move
    ['Wei F luo', 'F luo S A any - hgu', true],
    ['Chu F yin', 'F yin - cha', true],
    ['Chu F yin', 'F yin - yyi', false],
  ];
  for (const [unit, text, legal] of table) {
    it(`${text}: ${legal ? 'legal' : 'illegal'}`, () => {
      const p = problem(unit, text);
      if (legal) expect(p).toBeNull();
      else expect(p).toEqual(expect.any(String));
    });
  }

  const builds: MohCase[] = [
    {
      name: '§5 scenario 15: a fleet built in Ying (a river centre) is legal',
      phase: winterOf(1),
      units: ['Chu A che', 'Chu A sch'],
      supplyCenters: startCentres(),
      orders: { Chu: ['Build F yin'] },
      expect: { results: { 'F yin': { result: 'success' } }, has: ['Chu F yin'] },
    },
    {
      name: '§5 scenario 15: a fleet built in Chen (inland) is illegal',
      phase: winterOf(1),
      units: ['Chu F yin', 'Chu A sch'],
      supplyCenters: startCentres(),
      orders: { Chu: ['Build F che'] },
      expect: { results: { 'F che': { result: 'failure' } }, has: ['!Chu F che'] },
    },
    {
      name: 'rule 1: builds in any owned vacant centre (Qin builds in captured Shu)',
      phase: winterOf(1),
      units: ['Qin A yon', 'Qin A xia', 'Qin A nan'],
      supplyCenters: { ...startCentres(), Qin: ['nan', 'shu', 'xia', 'yon'], Shu: [] },
      orders: { Qin: ['Build A shu'] },
      expect: { results: { 'A shu': { result: 'success' } }, has: ['Qin A shu'] },
    },
  ];
  for (const c of builds) it(c.name, () => check(c, run(c)));
});
