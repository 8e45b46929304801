/**
 * Colours for a variant from outside (an imported one, docs/variants.md "Colours"): the source's own unit colours
 * where they meet the bars every map keeps (palette-bars.ts, docs/decisions.md "Maps and colours"), else the nearest
 * colour of a reserve that does, said in a note; and a colour-blind palette chosen from a reserve under simulated
 * deuteranopia and protanopia. The reserves are the bundled variants' colours, which meet those bars.
 */
import type { PowerData } from '../variants/schema.js';
import { colorDistance, type Vision } from './color-science.js';
import { COLORS, DEFAULT_TINT, tint } from './palette.js';
import { tintProblems, unitColorProblems } from './palette-bars.js';

/** The bundled variants' unit colours. */
const RESERVE = [
  'c53328 20297f 1e7afe 444543 2e9e4f b154af e8c21d fc7e1a d540ca 1eb4a5',
  '782da5 5aa5ff 870f1e 875a2d 1e5a1e a5b469 e1a569 a54b1e e10f1e 8796b4',
  '694b3c b4964b e17896 2d7887 963c5a 5a3c87 f087c3 69a569 3ce13c',
]
  .join(' ')
  .split(' ')
  .map((c) => `#${c}`);
/** The bundled variants' colour-blind unit colours. */
const ALT_RESERVE = [
  'd55d01 0064a2 17a4fe 464646 00a16f a2819b f0e442 000000 d374e6 e19e14',
  '00ffd2 7828a5 0f78d2 69000f 1e6969 ffff78 c39696 55234b aa0005 2d7896',
  '4b7878 b4965a e196b4 2d5a5a 873c3c 4b2d69 fa8cfa 1e874b 4bb45a a5e196',
]
  .join(' ')
  .split(' ')
  .map((c) => `#${c}`);

const DICHROMACIES: Vision[] = ['deuteranopia', 'protanopia'];

export interface FittedPalette {
  powers: PowerData[];
  /** One line per colour the source gave that the map draws differently. */
  notes: string[];
}

/**
 * The powers with `color` (kept where it may be) and `altColor`/`altLandColor` set; notes for what changed.
 * `uncoloured` powers have no colour of their own: they take the reserve's, in order.
 */
export function fitPalette(powers: readonly PowerData[], uncoloured: readonly string[] = []): FittedPalette {
  const many = powers.length > 8;
  const notes: string[] = [];
  const units: string[] = [];
  const tints: string[] = [];
  const alts: string[] = [];
  const altTints: string[] = [];
  const givenOf = (p: PowerData) =>
    /^#[0-9a-f]{6}$/i.test(p.color) && !uncoloured.includes(p.name) ? p.color.toLowerCase() : null;
  const out = powers.map((p) => {
    const given = givenOf(p);
    // A colour another power brings is that power's: a replacement is never taken from it.
    const others = powers.filter((o) => o !== p).flatMap((o) => givenOf(o) ?? []);
    const free = RESERVE.filter((c) => others.every((o) => colorDistance(c, o) >= (many ? 10 : 20)));
    const standard = pick(given, free, (c) => fitsStandard(c, units, tints, many));
    units.push(standard);
    tints.push(tint(standard, DEFAULT_TINT));
    if (given && standard !== given)
      notes.push(`${p.name}: colour ${given} ${why(given, units.slice(0, -1), many)}; drawn as ${standard}`);
    const alt = pick(null, byNearness(standard, ALT_RESERVE), (c) => fitsColourBlind(c, alts, altTints, many));
    alts.push(alt);
    altTints.push(tint(alt, DEFAULT_TINT));
    return { ...p, color: standard, altColor: alt, altLandColor: tint(alt, DEFAULT_TINT) };
  });
  return { powers: out, notes };
}

/** The first candidate that fits (the given colour first, then the reserve nearest to it), else the least bad. */
function pick(given: string | null, reserve: readonly string[], fits: (c: string) => number): string {
  const candidates = given ? [given, ...byNearness(given, reserve)] : [...reserve];
  let best = candidates[0]!;
  let bestScore = -Infinity;
  for (const c of candidates) {
    const score = fits(c);
    if (score >= 0) return c;
    if (score > bestScore) [best, bestScore] = [c, score];
  }
  return best;
}

const byNearness = (to: string, list: readonly string[]) =>
  [...list].sort((a, b) => colorDistance(a, to) - colorDistance(b, to));

/**
 * A colour within this distance of one a power already has is that colour: taking it again is worse than land that
 * misses its bar (two powers whose provinces, centres and units cannot be told apart), though not than a grey unit.
 */
const SAME = 5;
const TAKEN = -800;

/** Below zero by how far the colour misses a bar (0 or more: it fits), standard palette. */
function fitsStandard(c: string, units: string[], tints: string[], many: boolean): number {
  if (unitColorProblems(c).length > 0) return -1000;
  if (units.some((u) => colorDistance(c, u) < SAME)) return TAKEN;
  const t = tint(c, DEFAULT_TINT);
  if (tintProblems(t).length > 0) return -500;
  const unitGap = Math.min(Infinity, ...units.map((u) => colorDistance(c, u))) - (many ? 10 : 20);
  const tintGap = Math.min(Infinity, ...tints.map((u) => colorDistance(t, u))) - 10;
  return Math.min(unitGap, tintGap, 0);
}

/** The same for the colour-blind palette, under each simulated dichromacy. */
function fitsColourBlind(c: string, alts: string[], tints: string[], many: boolean): number {
  if (unitColorProblems(c).length > 0) return -1000;
  if (alts.some((a) => colorDistance(c, a) < SAME)) return TAKEN;
  const t = tint(c, DEFAULT_TINT);
  if (tintProblems(t, 0, ['normal', ...DICHROMACIES]).length > 0) return -500;
  const gap = (x: string, list: string[], bar: number) =>
    Math.min(Infinity, ...DICHROMACIES.flatMap((v) => [...list, COLORS.sea].map((y) => colorDistance(x, y, v)))) - bar;
  const worst = Math.min(gap(c, alts, many ? 10 : 15), gap(t, tints, 10));
  return Math.min(worst, 0);
}

/** Why a given colour was not kept, in a few words. */
function why(c: string, units: string[], many: boolean): string {
  const own = unitColorProblems(c);
  if (own.length > 0) return `reads as ${own[0]!.split(' (')[0]}`;
  if (tintProblems(tint(c, DEFAULT_TINT)).length > 0) return 'makes land that reads as water or unowned land';
  const near = units.find((u) => colorDistance(c, u) < (many ? 10 : 20));
  return near ? `is too close to ${near}` : 'is too close to another power’s land';
}
