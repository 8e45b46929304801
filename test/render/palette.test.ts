/**
 * The map's colours, checked from the palette data (decisions.md, "Maps and colours"):
 * CIEDE2000 between every pair of powers and against the sea, for unit colours and land tints, in the
 * standard palette and, under simulated deuteranopia and protanopia (Machado 2009), in the colour-blind one.
 */
import { describe, expect, it } from 'vitest';
import { colorDistance, deltaE2000, simulate, type Vision } from '../../src/render/color-science.js';
import { COLORS, landColor, PALETTE_NAMES, powerColor, type PaletteName } from '../../src/render/palette.js';
import {
  SEARCH_HUE_MARGIN,
  TINT_BARS,
  tintHueProblems,
  tintProblems,
  unitColorProblems,
} from '../../src/render/palette-bars.js';
import { powerMark } from '../../src/render/power-marks.js';
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

/** ΔE of a land tint from unowned land under each dichromacy the colour-blind palette is for. */
function underSimulation(hex: string): { vision: Vision; distance: number }[] {
  return (['deuteranopia', 'protanopia'] as const).map((vision) => ({
    vision,
    distance: colorDistance(hex, COLORS.land, vision),
  }));
}

describe('what a colour must never read as (palette-bars.ts)', () => {
  // Colour-blind land tints that read as unowned land under a dichromacy: the measurement must catch each of them.
  it.each([
    ['#b9ffcd', 'Mandate of Heaven Wei'], // 1.5 under deuteranopia
    ['#97e7be', 'Warring States Wei'], // 3.6 under protanopia
    ['#e6ffd7', 'Warhammer Kislev'], // 3.7 under deuteranopia
    ['#a7d9be', 'Classic Italy'], // 4.6 under protanopia
    ['#dcc8c3', 'Warhammer Araby'], // 7.6 under deuteranopia
    ['#aacdb9', 'Classic Italy and Warring States Wei at a bar of 7'], // 7.5 under protanopia
    ['#f0ffd2', 'Mandate of Heaven Wei at a bar of 5'], // 5.2 under deuteranopia
  ] as const)('colour-blind land tint %s (%s before) reads as unowned land under a dichromacy', (hex, _power) => {
    expect(tintProblems(hex)).toEqual([]);
    expect(Math.min(...underSimulation(hex).map((m) => m.distance))).toBeLessThan(TINT_BARS.landUnderSimulation);
    expect(tintProblems(hex, 0, ['normal', 'deuteranopia', 'protanopia']).join('; ')).toMatch(
      /unowned land \(ΔE [\d.]+ under (deuteranopia|protanopia)\)/,
    );
  });

  it.each([
    ['#b4b4b4', /grey/], // Warhammer's Skaven as it once was
    ['#f0f0ff', /white/], // Warhammer's Kislev
    ['#00c3d2', /sea/], // Warhammer's Norse
    ['#e1b487', /white|unowned land/], // Warhammer's Araby
  ] as const)('unit colour %s', (hex, problem) => {
    expect(unitColorProblems(hex).join('; ')).toMatch(problem);
  });
  it.each([
    ['#78b4b4', /water/], // Mandate of Heaven's Wey: Diqiu looked like a lake
    ['#87e1e1', /water/], // Warhammer's Norse
    ['#d2ffff', /water/], // Warhammer's Estalia
    ['#05a0fa', /water/], // Mandate of Heaven's Wey, colour-blind palette: Diqiu looked like a lake
    ['#e1d2b4', /unowned land/], // Mandate of Heaven's Zhou
    // Light blues beyond the old 262° edge: Ulthuan read as sea at full size.
    ['#b4d2ff', /water/], // Warhammer's High Elves (270°, ΔE 13 from the sea)
    ['#78b4f0', /water/], // Warhammer's Tilea (265°, ΔE 15.5)
    ['#a1c7ff', /water/], // Classic's France (271°, ΔE 14.1)
    ['#7ec2ff', /water/], // Classic's France, colour-blind palette (262°)
    ['#96a5c3', /water/], // Warhammer's Chaos Dwarves (274°, a light steel blue)
  ] as const)('land tint %s', (hex, problem) => {
    expect(tintProblems(hex).join('; ')).toMatch(problem);
  });
  it('black, royal blue, a strong red pass; so do periwinkles, blue-greys and dark slate blues as land', () => {
    for (const hex of ['#0f0f0f', '#1e7afe', '#c53328']) expect(unitColorProblems(hex)).toEqual([]);
    for (const hex of ['#e7a9a5', '#bec3ff', '#a0acd2', '#96a5b9', '#7387aa']) expect(tintProblems(hex)).toEqual([]);
  });
  it('the searches keep a margin from the water hues: a tint on the edge passes the test, not the search', () => {
    // #c3d2ff (281°) is what a search found for the High Elves with no margin: a pale sky blue just past the edge.
    for (const hex of ['#c3d2ff', '#96a0b4']) {
      expect(tintProblems(hex), hex).toEqual([]);
      expect(tintProblems(hex, SEARCH_HUE_MARGIN).join('; '), hex).toMatch(/water/);
    }
  });
});

describe('a land tint reads as its power’s (palette-bars.ts `tintHueProblems`)', () => {
  it('refuses the tints that cut land from unit hue before: white under mauve, grey under green, yellow under green', () => {
    expect(tintHueProblems('#a2819b', '#fffaff').join('; ')).toMatch(/too grey/); // Classic's colour-blind Russia
    expect(tintHueProblems('#00a16f', '#b4beaf').join('; ')).toMatch(/too grey/); // and Italy
    expect(tintHueProblems('#4ba587', '#faffb9').join('; ')).toMatch(/hue/); // Mandate of Heaven's colour-blind Wei
  });
  it('accepts a paler tint of the unit colour, a grey under a grey unit, a sea-blue unit’s tint turned to violet', () => {
    expect(tintHueProblems('#00a16f', '#739b73')).toEqual([]);
    expect(tintHueProblems('#c83c3c', '#e7a9a5')).toEqual([]);
    expect(tintHueProblems('#555555', '#c8c8c8')).toEqual([]);
    expect(tintHueProblems('#555555', '#f0c8c8').join('; ')).toMatch(/grey unit/);
    expect(tintHueProblems('#2d7887', '#c8c8f0')).toEqual([]);
  });
});

describe.each(allVariants().map((v) => [v.id, v] as const))('palettes of %s', (_id, variant) => {
  const many = variant.powers.length > 8;
  const cases: [PaletteName, Vision, number, number][] = [
    ['standard', 'normal', many ? 10 : 20, 10],
    ['colorblind', 'normal', many ? 10 : 15, 10],
    ['colorblind', 'deuteranopia', many ? 10 : 15, 10],
    ['colorblind', 'protanopia', many ? 10 : 15, 10],
  ];
  it.each(cases)(
    '%s palette, %s vision: units ≥ %d apart and from the sea, land tints ≥ %d',
    (palette, vision, unitBar, landBar) => {
      const units = Object.fromEntries(variant.powers.map((p) => [p.name, powerColor(p, palette)]));
      const lands = Object.fromEntries(variant.powers.map((p) => [p.name, landColor(p, palette)]));
      const u = closest(units, vision);
      const l = closest(lands, vision);
      expect(u.distance, `units: ${u.a} and ${u.b} are ΔE ${u.distance.toFixed(1)} apart`).toBeGreaterThanOrEqual(
        unitBar,
      );
      expect(l.distance, `land: ${l.a} and ${l.b} are ΔE ${l.distance.toFixed(1)} apart`).toBeGreaterThanOrEqual(
        landBar,
      );
    },
  );

  it.each(PALETTE_NAMES)(
    '%s palette: no unit colour reads as a failed order (grey), a retreat (white), the sea or bare land; no land tint as water or unowned land',
    (palette) => {
      for (const p of variant.powers) {
        expect(unitColorProblems(powerColor(p, palette)), `${p.name} ${powerColor(p, palette)}`).toEqual([]);
        expect(tintProblems(landColor(p, palette)), `${p.name} land ${landColor(p, palette)}`).toEqual([]);
      }
    },
  );

  for (const palette of PALETTE_NAMES) {
    const crowded = many && palette === 'colorblind';
    // Not yet reached: the colour-blind palettes of Mandate of Heaven (17 powers) and Warhammer (21), whose light
    // tints must also stand 10 apart under two simulated dichromacies; scripts/palette-tints.ts finds no set that keeps
    // every bar there (docs/render.md "Land reads as its power's"). `it.fails` turns red once they pass: then drop it.
    const test = crowded ? it.fails : it;
    test(`${palette} palette: every land tint reads as its power’s (its units' hue, paler; grey only under grey)`, () => {
      const problems = variant.powers.flatMap((p) =>
        tintHueProblems(powerColor(p, palette), landColor(p, palette), crowded).map(
          (x) => `${p.name} land ${landColor(p, palette)} under ${powerColor(p, palette)}: ${x}`,
        ),
      );
      expect(problems).toEqual([]);
    });
  }

  it(`colour-blind palette: owned land stands ≥ ${TINT_BARS.landUnderSimulation} from unowned land under simulated deuteranopia and protanopia`, () => {
    const failures = variant.powers.flatMap((p) =>
      underSimulation(landColor(p, 'colorblind'))
        .filter((m) => m.distance < TINT_BARS.landUnderSimulation)
        .map(
          (m) => `${variant.id} ${p.name} ${landColor(p, 'colorblind')} under ${m.vision}: ΔE ${m.distance.toFixed(1)}`,
        ),
    );
    expect(failures, failures.join('; ')).toEqual([]);
    expect(
      variant.powers.flatMap((p) =>
        tintProblems(landColor(p, 'colorblind'), 0, ['normal', 'deuteranopia', 'protanopia']),
      ),
    ).toEqual([]);
  });

  it.runIf(variant.powers.length > 8)(
    'more than 8 powers: each power marks its units with one or two Latin letters of its own',
    () => {
      const marks = variant.powers.map((p) => powerMark(p));
      for (const m of marks) expect(m).toMatch(/^[A-Za-z]{1,2}$/);
      expect(new Set(marks).size).toBe(marks.length);
    },
  );

  it('every power has its own colour-blind colours', () => {
    for (const p of variant.powers) expect(p.altColor, p.name).toBeDefined();
    expect(PALETTE_NAMES).toEqual(['standard', 'colorblind']);
  });
});
