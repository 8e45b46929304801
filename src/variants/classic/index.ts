/** Classic Diplomacy: the standard 1901 map with the Classic rules (no hooks). */
import data from './map.json' with { type: 'json' };
import { buildVariant, parseVariantData } from '../build.js';

export const classic = buildVariant(parseVariantData(data, 'src/variants/classic/map.json'));
