/**
 * The supply-centre chart (docs/render.md, "The supply-centre chart"): a Classic game of 11 years and a 21-power
 * Warhammer game of 20 years (the gallery's charts, src/render/gallery.ts `galleryCharts`), drawn 20 times each after
 * a warm-up. Reports the whole render (drawing, quantising, deflate) and its synchronous part (drawing and quantising:
 * what would hold the event loop if it ran on the bot's thread), and the PNG's size.
 */
import os from 'node:os';
import { galleryCharts } from '../src/render/gallery.js';
import { pngRows } from '../src/render/png.js';
import { drawScChart, renderScChart } from '../src/render/sc-chart.js';
import { median, percentile, type BenchResult } from './types.js';

const RUNS = 20;

export async function benchChart(): Promise<BenchResult[]> {
  const load = () => `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`;
  const out: BenchResult[] = [];
  for (const chart of galleryCharts().filter((c) => !c.file.includes('colorblind'))) {
    const name = chart.file.includes('warhammer') ? '21-power Warhammer, 20 years' : 'Classic, 11 years';
    await renderScChart(chart.input);
    const whole: number[] = [];
    const sync: number[] = [];
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      let t = performance.now();
      const drawn = await renderScChart(chart.input);
      whole.push(performance.now() - t);
      bytes = drawn.png.length;
      t = performance.now();
      const { ctx, width, height } = drawScChart(chart.input);
      pngRows(ctx, width, height);
      sync.push(performance.now() - t);
    }
    const note = `${RUNS} renders of the gallery's ${name} chart (1200 px wide) after one warm-up; ${load()}`;
    out.push(
      { name: `chart: ${name}, PNG, median`, value: median(whole), unit: 'ms', note },
      { name: `chart: ${name}, PNG, p95`, value: percentile(whole, 95), unit: 'ms', note },
      {
        name: `chart: ${name}, synchronous part, median`,
        value: median(sync),
        unit: 'ms',
        note: 'drawing and quantising (deflate runs on the thread pool): what would hold the event loop on the calling thread',
      },
      { name: `chart: ${name}, PNG size`, value: bytes / 1024, unit: 'KiB', note: '8-bit palette PNG' },
    );
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`)
  for (const r of await benchChart()) console.log(`${r.name}: ${r.value.toFixed(1)} ${r.unit} (${r.note})`);
