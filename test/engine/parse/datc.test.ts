/**
 * Every order text of the DATC (test/fixtures/datc.json: `orders[].text` and `prelude.orders[].text`) parses to
 * the order in its `parsed` field, and its normalized text equals `norm`.
 */
import { describe, expect, it } from 'vitest';
import datc from '../../fixtures/datc.json' with { type: 'json' };
import { parseOrder } from '../../../src/engine/parse/index.js';
import type { Order, Position } from '../../../src/engine/types.js';
import { getVariant } from '../../../src/variants/index.js';

const classic = getVariant('classic')!;

interface DatcOrder {
  power: string;
  text: string;
  norm: string;
  parsed: { type: string } & Record<string, unknown>;
}
interface DatcPhase {
  phase: Position['phase'];
  units: Position['units'];
  dislodged?: Position['dislodged'];
  contested?: string[];
  orders: DatcOrder[];
}
type DatcCase = DatcPhase & { id: string; prelude?: DatcPhase };

/** DATC `parsed.type` is our `kind`; every other field maps 1:1. */
function expectedOrder(parsed: DatcOrder['parsed']): Order {
  const { type, ...rest } = parsed;
  return { kind: type, ...rest } as unknown as Order;
}

function positionOf(phase: DatcPhase): Position {
  return {
    phase: phase.phase,
    units: phase.units,
    dislodged: phase.dislodged ?? [],
    contested: phase.contested ?? [],
    supplyCenters: {},
  };
}

const cases = datc as unknown as DatcCase[];
const entries = cases.flatMap((c) => [
  ...c.orders.map((o) => ({ id: c.id, where: 'orders', order: o, position: positionOf(c) })),
  ...(c.prelude
    ? c.prelude.orders.map((o) => ({ id: c.id, where: 'prelude', order: o, position: positionOf(c.prelude!) }))
    : []),
]);

describe('DATC order texts', () => {
  it('covers all 165 entries (the 10 civil-disorder cases without orders included)', () => {
    expect(cases).toHaveLength(165);
    const withoutOrders = cases.filter((c) => c.orders.length + (c.prelude?.orders.length ?? 0) === 0);
    expect(withoutOrders).toHaveLength(10);
    expect(entries).toHaveLength(731);
  });

  it.each(entries.map((e) => [`${e.id} ${e.where}: ${e.order.text}`, e] as const))('%s', (_name, e) => {
    const result = parseOrder(classic, e.order.text, { position: e.position });
    expect(result).toEqual({ ok: true, order: expectedOrder(e.order.parsed), text: e.order.norm });
  });
});
