/**
 * Properties of the vote (rule 3): the adjudication never depends on the order in which orders and ballots are
 * listed, and no ballot ever shows up in the results under its voter. Sampled permutations (decisions.md: at
 * least 20 per position above 7 units) of random ballots, from a fixed seed.
 */
import { describe, expect, it } from 'vitest';
import { legalOrders } from '../../../src/engine/options.js';
import { mandateFeatures as f, mandateOfHeaven as v } from '../../../src/variants/mandate-of-heaven/index.js';
import { rng } from '../../support/random.js';
import { run, SPRING_1, unitOf, type MohCase } from './harness.js';

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
function shuffle<T>(r: () => number, list: T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const UNITS = [
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
const PLAYERS = ['Qin', 'Chu', 'Qi', 'Yan', 'Zhao', 'Wei', 'Han', 'Hsiung-Nu'];

describe('Mandate of Heaven votes: order invariance and secrecy (property)', () => {
  const position = { ...v.startingPosition(), phase: SPRING_1, units: UNITS.map(unitOf) };
  /** Per power, per unit: the orders it may be given (a neutral's are the ballots a player may cast). */
  const optionsOf = new Map(
    [...f.neutrals, ...PLAYERS].map((p) => [p, legalOrders(v, position, p).map((u) => u.orders)]),
  );
  for (let seed = 1; seed <= 6; seed++) {
    it(`random ballots, seed ${seed}: 20 permutations give one result, and no voter appears for a neutral unit`, () => {
      const r = rng(seed);
      const orders: { power: string; text: string }[] = [];
      for (const player of PLAYERS) {
        // One order per own unit (a second order for the same unit replaces the first, by the order given).
        for (const unitOrders of optionsOf.get(player)!)
          if (r() < 0.5) orders.push({ power: player, text: pick(r, unitOrders) });
        for (const neutral of f.neutrals) {
          // One ballot per neutral unit, often among the same few orders, so some pass.
          for (const unitOrders of optionsOf.get(neutral)!)
            if (r() < 0.8)
              orders.push({ power: player, text: r() < 0.6 ? unitOrders[0]! : pick(r, unitOrders.slice(0, 3)) });
        }
      }
      const asCase = (list: typeof orders) => {
        const byPower: Record<string, string[]> = {};
        for (const o of list) (byPower[o.power] ??= []).push(o.text);
        const c: MohCase = { name: `seed ${seed}`, phase: SPRING_1, units: UNITS, orders: byPower, expect: {} };
        return run(c);
      };
      const first = asCase(orders);
      const norm = (out: ReturnType<typeof run>) =>
        JSON.stringify({
          ...out,
          results: [...out.results].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
          units: [...out.units].sort((a, b) => a.province.localeCompare(b.province)),
        });
      const expected = norm(first);
      for (let k = 0; k < 20; k++) expect(norm(asCase(shuffle(r, orders))) === expected, `permutation ${k}`).toBe(true);
      expect(
        first.results.some((r) => f.isNeutral(r.power) && /^adopted/.test(r.reason)),
        'some ballot passes',
      ).toBe(true);
      const neutralProvinces = new Set(
        UNITS.map(unitOf)
          .filter((u) => f.isNeutral(u.power))
          .map((u) => u.province),
      );
      for (const res of first.results) {
        const at = res.unit.split(' ')[1] ?? '';
        if (neutralProvinces.has(at)) expect(f.isNeutral(res.power), JSON.stringify(res)).toBe(true);
      }
    });
  }
});
