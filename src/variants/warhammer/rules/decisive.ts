/**
 * Decisive battles, the provisional part: which declarations the provisional result allows. Seed, Decisive
 * Battle Phase 2: "You may declare a decisive move with any unit which would normally bounce against an opponent's
 * unit during its move, or you may declare a decisive hold if with any unit that would normally be dislodged."
 * Example Turn: "Brettonia wants Altdorf and declares a decisive
 * battle versus Altdorf … The Empire doesn't want to lose Middenhiem so declares a decisive battle at Middenhiem."
 *
 * - Decisive move: a unit whose legal move failed while a unit of another power stood in its target at the start
 *   or also moved there (it bounced against an opponent's unit). Bouncing only off one's own units gives none.
 * - Decisive hold: every unit the provisional result dislodges.
 * - Only with `decisiveBattles` `gm` (the default) or `dice`; `off` gives none. Grouping them into battles, army
 *   sizes and dice: ../decisive-phase.ts; the re-adjudication with their winners: ./battles.ts.
 */
import { locationKey } from '../../../engine/map.js';
import type { DecisiveDeclaration, GameOptionSpec } from '../../../engine/rules.js';
import type { Adjudication, Position, PowerOrder } from '../../../engine/types.js';

export const gameOptions: Record<string, GameOptionSpec> = {
  decisiveBattles: {
    values: ['gm', 'dice', 'off'],
    default: 'gm',
    description: 'Decisive Battle phase: the game master reports each winner (gm), a roll weighted by army size decides (dice), or none (off)',
  },
};

export function decisiveDeclarations(position: Position, orders: PowerOrder[], adjudication: Adjudication, options: Record<string, string>): DecisiveDeclaration[] {
  if ((options.decisiveBattles ?? gameOptions.decisiveBattles!.default) === 'off') return [];
  const out: DecisiveDeclaration[] = [];
  const unitAt = new Map(position.units.map((u) => [u.province, u]));
  const movesInto = new Map<string, Set<string>>();
  for (const po of orders) {
    if (po.order.kind !== 'move' || unitAt.get(po.order.unit.province)?.power !== po.power) continue;
    const powers = movesInto.get(po.order.to.province) ?? new Set<string>();
    powers.add(po.power);
    movesInto.set(po.order.to.province, powers);
  }
  for (const po of orders) {
    if (po.order.kind !== 'move') continue;
    const unit = unitAt.get(po.order.unit.province);
    if (!unit || unit.power !== po.power) continue;
    const label = `${unit.type} ${locationKey(unit)}`;
    const result = adjudication.results.find((r) => r.unit === label && r.power === po.power && !r.defaulted);
    if (result?.result !== 'failure') continue;
    const target = po.order.to.province;
    const defender = unitAt.get(target);
    const opposed = (defender !== undefined && defender.power !== po.power) || [...(movesInto.get(target) ?? [])].some((p) => p !== po.power);
    if (opposed) out.push({ power: po.power, unit: label, kind: 'move', province: target });
  }
  for (const d of adjudication.dislodged) out.push({ power: d.power, unit: `${d.type} ${locationKey(d)}`, kind: 'hold', province: d.province });
  return out.sort((a, b) => a.power.localeCompare(b.power) || a.unit.localeCompare(b.unit));
}
