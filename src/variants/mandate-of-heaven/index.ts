/**
 * Mandate of Heaven (David E. Cohen): China in 369 BC on the Warring States base layer, with the Hsiung-Nu,
 * voted neutral powers, last-stand units and river convoys. Rules: ./rules.ts; decisions: docs/rules/mandate-of-heaven.md.
 */
import data from './map.json' with { type: 'json' };
import { buildVariant, parseVariantData } from '../build.js';
import { warringStates } from '../warring-states/index.js';
import type { Variant } from '../../engine/variant.js';
import { mandatePhaseName } from './calendar.js';
import { readFeatures } from './features.js';
import { deriveGeometry, type BaseLayer } from './geometry.js';
import { mandateRules } from './rules.js';

const features = readFeatures((data as { features: unknown }).features);
const base = warringStates.data.geometry as BaseLayer | undefined;
if (features.baseGeometry.variant !== warringStates.id || !base) throw new Error('mandate-of-heaven: the base layer must be the Warring States geometry');
const parsed = parseVariantData({ ...data, geometry: deriveGeometry(features.baseGeometry, base) }, 'src/variants/mandate-of-heaven/map.json');

export const mandateOfHeaven: Variant = { ...buildVariant(parsed, mandateRules(features, warringStates.map)), phaseName: mandatePhaseName };
export { features as mandateFeatures };
