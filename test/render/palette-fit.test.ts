/**
 * An import's colours (src/render/palette-fit.ts, docs/variants.md "Colours"): with many powers whose own colours miss
 * the bars, the reserve runs short, and a power must never be given a colour another already has (a DiploGM-format
 * Warhammer once drew High Elves, Skaven, Tomb Kings, Araby and Estalia all #694b3c): the two could not be told apart.
 */
import { describe, expect, it } from 'vitest';
import { colorDistance } from '../../src/render/color-science.js';
import { fitPalette } from '../../src/render/palette-fit.js';
import { getVariant } from '../../src/variants/index.js';
import type { PowerData } from '../../src/variants/schema.js';

/** A variant's powers as an import gives them: their unit colours only. */
const imported = (id: string): PowerData[] =>
  getVariant(id)!.data.powers.map(({ altColor: _a, altLandColor: _l, ...p }) => p as PowerData);

const closest = (colours: string[]) =>
  Math.min(...colours.flatMap((a, i) => colours.slice(i + 1).map((b) => colorDistance(a, b))));

describe('an import’s palette', () => {
  it.each(['warhammer', 'mandate-of-heaven', 'classic', 'warring-states'])(
    '%s: every power a colour of its own, in both palettes',
    (id) => {
      const { powers } = fitPalette(imported(id));
      const standard = powers.map((p) => p.color);
      const alt = powers.map((p) => p.altColor!);
      expect(new Set(standard).size).toBe(powers.length);
      expect(new Set(alt).size).toBe(powers.length);
      expect(closest(standard)).toBeGreaterThanOrEqual(5);
      expect(closest(alt)).toBeGreaterThanOrEqual(5);
    },
  );

  it('keeps a colour that fits and says nothing of it', () => {
    const { powers, notes } = fitPalette(imported('warring-states'));
    expect(powers.map((p) => p.color)).toEqual(imported('warring-states').map((p) => p.color.toLowerCase()));
    expect(notes).toEqual([]);
  });
});
