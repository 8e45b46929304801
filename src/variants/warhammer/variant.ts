/** Warhammer Diplomacy fm05 (Daryl Lonnon): the 120-area world map of the geography brief, and its rules module. */
import data from './map.json' with { type: 'json' };
import { buildVariant, bundledData } from '../define.js';
import type { Variant } from '../../engine/variant.js';
import { readFeatures } from './features.js';
import { campaignData, campaignOf } from './campaign.js';
import { warhammerRules } from './rules.js';
import { warhammerReasons } from './reasons.js';
import { warhammerNames } from './names.js';
import type { Position, Power, ProvinceId, UnitType } from '../../engine/types.js';
import {
  applyDogsOfWarChoice as applyDogsOfWarChoiceOf,
  dogsOfWarChoices as dogsOfWarChoicesOf,
} from './dogs-of-war.js';
import {
  applyRevolt as applyRevoltOf,
  becomeSepoy as becomeSepoyOf,
  revoltOptions as revoltOptionsOf,
} from './followers.js';

const parsed = bundledData(data);
const features = readFeatures(parsed);

/** The variant with the campaign options of a game (campaign.ts), built once per set of options. */
const configured = new Map<string, Variant>();
function configure(options: Record<string, string>): Variant {
  const campaign = campaignOf(options);
  const key = JSON.stringify(campaign);
  let v = configured.get(key);
  if (!v) {
    const data = campaignData(parsed, campaign);
    const built = buildVariant(data, warhammerRules(features, campaign, data.startingUnits));
    const startingPosition = built.startingPosition.bind(built);
    v = {
      ...built,
      reasonTexts: warhammerReasons,
      names: warhammerNames(built.powers.map((p) => p.name)),
      configure,
      options: { ...options },
      // Orcs in the Hills: the hill armies are followed from the start.
      startingPosition: () => {
        const p = startingPosition();
        const hills = campaign.hills.filter((h) => p.units.some((u) => u.province === h)).sort();
        return hills.length > 0 ? { ...p, variantState: { hillArmies: hills } } : p;
      },
    };
    configured.set(key, v);
  }
  return v;
}

export const warhammer: Variant = configure({});
export { features as warhammerFeatures };

const start = () => warhammer.startingPosition();
/** Dogs of War (dogs-of-war.ts): the start choices still open for the seated powers. */
export const dogsOfWarChoices = (position: Position, seated: Power[]) =>
  dogsOfWarChoicesOf(features, warhammer.map, position, start(), seated);
/** Dogs of War: apply one power's start choice (its city and unit type), or say why not. */
export const applyDogsOfWarChoice = (position: Position, choice: { power: Power; city: ProvinceId; type: UnitType }) =>
  applyDogsOfWarChoiceOf(features, warhammer.map, position, start(), choice);
/** Sepoys and Mercenaries (followers.ts). */
export const becomeSepoy = (position: Position, power: Power) => becomeSepoyOf(features, position, power);
export const revoltOptions = (position: Position, sepoy: Power) => revoltOptionsOf(warhammer.map, position, sepoy);
export const applyRevolt = (position: Position, sepoy: Power, province: ProvinceId, type: UnitType) =>
  applyRevoltOf(warhammer.map, position, sepoy, province, type);
export {
  battleCommanders,
  becomeMercenary,
  commanderProblems,
  finalRanking,
  recordWins,
  REVOLT_WINS,
  type RankEntry,
} from './followers.js';
export { readState as readWarhammerState, type WarhammerState } from './state.js';
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
