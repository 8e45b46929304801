/**
 * Rendering benchmark (issue 10 §7): a 1600-px-wide PNG of the busy Classic Fall 1903 phase of the gallery
 * (36 units; supports, a two-fleet convoy, a cut support, three dislodgements). Targets on the 2-core machine:
 * under 400 ms for the first render of a fresh process (after `prepareRenderer`, as the bot does at start-up),
 * under 150 ms per warm render, and the event loop never blocked for more than 20 ms (drawing, rasterizing,
 * quantising and PNG compression run in the render worker).
 */
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { prepareRenderer, renderMap, renderMapTimed, stopRenderWorker } from '../src/render/index.js';
import { busyClassic } from '../src/render/gallery.js';
import { classic } from '../src/variants/classic/index.js';
import { median, percentile, type BenchResult } from './types.js';

export async function benchRender(): Promise<BenchResult[]> {
  const { position, orders, adjudication } = busyClassic();
  const opts = { orders, adjudication, width: 1600 };
  const loadBefore = os.loadavg()[0].toFixed(1);

  const p0 = performance.now();
  prepareRenderer([classic]);
  const prepare = performance.now() - p0;
  const f0 = performance.now();
  await renderMap(classic, position, opts);
  const first = performance.now() - f0;
  for (let i = 0; i < 3; i++) await renderMap(classic, position, opts); // warm-up (JIT)

  const runs = 20;
  const total: number[] = [];
  const sceneTimes: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const { map, timings } = await renderMapTimed(classic, position, opts);
    total.push(performance.now() - t0);
    sceneTimes.push(timings.scene);
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

  const note = `load average ${load} on ${os.cpus().length} cores; Classic Fall 1903, ${position.units.length} units, ${orders.length} orders with results, 1600 px wide, ${runs} runs after 4 renders`;
  return [
    { name: 'render: prepareRenderer (geometry, fonts, worker start)', value: prepare, unit: 'ms', note: `once per process, at start-up; load average ${loadBefore} before` },
    { name: 'render: first PNG of a process', value: first, unit: 'ms', note: 'right after prepareRenderer (worker start-up and first draw); target < 400 ms' },
    { name: 'render: PNG, median', value: median(total), unit: 'ms', note: `${note}; target < 150 ms` },
    { name: 'render: PNG, p95', value: percentile(total, 95), unit: 'ms', note },
    { name: 'render: main-thread work (buildScene), median', value: median(sceneTimes), unit: 'ms', note: 'the only synchronous step on the calling thread; drawing, rasterizing, quantising and PNG compression run in the render worker' },
    { name: 'render: main-thread work (buildScene), max', value: Math.max(...sceneTimes), unit: 'ms', note: 'target < 20 ms' },
    { name: 'render: longest event-loop stall', value: worstGap, unit: 'ms', note: `max event-loop delay (perf_hooks) over 10 renderMap calls; load average ${load} on ${os.cpus().length} cores while measuring` },
    { name: 'render: PNG size', value: bytes / 1024, unit: 'KiB', note: 'same image; 8-bit palette PNG (target < 250 KiB)' },
  ];
}
