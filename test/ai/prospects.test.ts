/**
 * Prospects (src/ai/prospects.ts): what a unit on a place can do next phase, as the engine adjudicates it. Rebuilt
 * from the Warring States v2 seed's rules ("Floating Fortress bonus" 1–2, "Rapid River Move" 1, "Fortified Borders"
 * 1) and Classic, where no strength rule gives anything beyond 1.
 */
import { describe, expect, it } from 'vitest';
import { boardOf } from '../../src/ai/board.js';
import { holdExtraOf, prospectOf } from '../../src/ai/prospects.js';
import type { UnitType } from '../../src/engine/types.js';
import { getVariant } from '../../src/variants/index.js';

interface ProspectCase {
  name: string;
  variant: string;
  power: string;
  type: UnitType;
  province: string;
  /** Centres attacked with strength 2 alone (sorted). */
  strong: string[];
  /** Centres only a special move reaches (sorted). */
  far: string[];
  holds: number;
}

const CASES: ProspectCase[] = [
  // FF 1–2: a fleet on the Wei river attacks Anyi and Yong (river provinces) with 2 and defends Xianyang with 2;
  // RRM 1: Luoyang and Zheng are two and three river spaces away.
  {
    name: 'a fleet on a river (Xianyang)',
    variant: 'warring-states',
    power: 'Qin',
    type: 'F',
    province: 'xia',
    strong: ['any', 'yon'],
    far: ['luo', 'zhe'],
    holds: 1,
  },
  {
    name: 'an army on the same river province',
    variant: 'warring-states',
    power: 'Qin',
    type: 'A',
    province: 'xia',
    strong: [],
    far: [],
    holds: 0,
  },
  // Fortified borders 1: the walls of Jiaodong (Jia) make most supported attacks on it fail.
  {
    name: 'an army behind walls (Jiaodong)',
    variant: 'warring-states',
    power: 'Qi',
    type: 'A',
    province: 'jia',
    strong: [],
    far: [],
    holds: 1,
  },
  {
    name: 'Classic: no strength rule, nothing beyond 1',
    variant: 'classic',
    power: 'France',
    type: 'F',
    province: 'bre',
    strong: [],
    far: [],
    holds: 0,
  },
];

describe('prospects: a unit’s kind and reach, learnt by adjudication', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const variant = getVariant(c.variant)!;
      const board = boardOf(variant);
      const place = board.placeAt(c.type, { province: c.province, coast: null })!;
      const prospect = prospectOf(board, c.power, place);
      const names = (xs: number[]) => xs.map((p) => board.provinces[p]!).sort();
      expect(names(prospect.reach.filter(([, attack]) => attack > 1).map(([p]) => p))).toEqual(c.strong);
      expect(names(prospect.farReach)).toEqual(c.far);
      expect(holdExtraOf(board, c.power, place)).toBe(c.holds);
    });
  }
});
