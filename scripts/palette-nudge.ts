/**
 * Moves each land tint that reads as water or as unowned land (src/render/palette-bars.ts `tintProblems`) to the
 * nearest colour (CIEDE2000 from the old tint) that does not, with the searches' hue margin (SEARCH_HUE_MARGIN), and
 * that keeps every bar of test/render/palette.test.ts: land tints ≥ ΔE 10 apart and from the sea (searched to 10.5),
 * in the colour-blind palette also under simulated deuteranopia and protanopia; and at least the old tint's contrast
 * with the label colour, or the searches' 6 (standard) or 2.5 (colour-blind) if the old one had more. Only the failing tints change, so a palette chosen by hand
 * (Classic, Warring States) or by the searches (scripts/palette-search.ts, which rechoose a whole palette and may
 * not converge again) keeps every other colour.
 *
 *   npx tsx scripts/palette-nudge.ts [--dry] [variant …]     # default: every bundled variant
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  colorDistance,
  deltaE2000,
  hexToLab,
  rgbToHex,
  type Lab,
  type Vision,
  contrastRatio,
} from '../src/render/color-science.js';
import { COLORS, landColor, PALETTE_NAMES, type PaletteName } from '../src/render/palette.js';
import { SEARCH_HUE_MARGIN, tintProblems } from '../src/render/palette-bars.js';
import { allVariants } from '../src/variants/index.js';

const BAR = 10.5;
/**
 * The lowest contrast of a colour-blind land tint with the label colour: the searches' (Warhammer's 2.5: 21 light
 * tints cannot all stand 10 apart under both dichromacies; labels keep their white halo).
 */
const ALT_LAND_CONTRAST = 2.5;
/** The searches' chroma cap for land tints: a tint more saturated than this shouts over the units on it. */
const MAX_CHROMA = 55;
const VISIONS: Record<PaletteName, Vision[]> = {
  standard: ['normal'],
  colorblind: ['normal', 'deuteranopia', 'protanopia'],
};
const FIELD: Record<PaletteName, 'landColor' | 'altLandColor'> = { standard: 'landColor', colorblind: 'altLandColor' };

const contrast = contrastRatio;

/** Every colour of a 5-step sRGB lattice, with its CIELAB. */
const lattice: { hex: string; lab: Lab }[] = [];
for (let r = 0; r <= 255; r += 5)
  for (let g = 0; g <= 255; g += 5)
    for (let b = 0; b <= 255; b += 5) {
      const hex = rgbToHex([r, g, b]);
      lattice.push({ hex, lab: hexToLab(hex) });
    }

/** The nearest acceptable tint to `old`, given the other powers' tints of the same palette. */
function nudge(old: string, others: string[], palette: PaletteName): string | null {
  const from = hexToLab(old);
  const minContrast = Math.min(palette === 'standard' ? 6 : ALT_LAND_CONTRAST, contrast(old, COLORS.labelLand));
  const order = lattice.map((c) => ({ hex: c.hex, d: deltaE2000(from, c.lab) })).sort((a, b) => a.d - b.d);
  for (const { hex } of order) {
    const [, a, b] = hexToLab(hex);
    if (
      Math.hypot(a, b) > MAX_CHROMA ||
      contrast(hex, COLORS.labelLand) < minContrast ||
      tintProblems(hex, SEARCH_HUE_MARGIN, VISIONS[palette]).length > 0
    )
      continue;
    if (VISIONS[palette].every((v) => [...others, COLORS.sea].every((o) => colorDistance(hex, o, v) >= BAR)))
      return hex;
  }
  return null;
}

const dry = process.argv.includes('--dry');
const ids = process.argv.slice(2).filter((a) => !a.startsWith('--'));
for (const variant of allVariants().filter((v) => ids.length === 0 || ids.includes(v.id))) {
  const changes: { power: string; field: string; from: string; to: string }[] = [];
  const powers = variant.powers.map((p) => ({ ...p }));
  for (const palette of PALETTE_NAMES) {
    for (const p of powers) {
      const old = landColor(p, palette);
      const problems = tintProblems(old, 0, VISIONS[palette]);
      if (problems.length === 0) continue;
      const others = powers.filter((q) => q !== p).map((q) => landColor(q, palette));
      const next = nudge(old, others, palette);
      if (!next) throw new Error(`${variant.id} ${palette} ${p.name}: no tint near ${old} keeps the bars`);
      p[FIELD[palette]] = next;
      changes.push({
        power: p.name,
        field: FIELD[palette],
        from: `${old} (${problems.join('; ')})`,
        to: `${next}, ΔE ${colorDistance(next, COLORS.sea).toFixed(1)} from the sea`,
      });
    }
  }
  if (changes.length === 0) {
    console.log(`${variant.id}: every land tint passes`);
    continue;
  }
  console.table(changes);
  if (dry) continue;
  // map.json's layout: one space per level, keys of each power in their usual order (name, adjective, colours, rest).
  const file = fileURLToPath(new URL(`../src/variants/${variant.id}/map.json`, import.meta.url));
  const text = readFileSync(file, 'utf8');
  const data = JSON.parse(text) as { powers: Record<string, unknown>[] };
  data.powers = data.powers.map((raw) => {
    const p = powers.find((q) => q.name === raw.name)!;
    const { name, adjective, color, altColor, landColor: _l, altLandColor: _al, ...rest } = raw;
    const colours = { color, altColor, landColor: p.landColor, altLandColor: p.altLandColor };
    return {
      name,
      adjective,
      ...Object.fromEntries(Object.entries(colours).filter(([, v]) => v !== undefined)),
      ...rest,
    };
  });
  writeFileSync(file, JSON.stringify(data, null, 1) + (text.endsWith('\n') ? '\n' : ''));
  console.log(`${file}: ${changes.length} land tints written`);
}
