/**
 * Rendering benchmark: a 1600-px-wide PNG of the busy Classic Fall 1903 phase of the gallery
 * (36 units; supports, a two-fleet convoy, a cut support, three dislodgements), and the gallery's 21-power Warhammer
 * Fall 2500, and a computer-played Warhammer second Spring (every power's orders: the busiest real map). Targets on the 2-core machine: under 400 ms for the first render of a fresh process, under 150 ms per
 * warm Classic render, under 300 ms per warm Warhammer render, and the event loop never
 * blocked for more than 20 ms (drawing, rasterizing, quantising and PNG compression run in the render worker).
 *
 * The first render is measured as operators meet it, on the compiled build: `node dist/cli/main.js render` in a
 * fresh process, nothing prepared beforehand (geometry read from assets/geometry/, render worker started, scene
 * built, drawn, compressed), several times. The bot's warm-up (warmRenderer, after it is ready) is measured in
 * steps; the warm renders in this process.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { renderCaseOf, renderOptionsOf } from '../src/cli/commands/render.js';
import { parseFlags } from '../src/cli/io.js';
import { formatOrder } from '../src/engine/format.js';
import { renderMap, renderMapTimed, stopRenderWorker, warmRenderer } from '../src/render/index.js';
import { busyClassic, galleryImages } from '../src/render/gallery.js';
import { classic } from '../src/variants/classic/index.js';
import { botVariants } from '../src/variants/index.js';
import { median, percentile, type BenchResult } from './types.js';

const ROOT = resolve(import.meta.dirname, '..');
const load = () => `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`;

export async function benchRender(): Promise<BenchResult[]> {
  const { position, orders, adjudication } = busyClassic();
  const opts = { orders, adjudication, width: 1600 };
  const first = firstRenders(
    position,
    orders.map((o) => ({ power: o.power, text: formatOrder(o.order, classic.rules) })),
  );

  // The bot's warm-up once it is ready: every step between two event-loop turns, and the delay the loop saw.
  const warmLoop = monitorEventLoopDelay({ resolution: 1 });
  const loadWarm = load();
  warmLoop.enable();
  const w0 = performance.now();
  const warm = await warmRenderer(botVariants());
  const warmMs = performance.now() - w0;
  warmLoop.disable();
  if (warm.problems.length > 0) throw new Error(`warm-up: ${warm.problems.join('; ')}`);

  for (let i = 0; i < 3; i++) await renderMap(classic, position, opts); // warm-up (JIT)
  const runs = 20;
  const total: number[] = [];
  const sceneTimes: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const map = await renderMap(classic, position, opts);
    total.push(performance.now() - t0);
    bytes = map.png.length;
    sceneTimes.push((await renderMapTimed(classic, position, opts)).timings.scene);
  }

  // The biggest map: Warhammer's 21 powers (the gallery's Fall 2500: every unit marked, the Illusion, the risen army).
  const wh = galleryImages().find((g) => g.file === 'warhammer-fall-2500-orders.png')!;
  for (let i = 0; i < 3; i++) await renderMap(wh.variant, wh.position, wh.opts);
  const whTotal: number[] = [];
  let whBytes = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const map = await renderMap(wh.variant, wh.position, wh.opts);
    whTotal.push(performance.now() - t0);
    whBytes = map.png.length;
  }
  const whNote = `${load()}; Warhammer Fall 2500 (gallery), 21 powers, ${wh.position.units.length} units, ${wh.opts.orders?.length ?? 0} orders with results, 1600 px wide, ${runs} runs after 3 renders`;

  // A realistic busy map: the orders map of a computer-played Warhammer game's second Spring (test/render/played/),
  // every power's orders with their results, as the bot posts it (the gallery's quiet Fall 2500 is far lighter).
  const played = await playedWarhammer();
  for (let i = 0; i < 3; i++) await renderMap(played.variant, played.position, played.opts);
  const playedTotal: number[] = [];
  let playedBytes = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const map = await renderMap(played.variant, played.position, played.opts);
    playedTotal.push(performance.now() - t0);
    playedBytes = map.png.length;
  }
  const playedNote = `${load()}; a computer-played Warhammer Spring 2502 orders map (test/render/played/warhammer.json), ${played.position.units.length} units, ${played.opts.orders?.length ?? 0} orders with results, 1600 px wide, ${runs} runs after 3 renders`;

  // Event-loop blocking while renderMap runs back to back (perf_hooks histogram, 1-ms resolution).
  // On a loaded machine this also counts time the process waits for a core.
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  for (let i = 0; i < 10; i++) await renderMap(classic, position, opts);
  histogram.disable();
  const worstGap = histogram.max / 1e6;
  await stopRenderWorker();

  const note = `${load()}; Classic Fall 1903, ${position.units.length} units, ${orders.length} orders with results, 1600 px wide, ${runs} runs after 4 renders`;
  return [
    {
      name: 'render: first PNG of a process, median (compiled CLI)',
      value: median(first.ms),
      unit: 'ms',
      note: `\`node dist/cli/main.js render --out x.png < busy-fall-1903.json\` in a fresh process, ${first.ms.length} runs, its own \`ms\` (the render call: stored geometry read, render worker started, scene built, drawn, quantised, compressed, written): ${first.ms.join(', ')} ms; whole process ${first.wall.map((w) => w.toFixed(0)).join(', ')} ms; target < 400 ms; ${first.load} before`,
    },
    {
      name: 'render: first PNG of a process, slowest of the runs',
      value: Math.max(...first.ms),
      unit: 'ms',
      note: 'same runs; target < 400 ms',
    },
    {
      name: "render: bot's warm-up after ready, longest step",
      value: warm.longestStepMs,
      unit: 'ms',
      note: `warmRenderer over ${botVariants()
        .map((v) => v.id)
        .join(
          ', ',
        )} (stored geometry and unit spots in steps, one throw-away picture): ${warmMs.toFixed(0)} ms in all, the longest synchronous step ${warm.longestStepMs.toFixed(1)} ms, max event-loop delay meanwhile ${(warmLoop.max / 1e6).toFixed(1)} ms (target < 20 ms); ${loadWarm} before`,
    },
    { name: 'render: PNG, median', value: median(total), unit: 'ms', note: `${note}; target < 150 ms` },
    { name: 'render: PNG, p95', value: percentile(total, 95), unit: 'ms', note },
    {
      name: 'render: scene building (buildScene), median',
      value: median(sceneTimes),
      unit: 'ms',
      note: 'for a bundled variant it runs in the render worker with the drawing, rasterizing and compression (the calling thread only posts the job); on the calling thread only for a variant from outside (CLI --variant-file)',
    },
    {
      name: 'render: scene building (buildScene), max',
      value: Math.max(...sceneTimes),
      unit: 'ms',
      note: 'measured here on the calling thread',
    },
    {
      name: 'render: longest event-loop stall',
      value: worstGap,
      unit: 'ms',
      note: `max event-loop delay (perf_hooks) over 10 renderMap calls; ${load()} while measuring`,
    },
    {
      name: 'render: PNG size',
      value: bytes / 1024,
      unit: 'KiB',
      note: 'same image; 8-bit palette PNG (target < 250 KiB)',
    },
    {
      name: 'render: 21-power Warhammer PNG, median',
      value: median(whTotal),
      unit: 'ms',
      note: `${whNote}; target < 300 ms`,
    },
    { name: 'render: 21-power Warhammer PNG, p95', value: percentile(whTotal, 95), unit: 'ms', note: whNote },
    {
      name: 'render: 21-power Warhammer PNG size',
      value: whBytes / 1024,
      unit: 'KiB',
      note: 'same image; 8-bit palette PNG (target < 250 KiB)',
    },
    {
      name: 'render: played 21-power Warhammer PNG, median',
      value: median(playedTotal),
      unit: 'ms',
      note: `${playedNote}; target < 300 ms`,
    },
    {
      name: 'render: played 21-power Warhammer PNG, p95',
      value: percentile(playedTotal, 95),
      unit: 'ms',
      note: playedNote,
    },
    {
      name: 'render: played 21-power Warhammer PNG size',
      value: playedBytes / 1024,
      unit: 'KiB',
      note: 'same image; 8-bit palette PNG (target < 400 KiB over 8 powers, every flat colour exact)',
    },
  ];
}

/** The orders map of the computer-played Warhammer game's second Spring, as `render` reads that case. */
async function playedWarhammer() {
  const file = join(ROOT, 'test', 'render', 'played', 'warhammer.json');
  const cases = JSON.parse(readFileSync(file, 'utf8')) as { id: string }[];
  const spring = cases.find((c) => c.id === 'spring-2502-movement');
  if (!spring) throw new Error(`${file}: no spring-2502-movement case`);
  const drawn = await renderCaseOf(spring, parseFlags([], []));
  return { variant: drawn.variant, position: drawn.position, opts: { ...renderOptionsOf(drawn), width: 1600 } };
}

/** The compiled CLI's first (and only) render in fresh processes: its reported `ms`, and the whole process's wall time. */
function firstRenders(
  position: ReturnType<typeof busyClassic>['position'],
  orders: { power: string; text: string }[],
): { ms: number[]; wall: number[]; load: string } {
  const built = spawnSync(process.execPath, ['scripts/dist.mjs', 'build'], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`build failed: ${built.stderr}`);
  const dir = mkdtempSync(join(os.tmpdir(), 'zhanguo-bench-render-'));
  try {
    const input = join(dir, 'busy.json');
    writeFileSync(
      input,
      JSON.stringify({
        variant: 'classic',
        phase: position.phase,
        units: position.units,
        supplyCenters: position.supplyCenters,
        orders,
      }),
    );
    const before = load();
    const ms: number[] = [];
    const wall: number[] = [];
    for (let i = 0; i < 7; i++) {
      const t0 = performance.now();
      const r = spawnSync(
        'sh',
        ['-c', `"${process.execPath}" dist/cli/main.js render --out "${join(dir, 'x.png')}" < "${input}"`],
        { cwd: ROOT, encoding: 'utf8' },
      );
      wall.push(performance.now() - t0);
      if (r.status !== 0) throw new Error(`cli render failed: ${r.stderr}`);
      ms.push((JSON.parse(r.stdout) as { ms: number }).ms);
    }
    return { ms, wall, load: before };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
