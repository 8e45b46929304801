import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../src/engine/index.js';
import { parseOrder } from '../../src/engine/parse/index.js';
import type { DislodgedUnit, Position, PowerOrder, Unit } from '../../src/engine/types.js';
import { buildScene } from '../../src/render/index.js';
import { classic } from './helpers.js';

interface DatcCase {
  id: string;
  phase: Position['phase'];
  units: (Omit<Unit, 'coast'> & { coast?: string | null })[];
  dislodged?: (Omit<DislodgedUnit, 'coast' | 'viaConvoy'> & { coast?: string | null; viaConvoy?: boolean })[];
  contested?: string[];
  supplyCenters?: Record<string, string[]>;
  orders?: { power: string; text: string }[];
}

const cases = JSON.parse(readFileSync(new URL('../fixtures/datc.json', import.meta.url), 'utf8')) as DatcCase[];

describe('every DATC position, with its orders and adjudicated results, is drawn completely', () => {
  it.each(cases.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const position: Position = {
      phase: c.phase,
      units: c.units.map((u) => ({ ...u, coast: u.coast ?? null })),
      dislodged: (c.dislodged ?? []).map((d) => ({ ...d, coast: d.coast ?? null, viaConvoy: d.viaConvoy ?? false })),
      contested: c.contested ?? [],
      supplyCenters: c.supplyCenters ?? {},
    };
    const orders: PowerOrder[] = [];
    for (const o of c.orders ?? []) {
      const r = parseOrder(classic, o.text, { position, power: o.power });
      if (r.ok) orders.push({ power: o.power, order: r.order });
    }
    const adjudication = adjudicate(classic, position, orders);
    const built = buildScene(classic, position, { orders, adjudication });
    if (!built.ok) throw new Error(built.error);
    const scene = built.scene;
    expect(scene.warnings).toEqual([]);
    const builds = orders.filter((o) => o.order.kind === 'build').length;
    expect(scene.units).toHaveLength(position.units.length + position.dislodged.length + builds);
    expect(scene.orders).toHaveLength(orders.filter((o) => o.order.kind !== 'waive').length);
    // Every order with an outcome got it from the results.
    expect(scene.orders.every((o) => o.outcome !== null)).toBe(true);
  });
});
