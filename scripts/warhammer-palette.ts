/**
 * Warhammer's colours (21 powers: 19 nations and the two Dogs of War seats, Tilea and Estalia), chosen by the
 * shared deterministic search (scripts/palette-search.ts) to the bars of decisions.md for more than 8 powers,
 * checked by test/render/palette.test.ts.
 *
 *   npx tsx scripts/warhammer-palette.ts          # search, print the distances, write map.json's `powers` colours
 *   npx tsx scripts/warhammer-palette.ts --dry    # search and print only
 *
 * Anchors: the seed's named colours (docs/rules/warhammer.md "Colours": Chaos dark grey, Norse cyan, Kislev white,
 * Empire yellow, Bretonnia pink, Dark Elves purple, High Elves light blue, Wood Elves bright green, Vampire Counts
 * dark red, Dwarves brown, Chaos Dwarves black, Skaven light grey, Orcs & Goblins dark green, Tomb Kings
 * off-white, Araby tan, Lizardmen medium green, Ind red-brown, Cathay orange, Nippon red, the Dogs of War medium
 * grey) as the earlier map.json hex values. The colour-blind unit colours start from the same anchors, the tints
 * from the chosen unit colours mixed with white. Priority: the 19 nations before the two Dogs of War seats.
 */
import { hexToLab } from '../src/render/color-science.js';
import { DEFAULT_TINT, tint } from '../src/render/palette.js';
import { runPaletteSearch } from './palette-search.js';

const MAP = new URL('../src/variants/warhammer/map.json', import.meta.url);

/** The seed's named colours as first written in map.json. */
const SEED: Record<string, string> = {
  Chaos: '#4a4a4a',
  Norse: '#00c8d7',
  Kislev: '#f4f4f4',
  Empire: '#f2d21b',
  Bretonnia: '#f28cc8',
  'Dark Elves': '#7b2fa8',
  'High Elves': '#8ec5ff',
  'Wood Elves': '#3ddc3d',
  'Vampire Counts': '#8b0a1a',
  Dwarves: '#8b5a2b',
  'Chaos Dwarves': '#111111',
  Skaven: '#bdbdbd',
  'Orcs & Goblins': '#1f5f1f',
  'Tomb Kings': '#e8e0c8',
  Araby: '#d2b48c',
  Lizardmen: '#5fa35f',
  Ind: '#a0522d',
  Cathay: '#ff8c1a',
  Nippon: '#e01b24',
  Tilea: '#8a8a8a',
  Estalia: '#9e9e9e',
};
const DOGS_OF_WAR = new Set(['Tilea', 'Estalia']);

const altLandContrast = Number(process.env.ALT_LAND_CONTRAST ?? 2.5);

runPaletteSearch({
  map: MAP,
  names: Object.keys(SEED),
  weight: (n) => (DOGS_OF_WAR.has(n) ? 1 : 2),
  color: (n) => hexToLab(SEED[n]),
  altColor: (n) => hexToLab(SEED[n]),
  landColor: (n, color) => hexToLab(tint(color[n], DEFAULT_TINT)),
  altLandColor: (n, altColor) => hexToLab(tint(altColor[n], DEFAULT_TINT)),
  altLandContrast,
});
