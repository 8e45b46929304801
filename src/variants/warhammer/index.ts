/** Warhammer Diplomacy fm05 (Daryl Lonnon): the 120-area world map of the geography brief, and its rules module. */
import data from './map.json' with { type: 'json' };
import { buildVariant, bundledVariantData } from '../bundled.js';
import type { Variant } from '../../engine/variant.js';
import { readFeatures } from './features.js';
import { warhammerRules } from './rules.js';

const parsed = bundledVariantData(data);
const features = readFeatures(parsed);

export const warhammer: Variant = buildVariant(parsed, warhammerRules(features));
export { features as warhammerFeatures };
