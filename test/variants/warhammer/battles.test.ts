import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../../src/engine/index.js';
import {
  battleReports,
  checkBattleReports,
  groupBattles,
  rollBattle,
  warhammer,
} from '../../../src/variants/warhammer/index.js';
import { battleCases } from './battles.js';
import { battleCaseTests } from './battle-runner.js';
import { ordersOf, positionOf, unitText } from './harness.js';

describe('Decisive battles: grouping, army sizes and re-adjudication (seed cases)', () => {
  battleCaseTests(battleCases);
});

describe('Decisive battles: dice', () => {
  const c = battleCases[0]!;
  const position = positionOf(c.units);
  const orders = ordersOf(position, c.orders);
  const { battles } = groupBattles(warhammer, position, orders, c.declarations);
  const midd = battles.find((b) => b.id === 'midd')!;

  it('a roll is deterministic for a seed, names its numbers, and its winner can be adjudicated', () => {
    const roll = rollBattle(midd, 'game-7/spring-2500');
    expect(rollBattle(midd, 'game-7/spring-2500')).toEqual(roll);
    expect(roll.total).toBe(3375);
    expect(roll.roll).toBeGreaterThanOrEqual(1);
    expect(roll.roll).toBeLessThanOrEqual(3375);
    expect(roll.winner.power).toBe(roll.roll <= 1875 ? 'Kislev' : 'Empire');
    expect(roll.text).toContain(`rolled ${roll.roll} of 3375`);
    const adj = adjudicate(warhammer, position, orders, { battles: battleReports(midd, roll.winner.lead) });
    expect(adj.dislodged.map(unitText)).toEqual(roll.winner.power === 'Kislev' ? ['Empire: F midd'] : []);
  });

  it('rolls are weighted by army points (Kislev and Vampire Counts 1875 of 3375)', () => {
    let kislev = 0;
    const n = 4000;
    for (let i = 0; i < n; i++) if (rollBattle(midd, i).winner.power === 'Kislev') kislev++;
    expect(kislev / n).toBeGreaterThan(1875 / 3375 - 0.03);
    expect(kislev / n).toBeLessThan(1875 / 3375 + 0.03);
  });
});

describe('Decisive battles: reports that cannot be adjudicated are named', () => {
  const c = battleCases[0]!;
  const position = positionOf(c.units);
  const orders = ordersOf(position, c.orders);
  it.each([
    [[{ province: 'zzzz', winner: 'Empire' }], 'there is no province "zzzz"'],
    [[{ province: 'kisl', winner: 'Empire' }], 'no unit moves into or stands at kisl'],
    [[{ province: 'altd', winner: 'Kislev' }], 'Kislev does not fight in the battle at altd'],
    [
      [
        { province: 'altd', winner: 'Empire' },
        { province: 'altd', winner: 'Empire' },
      ],
      'a second report for altd',
    ],
  ])('%j', (reports, message) => {
    expect(checkBattleReports(warhammer, position, orders, reports).join('\n')).toContain(message);
  });
  it('declarations the provisional result does not allow are left out with a reason', () => {
    const { battles, problems } = groupBattles(warhammer, position, orders, [
      { power: 'Kislev', unit: 'F claw', kind: 'move', province: 'midd' },
    ]);
    expect(battles).toEqual([]);
    expect(problems[0]).toContain('the provisional result does not allow it');
  });
});
