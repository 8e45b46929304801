/** Warring States v2 (Samy Elias): the 78-area map of China with rivers and walls, and its rules module. */
import data from './map.json' with { type: 'json' };
/** Where to draw each province (built by src/render/tools/build-ws-geometry.ts; see docs/variants.md). */
import geometry from './geometry.json' with { type: 'json' };
import { buildVariant, bundledVariantData } from '../bundled.js';
import { GameMap } from '../../engine/map.js';
import type { Variant } from '../../engine/variant.js';
import { readFeatures } from './features.js';
import { warringStatesRules } from './rules.js';

const parsed = bundledVariantData({ ...data, geometry });
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
