/**
 * Draws every phase of a game played by `scripts/play-map-cases.ts` as the bot posts it: the board (the position
 * alone, as `/map` shows it before orders) and the orders map (orders with what `adjudicate` decided), each at full
 * size and scaled to 550 px wide (Discord's inline preview), for looking at:
 *
 *   npx tsx scripts/render-played.ts <game.json> <out-dir> [--palette colorblind] [--only <case id>]…
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { parseFlags } from '../src/cli/io.js';
import { renderCaseOf, renderOptionsOf } from '../src/cli/commands/render.js';
import { renderMap, stopRenderWorker } from '../src/render/index.js';

async function scaled(png: Buffer, width: number): Promise<Buffer> {
  const image = await loadImage(png);
  const height = Math.round((image.height * width) / image.width);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, 0, 0, width, height);
  return canvas.toBuffer('image/png');
}

async function main(): Promise<void> {
  const [file, dir, ...rest] = process.argv.slice(2);
  if (!file || !dir) throw new Error('usage: <game.json> <out-dir> [--palette colorblind] [--only <id>]…');
  const palette = rest.includes('--palette') ? (rest[rest.indexOf('--palette') + 1] as 'colorblind') : 'standard';
  const only = rest.flatMap((a, i) => (rest[i - 1] === '--only' ? [a] : []));
  mkdirSync(dir, { recursive: true });
  const cases = JSON.parse(readFileSync(file, 'utf8')) as { id: string; orders?: unknown[] }[];
  for (const [i, c] of cases.entries()) {
    if (only.length > 0 && !only.includes(c.id)) continue;
    for (const picture of ['board', 'orders'] as const) {
      const drawn = await renderCaseOf(picture === 'board' ? { ...c, orders: [] } : c, parseFlags([], []));
      const started = performance.now();
      const map = await renderMap(drawn.variant, drawn.position, { ...renderOptionsOf(drawn), palette });
      const ms = performance.now() - started;
      const name = `${String(i).padStart(2, '0')}-${c.id}-${picture}`;
      writeFileSync(join(dir, `${name}.png`), map.png);
      writeFileSync(join(dir, `${name}-550.png`), await scaled(map.png, 550));
      process.stdout.write(`${name}: ${Math.round(map.png.length / 1024)} KiB, ${Math.round(ms)} ms\n`);
    }
  }
  stopRenderWorker();
}

await main();
