/**
 * Issue 22 §1: the strong player gives a variant's special orders where they serve it, and not where they do not.
 * Crafted Warring States v2 positions (seed "Fleets" 1–3, "Rapid River Move" 1–4, "Floating Fortress bonus" 1–2):
 * each names the order the player must give (or must not) for every seed tried, and every order it gives is
 * accepted by the adjudicator (no `illegal` result).
 */
import { describe, expect, it } from 'vitest';
import { aiOrders } from '../../src/ai/index.js';
import { orderText } from '../../src/ai/orders.js';
import { adjudicate } from '../../src/engine/index.js';
import type { Position, Unit } from '../../src/engine/types.js';
import { warringStates } from '../../src/variants/warring-states/index.js';

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
  /** The order the player must give, as the bot prints it. */
  gives?: string;
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
        if (c.gives) expect(texts, c.why).toContain(c.gives);
        for (const text of c.never?.texts ?? []) expect(texts, c.why).not.toContain(text);
        for (const po of orders) {
          if (po.order.kind === 'special') expect(c.never?.specials ?? [], `${orderText(warringStates, po.order)}: ${c.why}`).not.toContain(po.order.name);
        }
        const adj = adjudicate(warringStates, position, orders, { players });
        expect(adj.results.filter((r) => r.result === 'illegal')).toEqual([]);
      });
    }
  }
});
