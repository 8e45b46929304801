/**
 * The map's legend reads where Discord shows the picture, 550 px wide (docs/render.md "Legibility"): on every
 * bundled variant's gallery pictures and on a map drawn from a variant file, at any picture width, its text (powers'
 * names and keys) is at least 9 px high there (5.2 px at the old 15 px), and the larger legend still fits: no entry
 * or key past the picture's edge or over another, every row inside the legend's band, in English, French and
 * Chinese.
 */
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { buildScene, type Scene } from '../../src/render/index.js';
import { galleryImages } from '../../src/render/gallery.js';
import { ensureFonts, font } from '../../src/render/fonts.js';
import { LEGEND_UNIT_PX } from '../../src/render/styles.js';
import { buildVariant } from '../../src/variants/build.js';
import { readVariantFile } from '../../src/variants/file.js';
import type { Locale } from '../../src/i18n/index.js';
import type { Variant } from '../../src/engine/variant.js';
import type { Position } from '../../src/engine/types.js';

/** Discord's inline preview width. */
const PREVIEW = 550;
const atPreview = (scene: Scene, px: number) => (px * PREVIEW) / scene.width;

ensureFonts();
const ctx = createCanvas(10, 10).getContext('2d');
const measure = (text: string, size: number, bold: boolean) => {
  ctx.font = font(size, bold);
  return ctx.measureText(text).width;
};

/** A two-power map of four square provinces, 400 px wide, in the variant file format (docs/variants.md). */
function fileVariant(drawing: Record<string, unknown> = {}): Variant {
  const square = (x: number, y: number) => `M ${x} ${y} h 200 v 150 h -200 Z`;
  const places = [
    { id: 'nw', kind: 'land', shape: square(0, 0), at: [100, 75] },
    { id: 'ne', kind: 'land', shape: square(200, 0), at: [300, 75] },
    { id: 'sw', kind: 'coast', shape: square(0, 150), at: [100, 225] },
    { id: 'se', kind: 'sea', shape: square(200, 150), at: [300, 225] },
  ] as const;
  const lands = places.filter((p) => p.kind !== 'sea').map((p) => p.id);
  const file = {
    id: 'squares',
    name: 'Squares',
    powers: [
      { name: 'Red', color: '#c53328', altColor: '#d55d01' },
      { name: 'Blue', color: '#20297f', altColor: '#0064a2' },
    ],
    provinces: places.map((p) => ({
      id: p.id,
      name: p.id,
      abbreviation: p.id,
      kind: p.kind,
      supplyCenter: p.kind !== 'sea',
      home: null,
    })),
    armyAdjacency: Object.fromEntries(lands.map((id) => [id, lands.filter((x) => x !== id)])),
    fleetAdjacency: { sw: ['se'], se: ['sw'] },
    startingPhase: { season: 'spring', year: 1901, type: 'movement' },
    startingUnits: [
      { power: 'Red', type: 'A', province: 'nw' },
      { power: 'Blue', type: 'F', province: 'se' },
    ],
    victory: { centers: 2 },
    geometry: {
      width: 400,
      height: 300,
      shapes: Object.fromEntries(places.map((p) => [p.id, p.shape])),
      anchors: Object.fromEntries(places.map((p) => [p.id, p.at])),
      ...drawing,
    },
  };
  const read = readVariantFile(JSON.stringify(file), 'squares.json');
  if (!read.ok) throw new Error(read.problems.join('\n'));
  return buildVariant(read.data);
}

interface Drawn {
  name: string;
  variant: Variant;
  position: Position;
  opts: Parameters<typeof buildScene>[2];
}

const gallery: Drawn[] = galleryImages().map((g) => ({ name: g.file, ...g }));
const squares = fileVariant();
const drawn: Drawn[] = [
  ...gallery,
  { name: 'a variant file', variant: squares, position: squares.startingPosition(), opts: {} },
];

/** The scenes of `drawn` by width and locale, each built once (two checks read the English ones at 1600 px). */
const built = new Map<string, Scene>();

function sceneOf(d: Drawn, width: number, locale: Locale = 'en'): Scene {
  const i = drawn.indexOf(d);
  const key = `${i} ${width} ${locale}`;
  const known = i >= 0 ? built.get(key) : undefined;
  if (known) return known;
  const r = buildScene(d.variant, d.position, { ...d.opts, width, locale });
  if (!r.ok) throw new Error(r.error);
  if (i >= 0) built.set(key, r.scene);
  return r.scene;
}

/** Every entry's and key's extent in the picture, as drawn (draw.ts drawLegend), measured in the map's font. */
function legendItems(scene: Scene): { text: string; x0: number; x1: number; y: number }[] {
  const { size } = scene.legend;
  const k = size / LEGEND_UNIT_PX;
  const entries = scene.legend.entries.map((e) => {
    const swatch = size * (e.mark ? 1.45 : 1.1);
    const x1 = e.at[0] + swatch + 6 * k + measure(e.text, size, true);
    return { text: e.text, x0: e.at[0], x1, y: e.at[1] };
  });
  const keys = scene.legend.keys.map((key) => {
    // A line's sample (34 legend units wide) starts at `at`, a shape's is centred on it; its text follows it.
    const x0 = Math.abs(key.width - 34 * k) < 1e-6 ? key.at[0] : key.at[0] - key.width / 2;
    return { text: key.text, x0, x1: x0 + key.width + 6 * k + measure(key.text, size * 0.94, false), y: key.at[1] };
  });
  return [...entries, ...keys];
}

describe("the legend and the title at Discord's 550 px preview", () => {
  for (const width of [1600, 1100, 800]) {
    it(`reads at 9 px or more on every map, ${width} px wide (5.2 px at the old 15 px)`, () => {
      for (const d of drawn) {
        const scene = sceneOf(d, width);
        // The powers' names at the legend's size, the keys at 0.94 of it; about 9–10 px, not a banner.
        expect(atPreview(scene, scene.legend.size * 0.94), d.name).toBeGreaterThanOrEqual(9);
        expect(atPreview(scene, scene.legend.size), d.name).toBeLessThanOrEqual(10.5);
        // The title above it reads at least as large (8.3 px at the old 24 px), inside its band.
        expect(atPreview(scene, scene.title.size), d.name).toBeGreaterThanOrEqual(atPreview(scene, scene.legend.size));
        expect(scene.title.at[1] + scene.title.size / 2, d.name).toBeLessThanOrEqual(scene.frame.y);
      }
    });
  }

  it('a variant may still give its own legend size (geometry.legendSize), a variant file too', () => {
    const g = gallery.find((d) => d.variant.id === 'classic')!;
    const own = {
      ...g.variant,
      data: { ...g.variant.data, geometry: { ...g.variant.data.geometry!, legendSize: 20 } },
    };
    expect(sceneOf({ ...g, variant: own }, 1600).legend.size).toBe(20);
    const file = fileVariant({ legendSize: 20 });
    const scene = sceneOf({ name: 'file', variant: file, position: file.startingPosition(), opts: {} }, 800);
    expect(scene.legend.size).toBe(10);
  });

  for (const locale of ['en', 'fr', 'zh-CN', 'zh-TW'] as const) {
    it(`fits in ${locale}: every entry and key inside the picture and its band, none over another`, () => {
      for (const d of drawn) {
        const scene = sceneOf(d, 1600, locale);
        const { box, size } = scene.legend;
        const items = legendItems(scene);
        for (const item of items) {
          expect(item.x0, `${d.name} ${item.text}`).toBeGreaterThanOrEqual(0);
          expect(item.x1, `${d.name} ${item.text}`).toBeLessThanOrEqual(scene.width);
          expect(item.y - size * 0.75, `${d.name} ${item.text}`).toBeGreaterThanOrEqual(box.y);
          expect(item.y + size * 0.75, `${d.name} ${item.text}`).toBeLessThanOrEqual(box.y + box.h);
        }
        for (const [i, a] of items.entries())
          for (const b of items.slice(i + 1)) {
            if (Math.abs(a.y - b.y) > size) continue;
            expect(a.x1 <= b.x0 || b.x1 <= a.x0, `${d.name}: ${a.text} over ${b.text}`).toBe(true);
          }
        // Seven powers in one row, however long their names (Classic in French).
        if (d.variant.powers.length <= 8)
          expect(new Set(scene.legend.entries.map((e) => e.at[1])).size, d.name).toBe(1);
      }
    });
  }
});
