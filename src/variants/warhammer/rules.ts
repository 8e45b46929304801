/**
 * The Warhammer Diplomacy (fm05) rules module: the national abilities on the engine's hooks (src/engine/rules.ts).
 * Interpretations, with the seed sentence each rests on: docs/rules/warhammer.md.
 * Skaven Underways need no code here: they are army links reserved to the Skaven in map.json (`links[].power`).
 */
import type { RulesModule } from '../../engine/rules.js';
import type { WarhammerFeatures } from './features.js';
import { buildableCenters } from './rules/capitals.js';
import { resolveMovement } from '../../engine/movement/index.js';
import { battleWinner, convoyStands, duplicateReports, isBattlePass, reportProblems, ruling } from './rules/battles.js';
import { decisiveDeclarations, gameOptions } from './rules/decisive.js';
import { illusionArmy, illusionHoldStrength } from './rules/illusion.js';
import { adoptImmortalSupports, IMMORTAL_SUPPORT, immortalArmy, immortalCanMove, immortalSupportParser, immortalSupportSpec } from './rules/immortality.js';
import { seaRaiderStrength } from './rules/sea-raiders.js';
import { followCapitals } from './followers.js';

export function warhammerRules(features: WarhammerFeatures): RulesModule {
  const rules: RulesModule = {
    // Dogs of War choices, Sepoys and Mercenaries, revolted capitals (state.ts): callers carry variantState.
    stateful: true,
    gameOptions,
    decisive: ({ position, orders, adjudication, options }) => decisiveDeclarations(position, orders, adjudication, options),
    // Immortality: "A second Vampire Count army may support this move" (`A Gfor S Immortality`).
    specialOrders: { [IMMORTAL_SUPPORT]: immortalSupportSpec },
    specialOrderParsers: [immortalSupportParser],
    adoptOrders: ({ position, orders }) => ({ orders: position.phase.type === 'movement' ? adoptImmortalSupports(position, orders) : orders }),
    extraOrders: ({ position, orders }) => [...illusionArmy(position, orders), ...immortalArmy(position, orders)],
    canMove: ({ unit, to }) => immortalCanMove(unit, to),
    strength: (ctx, q) => seaRaiderStrength(ctx, q) ?? illusionHoldStrength(q),
    // Decisive battles: pass 0 is the provisional result; with battles reported, one more pass with their winners.
    revisitMovement: ({ map, outcome, pass, context }) => {
      if (pass !== undefined || !context.battles?.length) return undefined;
      const { pass: next, problems } = ruling(map, outcome, context.battles);
      for (const text of problems) next.events.push({ kind: 'battle-ignored', text: `battle report ignored: ${text}` });
      return next;
    },
    battleWinner: (ctx, province) => battleWinner(ctx, province),
    convoyStands: (ctx, fleet) => convoyStands(ctx, fleet),
    destroyedUnits: ({ pass }) => (isBattlePass(pass) ? pass.destroyed : []),
    afterMovement: ({ adjudication, pass }) => {
      if (!isBattlePass(pass) || pass.events.length === 0) return adjudication;
      return { ...adjudication, events: [...(adjudication.events ?? []), ...pass.events] };
    },
    checkBattles: ({ map, position, orders, battles, options }) => {
      if (battles.length === 0) return [];
      if ((options.decisiveBattles ?? gameOptions.decisiveBattles!.default) === 'off') return ['decisive battles are off in this game (decisiveBattles: off)'];
      return reportProblems(map, resolveMovement(map, rules, position, orders), battles).concat(duplicateReports(battles));
    },
    buildableCenters: ({ map, position, power }) => buildableCenters(features, map, position, power),
    // A Sepoy whose capital changed hands serves the new owner (followers.ts).
    afterCenterUpdate: ({ after }) => followCapitals(features, after),
  };
  return rules;
}
