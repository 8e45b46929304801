/**
 * The Warhammer Diplomacy (fm05) rules module: the national abilities on the engine's hooks (src/engine/rules.ts),
 * the decisive battles, and the campaign options the variant was configured with (campaign.ts).
 * Interpretations, with the seed sentence each rests on: docs/rules/warhammer.md.
 * Skaven Underways need no code here: they are army links reserved to the Skaven in map.json (`links[].power`).
 */
import type { RulesModule } from '../../engine/rules.js';
import type { Unit } from '../../engine/types.js';
import { campaignOf, campaignOptions, capitalsIn, type Campaign } from './campaign.js';
import { VAMPIRE_COUNTS, type WarhammerFeatures } from './features.js';
import { followCapitals, releaseFollowersOnBoard } from './followers.js';
import {
  battleWinner,
  bouncedBackTexts,
  convoyStands,
  duplicateReports,
  isBattlePass,
  reportProblems,
  ruling,
} from './rules/battles.js';
import { buildableCenters, buildRefusal } from './rules/capitals.js';
import { decisiveDeclarations, gameOptions as decisiveOptions, provisionalOutcome } from './rules/decisive.js';
import { hillArmiesAfter, hillArmyKept, supplyDelta } from './rules/hills.js';
import { illusionArmy, illusionHoldStrength } from './rules/illusion.js';
import {
  adoptImmortalSupports,
  IMMORTAL_SUPPORT,
  immortalArmy,
  immortalCanMove,
  immortalityEvents,
  immortalSupportParser,
  immortalSupportSpec,
  immortalSupportTexts,
  voidImmortalSupports,
} from './rules/immortality.js';
import { seaRaiderStrength } from './rules/sea-raiders.js';
import { fogState, stateProblems } from './state.js';

export const gameOptions = { ...decisiveOptions, ...campaignOptions };

/** `startingUnits`: the campaign's starting units (the CLI's state check: an absent power's units stay there). */
export function warhammerRules(
  features: WarhammerFeatures,
  campaign: Campaign = campaignOf({}),
  startingUnits: readonly Unit[] = [],
): RulesModule {
  const field = (position: Parameters<typeof capitalsIn>[0]) =>
    campaign.strongCapitals ? { strongCapitals: capitalsIn(position, features.capitals) } : {};
  const rules: RulesModule = {
    // Dogs of War choices, Sepoys and Mercenaries, revolted capitals, hill armies (state.ts): callers carry variantState.
    stateful: true,
    // Fog of war: another power's Dogs of War city, capital or hill army only where it is in sight.
    fogState,
    checkState: ({ map, position, powers }) =>
      stateProblems(features, map, position, powers, {
        hills: campaign.hills,
        decisiveBattles: campaign.decisiveBattles,
        startingUnits,
      }),
    gameOptions,
    // The provisional result is the adjudication's first pass; its resolver says who kept each move out.
    decisive: ({ map, position, orders, options }) =>
      decisiveDeclarations(provisionalOutcome(map, rules, position, orders), options),
    // Immortality: "A second Vampire Count army may support this move" (`A Gfor S Immortality`). Off in the Greater Empire.
    specialOrders: { [IMMORTAL_SUPPORT]: immortalSupportSpec(() => rules) },
    specialOrderParsers: [immortalSupportParser],
    adoptOrders: ({ map, position, orders }) => ({
      orders:
        position.phase.type === 'movement' && !campaign.greaterEmpire
          ? adoptImmortalSupports(map, rules, position, orders)
          : orders,
    }),
    extraOrders: ({ map, position, orders }) => [
      ...illusionArmy(map, rules, position, orders),
      ...(campaign.greaterEmpire ? [] : immortalArmy(map, rules, position, orders)),
    ],
    canMove: ({ unit, to }) => immortalCanMove(unit, to),
    // "The Vampire Counts are never beyond return" (docs/rules/warhammer.md, Immortality), unless the campaign turns it off.
    mayReturn: ({ power }) => power === VAMPIRE_COUNTS && !campaign.greaterEmpire,
    strength: (ctx, q) => {
      const ability = seaRaiderStrength(ctx, q) ?? illusionHoldStrength(q);
      const value = ability?.value ?? q.classic;
      // Strong Capitals: "Any unit holding on a capital, holds with an additional strength." (the Illusion too). A
      // unit holds unless it carries out a move: an illegal move is a hold; one that bounced back is not.
      const holding =
        q.kind === 'hold' && (q.subject.order.kind !== 'move' || q.subject.illegalReason !== undefined) && value > 0;
      if (
        !campaign.strongCapitals ||
        !holding ||
        !capitalsIn(ctx.position, features.capitals).has(q.subject.unit.province)
      )
        return ability;
      const because = 'a unit holding on a capital holds with one more (Strong Capitals)';
      return { value: value + 1, because: ability ? `${ability.because}; ${because}` : because };
    },
    // Decisive battles: pass 0 is the provisional result; with battles reported, one more pass with their winners.
    revisitMovement: ({ map, position, outcome, pass, context }) => {
      if (pass !== undefined || !context.battles?.length) return undefined;
      const { pass: next, problems } = ruling(map, outcome, context.battles, field(position));
      for (const text of problems) next.events.push({ kind: 'battle-ignored', text: `battle report ignored: ${text}` });
      return next;
    },
    battleWinner: (ctx, province) => battleWinner(ctx, province),
    convoyStands: (ctx, fleet) => convoyStands(ctx, fleet),
    destroyedUnits: ({ pass }) => (isBattlePass(pass) ? pass.destroyed : []),
    afterMovement: ({ map, adjudication, ordered, pass }) => {
      const events = [
        ...(adjudication.events ?? []),
        ...immortalityEvents(ordered, adjudication),
        ...(isBattlePass(pass) ? pass.events : []),
      ];
      const results = voidImmortalSupports(ordered, immortalSupportTexts(adjudication.results));
      const adj = { ...adjudication, results, ...(events.length > 0 ? { events } : {}) };
      return isBattlePass(pass) ? bouncedBackTexts(map, pass, adj) : adj;
    },
    checkBattles: ({ map, position, orders, battles, options }) => {
      if (battles.length === 0) return [];
      const mode = options.decisiveBattles ?? campaign.decisiveBattles;
      if (mode === 'off') return ['decisive battles are off in this game (decisiveBattles: off)'];
      const cataclysmic = (options.cataclysmicBattles ?? (campaign.cataclysmicBattles ? 'on' : 'off')) === 'on';
      const destroying = battles.some((b) => b.destroyed);
      if (destroying && !(cataclysmic && mode === 'gm'))
        return ['"destroyed" needs the Cataclysmic Battles option (cataclysmicBattles: on) with decisiveBattles: gm'];
      return reportProblems(map, provisionalOutcome(map, rules, position, orders), battles, field(position)).concat(
        duplicateReports(battles),
      );
    },
    buildableCenters: ({ map, position, power }) => buildableCenters(features, map, position, power),
    buildRefusal: ({ map, position, power, province }) => buildRefusal(features, map, position, power, province),
    // Orcs in the Hills (armies needing no centre) and absent powers' worthless centres.
    adjustmentDelta: ({ map, position, power }) => supplyDelta(map, position, power, campaign),
    // A hill army "does not require a support center to maintain": a deficit is paid with ordinary units.
    disbandRefusal: ({ map, position, unit }) => hillArmyKept(map, position, unit, campaign),
    // Hill armies are followed from phase to phase; a follower back on the board (Immortality) is a power again.
    afterAdjudication: ({ before, orders, adjudication }) =>
      releaseFollowersOnBoard(hillArmiesAfter(before, orders, adjudication, campaign)),
    // A Sepoy whose capital changed hands serves the new owner (followers.ts).
    afterCenterUpdate: ({ after }) => followCapitals(features, after),
  };
  return rules;
}
