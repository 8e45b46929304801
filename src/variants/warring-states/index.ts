/** Warring States v2 (Samy Elias): the 78-area map of China with rivers and walls, and its rules module. */
import data from './map.json' with { type: 'json' };
/** Where to draw each province (built by src/render/tools/build-ws-geometry.ts; see docs/variants.md). */
import geometry from './geometry.json' with { type: 'json' };
import { buildVariant, bundledVariantData } from '../bundled.js';
import { GameMap } from '../../engine/map.js';
import type { Variant } from '../../engine/variant.js';
import { readFeatures } from './features.js';
import { warringStatesRules } from './rules.js';

/**
 * Label height at 1,600 px wide: every full name still fits at 18 px, 6.2 px high at Discord's 550 px preview, where a
 * results post's map is first seen (docs/render.md "Labels").
 */
const WARRING_STATES_LABEL_PX = 18;

const parsed = bundledVariantData({ ...data, geometry: { ...geometry, labelSize: WARRING_STATES_LABEL_PX } });
const features = readFeatures(
  parsed.features,
  new GameMap({
    provinces: parsed.provinces,
    armyAdjacency: parsed.armyAdjacency,
    fleetAdjacency: parsed.fleetAdjacency,
  }),
);

export const warringStates: Variant = buildVariant(parsed, warringStatesRules(features));
export { features as warringStatesFeatures };
