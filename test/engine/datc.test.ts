/**
 * DATC v3.1, all 165 entries (test/fixtures/datc.json): final units, dislodgements, retreat options and
 * move/retreat/build results, with the DATC-preferred rule options.
 */
import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../src/engine/index.js';
import { classic } from '../../src/variants/classic/index.js';
import {
  loadDatc,
  sortedUnits,
  toOrders,
  toPosition,
  type DatcMovementExpected,
  type DatcOrder,
} from '../support/datc.js';
import type { Adjudication } from '../../src/engine/types.js';

const cases = loadDatc();
const startCenters = classic.startingPosition().supplyCenters;

function resultFor(adj: Adjudication, norm: string) {
  const province = norm.split(' ')[1]!.split('/')[0]!;
  return adj.results.find((r) => !r.defaulted && r.unit.split(' ')[1]?.split('/')[0] === province);
}

function checkMovement(adj: Adjudication, expected: DatcMovementExpected) {
  expect(sortedUnits(adj.position.units)).toEqual(sortedUnits(expected.units));
  expect(adj.dislodged.map((d) => `${d.power} ${d.type} ${d.province} from ${d.attackerFrom}`).sort()).toEqual(
    expected.dislodged.map((d) => `${d.power} ${d.type} ${d.province} from ${d.attackerFrom}`).sort(),
  );
  const options = Object.fromEntries(adj.dislodged.map((d) => [d.province, d.retreatOptions]));
  expect(options).toEqual(expected.retreatOptions);
  for (const [norm, outcome] of Object.entries(expected.orderResults)) {
    const r = resultFor(adj, norm);
    expect(r, `result for ${norm}`).toBeDefined();
    expect(`${norm}: ${r!.result === 'illegal' ? 'failure' : r!.result}`).toBe(`${norm}: ${outcome}`);
  }
}

describe('DATC v3.1', () => {
  it('has 165 entries', () => expect(cases).toHaveLength(165));

  for (const c of cases) {
    it(`${c.id} ${c.title}`, () => {
      const position = toPosition(c, startCenters);
      const adj = adjudicate(classic, position, toOrders(c.orders as DatcOrder[]));
      if (c.phase.type === 'movement') {
        checkMovement(adj, c.expected as DatcMovementExpected);
      } else if (c.phase.type === 'retreat') {
        if (c.prelude) {
          // The movement phase that leads to this retreat state.
          const pre = adjudicate(classic, toPosition(c.prelude, startCenters), toOrders(c.prelude.orders));
          checkMovement(pre, c.prelude.expected);
        }
        expect(sortedUnits(adj.position.units)).toEqual(sortedUnits(c.expected.units));
        expect(sortedUnits(adj.removed)).toEqual(sortedUnits(c.expected.disbanded));
        for (const [norm, outcome] of Object.entries(c.expected.orderResults as Record<string, string>)) {
          const r = adj.results.find(
            (x) =>
              !x.defaulted &&
              x.order.split(' ')[1] === norm.split(' ')[1] &&
              x.power === c.orders.find((o) => o.norm === norm)!.power,
          );
          expect(`${norm}: ${r?.result}`).toBe(`${norm}: ${outcome}`);
        }
      } else {
        expect(sortedUnits(adj.position.units)).toEqual(sortedUnits(c.expected.units));
        expect(sortedUnits(adj.civilDisorderRemovals)).toEqual(sortedUnits(c.expected.civilDisorderRemovals));
        const given = adj.results.filter((r) => !r.defaulted).map((r) => `${r.power} ${r.order} ${r.result}`);
        expect(given).toEqual(
          (c.expected.orderResults as { order: string; power: string; result: string }[]).map(
            (r) => `${r.power} ${r.order} ${r.result}`,
          ),
        );
      }
    });
  }
});
