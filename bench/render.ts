/**
 * Rendering benchmark (issue 3, item 7): a 1600-px-wide PNG of the Classic map with 34 units and 34
 * orders with results. Targets: under 250 ms per PNG; the event loop never blocked for more than 20 ms
 * (drawing is synchronous, PNG encoding runs off the main thread).
 */
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { adjudicate } from '../src/engine/index.js';
import type { Order, Position, PowerOrder, Unit } from '../src/engine/types.js';
import { renderMap, renderMapTimed, stopRenderWorker } from '../src/render/index.js';
import { classic } from '../src/variants/classic/index.js';
import { median, percentile, type BenchResult } from './types.js';

/** 34 armies, one on every supply centre (powers round-robin), and 34 orders: holds, moves and supports. */
export function benchCase(): { position: Position; orders: PowerOrder[] } {
  const map = classic.map;
  const powers = classic.powers.map((p) => p.name);
  const centers = map.supplyCenters();
  const units: Unit[] = centers.map((province, i) => ({ power: powers[i % powers.length], type: 'A', province, coast: null }));
  const occupied = new Set(centers);
  const orders: PowerOrder[] = units.map((unit, i) => {
    const ref = { type: unit.type, province: unit.province, coast: null };
    const neighbours = [...map.armyNeighbours(unit.province)].sort();
    const friend = neighbours.find((n) => occupied.has(n));
    let order: Order;
    if (i % 4 === 0 || neighbours.length === 0) order = { kind: 'hold', unit: ref };
    else if (i % 4 === 3 && friend) order = { kind: 'support', unit: ref, target: { type: 'A', province: friend, coast: null }, to: null };
    else order = { kind: 'move', unit: ref, to: { province: neighbours[i % neighbours.length], coast: null }, viaConvoy: false };
    return { power: unit.power, order };
  });
  const supplyCenters: Record<string, string[]> = {};
  for (const u of units) (supplyCenters[u.power] ??= []).push(u.province);
  return {
    position: { phase: { season: 'fall', year: 1905, type: 'movement' }, units, dislodged: [], contested: [], supplyCenters },
    orders,
  };
}

export async function benchRender(): Promise<BenchResult[]> {
  const { position, orders } = benchCase();
  const adjudication = adjudicate(classic, position, orders);
  const opts = { orders, adjudication, width: 1600 };
  for (let i = 0; i < 3; i++) await renderMap(classic, position, opts); // warm-up (geometry cache, fonts, JIT)

  const runs = 20;
  const total: number[] = [];
  const longestBlock: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const { map, timings } = await renderMapTimed(classic, position, opts);
    total.push(performance.now() - t0);
    longestBlock.push(timings.scene);
    bytes = map.png.length;
  }

  // Event-loop blocking while renderMap runs back to back (perf_hooks histogram, 1-ms resolution).
  // On a loaded machine this also counts time the process waits for a core.
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  for (let i = 0; i < 10; i++) await renderMap(classic, position, opts);
  histogram.disable();
  const worstGap = histogram.max / 1e6;
  await stopRenderWorker();
  const load = os.loadavg()[0].toFixed(1);

  const note = `load average ${load}; Classic, ${position.units.length} units, ${orders.length} orders with results, 1600 px wide, ${runs} runs after 3 warm-ups`;
  return [
    { name: 'render: PNG, median', value: median(total), unit: 'ms', note: `${note}; target < 250 ms` },
    { name: 'render: PNG, p95', value: percentile(total, 95), unit: 'ms', note },
    { name: 'render: main-thread work (buildScene), median', value: median(longestBlock), unit: 'ms', note: 'the only synchronous step on the calling thread; drawing, rasterizing and PNG compression run in the render worker' },
    { name: 'render: main-thread work (buildScene), max', value: Math.max(...longestBlock), unit: 'ms', note: 'target < 20 ms' },
    { name: 'render: longest event-loop stall', value: worstGap, unit: 'ms', note: `max event-loop delay (perf_hooks) over 10 renderMap calls; load average ${load} on ${os.cpus().length} cores while measuring` },
    { name: 'render: PNG size', value: bytes / 1024, unit: 'KiB', note: 'same image' },
  ];
}
