import { loadImage, createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import {
  buildScene,
  ensureFonts,
  geometryOf,
  prepareRenderer,
  renderMap,
  renderMapTimed,
  RenderError,
  warmRenderer,
} from '../../src/render/index.js';
import { allVariants } from '../../src/variants/index.js';
import { observeRenderQueue, renderWorkerState, stopRenderWorker } from '../../src/render/pool.js';
import { rasterizeInThread } from '../../src/render/raster.js';
import { packScene, unpackScene } from '../../src/render/wire.js';
import { COLORS, landColor, rgb } from '../../src/render/palette.js';
import { classic, ordersFor } from './helpers.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function pixels(png: Buffer) {
  const img = await loadImage(png);
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0);
  return (x: number, y: number): [number, number, number] => {
    const d = ctx.getImageData(Math.round(x), Math.round(y), 1, 1).data;
    return [d[0], d[1], d[2]];
  };
}

const close = (a: [number, number, number], b: [number, number, number], tol = 6) =>
  a.every((v, i) => Math.abs(v - b[i]) <= tol);

describe('renderMap', () => {
  const start = classic.startingPosition();

  it('registers the bundled Noto Sans SC font', () => {
    expect(ensureFonts()).toEqual({ ok: true });
  });

  it('returns a PNG of the scene size', async () => {
    const map = await renderMap(classic, start, { width: 1200 });
    expect(map.png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    // IHDR: width and height are the first two big-endian words of the first chunk's data.
    expect(map.png.readUInt32BE(16)).toBe(1200);
    expect(map.png.readUInt32BE(20)).toBe(map.height);
    expect(map.width).toBe(1200);
    expect(map.warnings).toEqual([]);
  });

  it('paints seas, owned territory and units where the scene puts them', async () => {
    const orders = ordersFor(start, { Russia: 'A mos - ukr', Germany: 'A mun - bur', France: 'A par - bur' });
    const results = [
      { power: 'Germany', unit: 'A mun', order: 'A mun - bur', result: 'failure' as const, reason: '' },
      { power: 'France', unit: 'A par', order: 'A par - bur', result: 'failure' as const, reason: '' },
    ];
    const map = await renderMap(classic, start, { orders, results });
    const at = await pixels(map.png);
    const built = buildScene(classic, start, { orders, results });
    if (!built.ok) throw new Error(built.error);
    const scene = built.scene;
    const region = (id: string) => scene.regions.find((r) => r.id === id)!;
    // A point deep in the North Atlantic and one in Moscow's territory, away from any mark.
    const free = (id: string) => {
      const cell = region(id).polygons.reduce((a, b) => (area(b) > area(a) ? b : a));
      const cx = cell.reduce((s, p) => s + p[0], 0) / cell.length;
      const cy = cell.reduce((s, p) => s + p[1], 0) / cell.length;
      return [cx, cy] as [number, number];
    };
    expect(close(at(...free('nao')), rgb(COLORS.sea))).toBe(true);
    const russia = classic.powers.find((p) => p.name === 'Russia')!;
    const moscowUnit = scene.units.find((u) => u.location === 'mos')!;
    expect(
      close(at(moscowUnit.at[0] - moscowUnit.size * 0.6, moscowUnit.at[1] + moscowUnit.size * 0.15), rgb(russia.color)),
    ).toBe(true);
    const mosFree = free('mos');
    if (Math.hypot(mosFree[0] - moscowUnit.at[0], mosFree[1] - moscowUnit.at[1]) > 40) {
      expect(close(at(...mosFree), rgb(landColor(russia, 'standard')))).toBe(true);
    }
    // Title text is dark on the light title bar, somewhere in its first line.
    const titleDark = Array.from({ length: 200 }, (_, i) => at(16 + i, scene.title.at[1])).some(
      (p) => p[0] < 80 && p[1] < 80,
    );
    expect(titleDark).toBe(true);
    // The failed move is crossed with a red X at the arrow's middle.
    const munMove = scene.orders.find((o) => o.order === 'A mun - bur')!;
    expect(munMove.failed).toBe(true);
  });

  it('renders Chinese labels with the bundled font (not missing-glyph boxes)', async () => {
    ensureFonts();
    const ink = (text: string, family: string) => {
      const canvas = createCanvas(60, 60);
      const ctx = canvas.getContext('2d');
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, 60, 60);
      ctx.fillStyle = '#000';
      ctx.font = `bold 40px ${family}`;
      ctx.textBaseline = 'middle';
      ctx.fillText(text, 10, 30);
      return Array.from(ctx.getImageData(0, 0, 60, 60).data.filter((_, i) => i % 4 === 0)).map((v) =>
        v < 128 ? 1 : 0,
      );
    };
    const qin = ink('秦', '"Zhanguo Sans"');
    const notdef = ink('\u{10FFFD}', '"Zhanguo Sans"');
    const inked = qin.reduce((a: number, b) => a + b, 0);
    expect(inked).toBeGreaterThan(150);
    expect(qin.some((v, i) => v !== notdef[i])).toBe(true);
    expect(qin.some((v, i) => v !== ink('晋', '"Zhanguo Sans"')[i])).toBe(true);
  });

  it('draws in the render worker, and the same picture on the calling thread as a fallback', async () => {
    const viaWorker = await renderMap(classic, start, { width: 640 });
    expect(renderWorkerState()).toEqual({ running: true, unavailable: null });
    const built = buildScene(classic, start, { width: 640 });
    if (!built.ok) throw new Error(built.error);
    const inThread = await rasterizeInThread(built.scene);
    expect(inThread.equals(viaWorker.png)).toBe(true);
  });

  it('packs the scene for the worker without losing geometry', () => {
    const built = buildScene(classic, start);
    if (!built.ok) throw new Error(built.error);
    const { packed, transfer } = packScene(built.scene);
    expect(transfer.length).toBe(built.scene.regions.length + built.scene.borders.length);
    const back = unpackScene(packed);
    expect(back.units).toEqual(built.scene.units);
    expect(back.regions.map((r) => [r.id, r.fill, r.polygons.length])).toEqual(
      built.scene.regions.map((r) => [r.id, r.fill, r.polygons.length]),
    );
    const [x, y] = built.scene.regions[0].polygons[0][0];
    expect(back.regions[0].polygons[0][0][0]).toBeCloseTo(x, 3);
    expect(back.regions[0].polygons[0][0][1]).toBeCloseTo(y, 3);
    expect(back.borders.map((b) => b.segments.length)).toEqual(built.scene.borders.map((b) => b.segments.length));
  });

  it('draws a bundled variant wholly in the worker, the same bytes as a scene built on this thread', async () => {
    const inWorker = await renderMap(classic, start, { width: 500 });
    const here = await renderMapTimed(classic, start, { width: 500 });
    expect(renderWorkerState().running).toBe(true);
    expect(inWorker.png.equals(here.map.png)).toBe(true);
    expect(inWorker.warnings).toEqual(here.map.warnings);
    expect([inWorker.width, inWorker.height]).toEqual([here.map.width, here.map.height]);
  });

  it('renders concurrent requests, each with its own answer', async () => {
    const widths = [300, 400, 500, 600];
    const maps = await Promise.all(widths.map((width) => renderMap(classic, start, { width })));
    expect(maps.map((m) => m.png.readUInt32BE(16))).toEqual(widths);
  });

  it('prepares every bundled variant up front, and names a variant it cannot draw', () => {
    expect(prepareRenderer(allVariants())).toEqual([]);
    expect(
      prepareRenderer([{ ...classic, id: 'bare', data: { ...classic.data, id: 'bare', geometry: undefined } }]),
    ).toEqual([
      'bare: variant bare has no drawing (province shapes) to draw its map from: import it with its SVG (--svg)',
    ]);
  });

  it('warms up in small steps with an event-loop turn between them (the bot, once ready), and names a variant it cannot draw', async () => {
    // Fresh data objects, so nothing is cached yet: every variant's stored geometry is read in steps.
    const fresh = allVariants().map((v) => ({ ...v, data: { ...v.data } }));
    const bare = { ...classic, id: 'bare', data: { ...classic.data, id: 'bare', geometry: undefined } };
    let pauses = 0;
    const warmed = await warmRenderer([...fresh, bare], async () => {
      pauses++;
      await new Promise<void>((r) => setImmediate(r));
    });
    expect(warmed.problems).toEqual([
      'bare: variant bare has no drawing (province shapes) to draw its map from: import it with its SVG (--svg)',
    ]);
    // Per variant, a pause after: the seeds, their hash, the vertices, each block of 2,500 cells, the shapes, the borders.
    expect(pauses).toBeGreaterThanOrEqual(fresh.length * 5);
    for (const v of fresh) expect(geometryOf(v.data).ok).toBe(true);
  });

  it('warms the bundled variants by drawing each starting position once in the worker', async () => {
    const warmed = await warmRenderer(allVariants());
    expect(warmed.problems).toEqual([]);
    expect(renderWorkerState().running).toBe(true);
  });

  it('warms only what the running worker has not drawn yet, and all again in a new worker', async () => {
    const jobs = async () => {
      let n = 0;
      const stop = observeRenderQueue((e) => void (e.event === 'queued' && n++));
      const warmed = await warmRenderer(allVariants());
      stop();
      expect(warmed.problems).toEqual([]);
      return n;
    };
    await warmRenderer(allVariants());
    expect(await jobs()).toBe(0);
    await stopRenderWorker();
    expect(await jobs()).toBe(allVariants().length);
    expect(await jobs()).toBe(0);
  });

  it('rejects with a RenderError naming the problem when the variant has no geometry', async () => {
    const noGeometry = { ...classic, data: { ...classic.data, geometry: undefined } };
    await expect(renderMap(noGeometry, start)).rejects.toThrow(RenderError);
    await expect(renderMap(noGeometry, start)).rejects.toThrow(
      'variant classic has no drawing (province shapes) to draw its map from: import it with its SVG (--svg)',
    );
  });
});

function area(poly: [number, number][]): number {
  let a = 0;
  for (let i = 0; i < poly.length; i++) {
    const [x0, y0] = poly[i];
    const [x1, y1] = poly[(i + 1) % poly.length];
    a += x0 * y1 - x1 * y0;
  }
  return Math.abs(a / 2);
}
