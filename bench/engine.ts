/**
 * Adjudication throughput on random 22–34-unit Classic movement phases (well under 0.1 ms per phase).
 */
import { performance } from 'node:perf_hooks';
import { adjudicate } from '../src/engine/index.js';
import { legalOrders } from '../src/engine/options.js';
import { classic } from '../src/variants/classic/index.js';
import { randomOrders, randomPosition, rng } from '../test/support/random.js';
import { loadDatc, toOrders, toPosition } from '../test/support/datc.js';
import { median, type BenchResult } from './types.js';

export async function benchEngine(): Promise<BenchResult[]> {
  const r = rng(20261121);
  const phases = Array.from({ length: 2000 }, () => {
    const position = randomPosition(classic, r, 22 + Math.floor(r() * 13));
    return { position, orders: randomOrders(classic, position, r) };
  });
  // Warm up the JIT, then time five passes over the same 2000 phases.
  for (const p of phases.slice(0, 500)) adjudicate(classic, p.position, p.orders);
  const perPhase: number[] = [];
  for (let pass = 0; pass < 5; pass++) {
    const t0 = performance.now();
    for (const p of phases) adjudicate(classic, p.position, p.orders);
    perPhase.push((performance.now() - t0) / phases.length);
  }
  const cases = loadDatc();
  const start = classic.startingPosition().supplyCenters;
  const datcRuns: number[] = [];
  for (let pass = 0; pass < 5; pass++) {
    const t0 = performance.now();
    for (const c of cases) adjudicate(classic, toPosition(c, start), toOrders(c.orders));
    datcRuns.push(performance.now() - t0);
  }
  // The legal-order lists behind /order's autocomplete (a timed test once; speed is measured here, not in tests).
  const opening = classic.startingPosition();
  for (const p of classic.powers) legalOrders(classic, opening, p.name);
  const perPower: number[] = [];
  for (let pass = 0; pass < 5; pass++) {
    const t0 = performance.now();
    for (let i = 0; i < 50; i++) for (const p of classic.powers) legalOrders(classic, opening, p.name);
    perPower.push((performance.now() - t0) / (50 * classic.powers.length));
  }
  return [
    {
      name: 'Adjudicate a random Classic movement phase (22–34 units, random orders)',
      value: median(perPhase),
      unit: 'ms/phase',
      note: `median of 5 passes over 2000 seeded random phases, about ${Math.round(1000 / median(perPhase))} phases/s; target well under 0.1 ms (a Python reference engine takes about 2 ms)`,
    },
    { name: 'Adjudicate all 165 DATC entries', value: median(datcRuns), unit: 'ms', note: 'median of 5 passes' },
    {
      name: "One Classic power's legal orders at the start (autocomplete)",
      value: median(perPower),
      unit: 'ms/power',
      note: 'median of 5 passes of 50 × 7 powers; target under 5 ms (an autocomplete answers within 3 s, with most of it for the network)',
    },
  ];
}
