/**
 * Moves each land tint that does not read as its power's (src/render/palette-bars.ts `tintHueProblems`: a hue far
 * from its unit colour's, or too grey beside a strong colour) to the acceptable colour nearest the power's natural tint
 * (its unit colour mixed with white, `tint` in palette.ts), keeping every other bar of test/render/palette.test.ts: land
 * tints ≥ ΔE 10 apart and from the sea (searched to 10.5), in the colour-blind palette also under simulated
 * deuteranopia and protanopia; never water or unowned land (`tintProblems`, with the searches' hue margin); a contrast
 * with the label colour of at least 6 (standard) or 2.5 (colour-blind), or the old tint's if lower. When no colour
 * keeps every other power's tint apart, the tints in the way are moved too (each to its own nearest acceptable colour),
 * a few at a time. Only land tints change.
 *
 * A palette where no such set is found is left as it is (the others are still written) and the run exits 1.
 *
 *   npx tsx scripts/palette-tints.ts [--dry] [--palette standard|colorblind] [variant …]   # default: every bundled variant
 *   SEED=2 npx tsx scripts/palette-tints.ts mandate-of-heaven                               # another search seed
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  contrastRatio,
  deltaE2000,
  hexToLab,
  rgbToHex,
  simulate,
  type Lab,
  type Vision,
} from '../src/render/color-science.js';
import {
  COLORS,
  DEFAULT_TINT,
  landColor,
  PALETTE_NAMES,
  powerColor,
  tint,
  type PaletteName,
} from '../src/render/palette.js';
import { SEARCH_HUE_MARGIN, tintHueProblems, tintProblems } from '../src/render/palette-bars.js';
import { allVariants } from '../src/variants/index.js';
import type { PowerData } from '../src/variants/schema.js';

const BAR = 10.5;
const MAX_CHROMA = 55;
/** No tint darker than this (L*): dark land buries its labels and units. */
const MIN_L = 50;
const VISIONS: Record<PaletteName, Vision[]> = {
  standard: ['normal'],
  colorblind: ['normal', 'deuteranopia', 'protanopia'],
};
const FIELD: Record<PaletteName, 'landColor' | 'altLandColor'> = { standard: 'landColor', colorblind: 'altLandColor' };
const MIN_CONTRAST: Record<PaletteName, number> = { standard: 6, colorblind: 2.5 };

interface Colour {
  hex: string;
  lab: Record<Vision, Lab>;
}
const colour = (hex: string): Colour => ({
  hex,
  lab: {
    normal: hexToLab(hex),
    deuteranopia: hexToLab(simulate(hex, 'deuteranopia')),
    protanopia: hexToLab(simulate(hex, 'protanopia')),
  },
});

/** Every colour of a 5-step sRGB lattice light enough for a land tint. */
const lattice: Colour[] = [];
for (let r = 0; r <= 255; r += 5)
  for (let g = 0; g <= 255; g += 5)
    for (let b = 0; b <= 255; b += 5) {
      const hex = rgbToHex([r, g, b]);
      if (hexToLab(hex)[0] >= MIN_L) lattice.push(colour(hex));
    }

/** The acceptable tints of a power, nearest `target` first (its natural tint, or the tint it has). */
function candidates(p: PowerData, palette: PaletteName, target: Lab): { c: Colour; d: number }[] {
  const unit = powerColor(p, palette);
  const minContrast = Math.min(MIN_CONTRAST[palette], contrastRatio(landColor(p, palette), COLORS.labelLand));
  return lattice
    .filter((c) => {
      const [, a, b] = c.lab.normal;
      return (
        Math.hypot(a, b) <= MAX_CHROMA &&
        tintHueProblems(unit, c.hex, crowded(palette)).length === 0 &&
        contrastRatio(c.hex, COLORS.labelLand) >= minContrast &&
        tintProblems(c.hex, SEARCH_HUE_MARGIN, VISIONS[palette]).length === 0
      );
    })
    .map((c) => ({ c, d: deltaE2000(target, c.lab.normal) }))
    .sort((x, y) => x.d - y.d);
}

const sea = colour(COLORS.sea);

/** The variant being retinted has more than 8 powers (set per variant below). */
let many = false;
/** Is this palette crowded (`tintHueProblems`): the colour-blind one of a variant of more than 8 powers? */
const crowded = (palette: PaletteName) => many && palette === 'colorblind';

/**
 * How far two colours fall short of the bar (ΔE2000); 0 for a pair whose plain CIELAB distance is over three bars,
 * which ΔE2000 never brings under one (the search's hot loop skips them).
 */
function shortfall(a: Lab, b: Lab): number {
  if (Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]) > 3 * BAR) return 0;
  return Math.max(0, BAR - deltaE2000(a, b));
}

/** Pairs of tints (and a tint and the sea) closer than the bar, under any of the visions. */
function clashes(tints: Colour[], visions: Vision[]): number {
  let n = 0;
  for (let i = 0; i < tints.length; i++) {
    for (const v of visions) if (deltaE2000(tints[i]!.lab[v], sea.lab[v]) < BAR) n++;
    for (let j = i + 1; j < tints.length; j++)
      for (const v of visions) if (deltaE2000(tints[i]!.lab[v], tints[j]!.lab[v]) < BAR) n++;
  }
  return n;
}

/** A seeded generator (mulberry32), so a run is repeatable. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * New tints for the powers whose tint fails the hue rule, moving as little as it can: each power aims at a target (a
 * failing power its natural tint, any other the tint it has) and the search (simulated annealing, fixed seed) lowers
 * 1000 × the clashing pairs plus the sum of each tint's distance from its target, each power choosing among its 3,000
 * acceptable tints nearest its target. Null when pairs still clash at the end.
 */
function retint(powers: PowerData[], palette: PaletteName): Map<string, string> | null {
  const visions = VISIONS[palette];
  const failing = new Set(
    powers
      .filter((p) => tintHueProblems(powerColor(p, palette), landColor(p, palette), crowded(palette)).length > 0)
      .map((p) => p.name),
  );
  if (failing.size === 0) return new Map();
  const targets = powers.map((p) =>
    hexToLab(failing.has(p.name) ? tint(powerColor(p, palette), DEFAULT_TINT) : landColor(p, palette)),
  );
  const pools = powers.map((p, i) => {
    // A power that passes keeps its very tint as its first choice (it is off the lattice, as hand-chosen tints are).
    const own = failing.has(p.name) ? [] : [{ c: colour(landColor(p, palette)), d: 0 }];
    const pool = [...own, ...candidates(p, palette, targets[i]!)];
    if (pool.length === 0) throw new Error(`${palette} ${p.name}: no acceptable tint at all`);
    return pool;
  });
  const at = pools.map(() => 0);
  // A power that passes and moves all the same costs 10 more: only the tints in the way move.
  const moved = (k: number, i: number) => (k > 0 && !failing.has(powers[i]!.name) ? 10 : 0);
  const tintOf = (i: number) => pools[i]![at[i]!]!.c;
  /** How far power i's tint falls short of the bar (with the others and the sea), summed over the visions. */
  const shortOf = (i: number, c: Colour) => {
    let short = 0;
    for (const v of visions) {
      short += shortfall(c.lab[v], sea.lab[v]);
      for (let j = 0; j < at.length; j++) if (j !== i) short += shortfall(c.lab[v], tintOf(j).lab[v]);
    }
    return short;
  };
  const clashesOf = (i: number, c: Colour) => (shortOf(i, c) > 0 ? 1 : 0);
  const own = (i: number, k: number) => 200 * shortOf(i, pools[i]![k]!.c) + pools[i]![k]!.d + moved(k, i);
  // First annealing (random moves among the nearest 3,000 tints, worse ones taken less and less often), then
  // min-conflicts: the power furthest short of the bar takes the tint of its pool (the 2,500 nearest its target) that
  // costs least beside the others; a random power now and then, so the search leaves a local minimum.
  const next = random(Number(process.env.SEED ?? 1));
  const anneal = Number(process.env.ANNEAL ?? 300000);
  for (let step = 0; step < anneal; step++) {
    const heat = 40 * (1 - step / anneal) ** 2 + 0.01;
    const i = Math.floor(next() * powers.length);
    const k = Math.floor(next() ** 3 * Math.min(3000, pools[i]!.length));
    const delta = own(i, k) - own(i, at[i]!);
    if (delta <= 0 || next() < Math.exp(-delta / heat)) at[i] = k;
  }
  const steps = Number(process.env.STEPS ?? 3000);
  for (let step = 0; step < steps; step++) {
    const shorts = at.map((_k, i) => shortOf(i, tintOf(i)));
    if (shorts.every((x) => x === 0)) break;
    const i = next() < 0.15 ? Math.floor(next() * powers.length) : shorts.indexOf(Math.max(...shorts));
    let best = at[i]!;
    let bestCost = own(i, best) + next() * 2;
    for (let k = 0; k < Math.min(2500, pools[i]!.length); k++) {
      if (k === at[i]) continue;
      const cost = own(i, k) + next() * 2;
      if (cost < bestCost) [best, bestCost] = [k, cost];
    }
    at[i] = best;
  }
  // Then each power still clashing takes the nearest tint of its whole pool that clashes with nothing, if one does.
  for (let round = 0; round < 3; round++)
    for (let i = 0; i < powers.length; i++) {
      if (clashesOf(i, tintOf(i)) === 0) continue;
      const k = pools[i]!.findIndex((x) => clashesOf(i, x.c) === 0);
      if (k >= 0) at[i] = k;
    }
  const left = clashes(
    at.map((k, i) => pools[i]![k]!.c),
    visions,
  );
  if (left > 0) {
    console.error(`${palette}: ${left} clashes left`);
    return null;
  }
  const out = new Map<string, string>();
  powers.forEach((p, i) => {
    const hex = pools[i]![at[i]!]!.c.hex;
    if (hex !== landColor(p, palette)) out.set(p.name, hex);
  });
  return out;
}

const dry = process.argv.includes('--dry');
const paletteFlag = process.argv.indexOf('--palette');
const palettes = paletteFlag >= 0 ? PALETTE_NAMES.filter((p) => p === process.argv[paletteFlag + 1]) : PALETTE_NAMES;
const ids = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && all[i - 1] !== '--palette');
for (const variant of allVariants().filter((v) => (ids.length === 0 || ids.includes(v.id)) && v.powers.length > 0)) {
  const powers = variant.powers.map((p) => ({ ...p }));
  many = powers.length > 8;
  const rows: { palette: string; power: string; unit: string; from: string; to: string }[] = [];
  for (const palette of palettes) {
    const changed = retint(powers, palette);
    if (!changed) {
      console.error(`${variant.id} ${palette}: no set of tints keeps every bar; left as it is`);
      process.exitCode = 1;
      continue;
    }
    for (const [name, hex] of changed) {
      const p = powers.find((q) => q.name === name)!;
      rows.push({ palette, power: name, unit: powerColor(p, palette), from: landColor(p, palette), to: hex });
      p[FIELD[palette]] = hex;
    }
  }
  if (rows.length === 0) {
    console.log(`${variant.id}: every land tint reads as its power's`);
    continue;
  }
  console.table(rows);
  if (dry) continue;
  const file = fileURLToPath(new URL(`../src/variants/${variant.id}/map.json`, import.meta.url));
  let text = readFileSync(file, 'utf8');
  for (const r of rows) {
    const field = FIELD[r.palette as PaletteName];
    // Rewrite the one field in place (map.json keeps its own layout); add it after the unit colour if absent.
    const entry = new RegExp(`("name": ${JSON.stringify(r.power)},[^}]*?"${field}": )"#[0-9a-f]{6}"`);
    if (entry.test(text)) text = text.replace(entry, `$1"${r.to}"`);
    else throw new Error(`${variant.id}: ${r.power} has no ${field} to rewrite`);
  }
  writeFileSync(file, text);
  console.log(`${file}: ${rows.length} land tints written`);
}
