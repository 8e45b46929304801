/** Classic Diplomacy: the standard 1901 map with the Classic rules (no hooks). */
import data from './map.json' with { type: 'json' };
/** Where to draw each province (built by src/render/tools/tune-classic-geometry.ts; see docs/render.md). */
import geometry from './geometry.json' with { type: 'json' };
import { buildVariant, bundledVariantData } from '../bundled.js';

/**
 * Label height at 1,600 px wide: the three-letter codes fit at 20 px, 6.9 px high at Discord's 550 px preview, where a
 * results post's map is first seen (docs/render.md "Labels").
 */
const CLASSIC_LABEL_PX = 20;

export const classic = buildVariant(
  bundledVariantData({ ...data, geometry: { ...geometry, labelSize: CLASSIC_LABEL_PX } }),
);
