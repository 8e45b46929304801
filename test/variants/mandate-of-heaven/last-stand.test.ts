/** Rule 4, last unit(s): brief §3.4 examples and §5 scenarios 9–11. */
import { describe, it } from 'vitest';
import { check, run, SPRING_1, type MohCase } from './harness.js';

/** Zhao's only unit A hdn; every neighbour (diq, gao, jul, stg, ye) holds a unit that stays; Wei A ye – hdn, S A stg. */
const surrounded = ['Zhao A hdn', 'Wey A diq', 'Yan A gao', 'Yan A jul', 'Wei A stg', 'Wei A ye'];
const attack = { Wei: ['A ye - hdn', 'A stg S A ye - hdn'] };
const RULE4 =
  /A hdn was the last unit of Zhao and would otherwise have been dislodged with no retreat: defence \+1 \(Mandate of Heaven rule 4\)/;

const cases: MohCase[] = [
  {
    name: '§3.4 bonus applies / §5 scenario 9: 2 against hold 1 + 1 → A hdn stands',
    phase: SPRING_1,
    units: surrounded,
    orders: attack,
    expect: {
      results: {
        'A hdn': { power: 'Zhao', result: 'success', reason: RULE4 },
        'A ye': {
          result: 'failure',
          reason:
            "bounced off A hdn in Handan (2 vs 2: Zhao's last units, cornered, defend with one more (Mandate of Heaven rule 4))",
        },
      },
      has: ['Zhao A hdn', 'Wei A ye'],
      dislodged: [],
    },
  },
  {
    name: '§5 scenario 9: 3 against hold 2 → dislodged, and destroyed for lack of a retreat',
    phase: SPRING_1,
    units: surrounded,
    orders: { ...attack, Yan: ['A gao S A ye - hdn'] },
    expect: { has: ['Wei A hdn', '!Zhao A hdn'], dislodged: ['Zhao A hdn'] },
  },
  {
    name: '§3.4 no bonus / §5 scenario 10a: Zhao also has an unattacked A dai → A hdn is destroyed normally',
    phase: SPRING_1,
    units: [...surrounded, 'Zhao A dai'],
    orders: attack,
    expect: { results: { 'A ye': { result: 'success' } }, has: ['Wei A hdn', 'Zhao A dai'], dislodged: ['Zhao A hdn'] },
  },
  {
    name: '§3.4 no bonus (retreat available) / §5 scenario 10b: gao vacant → A hdn is dislodged and may retreat there',
    phase: SPRING_1,
    units: surrounded.filter((u) => u !== 'Yan A gao'),
    orders: attack,
    expect: {
      has: ['Wei A hdn'],
      dislodged: ['Zhao A hdn'],
      nextPhase: { season: 'spring', year: 1, type: 'retreat' },
    },
  },
  {
    name: 'Q19/Q20: the bonus defends in a head-to-head battle too',
    phase: SPRING_1,
    units: surrounded,
    orders: { Wei: ['A ye - hdn', 'A stg S A ye - hdn'], Zhao: ['A hdn - ye'] },
    expect: {
      results: { 'A hdn': { result: 'failure', reason: RULE4 }, 'A ye': { result: 'failure' } },
      has: ['Zhao A hdn', 'Wei A ye'],
    },
  },
  {
    name: 'rule 4: neutral units never get the bonus ("non neutral power")',
    phase: SPRING_1,
    units: [
      'Wey A diq',
      'Zhao A hdn',
      'Wei A bma',
      'Wei A ye',
      'Qi A lin',
      'Qi A lib',
      'Qi A lu',
      'Qi A cao',
      'Yan A jul',
    ],
    orders: { Wei: ['A bma - diq', 'A ye S A bma - diq'] },
    expect: { has: ['Wei A diq', '!Wey A diq'], dislodged: ['Wey A diq'] },
  },
  {
    // Zhao's bonus keeps A ye in Ye; only then have both Han units (hen, bma) nowhere to go, so Han's bonus follows.
    name: "§5 scenario 11 (knock-on): Han is trapped only once Zhao's bonus applies; all three stand",
    phase: SPRING_1,
    units: [
      ...surrounded,
      'Han A hen',
      'Han A bma',
      'Chu A zhe',
      'Chu A luo',
      'Qin A any',
      'Qi A zmo',
      'Qi A cao',
      'Qi A dal',
    ],
    orders: { ...attack, Chu: ['A zhe - hen', 'A luo S A zhe - hen'], Qi: ['A cao - bma', 'A dal S A cao - bma'] },
    expect: {
      results: {
        'A hdn': { power: 'Zhao', reason: RULE4 },
        'A hen': {
          power: 'Han',
          result: 'success',
          reason:
            /one of the last units of Han, which would otherwise all have been dislodged with no retreat: defence \+1/,
        },
        'A bma': { power: 'Han', result: 'success', reason: /one of the last units of Han/ },
        'A zhe': {
          result: 'failure',
          reason: /\(2 vs 2: Han's last units, cornered, defend with one more \(Mandate of Heaven rule 4\)\)/,
        },
        'A cao': { result: 'failure', reason: /\(2 vs 2: Han's last units/ },
      },
      has: ['Zhao A hdn', 'Han A hen', 'Han A bma', 'Wei A ye'],
      dislodged: [],
    },
  },
  {
    name: '§5 scenario 11 without the knock-on: Zhao has a second unit, so Ye empties and Han retreats there',
    phase: SPRING_1,
    units: [
      ...surrounded,
      'Zhao A dai',
      'Han A hen',
      'Han A bma',
      'Chu A zhe',
      'Chu A luo',
      'Qin A any',
      'Qi A zmo',
      'Qi A cao',
      'Qi A dal',
    ],
    orders: { ...attack, Chu: ['A zhe - hen', 'A luo S A zhe - hen'], Qi: ['A cao - bma', 'A dal S A cao - bma'] },
    expect: { dislodged: ['Zhao A hdn', 'Han A hen', 'Han A bma'], has: ['Wei A hdn', 'Chu A hen', 'Qi A bma'] },
  },
];

describe('Mandate of Heaven rule 4: last unit(s) fight harder (brief §3.4, §5 scenarios 9–11)', () => {
  for (const c of cases) it(c.name, () => check(c, run(c)));
});
