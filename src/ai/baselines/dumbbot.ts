/**
 * DumbBot, after David Norman's published algorithm (DAIDE), written from its description as the benchmark
 * opponent ("DumbBot-level opponents", docs/decisions.md). See values.ts for the province values; here is how it picks:
 *
 * - Movement: units in a random order; each sorts its destinations (staying, or any place it can move to) by value;
 *   it takes the best, but with a 30 % chance looks at the next one, and plays it unless it is much worse (the
 *   chance of moving on falls with the gap: `(best − next) × 500 / best` against a roll of 100), and so on down the
 *   list. A destination where one of our units already stays is dropped; one where one of our units already goes is
 *   supported instead when the competition there is at least our strength going in, else dropped. A unit moving
 *   into a province one of our unordered units stands in makes that unit choose next, and it may not stay.
 * - Retreats: the best free destination (no two of ours to one place), else disband.
 * - Builds: the best sites by build value (same randomised choice), the better unit type at each; removals: the
 *   units with the lowest value; WAIVE when no site is free.
 */
import type { Order, Position, Power, PowerOrder, ProvinceId } from '../../engine/types.js';
import { boardOf, type Board } from '../board.js';
import { choicesOf, destinationOf, mayWaive, type UnitChoices } from '../orders.js';
import { rngFor, type Rng } from '../rng.js';
import type { Player, SeatRequest } from '../types.js';
import { deltaOf, seasonWeights, valuate, type Valuation } from '../values.js';

/** DumbBot's chance (in %) of looking past the best choice, and how fast a worse choice loses its chance. */
const PLAY_ALTERNATIVE = 30;
const ALTERNATIVE_DIFFERENCE_MODIFIER = 500;

export const dumbBot: Player = {
  name: 'DumbBot',
  orders: (request) => dumbBotOrders(request),
};

export function dumbBotOrders(request: SeatRequest): PowerOrder[] {
  const { variant, position, power } = request;
  const rng = rngFor(request.seed, 'dumbbot', power, position.phase.season, position.phase.year, position.phase.type);
  const board = boardOf(variant);
  switch (position.phase.type) {
    case 'movement':
      return movementOrders(board, position, power, rng);
    case 'retreat':
      return retreatOrders(board, position, power);
    case 'adjustment':
      return adjustmentOrders(board, position, power, rng);
  }
}

interface Ranked<T> {
  item: T;
  value: number;
}

/** DumbBot's randomised choice down a list sorted best first: the index it plays. */
export function pickAlternative(values: readonly number[], rng: Rng): number {
  let i = 0;
  while (i + 1 < values.length && rng.int(100) < PLAY_ALTERNATIVE) {
    const best = values[i]!;
    const next = values[i + 1]!;
    const gap = best > 0 ? ((best - next) * ALTERNATIVE_DIFFERENCE_MODIFIER) / best : 0;
    if (gap < rng.int(100)) i++;
    else break;
  }
  return i;
}

function sortRanked<T>(list: Ranked<T>[], key: (t: T) => string): Ranked<T>[] {
  return list.sort((a, b) => b.value - a.value || key(a.item).localeCompare(key(b.item)));
}

/** The DumbBot value of the place an order sends its unit to (or keeps it on). */
export function orderDestinationValue(board: Board, valuation: Valuation, choice: UnitChoices, order: Order): number {
  const dest = destinationOf(board.variant, order);
  const to = order.kind === 'move' || order.kind === 'retreat' ? order.to : { province: dest ?? '', coast: null };
  const place = dest === null ? board.placeOf(choice.unit) : board.placeAt(choice.unit.type, to);
  return place === undefined ? valuation.move[board.placeOf(choice.unit)]! : valuation.move[place]!;
}

function movementOrders(board: Board, position: Position, power: Power, rng: Rng): PowerOrder[] {
  return movePlanner(board, position, power, valuate(board, position, power, seasonWeights(position)))(rng);
}

/**
 * DumbBot's movement choice for one power as a function of the random draws, so that one valuation serves many
 * samples (the strong player samples its opponents' orders this way).
 */
export function movePlanner(
  board: Board,
  position: Position,
  power: Power,
  valuation: Valuation,
  choices = choicesOf(board.variant, position, power),
): (rng: Rng) => PowerOrder[] {
  const variant = board.variant;
  const byProvince = new Map(choices.map((c) => [c.unit.province, c]));
  // Destinations of each unit, best first: staying, and its direct moves (DumbBot keeps to its own moves: no convoys).
  const ranked = new Map(
    choices.map((c) => [
      c.unit.province,
      sortRanked(
        c.orders
          .filter((o) => o.kind === 'hold' || (o.kind === 'move' && !o.viaConvoy && board.isDirectMove(c.unit, o.to)))
          .map((o) => ({ item: o, value: orderDestinationValue(board, valuation, c, o) })),
        (o) => destinationOf(variant, o) ?? '',
      ),
    ]),
  );
  return (rng) => {
    const chosen = new Map<ProvinceId, Order>();
    /** Destination province -> our units moving there. */
    const goingTo = new Map<ProvinceId, ProvinceId[]>();
    const staying = new Set<ProvinceId>();
    const decide = (c: UnitChoices, mayStay: boolean, depth: number): void => {
      if (chosen.has(c.unit.province)) return;
      const options = ranked.get(c.unit.province)!.filter((o) => mayStay || o.item.kind !== 'hold');
      while (options.length > 0) {
        const i = pickAlternative(
          options.map((o) => o.value),
          rng,
        );
        const order = options[i]!.item;
        const dest = destinationOf(variant, order);
        if (dest === null) {
          chosen.set(c.unit.province, order);
          staying.add(c.unit.province);
          return;
        }
        if (staying.has(dest)) {
          options.splice(i, 1);
          continue;
        }
        const movers = goingTo.get(dest);
        if (movers && movers.length > 0) {
          const support = c.orders.find(
            (o) => o.kind === 'support' && o.to !== null && o.to.province === dest && o.target.province === movers[0],
          );
          if (support && valuation.competition[board.province(dest)]! >= movers.length) {
            chosen.set(c.unit.province, support);
            staying.add(c.unit.province);
            return;
          }
          options.splice(i, 1);
          continue;
        }
        chosen.set(c.unit.province, order);
        goingTo.set(dest, [c.unit.province]);
        // One of our units still unordered in the destination must make way.
        const occupant = byProvince.get(dest);
        if (occupant && !chosen.has(dest) && depth < 8) decide(occupant, false, depth + 1);
        return;
      }
      chosen.set(c.unit.province, c.orders.find((o) => o.kind === 'hold')!);
      staying.add(c.unit.province);
    };
    for (const c of rng.shuffled(choices)) decide(c, true, 0);
    return choices.map((c) => ({ power, order: chosen.get(c.unit.province) ?? c.orders[0]! }));
  };
}

function retreatOrders(board: Board, position: Position, power: Power): PowerOrder[] {
  const valuation = valuate(board, position, power, seasonWeights(position));
  const taken = new Set<ProvinceId>();
  const out: PowerOrder[] = [];
  for (const c of choicesOf(board.variant, position, power)) {
    const ranked = sortRanked(
      c.orders
        .filter((o) => o.kind === 'retreat')
        .map((o) => ({ item: o, value: orderDestinationValue(board, valuation, c, o) })),
      (o) => destinationOf(board.variant, o) ?? '',
    );
    const best = ranked.find((r) => !taken.has(destinationOf(board.variant, r.item)!));
    if (best) {
      taken.add(destinationOf(board.variant, best.item)!);
      out.push({ power, order: best.item });
    } else out.push({ power, order: c.orders.find((o) => o.kind === 'disband')! });
  }
  return out;
}

function adjustmentOrders(board: Board, position: Position, power: Power, rng: Rng): PowerOrder[] {
  const delta = deltaOf(board, position, power);
  if (delta === 0) return [];
  const valuation = valuate(board, position, power, seasonWeights(position));
  const choices = choicesOf(board.variant, position, power);
  if (delta < 0) {
    const ranked = choices
      .map((c) => ({ c, value: valuation.adjust[board.placeOf(c.unit)]! }))
      .sort((a, b) => a.value - b.value || a.c.unit.province.localeCompare(b.c.unit.province));
    return ranked.slice(0, -delta).map(({ c }) => ({ power, order: c.orders[0]! }));
  }
  return chooseBuilds(board, valuation, choices, delta, rng, mayWaive(board.variant, position, power)).map((order) => ({
    power,
    order,
  }));
}

/**
 * Builds by value (DumbBot's randomised choice among the sites), the better type at each; WAIVE for the rest when
 * the rules allow a waive (`waive`).
 */
export function chooseBuilds(
  board: Board,
  valuation: Valuation,
  choices: readonly UnitChoices[],
  delta: number,
  rng: Rng | null,
  waive: boolean,
): Order[] {
  const sites: Ranked<Order>[] = choices
    .map((c) => {
      const builds = c.orders.filter((o): o is Order & { kind: 'build' } => o.kind === 'build');
      let best: Ranked<Order> | null = null;
      for (const b of builds) {
        const place = board.placeAt(b.unit.type, b.unit);
        const value = place === undefined ? 0 : valuation.adjust[place]!;
        if (!best || value > best.value) best = { item: b, value };
      }
      return best!;
    })
    .filter((s) => s !== null);
  let ranked = sortRanked(sites, (o) => (o.kind === 'build' ? o.unit.province : ''));
  const out: Order[] = [];
  while (out.length < delta && ranked.length > 0) {
    const i = rng
      ? pickAlternative(
          ranked.map((r) => r.value),
          rng,
        )
      : 0;
    out.push(ranked[i]!.item);
    ranked = ranked.filter((_, j) => j !== i);
  }
  if (waive) while (out.length < delta) out.push({ kind: 'waive' });
  return out;
}
