/**
 * Classic Diplomacy: the standard 1901 map with the Classic rules (no hooks). Its label size (20 px at 1,600 px wide,
 * `labelSize` in geometry.json) is chosen for Discord's 550 px preview: docs/render.md "Labels".
 */
import data from './map.json' with { type: 'json' };
/** Where to draw each province (built by src/render/tools/tune-classic-geometry.ts; see docs/render.md). */
import geometry from './geometry.json' with { type: 'json' };
import namesFr from './names.fr.json' with { type: 'json' };
/** Its powers' names in traditional Chinese; simplified derived from them (src/variants/names.ts). */
import namesZhTW from './names.zh-TW.json' with { type: 'json' };
import { bundledData, defineVariant } from '../define.js';

const definition = defineVariant({ data: bundledData(data, geometry), names: { fr: namesFr, 'zh-TW': namesZhTW } });

export default definition;
export const classic = definition.variant;
