import { describe, expect, it } from 'vitest';
import { adjudicate, winnerOf } from '../../../src/engine/index.js';
import { parseOrder } from '../../../src/engine/parse/index.js';
import type { Position } from '../../../src/engine/types.js';
import { warringStates as v } from '../../../src/variants/warring-states/index.js';
import { decisionCases } from './decisions.js';
import { expected, ordersOf, outcome, run, unitOf, unitText } from './harness.js';

describe('Warring States decisions (docs/rules/warring-states.md)', () => {
  for (const c of decisionCases) {
    it(`${c.name} — ${c.seed}`, () => {
      expect(outcome(c, run(c))).toEqual(expected(c));
    });
  }
});

function winter(units: string[], centres: Record<string, string[]>): Position {
  return {
    phase: { season: 'winter', year: 1, type: 'adjustment' },
    units: units.map(unitOf),
    dislodged: [],
    contested: [],
    supplyCenters: centres,
  };
}

describe('Warring States builds (seed Fleets 1, Home Supply Centres 1–2)', () => {
  const start = v.startingPosition().supplyCenters;

  it('no fleet builds: only armies', () => {
    const pos = winter(['Qi A jia', 'Qi A lib', 'Qi A lu'], { ...start, Qi: ['jia', 'lib', 'lin', 'lu'] });
    const adj = adjudicate(v, pos, ordersOf(pos, { Qi: ['Build F Lin'] }));
    expect(adj.results.find((r) => r.power === 'Qi')!.result).not.toBe('success');
    expect(adj.position.units.map(unitText)).not.toContain('Qi F lin');
    const ok = adjudicate(v, pos, ordersOf(pos, { Qi: ['Build A Lin'] }));
    expect(ok.results.find((r) => r.power === 'Qi')!.result).toBe('success');
    expect(ok.position.units.map(unitText)).toContain('Qi A lin');
  });

  it('a captured home centre is a home centre of its new owner', () => {
    const centres = { ...start, Han: ['yiy', 'yzh'], Qin: ['luo', 'nan', 'xia', 'yon'] };
    const pos = winter(['Qin A nan', 'Qin A xia', 'Qin A yon', 'Han A yiy', 'Han A yzh'], centres);
    const adj = adjudicate(v, pos, ordersOf(pos, { Qin: ['Build A Luo'] }));
    expect(adj.results.find((r) => r.power === 'Qin')!).toMatchObject({ result: 'success' });
    expect(adj.position.units.map(unitText)).toContain('Qin A luo');
  });

  it('a neutral centre is no home centre', () => {
    const pos = winter(['Qin A nan', 'Qin A xia', 'Qin A yon'], { ...start, Qin: ['any', 'nan', 'xia', 'yon'] });
    const adj = adjudicate(v, pos, ordersOf(pos, { Qin: ['Build A Any'] }));
    expect(adj.results.find((r) => r.power === 'Qin')!.result).not.toBe('success');
  });

  it('records captured home centres in the variant state after a fall turn', () => {
    const pos: Position = {
      phase: { season: 'fall', year: 1, type: 'movement' },
      units: ['Qin A hch', 'Han A yiy'].map(unitOf),
      dislodged: [],
      contested: [],
      supplyCenters: { ...start, Han: ['yiy', 'yzh'] },
    };
    const adj = adjudicate(v, pos, ordersOf(pos, { Qin: ['A Hch - Luo'] }));
    expect(adj.position.variantState).toEqual({ capturedHomeCentres: { Qin: ['luo'] } });
  });
});

describe('Warring States retreats (seed Fleets 6: "move, retreat, or support")', () => {
  it('a fleet retreating inland reverts to an army', () => {
    const pos: Position = {
      phase: { season: 'spring', year: 1, type: 'movement' },
      units: ['Chu F wu', 'Yue F ecs', 'Yue F yel'].map(unitOf),
      dislodged: [],
      contested: [],
      supplyCenters: v.startingPosition().supplyCenters,
    };
    const moved = adjudicate(v, pos, ordersOf(pos, { Yue: ['F ECS - Wu', 'F YEL S F ECS - Wu'] }));
    const d = moved.dislodged.find((u) => u.province === 'wu')!;
    expect(d.retreatOptions).toEqual(['jiu', 'jyi', 'sch', 'sny', 'yue']);
    const order = parseOrder(v, 'F Wu R Sch', { position: moved.position, power: 'Chu' });
    if (!order.ok) throw new Error(order.error);
    const retreat = adjudicate(v, moved.position, [{ power: 'Chu', order: order.order }]);
    expect(retreat.position.units.map(unitText)).toContain('Chu A sch');
  });
});

describe('Warring States victory (seed "Victory")', () => {
  const counts = (n: Record<string, number>) => {
    const ids = v.map.supplyCenters();
    let k = 0;
    const out: Record<string, string[]> = {};
    for (const [p, c] of Object.entries(n)) out[p] = ids.slice(k, (k += c));
    return out;
  };
  const pos = (n: Record<string, number>): Position => ({ ...v.startingPosition(), supplyCenters: counts(n) });

  it('18 centres and strictly more than anyone else wins', () => {
    expect(winnerOf(v.map, v.rules, pos({ Qin: 18, Chu: 17 }), v.victory)).toBe('Qin');
  });
  it('a tie at 18 continues the game', () => {
    expect(winnerOf(v.map, v.rules, pos({ Qin: 18, Chu: 18 }), v.victory)).toBeNull();
  });
  it('17 is not enough', () => {
    expect(winnerOf(v.map, v.rules, pos({ Qin: 17, Chu: 3 }), v.victory)).toBeNull();
  });
});

describe('Warring States autocomplete (legalOrders)', () => {
  it('proposes raising fleets, rapid river paths, and no convoys', async () => {
    const { legalOrders } = await import('../../../src/engine/options.js');
    const pos: Position = { ...v.startingPosition(), units: ['Qi F boh', 'Qi A lin', 'Qi A jia'].map(unitOf) };
    const byUnit = new Map(legalOrders(v, pos, 'Qi').map((u) => [u.unit.province, u.orders]));
    expect(byUnit.get('lin')).toContain('A lin R F');
    expect(byUnit.get('boh')).toEqual(expect.arrayContaining(['F boh - lin - diq', 'F boh - lin - diq - wei']));
    expect([...byUnit.values()].flat().some((o) => / C |via convoy/.test(o))).toBe(false);
    const inland: Position = { ...v.startingPosition(), units: ['Zhao A tai'].map(unitOf) };
    expect(legalOrders(v, inland, 'Zhao')[0]!.orders).not.toContain('A tai R F');
  });
});
