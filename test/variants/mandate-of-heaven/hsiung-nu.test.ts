/** Rule 2, the Hsiung-Nu: the brief's §3.2 worked table and §5 scenarios 1–4, as data. */
import { describe, it } from 'vitest';
import { check, run, startCentres, winterOf, type MohCase } from './harness.js';

const HN = 'Hsiung-Nu';
const hn = (...provinces: string[]) => provinces.map((p) => `${HN} A ${p}`);

/** Starting ownership with these centres moved to the Hsiung-Nu. */
function owning(...centres: string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [power, list] of Object.entries(startCentres())) out[power] = list.filter((p) => !centres.includes(p));
  out[HN] = [...centres].sort();
  return out;
}

const nomad = (allowance: number) => ({ hsiungNu: { regime: 'nomad', allowance, eliminated: false }, activated: [] });
const settled = { hsiungNu: { regime: 'settled', allowance: 3, eliminated: false }, activated: [] };

const cases: MohCase[] = [
  {
    name: '§3.2 row 1: 369 BC, S = 1 (pch), F = 3 → 3 units, no change',
    phase: winterOf(1),
    units: hn('bei', 'lfa', 'dhu'),
    supplyCenters: owning('pch'),
    variantState: nomad(3),
    expect: { has: hn('bei', 'lfa', 'dhu'), variantState: nomad(3), events: [] },
  },
  {
    name: '§3.2 row 2 / §5 scenario 2: 369 BC, S = 2 → build 1, in a vacant placement-area province only',
    phase: winterOf(1),
    units: hn('bei', 'lfa', 'dhu'),
    supplyCenters: owning('pch', 'yon'),
    orders: { [HN]: ['Build A yon', 'Build A jyu'] },
    expect: {
      results: {
        'A yon': { result: 'failure', reason: /Mandate of Heaven rule 2/ },
        'A jyu': { result: 'success' },
      },
      has: hn('bei', 'lfa', 'dhu', 'jyu'),
    },
  },
  {
    name: '§3.2 row 3 / §5 scenario 3: 368 BC (year 2), S = 1 → check fails, F = 2, remove 1',
    phase: winterOf(2),
    units: hn('bei', 'lfa', 'dhu'),
    supplyCenters: owning('pch'),
    variantState: nomad(3),
    expect: { units: hn('dhu', 'lfa'), variantState: nomad(2), events: ['attrition'] },
  },
  {
    name: '§3.2 row 4: year 2, S = 1, one army already lost in battle → F = 2, no removal',
    phase: winterOf(2),
    units: hn('bei', 'lfa'),
    supplyCenters: owning('pch'),
    variantState: nomad(3),
    expect: { has: hn('bei', 'lfa'), variantState: nomad(2), events: ['attrition'] },
  },
  {
    name: '§3.2 row 5 / §5 scenario 3: 367 BC (year 3), S = 0 → F = 1, remove 1',
    phase: winterOf(3),
    units: hn('bei', 'lfa'),
    supplyCenters: owning(),
    variantState: nomad(2),
    orders: { [HN]: ['Disband A bei'] },
    expect: {
      results: { 'A bei': { result: 'success' } },
      has: hn('lfa'),
      variantState: nomad(1),
      events: ['attrition'],
    },
  },
  {
    name: '§3.2 row 6 / §5 scenario 3: 366 BC (year 4), S = 0 → F = 0, the last army removed; eliminated',
    phase: winterOf(4),
    units: hn('lfa'),
    supplyCenters: owning(),
    variantState: nomad(1),
    expect: {
      has: ['!Hsiung-Nu A lfa'],
      variantState: { hsiungNu: { regime: 'nomad', allowance: 0, eliminated: true } },
      events: ['attrition', 'eliminated'],
    },
  },
  {
    name: 'year 5: no check after the fourth year (Q13): S = 0, F = 1 keeps one army',
    phase: winterOf(5),
    units: hn('lfa'),
    supplyCenters: owning(),
    variantState: nomad(1),
    expect: { has: hn('lfa'), variantState: nomad(1), events: [] },
  },
  {
    name: '§3.2 row 7 / §5 scenario 4: S = 6, U = 5 → settled; the 6th unit is built in the placement area',
    phase: winterOf(3),
    units: hn('yon', 'xia', 'nan', 'jin', 'dai'),
    supplyCenters: owning('pch', 'yon', 'xia', 'nan', 'jin', 'dai'),
    variantState: nomad(3),
    orders: { [HN]: ['Build A ysh'] },
    expect: {
      results: { 'A ysh': { result: 'success' } },
      has: hn('ysh'),
      variantState: { hsiungNu: { regime: 'settled' } },
      events: ['nomads-settled'],
    },
  },
  {
    name: '§3.2 row 8 / §5 scenario 4: settled, S = 7, U = 6 → 1 build in a vacant owned centre (a fleet at lin)',
    phase: winterOf(4),
    units: hn('yon', 'xia', 'nan', 'jin', 'dai', 'pch'),
    supplyCenters: owning('pch', 'yon', 'xia', 'nan', 'jin', 'dai', 'lin'),
    variantState: settled,
    orders: { [HN]: ['Build A ysh', 'Build F lin'] },
    expect: {
      results: { 'A ysh': { result: 'failure' }, 'F lin': { result: 'success' } },
      has: [`${HN} F lin`, '!Hsiung-Nu A ysh'],
      events: [],
    },
  },
  {
    name: '§3.2 row 9 / §5 scenario 4: settled, S = 4, U = 7 → 3 disbands (civil disorder when not ordered)',
    phase: winterOf(6),
    units: hn('yon', 'xia', 'nan', 'jin', 'dai', 'pch', 'ysh'),
    supplyCenters: owning('pch', 'yon', 'xia', 'nan'),
    variantState: settled,
    expect: { has: hn('yon', 'xia', 'nan', 'pch'), units: hn('yon', 'xia', 'nan', 'pch') },
  },
  {
    name: 'settled and eliminated: no units and no centres',
    phase: winterOf(6),
    units: [],
    supplyCenters: { ...owning(), 'Pei Choushi': [], Qin: ['nan', 'xia', 'yon', 'pch'] },
    variantState: settled,
    expect: { variantState: { hsiungNu: { eliminated: true } }, events: ['eliminated'] },
  },
  {
    name: 'Q31: a nomad army lost in battle is rebuilt in the placement area (F = 3 is phantom supply)',
    phase: winterOf(1),
    units: hn('bei', 'lfa'),
    supplyCenters: owning(),
    orders: { [HN]: ['Build A qia'] },
    expect: { results: { 'A qia': { result: 'success' } }, has: hn('qia') },
  },
  {
    name: 'Q17: no fleets while nomad',
    phase: winterOf(1),
    units: hn('bei', 'lfa'),
    supplyCenters: owning('lin'),
    orders: { [HN]: ['Build F lin'] },
    expect: { results: { 'F lin': { result: 'failure' } }, has: ['!Hsiung-Nu F lin'] },
  },
];

/** §5 scenario 1: placement validation, with the starting position of the map. */
const placement: MohCase[] = [
  {
    name: '§5 scenario 1: Place A bei, A lfa, A dhu succeed',
    phase: winterOf(0),
    units: ['Pei Choushi A pch'],
    orders: { [HN]: ['Build A bei', 'Build A lfa', 'Build A dhu'] },
    expect: {
      results: { 'A bei': { result: 'success' }, 'A lfa': { result: 'success' }, 'A dhu': { result: 'success' } },
      has: hn('bei', 'lfa', 'dhu'),
      events: [],
      nextPhase: { season: 'spring', year: 1, type: 'movement' },
    },
  },
  {
    name: '§5 scenario 1: Place A pch fails (occupied), A sha fails (not in the area), a duplicate fails; the default fills in',
    phase: winterOf(0),
    units: ['Pei Choushi A pch'],
    orders: { [HN]: ['Build A pch', 'Build A sha', 'Build A ysh', 'Build A ysh'] },
    expect: {
      results: {
        'A pch': { result: 'failure', reason: 'Pei Choushi is occupied' },
        'A sha': { result: 'failure' },
        'A bei': { result: 'success' },
        'A lfa': { result: 'success' },
      },
      units: ['Pei Choushi A pch', ...hn('ysh', 'bei', 'lfa')],
      events: ['default-placement'],
    },
  },
  {
    name: '§5 scenario 1: no orders → the default placement Beidi, Loufan, Donghu',
    phase: winterOf(0),
    units: ['Pei Choushi A pch'],
    expect: { units: ['Pei Choushi A pch', ...hn('bei', 'lfa', 'dhu')], events: ['default-placement'] },
  },
  {
    name: '§2.4: a default province that is taken is skipped for the next in the area list',
    phase: winterOf(0),
    units: ['Pei Choushi A pch', 'Qin A bei'],
    expect: { has: hn('lfa', 'dhu', 'qia'), events: ['default-placement'] },
  },
];

describe('Mandate of Heaven rule 2: the Hsiung-Nu (brief §3.2 worked table)', () => {
  for (const c of cases) it(c.name, () => check(c, run(c)));
});

describe('Mandate of Heaven rule 2: the placement phase (brief §5 scenario 1)', () => {
  for (const c of placement) it(c.name, () => check(c, run(c)));
});
