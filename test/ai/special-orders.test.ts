/**
 * The strong player gives a variant's special orders where they serve it, and not where they do not.
 * Crafted Warring States v2 positions (seed "Fleets" 1–3 and 6, "Rapid River Move" 1–4, "Floating Fortress bonus"
 * 1–2) and Warhammer positions (fm05, the Vampire Counts' Immortality): each names the order the player must give (or
 * must not) for every seed tried, and every order it gives is accepted by the adjudicator (no `illegal` result).
 */
import { describe, expect, it } from 'vitest';
import { aiOrders } from '../../src/ai/index.js';
import { orderText } from '../../src/ai/orders.js';
import { adjudicate } from '../../src/engine/index.js';
import type { Position, Unit } from '../../src/engine/types.js';
import { warhammer } from '../../src/variants/warhammer/index.js';
import { warringStates } from '../../src/variants/warring-states/index.js';
import { positionOf as whPosition } from '../variants/warhammer/harness.js';

interface SpecialCase {
  name: string;
  /** Why the order is (or is not) the best one. */
  why: string;
  season: 'spring' | 'fall';
  /** `Power Type province`. */
  units: string[];
  /** Centres given to a power (taken from their starting owner), `Power province`. */
  centres?: string[];
  power: string;
  /** The order the player must give, as the bot prints it (or one of these). */
  gives?: string | string[];
  /** Orders it must not give (exact texts), or any special order of these names. */
  never?: { texts?: string[]; specials?: string[] };
}

const CASES: SpecialCase[] = [
  {
    name: 'raise a fleet on a home centre it must hold anyway',
    why:
      'A Xia must stay (Han A Wu Pass would walk into Xianyang) and has no centre to take; raising is a hold that ' +
      'also leaves a fleet on the Wei river, which defends with 2 and attacks Anyi and Yong with 2 next year (Fleets 1–3, FF 1–2)',
    season: 'fall',
    units: ['Qin A xia', 'Han A wpa', 'Han A luo', 'Wei A wei', 'Chu A cha'],
    centres: ['Qin any'],
    power: 'Qin',
    gives: 'A xia R F',
  },
  {
    name: 'rapid river move to an empty centre no ordinary move reaches',
    why: 'Zheng is Han’s, empty, and three river spaces away (Xianyang, Anyi, Luoyang, Zheng); every space on the way is Qin’s and empty (RRM 1, 4)',
    season: 'fall',
    units: ['Qin F xia', 'Han A shu', 'Wei A wei', 'Chu A cha'],
    centres: ['Qin any', 'Qin luo'],
    power: 'Qin',
    gives: 'F xia - any - luo - zhe',
  },
  {
    name: 'no raise when a move takes a centre',
    why: 'Anyi is empty and nobody’s: the army takes it this fall; a raise would only hold',
    season: 'fall',
    units: ['Qin A xia', 'Wei A wei', 'Chu A cha'],
    power: 'Qin',
    gives: 'A xia - any',
    never: { specials: ['raise'] },
  },
  {
    name: 'no rapid river move when an ordinary move takes the centre',
    why: 'Anyi is Han’s and empty, one space away; the river spaces beyond are Qin’s already, so a rapid river move gains nothing',
    season: 'fall',
    units: ['Qin F xia', 'Han A shu', 'Wei A wei', 'Chu A cha'],
    centres: ['Han any', 'Qin luo', 'Qin zhe'],
    power: 'Qin',
    gives: 'F xia - any',
    never: { specials: ['riverMove'] },
  },
  {
    name: 'a fleet moves inland to retake a home centre (it reverts to an army)',
    why:
      'Shouchun is Chu’s home, taken by Qi and empty; only F Wu is next to it, and only as an army (Fleets 6: the fleet ' +
      'reverts and carries the move out); Wu and Yue are Chu’s already, nothing else is within reach',
    season: 'fall',
    units: ['Chu F wu', 'Chu A yin', 'Qi A lin'],
    centres: ['Chu wu', 'Chu yue', 'Qi sch'],
    power: 'Chu',
    gives: 'F wu - sch',
  },
  {
    name: 'a fleet supports an army inland, or is supported inland (it reverts to an army)',
    why:
      'Qi A Sch holds Chu’s home centre; A Jiu alone bounces (1 vs 1); F Wu supporting it into Shouchun, which only an ' +
      'army reaches, reverts and supports with 1 (Fleets 6, Fleet Example 2), or moving there itself with A Jiu’s ' +
      'support: 2 vs 1 dislodges Qi and retakes the centre',
    season: 'fall',
    units: ['Chu F wu', 'Chu A jiu', 'Qi A sch'],
    centres: ['Chu wu', 'Chu yue', 'Qi sch'],
    power: 'Chu',
    gives: ['F wu S A jiu - sch', 'F wu - sch'],
  },
];

const SEEDS = ['one', 'two', 'three'];

function positionOf(c: SpecialCase): Position {
  const units: Unit[] = c.units.map((text) => {
    const [power, type, province] = text.split(' ');
    return { power: power!, type: type as Unit['type'], province: province!, coast: null };
  });
  const supplyCenters: Record<string, string[]> = structuredClone(warringStates.startingPosition().supplyCenters);
  for (const text of c.centres ?? []) {
    const [power, province] = text.split(' ') as [string, string];
    for (const p of Object.keys(supplyCenters)) supplyCenters[p] = supplyCenters[p]!.filter((x) => x !== province);
    (supplyCenters[power] ??= []).push(province);
  }
  return { phase: { season: c.season, year: 1, type: 'movement' }, units, dislodged: [], contested: [], supplyCenters };
}

describe('strong player: Warring States special orders where they serve it', () => {
  const players = warringStates.powers.map((p) => p.name);
  for (const c of CASES) {
    for (const seed of SEEDS) {
      it(`${c.name} (seed ${seed})`, () => {
        const position = positionOf(c);
        const orders = aiOrders({ variant: warringStates, position, power: c.power, players, seed });
        const texts = orders.map((po) => orderText(warringStates, po.order));
        if (typeof c.gives === 'string') expect(texts, c.why).toContain(c.gives);
        else if (c.gives)
          expect(
            texts.filter((t) => c.gives!.includes(t)),
            `${c.why}: ${texts.join(', ')}`,
          ).not.toEqual([]);
        for (const text of c.never?.texts ?? []) expect(texts, c.why).not.toContain(text);
        for (const po of orders) {
          if (po.order.kind === 'special')
            expect(c.never?.specials ?? [], `${orderText(warringStates, po.order)}: ${c.why}`).not.toContain(
              po.order.name,
            );
        }
        const adj = adjudicate(warringStates, position, orders, { players });
        expect(adj.results.filter((r) => r.result === 'illegal')).toEqual([]);
      });
    }
  }
});

describe('strong player: Warhammer, the Vampire Counts support the Immortality army where it serves them', () => {
  const players = warhammer.powers.filter((p) => !p.neutral).map((p) => p.name);
  const cases: {
    name: string;
    why: string;
    units: string[];
    season: 'spring' | 'fall';
    gives?: string;
    never?: string;
  }[] = [
    {
      name: 'S Immortality dislodges the Empire from Sylvania',
      why:
        'Fall, the Empire owns Sylvania (and Karaz-a-Karak beside it) and holds it with one army, and holds every other ' +
        'centre A Gfor reaches: the Immortality army alone bounces (1 vs 1); A Gfor supporting it (fm05 "A second Vampire Count army may support this move") makes 2 vs 1 and Sylvania is retaken',
      units: [
        'Empire: A sylv',
        'Empire: A kark',
        'Empire: A altd',
        'Empire: A nuln',
        'Empire: A midd',
        'Vampire Counts: A gfor',
      ],
      season: 'fall',
      gives: 'A gfor S Immortality - sylv',
    },
    {
      name: 'no S Immortality in Spring (no Immortality army rises)',
      why: 'the order would be illegal: Immortality rises only during Fall moves',
      units: ['Empire: A sylv', 'Vampire Counts: A gfor'],
      season: 'spring',
      never: 'A gfor S Immortality - sylv',
    },
  ];
  for (const c of cases) {
    for (const seed of SEEDS) {
      it(`${c.name} (seed ${seed})`, () => {
        const position = whPosition(c.units, c.season, { sylv: 'Empire', kark: 'Empire' });
        const orders = aiOrders({ variant: warhammer, position, power: 'Vampire Counts', players, seed });
        const texts = orders.map((po) => orderText(warhammer, po.order));
        if (c.gives) expect(texts, c.why).toContain(c.gives);
        if (c.never) expect(texts, c.why).not.toContain(c.never);
        const adj = adjudicate(warhammer, position, orders, { players });
        expect(adj.results.filter((r) => r.result === 'illegal')).toEqual([]);
      });
    }
  }
});
