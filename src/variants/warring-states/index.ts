/**
 * Warring States v2 (Samy Elias): the 78-area map of China with rivers and walls, and its rules module. Its label
 * size (18 px at 1,600 px wide, `labelSize` in geometry.json) is chosen for Discord's 550 px preview: docs/render.md
 * "Labels".
 */
import data from './map.json' with { type: 'json' };
/** Where to draw each province (built by src/render/tools/build-ws-geometry.ts; see docs/variants.md). */
import geometry from './geometry.json' with { type: 'json' };
import namesFr from './names.fr.json' with { type: 'json' };
import namesZhTW from './names.zh-TW.json' with { type: 'json' };
import { bundledData, defineVariant } from '../define.js';
import { GameMap } from '../../engine/map.js';
import { readFeatures } from './features.js';
import { warringStatesFrench } from './french.js';
import { warringStatesReasons } from './reasons.js';
import { warringStatesRules } from './rules.js';

const parsed = bundledData(data, geometry);
const features = readFeatures(
  parsed.features,
  new GameMap({
    provinces: parsed.provinces,
    armyAdjacency: parsed.armyAdjacency,
    fleetAdjacency: parsed.fleetAdjacency,
  }),
);

const definition = defineVariant({
  data: parsed,
  rules: warringStatesRules(features),
  names: { fr: namesFr, 'zh-TW': namesZhTW },
  french: warringStatesFrench,
  reasonTexts: warringStatesReasons,
});

export default definition;
export const warringStates = definition.variant;
export { features as warringStatesFeatures };
