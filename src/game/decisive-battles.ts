/**
 * The game layer's view of the battles of a Decisive Battle phase: Warhammer's engine API
 * (src/variants/warhammer/decisive-phase.ts: grouping with army sizes, seeded rolls, battle reports) plus what the
 * game stores with each battle (the dice roll). The only place the game layer names the Warhammer variant: the
 * Decisive Battle phase exists in no other variant, and `rules.decisive` says whether a game has one.
 */
import type { DecisiveDeclaration } from '../engine/rules.js';
import type { BattleReport, Position, PowerOrder } from '../engine/types.js';
import type { Variant } from '../engine/variant.js';
import { battleReports, groupBattles as groupWarhammerBattles, rollBattle as rollWarhammerBattle, type DecisiveBattle } from '../variants/warhammer/index.js';

export type { BattleReport };

/** A battle as stored in `decisive_steps.battles`: the engine's battle, and in dice mode its roll. */
export interface Battle extends DecisiveBattle {
  roll?: { value: number; total: number; /** The winning side's leading unit. */ lead: string };
}

/** The battles the declarations make (one per contested province, or per group of provinces sharing units). */
export function groupBattles(variant: Variant, position: Position, orders: PowerOrder[], declared: DecisiveDeclaration[], options: Record<string, string>): Battle[] {
  return groupWarhammerBattles(variant, position, orders, declared, { options }).battles;
}

/** Dice mode: the seeded roll weighted by the sides' points (the same seed always gives the same roll). */
export function rollBattle(battle: Battle, seed: string): NonNullable<Battle['roll']> {
  const r = rollWarhammerBattle(battle, seed);
  return { value: r.roll, total: r.total, lead: r.winner.lead };
}

/**
 * The re-adjudication's `battles` entries for a battle won by the side led by `lead`; `destroyed`: the losers
 * are destroyed (Cataclysmic Battles, gm mode).
 */
export function reportsFor(battle: Battle, lead: string, destroyed = false): BattleReport[] {
  return battleReports(battle, lead, destroyed ? true : undefined);
}
