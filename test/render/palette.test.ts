/**
 * The map's colours, checked from the palette data (decisions.md, "Maps and colours"; issue 10 §3):
 * CIEDE2000 between every pair of powers and against the sea, for unit colours and land tints, in the
 * standard palette and, under simulated deuteranopia and protanopia (Machado 2009), in the colour-blind one.
 */
import { describe, expect, it } from 'vitest';
import { colorDistance, deltaE2000, simulate, type Vision } from '../../src/render/color-science.js';
import { COLORS, landColor, PALETTE_NAMES, powerColor, type PaletteName } from '../../src/render/palette.js';
import { allVariants } from '../../src/variants/index.js';

describe('CIEDE2000 and colour-vision simulation', () => {
  // Sharma, Wu & Dalal (2005), table 1: pairs 1, 2, 7, 17 and 25.
  it.each([
    [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
    [[50, 3.1571, -77.2803], [50, 0, -82.7485], 2.8615],
    [[50, 0, 0], [50, -1, 2], 2.3669],
    [[50, 2.5, 0], [73, 25, -18], 27.1492],
    [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
  ] as const)('ΔE2000(%j, %j) = %d', (a, b, expected) => {
    expect(deltaE2000([...a], [...b])).toBeCloseTo(expected, 4);
  });

  it('dichromats see red and green alike, blue and yellow apart', () => {
    for (const v of ['deuteranopia', 'protanopia'] as const) {
      expect(colorDistance('#d62728', '#2ca02c', v)).toBeLessThan(colorDistance('#d62728', '#2ca02c') / 2);
      expect(colorDistance('#1f3a93', '#e8c21d', v)).toBeGreaterThan(40);
    }
    expect(simulate('#ffffff', 'protanopia')).toBe('#ffffff');
  });
});

interface Pair {
  a: string;
  b: string;
  distance: number;
}

/** The closest pair among the named colours (plus the sea), as seen with this colour vision. */
function closest(colors: Record<string, string>, vision: Vision): Pair {
  const entries = Object.entries({ ...colors, sea: COLORS.sea });
  let best: Pair = { a: '', b: '', distance: Infinity };
  for (let i = 0; i < entries.length; i++) {
    for (let j = i + 1; j < entries.length; j++) {
      const distance = colorDistance(entries[i][1], entries[j][1], vision);
      if (distance < best.distance) best = { a: entries[i][0], b: entries[j][0], distance };
    }
  }
  return best;
}

describe.each(allVariants().map((v) => [v.id, v] as const))('palettes of %s', (_id, variant) => {
  const many = variant.powers.length > 8;
  const cases: [PaletteName, Vision, number, number][] = [
    ['standard', 'normal', many ? 10 : 20, 10],
    ['colorblind', 'normal', many ? 10 : 15, 10],
    ['colorblind', 'deuteranopia', many ? 10 : 15, 10],
    ['colorblind', 'protanopia', many ? 10 : 15, 10],
  ];
  it.each(cases)('%s palette, %s vision: units ≥ %d apart and from the sea, land tints ≥ %d', (palette, vision, unitBar, landBar) => {
    const units = Object.fromEntries(variant.powers.map((p) => [p.name, powerColor(p, palette)]));
    const lands = Object.fromEntries(variant.powers.map((p) => [p.name, landColor(p, palette)]));
    const u = closest(units, vision);
    const l = closest(lands, vision);
    expect(u.distance, `units: ${u.a} and ${u.b} are ΔE ${u.distance.toFixed(1)} apart`).toBeGreaterThanOrEqual(unitBar);
    expect(l.distance, `land: ${l.a} and ${l.b} are ΔE ${l.distance.toFixed(1)} apart`).toBeGreaterThanOrEqual(landBar);
  });

  it('every power has its own colour-blind colours', () => {
    for (const p of variant.powers) expect(p.altColor, p.name).toBeDefined();
    expect(PALETTE_NAMES).toEqual(['standard', 'colorblind']);
  });
});
