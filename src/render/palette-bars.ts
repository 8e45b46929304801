/**
 * What a power's colours must never read as (docs/decisions.md "Maps and colours"), beside the pairwise bars
 * the palette test checks: a unit colour never reads as a failed order (a mid grey: failed lines are dimmed), a
 * retreat (white: a retreat's core, an unowned centre), the sea or bare land; a land tint never reads as water or as
 * unowned land. Measured in CIEDE2000 with normal vision (color-science.ts), and for the colour-blind palette's land
 * tints also under simulated deuteranopia and protanopia. test/render/palette.test.ts holds every variant's palettes
 * to these bars; scripts/palette-search.ts searches within them.
 */
import { colorDistance, hexToLab, type Vision } from './color-science.js';
import { COLORS } from './palette.js';

/** The hue margin the palette searches keep from the water hues (scripts/palette-search.ts). */
export const SEARCH_HUE_MARGIN = 10;

export const UNIT_BARS = {
  /** A unit colour this close to grey (chroma) reads as failed unless it is dark enough to read as black. */
  greyChroma: 15,
  /** Lightness (L*) at or below which a colour without chroma reads as black, not grey. */
  black: 30,
  /** ΔE from white (a retreat's core, an unowned centre). */
  white: 25,
  /** ΔE from the sea. */
  sea: 20,
  /** ΔE from unowned land. */
  land: 20,
} as const;

export const TINT_BARS = {
  /** ΔE of any land tint from the sea (and from off-map water). */
  sea: 12,
  /**
   * Water hues (CIELAB hue angle, cyan to steel blue; the sea is 224°): a tint of such a hue with chroma 8 or more
   * reads as water unless it stands `seaHue` from the sea.
   */
  waterHues: [160, 262],
  seaHue: 25,
  /**
   * Light blues read as water further round (sky blues, light steel blues): a light tint (L* ≥ `lightBlueL`) of
   * chroma `lightBlueC` or more and a hue up to `lightBlueTo` stands `seaHue` from the sea too. Warhammer's High
   * Elves #b4d2ff (270°, ΔE 13) made Ulthuan read as sea, Tilea #78b4f0 (265°) likewise, Classic's France #a1c7ff
   * (271°) passed on the old 262° edge. Periwinkles and violets (Zhao #a0acd2, 281°), blue-greys (chroma below 15)
   * and dark slate blues read as land.
   */
  lightBlueTo: 280,
  lightBlueL: 60,
  lightBlueC: 15,
  /** A saturated blue (chroma ≥ this, hue in `blueHues`) reads as a lake however far it is from the sea's colour. */
  lakeChroma: 45,
  blueHues: [200, 295],
  /** ΔE from unowned land and from off-map land. */
  land: 10,
  /**
   * ΔE of every land tint of the colour-blind palette from unowned land under simulated deuteranopia and under
   * simulated protanopia, the deficiencies that palette is for: the same 10 as `land` with normal vision, so owned
   * land never reads as unowned. Light greens and pale creams fell below it (Mandate of Heaven's Wei #b9ffcd 1.5
   * under deuteranopia, Warring States' Wei #97e7be 3.6 and Classic's Italy #a7d9be 4.6 under protanopia,
   * Warhammer's Kislev #e6ffd7 3.7 and Araby #dcc8c3 7.6 under deuteranopia). Moving one tint at a time
   * (scripts/palette-nudge.ts) reaches only about 5 among Mandate of Heaven's 17 and Warhammer's 21 light tints held
   * 10 apart; moving a few neighbours with it (darker or more saturated tints, L* ≥ 60 for the labels or no darker
   * than before) reaches 10 in every variant, so there is no lower bar for many powers.
   */
  landUnderSimulation: 10,
  offmapLand: 8,
} as const;

/**
 * A land tint must read as its power's: the land a power holds in the hue of its units, paler. A unit colour with a
 * hue (chroma ≥ `hued`) asks for a tint within `hue` degrees of it (CIELAB hue angle) and of at least `minChroma`, or
 * a fifth of the unit's chroma when that is more (a pale grey beside a strong orange reads as nobody's); a grey or
 * black unit colour asks for a tint no more coloured than `greyChroma`. Measured with normal vision, in both palettes:
 * the colour-blind palette is a game's choice, seen by every player of it. A unit colour of the sea's hues (cyan to blue, `seaHues`)
 * cannot have a tint of its hue that does not read as sea, so its tint may turn up to `seaHueTurn` degrees, towards
 * violet or green (Mandate of Heaven's teal Wey on lavender). Classic's colour-blind Russia #fffaff
 * (white land under mauve armies) and Italy #b4beaf (grey under green), Mandate of Heaven's colour-blind Wei #faffb9
 * (pale yellow under green) failed it.
 */
export const TINT_HUE = {
  hued: 12,
  hue: 30,
  /**
   * The colour-blind palette of a variant of more than 8 powers: its 17 or 21 light tints stand 10 apart under two
   * simulated dichromacies as well, which leaves no room for 30° (Warhammer's five greens); its units carry their
   * marks, and 45° still reads as the power's (an orange tint under red armies, not a yellow one under green).
   */
  crowdedHue: 45,
  /** Unit hues (CIELAB) whose own tint reads as sea (cyan to blue), and how far their tint may turn instead. */
  seaHues: [185, 262],
  seaHueTurn: 75,
  minChroma: 8,
  chromaShare: 0.2,
  greyChroma: 15,
} as const;

/**
 * Why a land tint does not read as its power's (empty when it does), given the power's unit colour; `crowded`: the
 * colour-blind palette of a variant of more than 8 powers (`TINT_HUE.crowdedHue`).
 */
export function tintHueProblems(unit: string, tint: string, crowded = false): string[] {
  const u = lch(unit);
  const t = lch(tint);
  if (u.C < TINT_HUE.hued)
    return t.C > TINT_HUE.greyChroma ? [`coloured (chroma ${t.C.toFixed(0)}) under a grey unit colour`] : [];
  const out: string[] = [];
  const turn = Math.abs(u.h - t.h);
  const dh = Math.min(turn, 360 - turn);
  const seaHue = u.h >= TINT_HUE.seaHues[0] && u.h <= TINT_HUE.seaHues[1];
  if (dh > (seaHue ? TINT_HUE.seaHueTurn : crowded ? TINT_HUE.crowdedHue : TINT_HUE.hue))
    out.push(`hue ${t.h.toFixed(0)}°, ${dh.toFixed(0)}° from its units' ${u.h.toFixed(0)}°`);
  const least = Math.max(TINT_HUE.minChroma, u.C * TINT_HUE.chromaShare);
  if (t.C < least) out.push(`too grey (chroma ${t.C.toFixed(1)}, at least ${least.toFixed(1)} under its units')`);
  return out;
}

function lch(hex: string): { L: number; C: number; h: number } {
  const [L, a, b] = hexToLab(hex);
  return { L, C: Math.hypot(a, b), h: ((Math.atan2(b, a) * 180) / Math.PI + 360) % 360 };
}

/** Why a unit colour misleads (empty when it does not): `grey`, `white`, `sea`, `land`. */
export function unitColorProblems(hex: string): string[] {
  const out: string[] = [];
  const { L, C } = lch(hex);
  if (C < UNIT_BARS.greyChroma && L > UNIT_BARS.black)
    out.push(`grey (chroma ${C.toFixed(1)}, L ${L.toFixed(0)}): reads as a failed order`);
  const white = colorDistance(hex, '#ffffff');
  if (white < UNIT_BARS.white) out.push(`white (ΔE ${white.toFixed(1)}): reads as a retreat or an unowned centre`);
  const sea = colorDistance(hex, COLORS.sea);
  if (sea < UNIT_BARS.sea) out.push(`sea (ΔE ${sea.toFixed(1)})`);
  const land = colorDistance(hex, COLORS.land);
  if (land < UNIT_BARS.land) out.push(`unowned land (ΔE ${land.toFixed(1)})`);
  return out;
}

/**
 * Why a land tint misleads (empty when it does not): water, unowned land (under each of `visions`: the colour-blind
 * palette's tints are held apart from unowned land under simulated deuteranopia and protanopia too, the deficiencies
 * that palette is for). `hueMargin` (degrees) moves the blue edge of
 * the water hues further round, and the light blues' lightness and chroma floors down by half as much: the palette
 * searches ask for a margin (`SEARCH_HUE_MARGIN`), so that what they find does not sit on an edge (the test asks
 * none; searches had left tints at 262°, just past the old edge).
 */
export function tintProblems(hex: string, hueMargin = 0, visions: readonly Vision[] = ['normal']): string[] {
  const out: string[] = [];
  const sea = Math.min(colorDistance(hex, COLORS.sea), colorDistance(hex, COLORS.offmapSea));
  if (sea < TINT_BARS.sea) out.push(`water (ΔE ${sea.toFixed(1)})`);
  else {
    const { L, C, h } = lch(hex);
    const [from, to] = TINT_BARS.waterHues;
    const [blueFrom, blueTo] = TINT_BARS.blueHues;
    const waterHue = h >= from && h <= to + hueMargin;
    const lightBlue =
      L >= TINT_BARS.lightBlueL - hueMargin / 2 &&
      C >= TINT_BARS.lightBlueC - hueMargin / 2 &&
      h >= from &&
      h <= TINT_BARS.lightBlueTo + hueMargin;
    if (((C >= 8 && waterHue) || lightBlue) && sea < TINT_BARS.seaHue)
      out.push(`water (a water hue, ${h.toFixed(0)}°, ΔE ${sea.toFixed(1)})`);
    else if (C >= TINT_BARS.lakeChroma && h >= blueFrom && h <= blueTo)
      out.push(`water (a saturated blue, ${h.toFixed(0)}°, chroma ${C.toFixed(0)}: reads as a lake)`);
  }
  // Owned land apart from unowned land for every colour vision the palette is for (the colour-blind palette: also
  // under simulated deuteranopia and protanopia).
  for (const vision of visions) {
    const land = colorDistance(hex, COLORS.land, vision);
    if (land < (vision === 'normal' ? TINT_BARS.land : TINT_BARS.landUnderSimulation)) {
      out.push(`unowned land (ΔE ${land.toFixed(1)}${vision === 'normal' ? '' : ` under ${vision}`})`);
      break;
    }
  }
  const offmap = colorDistance(hex, COLORS.offmapLand);
  if (offmap < TINT_BARS.offmapLand) out.push(`off-map land (ΔE ${offmap.toFixed(1)})`);
  return out;
}
