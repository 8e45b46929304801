/**
 * Mandate of Heaven's colours (17 powers: 7 states, the Hsiung-Nu, 9 neutrals), chosen by a deterministic
 * search with the palette test's own distance (test/render/palette.test.ts, decisions.md "Maps and colours"):
 * for variants of more than 8 powers, unit colours and land tints ≥ ΔE2000 10 apart pairwise and from the sea,
 * in the standard palette (normal vision) and in the colour-blind one (normal, deuteranopia, protanopia).
 *
 *   npx tsx scripts/moh-palette.ts          # search, print the distances, write map.json's `powers` colours
 *   npx tsx scripts/moh-palette.ts --dry    # search and print only
 *
 * The search is scripts/palette-search.ts; this is its configuration. Anchors: the seven states: the Warring States colours of
 * the same state; the Hsiung-Nu and the neutrals: their earlier Mandate colours, the neutrals' chroma damped so
 * they read as muted); priority: states first, then the Hsiung-Nu. Colour-blind land tints: 17 light tints
 * cannot all stand ΔE 10 apart under both dichromacies (the searches top out near 9.8 at label contrast 4.5),
 * so these go down to contrast 3.5 with the label colour; labels keep their white halo.
 */
import { hexToLab } from '../src/render/color-science.js';
import { DEFAULT_TINT, tint } from '../src/render/palette.js';
import { muted, runPaletteSearch } from './palette-search.js';

const MAP = new URL('../src/variants/mandate-of-heaven/map.json', import.meta.url);

/** Warring States colours of the same seven states (src/variants/warring-states/map.json). */
const WS: Record<string, { color: string; altColor: string; altLandColor: string }> = {
  Qin: { color: '#35352c', altColor: '#000000', altLandColor: '#8c8c8c' },
  Chu: { color: '#b60219', altColor: '#c05200', altLandColor: '#e2b08b' },
  Zhao: { color: '#1d3a93', altColor: '#09689c', altLandColor: '#828cd7' },
  Wei: { color: '#2e9e4f', altColor: '#019e73', altLandColor: '#a5beaf' },
  Han: { color: '#e4ce0a', altColor: '#ffff00', altLandColor: '#ffffa3' },
  Yan: { color: '#d540ca', altColor: '#d374e6', altLandColor: '#d7aaff' },
  Qi: { color: '#fc7e1a', altColor: '#e19e14', altLandColor: '#f2c659' },
};
/** Earlier Mandate colours of the others (unit colour, colour-blind unit colour). */
const OTHERS: Record<string, { color: string; altColor?: string }> = {
  'Hsiung-Nu': { color: '#6d4c41', altColor: '#56B4E9' },
  Zhou: { color: '#b8860b' },
  Song: { color: '#95a5a6' },
  Lu: { color: '#e75480' },
  Wey: { color: '#00838f' },
  Zhongshan: { color: '#7cb342' },
  Shu: { color: '#ad1457' },
  Choson: { color: '#5e35b1' },
  'Pei Choushi': { color: '#c0ca33' },
  'Tung Yueh': { color: '#004d40' },
};
const NAMES = [
  'Qin',
  'Chu',
  'Qi',
  'Yan',
  'Zhao',
  'Wei',
  'Han',
  'Hsiung-Nu',
  'Zhou',
  'Song',
  'Lu',
  'Wey',
  'Zhongshan',
  'Shu',
  'Choson',
  'Pei Choushi',
  'Tung Yueh',
];
const STATES = new Set(Object.keys(WS));
const weight = (name: string) => (STATES.has(name) ? 3 : name === 'Hsiung-Nu' ? 2 : 1);

const anchorOf = (name: string, hex: string) =>
  STATES.has(name) || name === 'Hsiung-Nu' ? hexToLab(hex) : muted(hex, 0.7);

runPaletteSearch({
  map: MAP,
  names: NAMES,
  weight,
  color: (n) => anchorOf(n, WS[n]?.color ?? OTHERS[n].color),
  altColor: (n, color) => anchorOf(n, WS[n]?.altColor ?? OTHERS[n].altColor ?? color[n]),
  landColor: (n, color) => hexToLab(tint(color[n], DEFAULT_TINT)),
  altLandColor: (n, altColor) => hexToLab(WS[n]?.altLandColor ?? tint(altColor[n], DEFAULT_TINT)),
  altLandContrast: 3.5,
});
