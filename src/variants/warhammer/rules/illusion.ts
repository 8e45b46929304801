/**
 * Wood Elves, Illusion. Seed: "the home center of Athel-Loren always has a virtual army on it. This army is always
 * on hold orders or, if a real unit is holding on Athel-Loren, it supports that unit to hold. It is also possible
 * for a unit not on Athel-Loren (say the Grey Mountains) to support the virtual army on Athel-Loren in it's hold."
 *
 * - Athel-Loren empty: a virtual Wood Elf army holds there (an extra order of the engine, `virtual`), so any power
 *   may support it to hold, and a foreign move must beat it like any holding unit. It never blocks the Wood Elves:
 *   when a Wood Elf unit is ordered into Athel-Loren the Illusion steps aside that phase.
 * - A real Wood Elf unit there that is not ordered to move: the Illusion is one hold support that cannot be cut
 *   (docs/decisions.md: never a second unit in the province), given through the strength hook.
 * - A foreign unit there: no Illusion. The Illusion lasts while the Wood Elves have a unit or a centre.
 * - Retreats: while the virtual army stood, nobody retreats into Athel-Loren (brief §5.2, 3): the engine keeps
 *   retreats out of a province where a virtual unit stood its ground.
 */
import type { GameMap } from '../../../engine/map.js';
import type { OrderedUnit, RulesModule, StrengthQuery, StrengthRuling } from '../../../engine/rules.js';
import type { Position, PowerOrder } from '../../../engine/types.js';
import { ATHEL_LOREN, WOOD_ELVES } from '../features.js';
import { movesLegallyInto } from './legal.js';

/** How results name the virtual army (it stands on Athel-Loren; declarations and battles call it `A athe`). */
export const ILLUSION_LABEL = 'the Illusion';

function woodElvesInGame(position: Position): boolean {
  return position.units.some((u) => u.power === WOOD_ELVES) || (position.supplyCenters[WOOD_ELVES]?.length ?? 0) > 0;
}

/**
 * The virtual Wood Elf army, when Athel-Loren is empty and no Wood Elf unit carries out a move into it (an illegal
 * move is a hold and dispels nothing).
 */
export function illusionArmy(
  map: GameMap,
  rules: RulesModule,
  position: Position,
  orders: PowerOrder[],
): OrderedUnit[] {
  if (!woodElvesInGame(position) || position.units.some((u) => u.province === ATHEL_LOREN)) return [];
  if (movesLegallyInto(map, rules, position, orders, WOOD_ELVES, ATHEL_LOREN)) return [];
  const unit = { power: WOOD_ELVES, type: 'A' as const, province: ATHEL_LOREN, coast: null };
  return [
    { unit, order: { kind: 'hold', unit: { ...unit } }, power: WOOD_ELVES, virtual: true, label: ILLUSION_LABEL },
  ];
}

/**
 * A real Wood Elf unit holding on Athel-Loren (not carrying out a move: an illegal move is a hold) has +1 hold
 * strength that no attack can cut.
 */
export function illusionHoldStrength(q: StrengthQuery): StrengthRuling | undefined {
  const { unit, order } = q.subject;
  if (q.kind !== 'hold' || q.subject.virtual || unit.power !== WOOD_ELVES || unit.province !== ATHEL_LOREN)
    return undefined;
  if (order.kind === 'move' && !q.subject.illegalReason) return undefined;
  return {
    value: q.classic + 1,
    because: 'the Illusion supports the Wood Elf unit holding on Athel-Loren: +1 (Wood Elves’ Illusion)',
  };
}
