/**
 * The Mandate of Heaven positions the independent audits found wrong, and more adversarial positions
 * written from the seed's sentences, each with the sentence it rests on. Every case is also run under every listing
 * of its units and orders: the adjudication and every reason must not change (docs/engine.md, "Order invariance").
 */
import { describe, expect, it } from 'vitest';
import { orderProblem } from '../../../src/engine/index.js';
import { legalOrderTexts } from '../../../src/engine/options.js';
import { mandateOfHeaven } from '../../../src/variants/mandate-of-heaven/index.js';
import { check, run, SPRING_1, startCentres, winterOf, type MohCase } from './harness.js';
import { allPermutations } from '../../engine/order-invariance.js';

const HN = 'Hsiung-Nu';
const hn = (...provinces: string[]) => provinces.map((p) => `${HN} A ${p}`);

/** Starting ownership with these centres moved to the Hsiung-Nu. */
function owning(...centres: string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [power, list] of Object.entries(startCentres())) out[power] = list.filter((p) => !centres.includes(p));
  out[HN] = [...centres].sort();
  return out;
}
const nomad = (allowance = 3) => ({ hsiungNu: { regime: 'nomad', allowance, eliminated: false }, activated: [] });

const RULE2_GROWTH =
  'For every 2 SCs captured by the Hsiung-Nu, an army may be built and placed on the board as with the 3 initial armies … All builds up to 6 must be placed in the initial placement area.';
const RULE2_SETTLE =
  'If the Hsiung-Nu get to 6/6, any further builds will be made on a 1 for 1 basis, and must be made in a vacant, owned SC. … All builds up to 6 must be placed in the initial placement area.';
const RULE3 = 'Each player, in addition to writing orders for his own units, will write orders for all neutral powers.';
const RULE6 =
  'If another fleet attacks a convoying fleet, the convoy is unsuccessful whether the attack succeeds or not.';
const RULE2_PLACEMENT =
  'As a preliminary to the first Spring move (you may call it Winter 369 B.C., otherwise known as the Year of the Pig), after negotiations, the Hsiung-Nu may place these armies anywhere in any of the vacant provinces which lie in the north and west of the board which are bordered by the black band.';
const RULE4 =
  'when the last unit or units of a non neutral power would be annihilated as a result of an attack or attacks, the defensive strength of the unit or units will be increased by one.';

const auditCases: (MohCase & { listingMatters?: true })[] = [
  // ---- Rule 2: a Hsiung-Nu build they may make is theirs, not a ballot.
  {
    name: 'the nomad Hsiung-Nu build A pch in Pei Choushi’s empty centre: their own build, not a ballot',
    seed: RULE2_GROWTH,
    phase: winterOf(1),
    units: [...hn('bei', 'yon', 'nan'), 'Pei Choushi A sha'],
    supplyCenters: { ...owning('yon', 'nan'), 'Pei Choushi': ['pch'] },
    variantState: nomad(),
    orders: { [HN]: ['Build A pch'] },
    expect: {
      results: { 'A pch': { power: HN, result: 'success', reason: 'built in Pei Choushi' } },
      has: [`${HN} A pch`],
    },
  },
  {
    name: 'the same build while Pei Choushi may build there too is still the Hsiung-Nu’s own',
    seed: RULE2_GROWTH,
    phase: winterOf(1),
    units: hn('bei', 'yon', 'nan'),
    supplyCenters: { ...owning('yon', 'nan'), 'Pei Choushi': ['pch'] },
    variantState: nomad(),
    orders: { [HN]: ['Build A pch'], Qin: ['Build A pch'], Zhao: ['Build A pch'] },
    expect: { results: { 'A pch': { power: HN, result: 'success' } }, has: [`${HN} A pch`, '!Pei Choushi A pch'] },
  },
  {
    name: 'a Hsiung-Nu build they cannot make (no build this winter) is their ballot for Pei Choushi',
    seed: RULE3,
    phase: winterOf(1),
    units: hn('bei', 'lfa', 'dhu'),
    supplyCenters: { ...owning(), 'Pei Choushi': ['pch'] },
    variantState: nomad(),
    players: [HN, 'Qin', 'Zhao'],
    orders: { [HN]: ['Build A pch'], Qin: ['Build A pch'], Zhao: ['WAIVE'] },
    expect: {
      results: {
        'A pch': {
          power: 'Pei Choushi',
          result: 'success',
          reason: /^adopted by the players' vote: built in Pei Choushi/,
        },
      },
      has: ['Pei Choushi A pch'],
    },
  },

  // ---- Events say what is true: the real counts, never the threshold as if it were the count.
  {
    name: 'the winter the Hsiung-Nu settle owning 8 centres, the event says 8 (not 6)',
    seed: RULE2_SETTLE,
    phase: winterOf(3),
    units: hn('bei', 'lfa', 'dhu'),
    supplyCenters: owning('yon', 'xia', 'nan', 'jin', 'dai', 'pch', 'hdn', 'ji'),
    variantState: nomad(),
    orders: { [HN]: ['Build A qia', 'Build A ron', 'Build A jyu', 'Build A yon', 'Build A xia'] },
    expect: {
      events: ['nomads-settled'],
      eventTexts: [/^The Hsiung-Nu own 8 supply centres, 6 or more: the nomad population is exhausted/],
    },
  },
  {
    name: 'a neutral that grows past 3 centres in one Fall is activated, and the event gives its real count',
    seed: "If a neutral power grows from one to three SCs, it will be 'activated', and a new player will be called in to play it.",
    phase: { season: 'fall', year: 1, type: 'movement' },
    units: ['Song A son', 'Song A dal', 'Song A che', 'Song A any', 'Wei A ye', 'Chu A sch', 'Qin A yon'],
    expect: {
      events: ['activated'],
      eventTexts: [/^Song has grown to 4 supply centres, 3 or more, and is activated: /],
      variantState: { activated: ['Song'] },
    },
  },
  {
    name: 'a neutral that grows to exactly 3 centres: "has grown to 3 supply centres"',
    seed: "If a neutral power grows from one to three SCs, it will be 'activated', and a new player will be called in to play it.",
    phase: { season: 'fall', year: 1, type: 'movement' },
    units: ['Song A son', 'Song A dal', 'Song A che', 'Wei A any', 'Chu A sch', 'Qin A yon'],
    expect: { events: ['activated'], eventTexts: [/^Song has grown to 3 supply centres and is activated: /] },
  },
  {
    name: 'a WAIVE in the placement is refused (all three armies are placed); the default fills in',
    seed: 'the Hsiung-Nu may place these armies anywhere in any of the vacant provinces which lie in the north and west of the board',
    phase: winterOf(0),
    units: ['Pei Choushi A pch'],
    orders: { [HN]: ['Build A ysh', 'WAIVE', 'WAIVE'] },
    expect: {
      results: {
        '': {
          power: HN,
          order: 'WAIVE',
          result: 'illegal',
          reason: /a placement cannot be waived \(Mandate of Heaven rule 2\)/,
        },
      },
      units: ['Pei Choushi A pch', ...hn('ysh', 'bei', 'lfa')],
      events: ['default-placement'],
    },
  },

  // ---- Rule 2: the winter the Hsiung-Nu settle.
  {
    // Which of five builds for three places are made follows the listing, as for any excess build (DATC 4.D.4).
    listingMatters: true,
    name: '3 armies, 8 centres, five builds all in the band: the 4th–6th units are built, the 7th and 8th refused',
    seed: RULE2_SETTLE,
    phase: winterOf(3),
    units: hn('bei', 'lfa', 'dhu'),
    supplyCenters: owning('yon', 'xia', 'nan', 'jin', 'dai', 'pch', 'hdn', 'ji'),
    variantState: nomad(),
    orders: { [HN]: ['Build A qia', 'Build A ron', 'Build A jyu', 'Build A lhu', 'Build A ysh'] },
    expect: {
      results: {
        'A qia': { result: 'success' },
        'A ron': { result: 'success' },
        'A jyu': { result: 'success' },
        'A lhu': {
          result: 'failure',
          reason: /further builds must be made in a vacant, owned supply centre.*7th unit/,
        },
        'A ysh': { result: 'failure', reason: /7th unit \(Mandate of Heaven rule 2\)/ },
      },
      units: hn('bei', 'lfa', 'dhu', 'qia', 'ron', 'jyu'),
      events: ['nomads-settled'],
    },
  },
  {
    name: 'the same winter, three builds in the band and two in vacant owned centres: all five built, whatever the listing',
    seed: RULE2_SETTLE,
    phase: winterOf(3),
    units: hn('bei', 'lfa', 'dhu'),
    supplyCenters: owning('yon', 'xia', 'nan', 'jin', 'dai', 'pch', 'hdn', 'ji'),
    variantState: nomad(),
    orders: { [HN]: ['Build A yon', 'Build A qia', 'Build A xia', 'Build A ron', 'Build A jyu'] },
    expect: { units: hn('bei', 'lfa', 'dhu', 'qia', 'ron', 'jyu', 'yon', 'xia'), events: ['nomads-settled'] },
  },
  {
    name: 'only two builds, both in owned centres: they would be the 4th and 5th units, which go in the band',
    seed: RULE2_SETTLE,
    phase: winterOf(3),
    units: hn('bei', 'lfa', 'dhu'),
    supplyCenters: owning('yon', 'xia', 'nan', 'jin', 'dai', 'pch', 'hdn', 'ji'),
    variantState: nomad(),
    orders: { [HN]: ['Build A yon', 'Build A xia'] },
    expect: {
      results: {
        'A yon': {
          result: 'failure',
          reason: /builds up to their 6th unit must be placed in the placement area.*4th unit/,
        },
        'A xia': { result: 'failure', reason: /4th unit/ },
      },
      units: hn('bei', 'lfa', 'dhu'),
    },
  },
  {
    name: 'an owned centre inside the band (Pei Choushi) serves either rank',
    seed: RULE2_SETTLE,
    phase: winterOf(3),
    units: hn('yon', 'xia', 'nan', 'jin', 'bei'),
    supplyCenters: owning('yon', 'xia', 'nan', 'jin', 'dai', 'pch', 'hdn'),
    variantState: nomad(),
    orders: { [HN]: ['Build A dai', 'Build A pch'] },
    expect: { results: { 'A pch': { result: 'success' }, 'A dai': { result: 'success' } }, has: hn('pch', 'dai') },
  },
  {
    name: 'the 7th unit of the settling winter may be a fleet in a coastal owned centre',
    seed: RULE2_SETTLE,
    phase: winterOf(3),
    units: hn('yon', 'xia', 'nan', 'jin', 'bei'),
    supplyCenters: owning('yon', 'xia', 'nan', 'jin', 'dai', 'pch', 'lin'),
    variantState: nomad(),
    orders: { [HN]: ['Build F lin', 'Build A ysh'] },
    expect: {
      results: { 'F lin': { result: 'success' }, 'A ysh': { result: 'success' } },
      has: [`${HN} F lin`, `${HN} A ysh`],
    },
  },
  {
    name: 'rule 2 (Q17): a fleet is never one of the builds up to the 6th unit',
    seed: 'Once the 6 SCs are reached, the nomad population is exhausted, and only native Chinese troops can be raised. All builds up to 6 must be placed in the initial placement area.',
    phase: winterOf(3),
    units: hn('yon', 'xia', 'nan', 'jin'),
    supplyCenters: owning('yon', 'xia', 'nan', 'jin', 'dai', 'pch', 'lin'),
    variantState: nomad(),
    orders: { [HN]: ['Build F lin', 'Build A ysh'] },
    expect: {
      results: {
        'A ysh': { result: 'success' },
        'F lin': { result: 'failure', reason: /placement area, and this build would be their 6th unit/ },
      },
      has: [`${HN} A ysh`, '!Hsiung-Nu F lin'],
    },
  },

  // ---- Civil disorder: the measure named is the measure used.
  {
    name: 'a neutral’s civil disorder measures from the centres it owns (standard), and says so',
    seed: 'All other rules are as in Standard Diplomacy.',
    phase: winterOf(2),
    units: ['Song A cao', 'Song A hua'],
    supplyCenters: { ...startCentres(), Song: ['dal'], Wei: ['any', 'son', 'ye'] },
    expect: {
      results: {
        'A hua': {
          power: 'Song',
          result: 'success',
          reason: 'removed in civil disorder (no majority for a disband; farthest from an owned supply centre)',
        },
      },
      has: ['Song A cao', '!Song A hua'],
    },
  },
  {
    name: 'the nomads’ civil disorder measures from the placement area, and says so',
    seed: 'If at the end of the second game year, the Hsiung-Nu do not have at least 2 SCs, they must remove an army.',
    phase: winterOf(2),
    units: hn('dhu', 'yon', 'jin'),
    supplyCenters: owning('pch'),
    variantState: nomad(),
    expect: {
      results: {
        'A jin': {
          power: HN,
          reason:
            'removed in civil disorder (farthest from the placement area, the nomads’ home: Mandate of Heaven rule 2)',
        },
      },
      units: hn('dhu', 'yon'),
      events: ['attrition'],
    },
  },
  {
    name: 'the Hsiung-Nu’s civil disorder once settled measures from their owned centres',
    seed: 'If the Hsiung-Nu get to 6/6, any further builds will be made on a 1 for 1 basis',
    phase: winterOf(5),
    units: hn('yon', 'xia', 'ysh'),
    supplyCenters: owning('yon', 'xia'),
    variantState: { hsiungNu: { regime: 'settled', allowance: 3, eliminated: false }, activated: [] },
    expect: {
      results: { 'A ysh': { reason: 'removed in civil disorder (farthest from an owned supply centre)' } },
      units: hn('yon', 'xia'),
    },
  },

  // ---- Victory is a player's.
  {
    name: 'an activated neutral nobody plays (no players given: the CLI’s default) does not win with 14 Chinese centres',
    seed: 'If a neutral power grows from one to three SCs, it will be “activated”, and a new player will be called in to play it. … Victory criterion will be 14 SCs',
    phase: winterOf(4),
    units: ['Song A son', 'Song A tan'],
    supplyCenters: {
      Song: ['son', 'dal', 'che', 'sch', 'lu', 'diq', 'luo', 'zhe', 'yzh', 'yiy', 'any', 'ye', 'hdn', 'lin'],
    },
    variantState: { activated: ['Song'] },
    expect: { winner: null },
  },
  {
    name: 'the same neutral once a player is seated on it wins',
    seed: 'Victory criterion will be 14 SCs, however, non-Chinese SCs (Choson, Pei Choushi and Tung Yueh) do not count toward this total.',
    phase: winterOf(4),
    units: ['Song A son', 'Song A tan', 'Qin A yon'],
    supplyCenters: {
      Song: ['son', 'dal', 'che', 'sch', 'lu', 'diq', 'luo', 'zhe', 'yzh', 'yiy', 'any', 'ye', 'hdn', 'lin'],
      Qin: ['yon'],
    },
    variantState: { activated: ['Song'] },
    players: ['Song', 'Qin'],
    expect: { winner: 'Song' },
  },
  {
    // Seated on it, it would be refused as input: no player can be seated on a neutral that is not activated (cli.test.ts).
    name: 'rule 5: a neutral that was never activated never wins',
    seed: 'If a neutral power grows from one to three SCs, it will be “activated”, and a new player will be called in to play it.',
    phase: winterOf(4),
    units: ['Song A son', 'Qin A yon'],
    supplyCenters: {
      Song: ['son', 'dal', 'che', 'sch', 'lu', 'diq', 'luo', 'zhe', 'yzh', 'yiy', 'any', 'ye', 'hdn', 'lin'],
      Qin: ['yon'],
    },
    players: ['Qin'],
    expect: { winner: null },
  },

  // ---- Rule 6: a disrupted river convoy leaves the army where it is.
  {
    name: 'A hen - zhe convoyed by its own F luo, disrupted by F hgu - luo: the army stays in Henei',
    seed: RULE6,
    phase: SPRING_1,
    units: ['Han A hen', 'Han F luo', 'Qin F hgu'],
    orders: { Han: ['A hen - zhe', 'F luo C A hen - zhe'], Qin: ['F hgu - luo'] },
    expect: {
      results: {
        'A hen': {
          result: 'failure',
          reason: "its river convoy was disrupted by F hgu's move (Mandate of Heaven rule 6)",
        },
        'F luo': { result: 'failure', reason: /^convoy disrupted: F hgu of Qin moved against it/ },
        'F hgu': { result: 'failure' },
      },
      units: ['Han A hen', 'Han F luo', 'Qin F hgu'],
    },
  },
  {
    name: 'the disrupted army never reaches Zheng, so it dislodges nobody there',
    seed: RULE6,
    phase: SPRING_1,
    units: ['Han A hen', 'Han F luo', 'Han A zmo', 'Wei A zhe', 'Qin F hgu'],
    orders: { Han: ['A hen - zhe', 'F luo C A hen - zhe', 'A zmo S A hen - zhe'], Qin: ['F hgu - luo'] },
    expect: {
      results: { 'A hen': { result: 'failure' }, 'A zhe': { result: 'success' } },
      has: ['Wei A zhe', 'Han A hen'],
      dislodged: [],
    },
  },
  {
    name: 'rule 6: the disrupted army does not cut the support given from the province it meant to reach',
    seed: RULE6,
    phase: SPRING_1,
    units: ['Han A hen', 'Han F luo', 'Wei A zhe', 'Wei A yzh', 'Han A zmo', 'Qin F hgu'],
    orders: {
      Han: ['A hen - zhe', 'F luo C A hen - zhe', 'A zmo H'],
      Wei: ['A zhe S A yzh - zmo', 'A yzh - zmo'],
      Qin: ['F hgu - luo'],
    },
    expect: {
      results: { 'A zhe': { result: 'success', reason: 'support given' }, 'A yzh': { result: 'success' } },
      dislodged: ['Han A zmo'],
    },
  },
  {
    name: 'rule 6: an army ordered "via convoy" whose only river convoy is disrupted stays',
    seed: RULE6,
    phase: SPRING_1,
    units: ['Wei A any', 'Wei F luo', 'Han F zhe'],
    orders: { Wei: ['A any - hen via convoy', 'F luo C A any - hen'], Han: ['F zhe - luo'] },
    expect: { results: { 'A any': { result: 'failure', reason: /disrupted by F zhe's move/ } }, has: ['Wei A any'] },
  },
  {
    name: 'rule 6: a foreign fleet’s disrupted convoy of an adjacent army is no convoy intent: the army marches over land (DATC 4.A.3)',
    seed: RULE6,
    phase: SPRING_1,
    units: ['Han A hen', 'Wei F luo', 'Qin F hgu'],
    orders: { Han: ['A hen - zhe'], Wei: ['F luo C A hen - zhe'], Qin: ['F hgu - luo'] },
    expect: {
      results: {
        'A hen': { result: 'success', reason: 'moved to Zheng' },
        'F luo': { result: 'failure', reason: /^convoy disrupted/ },
      },
      has: ['Han A zhe'],
    },
  },
  {
    name: 'rule 6: one of two river routes disrupted, the other carries the army',
    seed: RULE6,
    phase: SPRING_1,
    units: ['Wei A any', 'Wei F luo', 'Wei F hen', 'Qin F hgu'],
    orders: { Wei: ['A any - zhe', 'F luo C A any - zhe', 'F hen C A any - zhe'], Qin: ['F hgu - luo'] },
    expect: {
      results: { 'A any': { result: 'success' }, 'F hen': { result: 'success' }, 'F luo': { result: 'failure' } },
      has: ['Wei A zhe'],
    },
  },
  {
    name: 'a doubly disrupted river convoy names both fleets, in province order, whatever the listing',
    seed: RULE6,
    phase: SPRING_1,
    units: ['Han A hen', 'Han F luo', 'Han F zmo', 'Qin F hgu', 'Wei F bma'],
    orders: {
      Han: ['A hen - zhe', 'F luo C A hen - zhe', 'F zmo C A hen - zhe'],
      Qin: ['F hgu - luo'],
      Wei: ['F bma - zmo'],
    },
    expect: {
      results: {
        'A hen': {
          result: 'failure',
          reason: 'its river convoy was disrupted by the moves of F bma and F hgu (Mandate of Heaven rule 6)',
        },
        'F luo': { result: 'failure', reason: /^convoy disrupted: F hgu of Qin moved against it/ },
        'F zmo': { result: 'failure', reason: /^convoy disrupted: F bma of Wei moved against it/ },
      },
      has: ['Han A hen'],
    },
  },
  {
    name: 'rule 6: two foreign fleets attacking one convoying fleet are both named, in province order',
    seed: RULE6,
    phase: SPRING_1,
    units: ['Han A hen', 'Han F luo', 'Qin F hgu', 'Wei F any'],
    orders: { Han: ['A hen - zhe', 'F luo C A hen - zhe'], Qin: ['F hgu - luo'], Wei: ['F any - luo'] },
    expect: {
      results: {
        'F luo': { result: 'failure', reason: /^convoy disrupted: F any of Wei and F hgu of Qin moved against it/ },
        'A hen': {
          result: 'failure',
          reason: 'its river convoy was disrupted by the moves of F any and F hgu (Mandate of Heaven rule 6)',
        },
      },
    },
  },
  {
    name: 'rule 6: the attacking fleet disrupts even when it is itself dislodged',
    seed: RULE6,
    phase: SPRING_1,
    units: ['Wei A any', 'Wei F luo', 'Qin F hgu', 'Han A yiy', 'Han A wpa'],
    orders: {
      Wei: ['A any - zhe', 'F luo C A any - zhe'],
      Qin: ['F hgu - luo'],
      Han: ['A yiy - hgu', 'A wpa S A yiy - hgu'],
    },
    expect: { results: { 'A any': { result: 'failure' } }, has: ['Wei A any', 'Han A hgu'], dislodged: ['Qin F hgu'] },
  },
  // ---- A second independent audit (157 positions): what it found wrong.
  {
    name: 'second audit m73: the Hsiung-Nu and Qin both build in Pei Choushi: neither is built',
    seed: 'Rule 2: the Hsiung-Nu place armies in "vacant provinces"; "All other rules are as in Standard Diplomacy" (one unit per province)',
    phase: winterOf(1),
    units: [...hn('yon', 'shu', 'bei'), 'Qin A nan'],
    supplyCenters: { ...owning('yon', 'shu'), 'Pei Choushi': [], Qin: ['nan', 'xia', 'pch'] },
    variantState: nomad(),
    orders: { [HN]: ['Build A pch'], Qin: ['Build A pch'] },
    expect: {
      results: {
        'A pch': {
          power: HN,
          result: 'failure',
          reason: 'Hsiung-Nu and Qin both built in Pei Choushi, which holds one unit: neither is built',
        },
      },
      has: [`!${HN} A pch`, '!Qin A pch'],
    },
  },
  {
    name: 'second audit m10: the last Hsiung-Nu army removed by attrition is not said to be the farthest of its units',
    seed: 'Rule 2: "If they do not have at least 1 SC after the fourth year, the last army is removed."',
    phase: winterOf(4),
    units: hn('bei'),
    supplyCenters: owning(),
    variantState: nomad(1),
    expect: {
      results: {
        'A bei': { power: HN, reason: 'removed in civil disorder (no disband was ordered; its last unit must go)' },
      },
      has: [`!${HN} A bei`],
    },
  },
  {
    name: 'second audit m50: a fleet on a coast that is no river cannot convoy, and the reason names rule 6',
    seed: 'Rule 6: "Convoys by fleets in river provinces … are allowed."',
    phase: SPRING_1,
    units: ['Yan F gua', 'Yan A ji'],
    orders: { Yan: ['F gua C A ji - lib', 'A ji - lib'] },
    expect: {
      results: {
        'F gua': {
          result: 'illegal',
          reason: 'a fleet can only convoy from a sea or a river province (Mandate of Heaven rule 6), so the unit held',
        },
      },
    },
  },
  {
    name: 'second audit m50b: a Qin build in a centre it does not own names rule 1',
    seed: 'Rule 1: "Builds will be allowed on any owned SC."',
    phase: winterOf(1),
    units: ['Qin A xia'],
    supplyCenters: { ...startCentres(), Qin: ['xia', 'nan', 'yon'] },
    orders: { Qin: ['Build A hdn'] },
    expect: {
      results: {
        'A hdn': {
          power: 'Qin',
          result: 'failure',
          reason: 'Handan is not a supply centre Qin owns (Mandate of Heaven rule 1)',
        },
      },
    },
  },

  // ---- A third independent audit: placements on other boards, and texts that must say what is true.
  {
    name: 'third audit: a placement on a board that is not the starting one gives only the Hsiung-Nu placements, never a Qin build',
    seed: RULE2_PLACEMENT,
    phase: winterOf(0),
    units: ['Qin A yon', 'Pei Choushi A pch'],
    orders: { Qin: ['Build A xia'], [HN]: ['Build A bei'] },
    expect: {
      results: { 'A xia': { power: 'Qin', result: 'failure' }, 'A bei': { power: HN, result: 'success' } },
      units: ['Qin A yon', 'Pei Choushi A pch', ...hn('bei', 'lfa', 'dhu')],
    },
  },
  {
    name: 'third audit: in a placement, a power with more units than centres disbands nothing',
    seed: RULE2_PLACEMENT,
    phase: winterOf(0),
    units: ['Qin A yon', 'Qin A xia', 'Qin A nan', 'Qin A shu', 'Pei Choushi A pch'],
    expect: {
      units: ['Qin A yon', 'Qin A xia', 'Qin A nan', 'Qin A shu', 'Pei Choushi A pch', ...hn('bei', 'lfa', 'dhu')],
    },
  },
  {
    name: 'third audit: the Hsiung-Nu already have an army at placement: they place two more, and the event names the two placed',
    seed: 'The Hsiung-Nu … will start with 3 armies. As a preliminary to the first Spring move …, the Hsiung-Nu may place these armies',
    phase: winterOf(0),
    units: [...hn('qia'), 'Pei Choushi A pch'],
    expect: {
      units: [...hn('qia', 'bei', 'lfa'), 'Pei Choushi A pch'],
      events: ['default-placement'],
      eventTexts: [
        'The Hsiung-Nu placed 2 armies by default in Beidi, Loufan (Mandate of Heaven rule 2: all three armies are placed).',
      ],
    },
  },
  {
    name: 'third audit: the attrition event gives the allowance, not the units they "keep" (one army left, allowance 2)',
    seed: 'If at the end of the second game year, the Hsiung-Nu do not have at least 2 SCs, they must remove an army. … If not, the armies start melting away.',
    phase: winterOf(2),
    units: hn('bei'),
    supplyCenters: owning('pch'),
    variantState: nomad(),
    expect: {
      units: hn('bei'),
      variantState: nomad(2),
      eventTexts: [
        'The Hsiung-Nu did not hold at least 2 supply centres after year 2: their armies melt away, and their allowance falls from 3 to 2 units (Mandate of Heaven rule 2).',
      ],
    },
  },
  {
    name: 'third audit: the settling winter’s event says its builds up to the 6th unit still go in the band; the allowance is 0 after',
    seed: RULE2_SETTLE,
    phase: winterOf(3),
    units: hn('bei', 'lfa', 'dhu'),
    supplyCenters: owning('yon', 'xia', 'nan', 'jin', 'dai', 'pch', 'hdn', 'ji'),
    variantState: nomad(),
    orders: { [HN]: ['Build A qia', 'Build A ron', 'Build A jyu', 'Build A yon', 'Build A xia'] },
    expect: {
      units: hn('bei', 'lfa', 'dhu', 'qia', 'ron', 'jyu', 'yon', 'xia'),
      variantState: { hsiungNu: { regime: 'settled', allowance: 0, eliminated: false } },
      eventTexts: [
        'The Hsiung-Nu own 8 supply centres, 6 or more: the nomad population is exhausted, and from now on they build one unit per centre, in vacant owned centres, except that this winter their builds up to their 6th unit still go in the placement area (Mandate of Heaven rule 2).',
      ],
    },
  },
  {
    name: 'third audit: settling with 6 units already: every build of that winter goes in a vacant owned centre, and the event says only that',
    seed: RULE2_SETTLE,
    phase: winterOf(3),
    units: hn('bei', 'lfa', 'dhu', 'qia', 'ron', 'jyu'),
    supplyCenters: owning('yon', 'xia', 'nan', 'jin', 'dai', 'pch', 'hdn'),
    variantState: nomad(),
    orders: { [HN]: ['Build A yon'] },
    expect: {
      has: hn('yon'),
      variantState: { hsiungNu: { regime: 'settled', allowance: 0, eliminated: false } },
      eventTexts: [
        'The Hsiung-Nu own 7 supply centres, 6 or more: the nomad population is exhausted, and from now on they build one unit per centre, in vacant owned centres (Mandate of Heaven rule 2).',
      ],
    },
  },
  {
    name: 'third audit: a settled state given with an allowance is printed with allowance 0 (no unit without a centre)',
    seed: 'Once the 6 SCs are reached, the nomad population is exhausted, and only native Chinese troops can be raised.',
    phase: SPRING_1,
    units: hn('yon'),
    supplyCenters: owning('yon'),
    variantState: { hsiungNu: { regime: 'settled', allowance: 3, eliminated: false }, activated: [] },
    expect: { variantState: { hsiungNu: { regime: 'settled', allowance: 0, eliminated: false } } },
  },
  {
    // Without the bonus Zhao's A gao and A ye are both dislodged with no retreat. With it A ye stands, so its support
    // (cut before by its dislodgement from Shantang) carries A jin into Shantang: Jinyang empties, and A gao, still
    // dislodged (3 against 2), can retreat there.
    name: 'third audit: the rule 4 text never says "had no retreat" of a unit the board after lets retreat',
    seed: RULE4,
    phase: SPRING_1,
    units: [
      'Zhao A gao',
      'Zhao A ye',
      'Qin A jin',
      'Wei A stg',
      'Wei A hdn',
      'Han A hen',
      'Yan A jul',
      'Yan A zho',
      'Yan A tai',
      'Qi A bma',
      'Qi A diq',
    ],
    orders: {
      Zhao: ['A ye S A jin - stg'],
      Qin: ['A jin - stg'],
      Wei: ['A stg - ye', 'A hdn S A stg - ye'],
      Han: ['A hen - stg'],
      Yan: ['A jul - gao', 'A zho S A jul - gao', 'A tai S A jul - gao'],
    },
    expect: {
      results: {
        'A gao': {
          power: 'Zhao',
          result: 'failure',
          reason:
            'no order: the unit held; dislodged by A jul from Julu; A gao was one of the last units of Zhao, which would otherwise all have been dislodged with no retreat: defence +1 (Mandate of Heaven rule 4)',
        },
        'A ye': {
          power: 'Zhao',
          result: 'success',
          reason:
            /^support given; A ye was one of the last units of Zhao, which would otherwise all have been dislodged/,
        },
        'A jin': { result: 'success' },
      },
      dislodged: ['Zhao A gao', 'Wei A stg'],
      retreats: { 'Zhao A gao': ['jin'] },
      nextPhase: { season: 'spring', year: 1, type: 'retreat' },
    },
  },
];

function first<T>(gen: Generator<T>, n: number): T[] {
  const out: T[] = [];
  for (const x of gen) {
    out.push(x);
    if (out.length >= n) break;
  }
  return out;
}

/** Listings of the units and of the orders (every one up to 5 lines, the first 120 above), to compare with the first. */
function listings<C extends MohCase>(c: C): C[] {
  const orderLines = Object.entries(c.orders ?? {}).flatMap(([power, list]) =>
    list.map((text) => [power, text] as const),
  );
  const unitOrders = first(allPermutations(c.units), 120);
  const orderOrders = first(allPermutations(orderLines), 120);
  const out: C[] = [];
  for (let k = 0; k < Math.max(unitOrders.length, orderOrders.length); k++) {
    const lines = orderOrders[k % orderOrders.length]!;
    const orders: Record<string, string[]> = {};
    for (const [power, text] of lines) (orders[power] ??= []).push(text);
    out.push({ ...c, units: unitOrders[k % unitOrders.length]!, orders });
  }
  return out;
}

const canonical = (out: ReturnType<typeof run>) => ({
  ...out,
  units: [...out.units].sort((a, b) => a.province.localeCompare(b.province)),
  // Lists of units follow the input's listing; their contents may not.
  dislodged: [...out.dislodged].sort((a, b) => a.province.localeCompare(b.province)),
  results: [...out.results].map((r) => JSON.stringify(r)).sort(),
});

describe('a WAIVE the phase does not allow is neither offered nor accepted when typed', () => {
  const placement = { ...mandateOfHeaven.startingPosition() };
  it('the Hsiung-Nu placement offers builds but no WAIVE, and orderProblem refuses one', () => {
    const texts = legalOrderTexts(mandateOfHeaven, placement, HN);
    expect(texts).toContain('A bei B');
    expect(texts).not.toContain('WAIVE');
    expect(orderProblem(mandateOfHeaven, placement, { power: HN, order: { kind: 'waive' } })).toMatch(
      /cannot be waived/,
    );
  });
  it('an ordinary winter still offers and accepts a WAIVE', () => {
    const winter = { ...placement, phase: winterOf(1), units: [], supplyCenters: startCentres() };
    expect(legalOrderTexts(mandateOfHeaven, winter, 'Qin')).toContain('WAIVE');
    expect(orderProblem(mandateOfHeaven, winter, { power: 'Qin', order: { kind: 'waive' } })).toBeNull();
  });
});

describe('Mandate of Heaven audit positions', () => {
  for (const c of auditCases) {
    it(c.name, () => {
      const first = run(c);
      check(c, first);
      if (c.listingMatters) return;
      for (const other of listings(c))
        expect(canonical(run(other)), `${c.name}: another listing`).toEqual(canonical(first));
    });
  }
});
