/**
 * Colours of the map. Power colours come from the variant (`color`, or `altColor` for the colour-blind
 * palette, which for Classic is the Okabe–Ito set); everything else is fixed here.
 */
import type { PowerData } from '../variants/schema.js';

export type PaletteName = 'standard' | 'colorblind';

export const COLORS = {
  background: '#f4efe4',
  sea: '#b9d3e6',
  land: '#efe6cf',
  offmapLand: '#d9d2c1',
  offmapSea: '#c9dbe8',
  impassable: '#b8b0a0',
  border: '#6f6454',
  coast: '#2f4f6a',
  seaBorder: '#8fb0c8',
  frame: '#333333',
  centerRing: '#222222',
  centerNeutral: '#ffffff',
  labelLand: '#2b2620',
  labelSea: '#1f4466',
  halo: 'rgba(255,255,255,0.85)',
  failed: '#d00000',
  river: '#2f7fd0',
  wall: '#5a3b1e',
  link: '#4a4a4a',
  title: '#1c1c1c',
} as const;

export function powerColor(power: PowerData | undefined, palette: PaletteName): string {
  if (!power) return '#888888';
  return palette === 'colorblind' && power.altColor ? power.altColor : power.color;
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
  return '#' + [r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('');
}
