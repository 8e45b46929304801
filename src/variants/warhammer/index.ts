/** Warhammer Diplomacy fm05 (Daryl Lonnon): the 120-area world map of the geography brief, and its rules module. */
import data from './map.json' with { type: 'json' };
import { buildVariant, parseVariantData } from '../build.js';
import type { Variant } from '../../engine/variant.js';
import { readFeatures } from './features.js';
import { warhammerRules } from './rules.js';

const parsed = parseVariantData(data, 'src/variants/warhammer/map.json');
const features = readFeatures(parsed);

export const warhammer: Variant = buildVariant(parsed, warhammerRules(features));
export { features as warhammerFeatures };
export {
  battleReports,
  checkBattleReports,
  declarationsAllowed,
  DEFAULT_BASE_POINTS,
  groupBattles,
  rollBattle,
  type Army,
  type BattleRoll,
  type BattleSide,
  type DecisiveBattle,
} from './decisive-phase.js';
