/** Rule 3, armed neutrals moved by the players' vote: brief §3.3 (Cohen's example) and §5 scenarios 5–8. */
import { describe, expect, it } from 'vitest';
import type { Position } from '../../../src/engine/types.js';
import { mandateFeatures } from '../../../src/variants/mandate-of-heaven/index.js';
import { readState } from '../../../src/variants/mandate-of-heaven/rules/state.js';
import { carries, electorate, type Electorate } from '../../../src/variants/mandate-of-heaven/rules/votes.js';
import { check, FALL_1, run, SPRING_1, startCentres, winterOf, type MohCase } from './harness.js';

const STATES = ['Qin', 'Chu', 'Qi', 'Yan', 'Zhao', 'Wei', 'Han'];
const PLAYERS = [...STATES, 'Hsiung-Nu'];
/** The map's starting units after the default placement: 8 players with 3 units each (24), and the nine neutrals. */
const START_UNITS = [
  'Qin A yon',
  'Qin A xia',
  'Qin A nan',
  'Chu F yin',
  'Chu A che',
  'Chu A sch',
  'Qi A lin',
  'Qi F jia',
  'Qi A don',
  'Yan A ji',
  'Yan F yuy',
  'Yan A gua',
  'Zhao A hdn',
  'Zhao A jin',
  'Zhao A dai',
  'Wei A any',
  'Wei A dal',
  'Wei A ye',
  'Han A zhe',
  'Han A yzh',
  'Han A yiy',
  'Hsiung-Nu A bei',
  'Hsiung-Nu A lfa',
  'Hsiung-Nu A dhu',
  'Zhou A luo',
  'Song A son',
  'Lu A lu',
  'Wey A diq',
  'Zhongshan A zho',
  'Shu A shu',
  'Choson A cho',
  'Pei Choushi A pch',
  'Tung Yueh A tyu',
];
const ballots = (voters: string[], text: string) => Object.fromEntries(voters.map((p) => [p, [text]]));

describe("Cohen's vote threshold (rule 3: 'if at least 4 players having at least 11 units total agree')", () => {
  const e = (players: number, units: number[]): Electorate => {
    const names = Array.from({ length: players }, (_, i) => `P${i}`);
    return {
      players: names,
      units: new Map(names.map((p, i) => [p, units[i]!])),
      total: units.reduce((a, b) => a + b, 0),
    };
  };
  const table: { name: string; players: number; units: number[]; voters: number; carries: boolean }[] = [
    {
      name: 'Cohen: 7 players, 21 units; 4 players with 12 units carry',
      players: 7,
      units: [3, 3, 3, 3, 3, 3, 3],
      voters: 4,
      carries: true,
    },
    {
      name: 'Cohen: 7 players, 21 units; 4 players with 11 units carry',
      players: 7,
      units: [2, 3, 3, 3, 4, 3, 3],
      voters: 4,
      carries: true,
    },
    {
      name: 'Cohen: 7 players, 21 units; 4 players with 10 units do not',
      players: 7,
      units: [1, 3, 3, 3, 4, 4, 3],
      voters: 4,
      carries: false,
    },
    {
      name: 'Cohen: 7 players, 21 units; 3 players with 12 units do not',
      players: 7,
      units: [4, 4, 4, 3, 2, 2, 2],
      voters: 3,
      carries: false,
    },
    {
      name: 'translated to 8 players, 24 units: 5 players with 15 units carry',
      players: 8,
      units: [3, 3, 3, 3, 3, 3, 3, 3],
      voters: 5,
      carries: true,
    },
    {
      name: 'translated to 8 players, 24 units: 5 players with 13 units carry',
      players: 8,
      units: [3, 3, 3, 2, 2, 3, 4, 4],
      voters: 5,
      carries: true,
    },
    {
      name: 'translated to 8 players, 24 units: 5 players with 12 units do not',
      players: 8,
      units: [3, 3, 2, 2, 2, 4, 4, 4],
      voters: 5,
      carries: false,
    },
    {
      name: 'translated to 8 players, 24 units: 4 players with 16 units do not',
      players: 8,
      units: [4, 4, 4, 4, 2, 2, 2, 2],
      voters: 4,
      carries: false,
    },
  ];
  for (const t of table) {
    it(t.name, () => {
      const el = e(t.players, t.units);
      expect(carries(el, el.players.slice(0, t.voters))).toBe(t.carries);
    });
  }
});

const unequal = [
  'Qin A yon',
  'Qin A xia',
  'Qin A nan',
  'Chu F yin',
  'Chu A che',
  'Chu A sch',
  'Qi A lin',
  'Qi A don',
  'Yan A ji',
  'Yan A gua',
  'Zhao A hdn',
  'Zhao A jin',
  'Wei A any',
  'Wei A dal',
  'Wei A ye',
  'Wei A bma',
  'Han A zhe',
  'Han A yzh',
  'Han A yiy',
  'Han A hen',
  'Hsiung-Nu A bei',
  'Hsiung-Nu A lfa',
  'Hsiung-Nu A dhu',
  'Hsiung-Nu A ysh',
  'Song A son',
];

/** §5 scenario 8: Song, activated, with five players' ballots for A son - tan and an order of its own. */
const activatedSong = {
  phase: SPRING_1,
  units: [...START_UNITS.filter((u) => u !== 'Wei A dal' && u !== 'Chu A che'), 'Song A dal', 'Song A che'],
  supplyCenters: { ...startCentres(), Chu: ['sch', 'yin'], Wei: ['any', 'ye'], Song: ['che', 'dal', 'son'] },
  variantState: { activated: ['Song'] },
  orders: { ...ballots(['Qin', 'Chu', 'Qi', 'Yan', 'Han'], 'A son - tan'), Song: ['A son - hua'] },
};

const cases: MohCase[] = [
  {
    name: '§5 scenario 5: 5 players (15 units) vote A son - dal → adopted',
    phase: SPRING_1,
    units: START_UNITS,
    orders: ballots(['Qin', 'Chu', 'Qi', 'Yan', 'Zhao'], 'A son - dal'),
    expect: {
      results: {
        'A son': {
          power: 'Song',
          order: 'A son - dal',
          result: 'failure',
          reason: /^adopted by the players' vote: bounced/,
        },
      },
    },
  },
  {
    name: '§5 scenario 5: 5 players vote A son - tan → adopted, and the army moves',
    phase: SPRING_1,
    units: START_UNITS,
    orders: ballots(['Qin', 'Chu', 'Qi', 'Hsiung-Nu', 'Zhao'], 'A son - tan'),
    expect: { results: { 'A son': { power: 'Song', order: 'A son - tan', result: 'success' } }, has: ['Song A tan'] },
  },
  {
    name: '§5 scenario 5: 4 players (12 units) → the unit holds',
    phase: SPRING_1,
    units: START_UNITS,
    orders: ballots(['Qin', 'Chu', 'Qi', 'Yan'], 'A son - tan'),
    expect: {
      results: { 'A son': { power: 'Song', order: 'A son H', reason: 'held (no majority)' } },
      has: ['Song A son'],
    },
  },
  {
    name: '§5 scenario 5: unequal units, 5 players holding 12 of 24 → the unit holds',
    phase: SPRING_1,
    units: unequal,
    orders: ballots(['Qin', 'Chu', 'Qi', 'Yan', 'Zhao'], 'A son - tan'),
    expect: { results: { 'A son': { order: 'A son H', reason: 'held (no majority)' } }, has: ['Song A son'] },
  },
  {
    name: '§5 scenario 5: unequal units, 5 players holding 13 of 24 → adopted',
    phase: SPRING_1,
    units: unequal,
    orders: ballots(['Qin', 'Chu', 'Wei', 'Yan', 'Zhao'], 'A son - tan'),
    expect: { results: { 'A son': { order: 'A son - tan', result: 'success' } }, has: ['Song A tan'] },
  },
  {
    name: '§5 scenario 6: a split vote, neither order with a majority → hold',
    phase: SPRING_1,
    units: START_UNITS,
    orders: {
      ...ballots(['Qin', 'Chu', 'Qi', 'Yan'], 'A son - dal'),
      ...ballots(['Zhao', 'Wei', 'Han', 'Hsiung-Nu'], 'A son - tan'),
    },
    expect: { results: { 'A son': { order: 'A son H', reason: 'held (no majority)' } } },
  },
  {
    name: '§5 scenario 6: a hold voted by a majority is adopted',
    phase: SPRING_1,
    units: START_UNITS,
    orders: ballots(['Qin', 'Chu', 'Qi', 'Yan', 'Wei'], 'A son H'),
    expect: {
      results: { 'A son': { order: 'A son H', result: 'success', reason: "adopted by the players' vote: held" } },
    },
  },
  {
    name: '§5 scenario 6: an illegal ballot is not counted (4 legal + 1 to a province not next to Song)',
    phase: SPRING_1,
    units: START_UNITS,
    orders: { ...ballots(['Qin', 'Chu', 'Qi', 'Yan'], 'A son - tan'), Zhao: ['A son - lin'] },
    expect: {
      results: { 'A son': { power: 'Song', order: 'A son H', reason: 'held (no majority)' } },
      has: ['Song A son'],
    },
  },
  {
    name: 'Q6: the same order written differently is the same ballot (names, case, type left out)',
    phase: SPRING_1,
    units: START_UNITS,
    orders: {
      Qin: ['A son - tan'],
      Chu: ['son - Tang'],
      Qi: ['A Song -> tan'],
      Yan: ['A Song - Tang'],
      Zhao: ['A son move tan'],
    },
    expect: { results: { 'A son': { order: 'A son - tan', result: 'success' } } },
  },
  {
    name: 'Q7: neutrals may support a player by vote',
    phase: SPRING_1,
    units: START_UNITS,
    orders: {
      ...ballots(['Qin', 'Chu', 'Qi', 'Yan', 'Zhao'], 'A son S A che - dal'),
      Chu: ['A son S A che - dal', 'A che - dal'],
    },
    expect: {
      results: {
        'A son': { power: 'Song', order: 'A son S A che - dal', result: 'success' },
        'A che': { power: 'Chu', result: 'success' },
      },
      has: ['Chu A dal'],
      dislodged: ['Wei A dal'],
    },
  },
  {
    name: 'a later ballot of the same player replaces the earlier one',
    phase: SPRING_1,
    units: START_UNITS,
    orders: { ...ballots(['Qin', 'Chu', 'Qi', 'Yan'], 'A son - tan'), Zhao: ['A son - tan', 'A son - hua'] },
    expect: { results: { 'A son': { order: 'A son H', reason: 'held (no majority)' } } },
  },
  {
    name: '§5 scenario 7: a dislodged neutral with no majority for its retreat is disbanded',
    phase: { season: 'spring', year: 1, type: 'retreat' },
    units: START_UNITS.filter((u) => u !== 'Song A son' && u !== 'Chu A che').concat('Chu A son'),
    dislodged: [{ unit: 'Song A son', attackerFrom: 'che' }],
    orders: ballots(['Qin', 'Chu', 'Qi', 'Yan'], 'A son R tan'),
    expect: {
      results: { 'A son': { power: 'Song', result: 'success', reason: 'disbanded (no majority)' } },
      has: ['!Song A tan'],
    },
  },
  {
    name: '§5 scenario 7: a retreat voted by a majority is carried out',
    phase: { season: 'spring', year: 1, type: 'retreat' },
    units: START_UNITS.filter((u) => u !== 'Song A son' && u !== 'Chu A che').concat('Chu A son'),
    dislodged: [{ unit: 'Song A son', attackerFrom: 'che' }],
    orders: ballots(['Qin', 'Chu', 'Qi', 'Yan', 'Han'], 'A son R tan'),
    expect: { results: { 'A son': { power: 'Song', order: 'A son R tan', result: 'success' } }, has: ['Song A tan'] },
  },
  {
    name: 'neutral builds by vote: Song owns son and che with one army; 5 players vote Build A che',
    phase: winterOf(1),
    units: START_UNITS.filter((u) => u !== 'Chu A che'),
    supplyCenters: { ...startCentres(), Chu: ['sch', 'yin'], Song: ['che', 'son'] },
    orders: ballots(['Qin', 'Chu', 'Qi', 'Yan', 'Han'], 'Build A che'),
    expect: { results: { 'A che': { power: 'Song', result: 'success' } }, has: ['Song A che'] },
  },
  {
    name: 'neutral builds: no majority → no build',
    phase: winterOf(1),
    units: START_UNITS.filter((u) => u !== 'Chu A che'),
    supplyCenters: { ...startCentres(), Chu: ['sch', 'yin'], Song: ['che', 'son'] },
    orders: ballots(['Qin', 'Chu'], 'Build A che'),
    expect: {
      results: { '': { power: 'Song', order: 'WAIVE', reason: 'no build (no majority)' } },
      has: ['!Song A che'],
    },
  },
  {
    name: 'neutral disbands by vote, else civil disorder',
    phase: winterOf(1),
    units: [...START_UNITS, 'Song A tan'],
    orders: ballots(['Qin', 'Chu', 'Qi', 'Yan', 'Han'], 'Disband A son'),
    expect: { results: { 'A son': { power: 'Song', result: 'success' } }, has: ['Song A tan', '!Song A son'] },
  },
  {
    name: 'neutral disbands: no majority → civil disorder, nearest its own centre kept',
    phase: winterOf(1),
    units: [...START_UNITS, 'Song A tan'],
    expect: {
      results: {
        'A tan': {
          power: 'Song',
          reason: 'removed in civil disorder (no majority for a disband; farthest from an owned supply centre)',
        },
      },
      has: ['Song A son', '!Song A tan'],
    },
  },
  {
    name: '§5 scenario 8: Song owns son, dal and che after the Fall → activated',
    phase: FALL_1,
    units: ['Song A son', 'Song A dal', 'Song A che', 'Wei A any', 'Chu A sch', 'Qin A yon'],
    expect: { events: ['activated'], variantState: { activated: ['Song'] } },
  },
  {
    name: '§5 scenario 8: an activated Song without a player is still voted (5 of the 8 players carry it)',
    ...activatedSong,
    players: PLAYERS,
    expect: { results: { 'A son': { power: 'Song', order: 'A son - tan', result: 'success' } }, has: ['Song A tan'] },
  },
  {
    name: 'the order an activated Song without a player gave itself has its line: void, and why',
    ...activatedSong,
    players: PLAYERS,
    expect: {
      results: {
        'A son': {
          power: 'Song',
          order: 'A son - hua',
          result: 'void',
          reason:
            /^Song is a neutral power: it carries out the orders a majority of the players adopt, none of its own/,
        },
      },
    },
  },
  {
    name: '§5 scenario 8: once a player is seated on Song, Song orders its own units',
    ...activatedSong,
    players: [...PLAYERS, 'Song'],
    expect: { results: { 'A son': { power: 'Song', order: 'A son - hua', result: 'success' } }, has: ['Song A hua'] },
  },
];

describe('Mandate of Heaven rule 3: neutral units ordered by vote (brief §5 scenarios 5–8)', () => {
  for (const c of cases) it(c.name, () => check(c, run(c)));
});

describe('Mandate of Heaven rule 3: secrecy and who votes', () => {
  it('results name the adopted order and never a voter (Q5)', () => {
    const c = cases[0]!;
    const out = run(c);
    const about = out.results.filter((r) => r.unit === 'A son');
    expect(about.map((r) => r.power)).toEqual(['Song']);
    expect(JSON.stringify(out.results)).not.toMatch(/ballot|vote[sd]? by/i);
  });

  it('an unreadable ballot is not echoed back with its voter: its line says it was not counted, never what it asked', () => {
    const out = run({
      name: 'garbled',
      phase: SPRING_1,
      units: START_UNITS,
      orders: { Qin: ['A son - qqq'] },
      expect: {},
    });
    expect(out.results.filter((r) => r.power === 'Qin' && r.unit === 'A son')).toEqual([
      {
        power: 'Qin',
        unit: 'A son',
        order: 'unreadable ballot',
        result: 'illegal',
        reason: expect.stringMatching(/^not counted: the ballot could not be read/),
      },
    ]);
    expect(JSON.stringify(out.results)).not.toMatch(/qqq/);
  });

  const position = (extra: Partial<Position>): Position => ({
    phase: SPRING_1,
    units: [],
    dislodged: [],
    contested: [],
    supplyCenters: startCentres(),
    ...extra,
  });

  it('Q2: without players the CLI counts every non-neutral power with a unit or a centre', () => {
    const pos = position({ supplyCenters: { ...startCentres(), Han: [] } });
    expect(electorate(mandateFeatures, readState(pos), pos, {}).players).toEqual([
      'Chu',
      'Qi',
      'Qin',
      'Wei',
      'Yan',
      'Zhao',
    ]);
  });

  it('decisions.md: seated players vote, even with no units; neutrals never vote unless activated and seated', () => {
    const pos = position({ variantState: { activated: ['Song'] } });
    const e = electorate(mandateFeatures, readState(pos), pos, { players: ['Qin', 'Han', 'Lu', 'Song'] });
    expect(e.players).toEqual(['Han', 'Qin', 'Song']);
  });
});

describe('Mandate of Heaven rule 3: players out of the game do not vote (brief Q2)', () => {
  it('a seated power with no unit and no centre is not counted; the Hsiung-Nu count until eliminated', () => {
    const pos: Position = {
      phase: SPRING_1,
      units: [],
      dislodged: [],
      contested: [],
      supplyCenters: { ...startCentres(), Han: [] },
    };
    expect(electorate(mandateFeatures, readState(pos), pos, { players: ['Qin', 'Han', 'Hsiung-Nu'] }).players).toEqual([
      'Hsiung-Nu',
      'Qin',
    ]);
    const gone = { ...pos, variantState: { hsiungNu: { regime: 'nomad', allowance: 0, eliminated: true } } };
    expect(
      electorate(mandateFeatures, readState(gone), gone, { players: ['Qin', 'Han', 'Hsiung-Nu'] }).players,
    ).toEqual(['Qin']);
  });
});
