/**
 * Result symbols drawn so that none reads as something else: the failure mark is a bare red ✕ (no disc), so a red
 * power's army (a red disc with a white letter) is never taken for a failed order, nor the ✕ for a red unit.
 */
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { colorDistance } from '../../src/render/color-science.js';
import { drawSymbol } from '../../src/render/draw-marks.js';
import { COLORS } from '../../src/render/palette.js';
import { allVariants } from '../../src/variants/index.js';

/** The colour at (dx, dy) from the centre of a symbol of radius 15 drawn on unowned land. */
function pixelOf(kind: 'failed' | 'cut', dx: number, dy: number): string {
  const canvas = createCanvas(60, 60);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = COLORS.land;
  ctx.fillRect(0, 0, 60, 60);
  drawSymbol(ctx, { kind, at: [30, 30], radius: 15 }, 1);
  const [r, g, b] = ctx.getImageData(30 + dx, 30 + dy, 1, 1).data;
  return `#${[r, g, b].map((c) => c!.toString(16).padStart(2, '0')).join('')}`;
}

describe('the failure mark', () => {
  it('red powers exist whose units are close to the failure red (why the mark may not be a red disc)', () => {
    const reds = allVariants().flatMap((v) =>
      v.powers.filter((p) => colorDistance(p.color, COLORS.failed) < 20).map((p) => `${v.id} ${p.name}`),
    );
    expect(reds.length).toBeGreaterThan(0);
  });

  it('is a bare ✕: red on its arms, the land showing between them, where a unit disc would be filled', () => {
    expect(colorDistance(pixelOf('failed', 0, 0), COLORS.failed)).toBeLessThan(5);
    expect(colorDistance(pixelOf('failed', 6, -6), COLORS.failed)).toBeLessThan(5);
    for (const [dx, dy] of [
      [11, 0],
      [-11, 0],
      [0, 11],
      [0, -11],
    ])
      expect(pixelOf('failed', dx!, dy!), `${dx},${dy}`).toBe(COLORS.land);
    // A cut support keeps its white disc: between its marks there is no land.
    expect(pixelOf('cut', 0, -11)).not.toBe(COLORS.land);
  });
});
