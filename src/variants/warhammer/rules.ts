/**
 * The Warhammer Diplomacy (fm05) rules module: the national abilities on the engine's hooks (src/engine/rules.ts).
 * Interpretations, with the seed sentence each rests on: docs/rules/warhammer.md.
 * Skaven Underways need no code here: they are army links reserved to the Skaven in map.json (`links[].power`).
 */
import type { RulesModule } from '../../engine/rules.js';
import type { WarhammerFeatures } from './features.js';
import { buildableCenters } from './rules/capitals.js';
import { decisiveDeclarations, gameOptions } from './rules/decisive.js';
import { illusionArmy, illusionHoldStrength } from './rules/illusion.js';
import { immortalArmy, immortalCanMove } from './rules/immortality.js';
import { seaRaiderStrength } from './rules/sea-raiders.js';

export function warhammerRules(features: WarhammerFeatures): RulesModule {
  return {
    gameOptions,
    decisive: ({ position, orders, adjudication, options }) => decisiveDeclarations(position, orders, adjudication, options),
    extraOrders: ({ position, orders }) => [...illusionArmy(position, orders), ...immortalArmy(position, orders)],
    canMove: ({ unit, to }) => immortalCanMove(unit, to),
    strength: (ctx, q) => seaRaiderStrength(ctx, q) ?? illusionHoldStrength(q),
    buildableCenters: ({ map, position, power }) => buildableCenters(features, map, position, power),
  };
}
