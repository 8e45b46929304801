/**
 * Mandate of Heaven (David E. Cohen): China in 369 BC on the Warring States base layer, with the Hsiung-Nu,
 * voted neutral powers, last-stand units and river convoys. Rules: ./rules.ts; decisions: docs/rules/mandate-of-heaven.md.
 */
import data from './map.json' with { type: 'json' };
/** Where to draw each province (built by src/render/tools/build-moh-geometry.ts; see docs/variants.md). */
import geometry from './geometry.json' with { type: 'json' };
import namesFr from './names.fr.json' with { type: 'json' };
import namesZhTW from './names.zh-TW.json' with { type: 'json' };
import { mandateFrench } from './french.js';
import { mandateReasons } from './reasons.js';
import { bundledData, defineVariant } from '../define.js';
import { warringStates } from '../warring-states/index.js';
import { mandatePhaseName, mandateYearName } from './calendar.js';
import { readFeatures } from './features.js';
import { mandatePlugin } from './plugin.js';
import { mandateRules } from './rules.js';

const features = readFeatures((data as { features: unknown }).features);
/**
 * Rule 2's "black band" around the placement area, drawn with the renderer's one-sided border band
 * (`features.walls` with `style: "band"`, named in the legend): derived from the placement area, one entry per border between
 * an area province and a province outside it, on the area's side. Mandate of Heaven has no walls in its rules.
 */
function blackBand(): { province: string; neighbour: string; style: 'band'; legend: string }[] {
  const area = new Set(features.placementArea);
  const adjacency = (data as { armyAdjacency: Record<string, string[]> }).armyAdjacency;
  return features.placementArea.flatMap((province) =>
    (adjacency[province] ?? [])
      .filter((n) => !area.has(n))
      .sort()
      .map((neighbour) => ({ province, neighbour, style: 'band' as const, legend: 'Hsiung-Nu placement area' })),
  );
}

const definition = defineVariant({
  data: bundledData({ ...data, features: { ...data.features, walls: blackBand() } }, geometry),
  rules: mandateRules(features, warringStates.map),
  plugin: mandatePlugin(features),
  phaseName: mandatePhaseName,
  yearName: mandateYearName,
  names: { fr: namesFr, 'zh-TW': namesZhTW },
  french: mandateFrench,
  reasonTexts: mandateReasons,
});

export default definition;
export const mandateOfHeaven = definition.variant;
export { features as mandateFeatures };
