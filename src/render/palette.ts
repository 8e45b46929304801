/**
 * Colours of the map. Power colours come from the variant: `color` (units, arrows) and `landColor` (the
 * tint of the land it holds) for the standard palette, `altColor` and `altLandColor` for the colour-blind
 * one. Everything else is fixed here. The bars every variant's palette meets (docs/decisions.md, "Maps and
 * colours") are checked from this data by test/render/palette.test.ts with CIEDE2000 (color-science.ts):
 * unit colours ΔE ≥ 20 apart and from the sea (≥ 15 under simulated deuteranopia and protanopia in the
 * colour-blind palette), land tints ≥ 10; with more than 8 powers each unit also carries its power's mark
 * and the bars drop to 10.
 */
import type { PowerData } from '../variants/schema.js';

export const PALETTE_NAMES = ['standard', 'colorblind'] as const;
export type PaletteName = (typeof PALETTE_NAMES)[number];

export const COLORS = {
  background: '#f4efe4',
  sea: '#aad3df',
  land: '#efe6cf',
  offmapLand: '#d9d2c1',
  offmapSea: '#c8e0e6',
  impassable: '#b8b0a0',
  /** A province the reader cannot see (fog of war): grey, hatched (draw.ts). */
  fogLand: '#bdbab3',
  fogSea: '#a9b6ba',
  border: '#6f6454',
  coast: '#2f4f6a',
  seaBorder: '#86b6c4',
  frame: '#333333',
  centerRing: '#222222',
  centerNeutral: '#ffffff',
  labelLand: '#2b2620',
  labelSea: '#1f4466',
  halo: 'rgba(255,255,255,0.85)',
  failed: '#d00000',
  river: '#2f7fd0',
  wall: '#5a3b1e',
  /** An area's border band (Mandate of Heaven's black band): solid, dark. */
  band: '#1d1d1d',
  link: '#4a4a4a',
  title: '#1c1c1c',
} as const;

/** Share of the unit colour in a land tint when the variant gives none (mixed with white). */
export const DEFAULT_TINT = 0.42;

/** A power's unit colour in this palette. */
export function powerColor(power: PowerData | undefined, palette: PaletteName): string {
  if (!power) return '#888888';
  return palette === 'colorblind' && power.altColor ? power.altColor : power.color;
}

/** The tint of land a power holds in this palette. */
export function landColor(power: PowerData | undefined, palette: PaletteName): string {
  if (!power) return COLORS.land;
  const given = palette === 'colorblind' && power.altColor ? power.altLandColor : power.landColor;
  return given ?? tint(powerColor(power, palette), DEFAULT_TINT);
}

/** Mix a hex colour with white: `amount` 0 = white, 1 = the colour. */
export function tint(hex: string, amount: number): string {
  const [r, g, b] = rgb(hex);
  const mix = (c: number) => Math.round(255 + (c - 255) * amount);
  return toHex(mix(r), mix(g), mix(b));
}

/** Black or white, whichever reads better on this colour (WCAG relative luminance). */
export function textOn(hex: string): string {
  const [r, g, b] = rgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return l > 0.3 ? '#000000' : '#ffffff';
}

export function rgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1, 7), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(r: number, g: number, b: number): string {
  return `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}
