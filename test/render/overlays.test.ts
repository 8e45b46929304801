/**
 * A variant's map overlays (what the renderer draws beyond units and orders): placed clear of labels,
 * units, centres and symbols, one legend entry per distinct look and text, drawn in the picture's palette.
 */
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createCanvas } from '@napi-rs/canvas';
import { buildScene, renderMap, type Scene } from '../../src/render/index.js';
import { drawOverlay } from '../../src/render/overlays.js';
import { overlaps, rectAround } from '../../src/render/placement.js';
import type { MapOverlay } from '../../src/variants/plugin/overlay.js';
import { classic } from './helpers.js';

const start = classic.startingPosition();
const color = (power: string, palette: 'standard' | 'colorblind' = 'standard') => {
  const p = classic.powers.find((x) => x.name === power)!;
  return palette === 'colorblind' ? (p.altColor ?? p.color) : p.color;
};

const overlays: MapOverlay[] = [
  { kind: 'mark', province: 'mun', glyph: 'swords', power: 'Germany', legend: 'battle may be declared' },
  { kind: 'mark', province: 'bur', glyph: 'swords', power: 'Germany', legend: 'battle may be declared' },
  { kind: 'mark', province: 'par', glyph: 'star', legend: 'a place the step is about' },
  { kind: 'ring', province: 'vie', power: 'Austria', legend: 'declared unit' },
];

function sceneOf(opts: Parameters<typeof buildScene>[2]): Scene {
  const r = buildScene(classic, start, opts);
  if (!r.ok) throw new Error(r.error);
  return r.scene;
}

describe('map overlays', () => {
  const scene = sceneOf({ overlays });

  it('places every overlay of a province on the map, marks clear of labels, units, centres and each other', () => {
    expect(scene.warnings).toEqual([]);
    expect(scene.overlays.map((o) => [o.kind, o.province])).toEqual([
      ['mark', 'mun'],
      ['mark', 'bur'],
      ['mark', 'par'],
      ['ring', 'vie'],
    ]);
    const marks = scene.overlays.filter((o) => o.kind === 'mark');
    const boxes = marks.map((m) => rectAround(m.at, m.radius * 2, m.radius * 2));
    const obstacles = [
      ...scene.labels.map((l) => l.box),
      ...scene.units.map((x) => rectAround(x.at, x.size * 2, x.size * 2)),
      ...scene.centers.map((c) => rectAround(c.at, c.radius * 2, c.radius * 2)),
    ];
    boxes.forEach((box, i) => {
      for (const o of obstacles) expect(overlaps(box, o), `${marks[i]!.province} mark`).toBe(false);
      boxes.forEach((other, j) => j !== i && expect(overlaps(box, other)).toBe(false));
    });
    // Each mark sits near its province's unit spot.
    const mun = scene.units.find((u) => u.location === 'mun')!;
    const mark = marks.find((m) => m.province === 'mun')!;
    expect(Math.hypot(mark.at[0] - mun.at[0], mark.at[1] - mun.at[1])).toBeLessThan(mun.size * 5);
    // A ring surrounds the unit in its province.
    expect(scene.overlays.find((o) => o.kind === 'ring')!.at).toEqual(
      scene.units.find((u) => u.location === 'vie')!.at,
    );
  });

  it('takes the power colour of the palette, dark grey without a power', () => {
    expect(scene.overlays.find((o) => o.province === 'mun')!.color).toBe(color('Germany'));
    expect(scene.overlays.find((o) => o.province === 'par')!.color).toBe('#3a3a3a');
    const blind = sceneOf({ overlays, palette: 'colorblind' });
    expect(blind.overlays.find((o) => o.province === 'vie')!.color).toBe(color('Austria', 'colorblind'));
  });

  it("a mark of no power has an open rim, in the map and in the legend, so it never reads as a dark power's mark", () => {
    // Warhammer: "a battle may be declared here" (no power) beside a battle Chaos (#3c3c3c) won.
    expect(scene.overlays.find((o) => o.province === 'par')!.open).toBe(true);
    expect(scene.overlays.find((o) => o.province === 'mun')!.open).toBeUndefined();
    const keys = scene.legend.keys.filter((e) => e.kind === 'overlay');
    expect(keys.map((k) => k.overlay?.open ?? false)).toEqual([false, true, false]);
    // Drawn: the share of directions in which the rim is broken (no dark pixel across it), for a Chaos mark and for
    // a mark of no power.
    const rimGaps = (open: boolean) => {
      const canvas = createCanvas(60, 60);
      const ctx = canvas.getContext('2d');
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, 60, 60);
      drawOverlay(ctx, { kind: 'mark', glyph: 'swords', at: [30, 30], radius: 20, color: '#3c3c3c', open }, 1);
      const data = ctx.getImageData(0, 0, 60, 60).data;
      let gaps = 0;
      for (let i = 0; i < 360; i++) {
        let darkest = 255;
        for (let r = 19.5; r <= 21.5; r += 0.25) {
          const x = Math.floor(30 + Math.cos((i * Math.PI) / 180) * r);
          const y = Math.floor(30 + Math.sin((i * Math.PI) / 180) * r);
          darkest = Math.min(darkest, data[(y * 60 + x) * 4]!);
        }
        if (darkest > 160) gaps++;
      }
      return gaps / 360;
    };
    expect(rimGaps(false)).toBe(0);
    expect(rimGaps(true)).toBeGreaterThan(0.12);
  });

  it('lists each distinct overlay once in the legend, after the result symbols and entrances', () => {
    const entries = scene.legend.keys.filter((e) => e.kind === 'overlay');
    expect(entries.map((e) => [e.overlay?.kind, e.overlay?.glyph ?? null, e.text])).toEqual([
      ['mark', 'swords', 'battle may be declared'],
      ['mark', 'star', 'a place the step is about'],
      ['ring', null, 'declared unit'],
    ]);
    expect(sceneOf({}).legend.keys.filter((k) => k.kind === 'overlay')).toEqual([]);
  });

  it('leaves out an overlay of an unknown province with a warning, and cuts long legend texts', () => {
    const odd = sceneOf({
      overlays: [
        { kind: 'mark', province: 'atlantis', glyph: 'flag', legend: 'x' },
        { kind: 'mark', province: 'mun', glyph: 'flag', legend: 'a'.repeat(80) },
      ],
    });
    expect(odd.overlays.map((o) => o.province)).toEqual(['mun']);
    expect(odd.overlays[0]!.legend).toHaveLength(48);
    expect(odd.warnings).toEqual(['overlay for atlantis: not a province of the map']);
  });

  it('draws them (worker and this thread agree on the options)', async () => {
    const map = await renderMap(classic, start, { overlays, width: 800 });
    expect(map.png.subarray(1, 4).toString()).toBe('PNG');
    expect(map.warnings).toEqual([]);
    if (process.env.OVERLAY_PNG) writeFileSync(process.env.OVERLAY_PNG, map.png);
  });
});
