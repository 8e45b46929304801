/** Classic Diplomacy: the standard 1901 map with the Classic rules (no hooks). */
import data from './map.json' with { type: 'json' };
/** Where to draw each province (built by src/render/tools/tune-classic-geometry.ts; see docs/render.md). */
import geometry from './geometry.json' with { type: 'json' };
import { buildVariant, bundledVariantData } from '../bundled.js';

export const classic = buildVariant(bundledVariantData({ ...data, geometry }));
