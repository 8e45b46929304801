/**
 * Fog of war on the map (docs/table.md "Fog of war"): a province out of sight is drawn greyed and cross-hatched, keyed
 * "out of sight", and must never read as impassable land (hatched one way); impassable land stays drawn as such, its
 * nature no secret. Checked on the scene and on the legend's two samples, which must differ clearly in their pixels
 * (not pixel-perfect: most of the sample differs strongly), not only in a shade of grey.
 */
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { buildScene } from '../../src/render/build-scene.js';
import { drawScene } from '../../src/render/draw.js';
import type { LegendKey, Scene } from '../../src/render/scene.js';
import { getVariant } from '../../src/variants/index.js';

const classic = getVariant('classic')!;
const seen = new Set(['kie', 'ber', 'mun', 'hol', 'den', 'ruh', 'bur']);
const fog = classic.data.provinces.map((p) => p.id).filter((id) => !seen.has(id));

function scene(): Scene {
  const r = buildScene(classic, classic.startingPosition(), { fog });
  if (!r.ok) throw new Error(r.error);
  return r.scene;
}

describe('fog of war', () => {
  it('draws provinces out of sight fogged, but impassable land as impassable', () => {
    const s = scene();
    const swi = s.regions.find((r) => r.id === 'swi')!;
    expect(swi.kind).toBe('impassable');
    expect(swi.fogged).toBeFalsy();
    expect(s.regions.find((r) => r.id === 'par')!.fogged).toBe(true);
    expect(s.regions.find((r) => r.id === 'kie')!.fogged).toBeFalsy();
    expect(s.legend.keys.map((k) => k.kind)).toEqual(expect.arrayContaining(['impassable', 'fog']));
  });

  it('keys "out of sight" with a sample that reads apart from the impassable one', () => {
    const s = scene();
    const canvas = createCanvas(s.width, s.height);
    const ctx = canvas.getContext('2d');
    drawScene(ctx as never, s);
    const key = (kind: string) => s.legend.keys.find((k) => k.kind === kind)!;
    const pixels = (k: LegendKey) => {
      // The inner part of the square sample (its outline left out).
      const half = Math.floor(k.width * 0.4);
      return ctx.getImageData(Math.round(k.at[0]) - half, Math.round(k.at[1]) - half, 2 * half, 2 * half).data;
    };
    const a = pixels(key('impassable'));
    const b = pixels(key('fog'));
    let strong = 0;
    for (let i = 0; i < a.length; i += 4) {
      const d = Math.max(Math.abs(a[i]! - b[i]!), Math.abs(a[i + 1]! - b[i + 1]!), Math.abs(a[i + 2]! - b[i + 2]!));
      if (d > 30) strong++;
    }
    expect(strong / (a.length / 4)).toBeGreaterThan(0.1);
  });
});
