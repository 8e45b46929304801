/**
 * Decisive battles, the provisional part: which declarations the provisional result allows. Seed, Decisive
 * Battle Phase 2: "You may declare a decisive move with any unit which would normally bounce against an opponent's
 * unit during its move, or you may declare a decisive hold if with any unit that would normally be dislodged."
 * Example Turn: "Brettonia wants Altdorf and declares a decisive
 * battle versus Altdorf … The Empire doesn't want to lose Middenhiem so declares a decisive battle at Middenhiem."
 *
 * - Decisive move: a unit whose legal move failed, when one of the units that kept it out (the resolver's decided
 *   strengths: its head-to-head opponent, the unit that stayed in the target, the moves that stood it off) belongs to
 *   another power: it bounced against an opponent's unit. Two armies of one power that bounced off each other, the
 *   foreign unit having left, are offered nothing; nor is a move kept out by its own power's unit that
 *   stayed without moving (no battle can put a power's move through its own unit), nor one half of a head-to-head
 *   between two units of one power (winning could only swap them, which no battle does), even when a foreign move
 *   stood it off too.
 * - Decisive hold: every unit the provisional result dislodges.
 * - The virtual armies are the Wood Elves' and the Vampire Counts' armies: a move bouncing off the Illusion is
 *   offered a decisive move, and the Illusion a decisive hold when a supported attack would dispel it; the Immortality
 *   army (named `Immortality`) and a move standing off with it likewise. What is offered is exactly where `battles` are
 *   accepted (./battles.ts).
 * - Only with `decisiveBattles` `gm` (the default) or `dice`; `off` gives none. Grouping them into battles, army
 *   sizes and dice: ../decisive-phase.ts; the re-adjudication with their winners: ./battles.ts.
 */
import type { GameMap } from '../../../engine/map.js';
import { resolveMovement, type MovementOutcome } from '../../../engine/movement/index.js';
import type {
  DecisiveDeclaration,
  GameOptionSpec,
  MovementOutcomeView,
  OrderedUnit,
  RulesModule,
} from '../../../engine/rules.js';
import type { Position, PowerOrder } from '../../../engine/types.js';
import { fieldLabel } from './battlefield.js';

export const gameOptions: Record<string, GameOptionSpec> = {
  decisiveBattles: {
    values: ['gm', 'dice', 'off'],
    default: 'gm',
    description:
      'Decisive Battle phase: the game master reports each winner (gm), a roll weighted by army size decides (dice), or none (off)',
  },
};

/**
 * The provisional result the declarations are made on: the phase resolved once with the orders carried out (the
 * variant's `adoptOrders`: `A Gfor S Immortality` is a support of the Immortality army), as the adjudication's first pass.
 */
export function provisionalOutcome(
  map: GameMap,
  rules: RulesModule,
  position: Position,
  orders: PowerOrder[],
): MovementOutcome {
  const adopted = rules.adoptOrders?.({ map, position, orders, context: {} })?.orders ?? orders;
  return resolveMovement(map, rules, position, adopted);
}

/** The declarations the provisional outcome allows (empty with `decisiveBattles: off`), by power and unit. */
export function decisiveDeclarations(
  outcome: MovementOutcomeView,
  options: Record<string, string>,
): DecisiveDeclaration[] {
  if ((options.decisiveBattles ?? gameOptions.decisiveBattles!.default) === 'off') return [];
  const byProvince = new Map(outcome.ordered.map((ou) => [ou.unit.province, ou]));
  const convoyed = new Set(outcome.convoyed);
  const out: DecisiveDeclaration[] = [];
  for (const ou of outcome.ordered) {
    if (ou.illegalReason || ou.order.kind !== 'move') continue;
    if (swapsWithOwnUnit(ou, byProvince, convoyed)) continue;
    const blockers = outcome.keptOut(ou.unit.province).map((p) => byProvince.get(p)!);
    if (blockers.some((b) => b.unit.power !== ou.unit.power))
      out.push({ power: ou.unit.power, unit: fieldLabel(ou), kind: 'move', province: ou.order.to.province });
  }
  for (const d of outcome.dislodged)
    out.push({ power: d.power, unit: fieldLabel({ unit: d }), kind: 'hold', province: d.province });
  // A virtual army that stood on a province is "dislodged" when a move into it succeeds (the Illusion vanishes).
  const taken = new Set(outcome.units.map((u) => u.province));
  for (const ou of outcome.ordered) {
    if (ou.virtual && ou.order.kind !== 'move' && taken.has(ou.unit.province))
      out.push({ power: ou.unit.power, unit: fieldLabel(ou), kind: 'hold', province: ou.unit.province });
  }
  return out.sort(
    (a, b) => a.power.localeCompare(b.power) || a.unit.localeCompare(b.unit) || a.kind.localeCompare(b.kind),
  );
}

/**
 * Is this move one half of a head-to-head with a unit of its own power (neither by convoy)? Winning a battle could
 * never carry it out: the two would swap places without a convoy, and a power never dislodges its own unit (issue
 * 19), so it is offered nothing even when a foreign move stood it off too.
 */
function swapsWithOwnUnit(
  ou: OrderedUnit,
  byProvince: ReadonlyMap<string, OrderedUnit>,
  convoyed: ReadonlySet<string>,
): boolean {
  if (ou.order.kind !== 'move' || convoyed.has(ou.unit.province)) return false;
  const other = byProvince.get(ou.order.to.province);
  if (
    !other ||
    other.virtual ||
    other.unit.power !== ou.unit.power ||
    other.order.kind !== 'move' ||
    other.illegalReason
  )
    return false;
  return other.order.to.province === ou.unit.province && !convoyed.has(other.unit.province);
}
