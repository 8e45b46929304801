/**
 * Vampire Counts, Immortality. Seed: "During Fall Moves, if the home center of the Vampire Counts (Sylvania) is
 * controlled by foreign power, a virtual Vampire Count army moves to Sylvania This represents the Vampire Counts
 * retaking their ancesteral lands. A second Vampire Count army may support this move."
 *
 * - In a Fall movement phase, when another power owns the Sylvania centre and no Vampire Counts unit is there, a
 *   virtual Vampire Counts army moves into Sylvania (the engine's `extraOrders`, `virtual`). It comes from nowhere
 *   on the board (`IMMORTAL_ORIGIN`, reachable only through `canMove`), so it cannot be attacked, dislodged or caught
 *   in a head-to-head; like any move into Sylvania it cuts a support given from there.
 * - Its strength is 1 plus supports, resolved by the resolver like any move. Supports for it are not possible yet:
 *   no order can name a unit that stands nowhere (docs/rules/warhammer.md §4).
 * - When a Vampire Counts unit is ordered into Sylvania itself, Immortality steps aside that phase.
 * - If the move succeeds the virtual army becomes a real Vampire Counts army in Sylvania (the engine's
 *   `materializes`); an occupant is dislodged and retreats as usual (only possible once supports exist). Sylvania changes owner at the end of Fall by the ordinary rule. If it fails, it vanishes.
 * - The Vampire Counts are never beyond return: the rule applies even when they have no unit or centre left
 *   (brief §5.3, 5: dormant, not eliminated).
 */
import type { OrderedUnit } from '../../../engine/rules.js';
import type { Location, Position, PowerOrder, Unit } from '../../../engine/types.js';
import { SYLVANIA, VAMPIRE_COUNTS } from '../features.js';

/** Where the virtual army "stands": no province of the map (checked in the tests). */
export const IMMORTAL_ORIGIN = 'immortality';

function foreignOwner(position: Position): boolean {
  return Object.entries(position.supplyCenters).some(([power, owned]) => power !== VAMPIRE_COUNTS && owned.includes(SYLVANIA));
}

export function immortalArmy(position: Position, orders: PowerOrder[]): OrderedUnit[] {
  if (position.phase.season !== 'fall' || position.phase.type !== 'movement' || !foreignOwner(position)) return [];
  if (position.units.some((u) => u.province === SYLVANIA && u.power === VAMPIRE_COUNTS)) return [];
  const vampireUnits = new Set(position.units.filter((u) => u.power === VAMPIRE_COUNTS).map((u) => u.province));
  const comingHome = orders.some(
    (po) => po.power === VAMPIRE_COUNTS && po.order.kind === 'move' && po.order.to.province === SYLVANIA && vampireUnits.has(po.order.unit.province),
  );
  if (comingHome) return [];
  const unit = { power: VAMPIRE_COUNTS, type: 'A' as const, province: IMMORTAL_ORIGIN, coast: null };
  const to = { province: SYLVANIA, coast: null };
  return [{ unit, order: { kind: 'move', unit: { ...unit }, to, viaConvoy: false }, power: VAMPIRE_COUNTS, virtual: true, materializes: true }];
}

/** The virtual army reaches Sylvania and nothing else. */
export function immortalCanMove(unit: Unit, to: Location): boolean | undefined {
  return unit.province === IMMORTAL_ORIGIN ? to.province === SYLVANIA : undefined;
}
