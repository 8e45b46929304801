/**
 * The strong computer player: movement orders from the search (search.ts), retreats and adjustments from the
 * province values, and ballots for the units the players' vote moves (ballots.ts).
 */
import type { Order, Position, Power, PowerOrder, ProvinceId } from '../engine/types.js';
import { chooseBuilds } from './baselines/dumbbot.js';
import { boardOf, type Board } from './board.js';
import { ballots } from './ballots.js';
import { Evaluator } from './evaluate.js';
import { actingUnit, choicesOf, destinationOf, mayWaive } from './orders.js';
import { searchMovement } from './search.js';
import type { Player, SeatRequest } from './types.js';
import { deltaOf, seasonWeights, valuate } from './values.js';

export const strongPlayer: Player = {
  name: 'Zhanguo AI',
  orders: (request) => aiOrders(request),
};

/** Every order the power gives this phase: its own units' (or builds/disbands) and its ballots. */
export function aiOrders(request: SeatRequest): PowerOrder[] {
  const { position } = request;
  let own: PowerOrder[];
  switch (position.phase.type) {
    case 'movement':
      own = searchMovement(request);
      break;
    case 'retreat':
      own = retreats(request);
      break;
    case 'adjustment':
      own = adjustments(request);
      break;
  }
  return [...own, ...ballots(request, own)];
}

/**
 * Each dislodged unit retreats where it is worth most: in the fall onto a centre it would take (retreats come
 * before ownership changes), then near centres by its proximity value; never two of ours to one place (both would
 * be disbanded); a unit with nowhere to go is disbanded.
 */
function retreats(request: SeatRequest): PowerOrder[] {
  const { variant, position, power } = request;
  const board = boardOf(variant);
  const choices = choicesOf(variant, position, power);
  if (choices.length === 0) return [];
  const evaluator = new Evaluator(board, position, power, valuate(board, position, power, seasonWeights(position)));
  const owner = ownerMap(position);
  const rivals = rivalRetreats(position, power);
  const taken = new Set<ProvinceId>();
  const out: PowerOrder[] = [];
  // Units with the fewest options choose first.
  const ordered = [...choices].sort(
    (a, b) => a.orders.length - b.orders.length || a.unit.province.localeCompare(b.unit.province),
  );
  for (const c of ordered) {
    let best: { order: Order; value: number } | null = null;
    for (const o of c.orders) {
      const dest = destinationOf(variant, o);
      if (dest === null || taken.has(dest)) continue;
      const value =
        retreatValue(board, evaluator, position, power, owner, actingUnit(variant, position, c.unit, o).type, o, dest) -
        (rivals.has(dest) ? 0.4 : 0);
      if (!best || value > best.value || (value === best.value && dest < destinationOf(variant, best.order)!))
        best = { order: o, value };
    }
    if (best) {
      taken.add(destinationOf(variant, best.order)!);
      out.push({ power, order: best.order });
    } else out.push({ power, order: c.orders.find((o) => o.kind === 'disband')! });
  }
  return out;
}

function retreatValue(
  board: Board,
  evaluator: Evaluator,
  position: Position,
  power: Power,
  owner: Map<ProvinceId, Power>,
  type: 'A' | 'F',
  o: Order,
  dest: ProvinceId,
): number {
  const at = board.placeAt(type, o.kind === 'retreat' ? o.to : { province: dest, coast: null });
  let value = at === undefined ? 0 : evaluator.placeValue(at);
  const p = board.province(dest);
  if (board.isCenter[p] && position.phase.season === 'fall') value += owner.get(dest) === power ? 0.3 : 1;
  return value;
}

/** Places another power's dislodged unit could retreat to (two retreats there would both be disbanded). */
function rivalRetreats(position: Position, power: Power): Set<ProvinceId> {
  const out = new Set<ProvinceId>();
  for (const d of position.dislodged)
    if (d.power !== power) for (const r of d.retreatOptions ?? []) out.add(r.split('/')[0]!);
  return out;
}

function ownerMap(position: Position): Map<ProvinceId, Power> {
  const out = new Map<ProvinceId, Power>();
  for (const [p, list] of Object.entries(position.supplyCenters)) for (const c of list) out.set(c, p);
  return out;
}

/** Builds at the best sites (the better unit type at each; WAIVE only for builds no free site can take); removals of the least useful units. */
function adjustments(request: SeatRequest): PowerOrder[] {
  const { variant, position, power } = request;
  const board = boardOf(variant);
  const delta = deltaOf(board, position, power);
  if (delta === 0) return [];
  const choices = choicesOf(variant, position, power);
  const valuation = valuate(board, position, power, seasonWeights(position));
  if (delta > 0)
    return chooseBuilds(board, valuation, choices, delta, null, mayWaive(variant, position, power)).map((order) => ({
      power,
      order,
    }));
  const ranked = choices
    .map((c) => ({ c, value: valuation.adjust[board.placeOf(c.unit)]! }))
    .sort((a, b) => a.value - b.value || a.c.unit.province.localeCompare(b.c.unit.province));
  return ranked.slice(0, -delta).map(({ c }) => ({ power, order: c.orders[0]! }));
}
