/**
 * DumbBot, second reading (docs/ai.md "The baselines"): David Norman's published algorithm read to the letter of
 * its description and source, written apart from dumbbot.ts so the benchmark measures the levels against two
 * readings ("DumbBot-level opponents", docs/decisions.md). Where the readings differ:
 *
 * - Choice: a unit's destinations (staying, valued one above its place, and its direct moves) sorted best first;
 *   walking down the list, each next one is taken when a first roll of 100 falls under 50 and a second is at least
 *   `(current − next) × 500 / current`.
 * - A destination where one of our units stands unordered: this unit waits until that unit is ordered. One of ours
 *   staying there (holding or supporting): we support it when the competition there is over 1, else look elsewhere.
 *   One of ours moving there: we support the move when there is any competition, else look elsewhere.
 * - Wasted holds: afterwards, a unit left holding supports the most valuable neighbouring move of ours that meets
 *   competition, or a neighbouring unit of ours staying where the competition is over 1.
 * - Retreats, builds and removals use the same randomised walk (removals from the least valuable place upwards).
 */
import type { Order, Position, Power, PowerOrder, ProvinceId } from '../../engine/types.js';
import { boardOf, type Board } from '../board.js';
import { choicesOf, mayWaive, type UnitChoices } from '../orders.js';
import { rngFor, type Rng } from '../rng.js';
import type { Player, SeatRequest } from '../types.js';
import { deltaOf } from '../values.js';
import { literalValues, type LiteralValues } from './literal-values.js';

const PLAY_ALTERNATIVE = 50;
const ALTERNATIVE_DIFFERENCE_MODIFIER = 500;
/** A unit waits for the unit standing in its destination at most this often (two units wanting each other's place). */
const MAX_WAITS = 2;

export const literalDumbBot: Player = {
  name: 'DumbBot (second reading)',
  orders: (request) => literalDumbBotOrders(request),
};

export function literalDumbBotOrders(request: SeatRequest): PowerOrder[] {
  const { variant, position, power } = request;
  const rng = rngFor(request.seed, 'literal', power, position.phase.season, position.phase.year, position.phase.type);
  const board = boardOf(variant);
  const values = literalValues(board, position, power);
  const choices = choicesOf(variant, position, power);
  let orders: Order[];
  switch (position.phase.type) {
    case 'movement':
      orders = literalMovement(board, choices, values, rng);
      break;
    case 'retreat':
      orders = literalRetreats(board, choices, values, rng);
      break;
    case 'adjustment':
      orders = literalAdjustments(board, position, power, choices, values, rng);
      break;
  }
  return orders.map((order) => ({ power, order }));
}

interface Option<T> {
  item: T;
  value: number;
}

/** The randomised walk down a list in order (best first; for removals, least valuable first): the index it plays. */
export function walk(values: readonly number[], rng: Rng): number {
  let i = 0;
  while (i + 1 < values.length) {
    const current = values[i]!;
    const chance =
      current === 0 ? 0 : Math.trunc(((current - values[i + 1]!) * ALTERNATIVE_DIFFERENCE_MODIFIER) / current);
    if (rng.int(100) < PLAY_ALTERNATIVE && rng.int(100) >= chance) i++;
    else break;
  }
  return i;
}

function placeValue(board: Board, values: LiteralValues, c: UnitChoices, order: Order): number {
  if (order.kind === 'move' || order.kind === 'retreat') {
    const at = board.placeAt(c.unit.type, order.to);
    return at === undefined ? -Infinity : values.value[at]!;
  }
  return values.value[board.placeOf(c.unit)]! + 1; // staying: one above the place (a tie goes to holding)
}

/** Each unit's destinations, best first: its direct moves, and staying. */
function destinations(board: Board, c: UnitChoices, values: LiteralValues): Option<Order>[] {
  const list = c.orders
    .filter((o) => (o.kind === 'move' && !o.viaConvoy && board.isDirectMove(c.unit, o.to)) || o.kind === 'hold')
    .map((o) => ({ item: o, value: placeValue(board, values, c, o) }));
  // Stable: equal values keep the listing order.
  return list.sort((a, b) => b.value - a.value);
}

interface Plan {
  orders: Map<ProvinceId, Order>;
  /** Destination province -> the first of our units moving there. */
  movingTo: Map<ProvinceId, ProvinceId>;
}

function supportOf(c: UnitChoices, target: ProvinceId, to: ProvinceId | null): Order | undefined {
  return c.orders.find((o) => o.kind === 'support' && o.target.province === target && (o.to?.province ?? null) === to);
}

export function literalMovement(board: Board, choices: UnitChoices[], values: LiteralValues, rng: Rng): Order[] {
  const byProvince = new Map(choices.map((c) => [c.unit.province, c]));
  const plan: Plan = { orders: new Map(), movingTo: new Map() };
  const queue = rng.shuffled(choices);
  const waits = new Map<ProvinceId, number>();
  while (queue.length > 0) {
    const c = queue.shift()!;
    const mayWait = (waits.get(c.unit.province) ?? 0) < MAX_WAITS;
    const waitFor = decideUnit(board, c, byProvince, plan, values, mayWait, rng);
    if (waitFor === null) continue;
    waits.set(c.unit.province, (waits.get(c.unit.province) ?? 0) + 1);
    queue.splice(queue.indexOf(byProvince.get(waitFor)!) + 1, 0, c);
  }
  supportInsteadOfHolding(board, choices, byProvince, plan, values);
  return choices.map((c) => plan.orders.get(c.unit.province)!);
}

/** Orders one unit (into `plan`), or names the unordered unit of ours it must wait for. */
function decideUnit(
  board: Board,
  c: UnitChoices,
  byProvince: Map<ProvinceId, UnitChoices>,
  plan: Plan,
  values: LiteralValues,
  mayWait: boolean,
  rng: Rng,
): ProvinceId | null {
  const here = c.unit.province;
  const options = destinations(board, c, values);
  while (options.length > 0) {
    const i = walk(
      options.map((o) => o.value),
      rng,
    );
    const order = options[i]!.item;
    if (order.kind !== 'move') {
      plan.orders.set(here, order);
      return null;
    }
    const dest = order.to.province;
    const p = board.province(dest);
    const occupant = byProvince.get(dest);
    const occupantOrder = occupant && plan.orders.get(dest);
    let chosen: Order | undefined = order;
    if (occupant && !occupantOrder && mayWait) return dest;
    if (occupantOrder && occupantOrder.kind !== 'move')
      chosen = values.competition[p]! > 1 ? supportOf(c, dest, null) : undefined;
    const mover = plan.movingTo.get(dest);
    if (chosen?.kind === 'move' && mover !== undefined)
      chosen = values.competition[p]! > 0 ? supportOf(c, mover, dest) : undefined;
    if (!chosen) {
      options.splice(i, 1);
      continue;
    }
    plan.orders.set(here, chosen);
    if (chosen.kind === 'move') plan.movingTo.set(dest, here);
    return null;
  }
  plan.orders.set(here, c.orders.find((o) => o.kind === 'hold')!);
  return null;
}

/** A unit left holding supports the best neighbouring move or stay of ours that needs it (DumbBot's "wasted holds"). */
function supportInsteadOfHolding(
  board: Board,
  choices: UnitChoices[],
  byProvince: Map<ProvinceId, UnitChoices>,
  plan: Plan,
  values: LiteralValues,
): void {
  for (const c of choices) {
    if (plan.orders.get(c.unit.province)?.kind !== 'hold') continue;
    let best: { value: number; order: Order } | null = null;
    const from = board.placeOf(c.unit);
    for (const to of board.movesFor(c.unit.power)[from]!) {
      const p = board.places[to]!.province;
      const dest = board.provinces[p]!;
      const mover = plan.movingTo.get(dest);
      const stayer = byProvince.has(dest) && plan.orders.get(dest)?.kind !== 'move' ? dest : undefined;
      let support: Order | undefined;
      if (mover !== undefined) support = values.competition[p]! > 0 ? supportOf(c, mover, dest) : undefined;
      else if (stayer !== undefined) support = values.competition[p]! > 1 ? supportOf(c, stayer, null) : undefined;
      const value = values.value[to]!;
      if (support && value > (best?.value ?? 0)) best = { value, order: support };
    }
    if (best) plan.orders.set(c.unit.province, best.order);
  }
}

function literalRetreats(board: Board, choices: UnitChoices[], values: LiteralValues, rng: Rng): Order[] {
  const taken = new Set<ProvinceId>();
  return rng.shuffled(choices).map((c) => {
    const options = c.orders
      .filter((o): o is Order & { kind: 'retreat' } => o.kind === 'retreat')
      .map((o) => ({ item: o, value: placeValue(board, values, c, o) }))
      .sort((a, b) => b.value - a.value);
    while (options.length > 0) {
      const i = walk(
        options.map((o) => o.value),
        rng,
      );
      const dest = options[i]!.item.to.province;
      if (!taken.has(dest)) {
        taken.add(dest);
        return options[i]!.item;
      }
      options.splice(i, 1);
    }
    return c.orders.find((o) => o.kind === 'disband')!;
  });
}

function literalAdjustments(
  board: Board,
  position: Position,
  power: Power,
  choices: UnitChoices[],
  values: LiteralValues,
  rng: Rng,
): Order[] {
  const delta = deltaOf(board, position, power);
  if (delta < 0) {
    // From the least valuable place upwards.
    const units = choices
      .map((c) => ({ item: c.orders[0]!, value: values.value[board.placeOf(c.unit)]! }))
      .sort((a, b) => a.value - b.value);
    const out: Order[] = [];
    while (out.length < -delta && units.length > 0) {
      const i = walk(
        units.map((u) => u.value),
        rng,
      );
      out.push(units.splice(i, 1)[0]!.item);
    }
    return out;
  }
  if (delta === 0) return [];
  const builds = choices
    .flatMap((c) => c.orders)
    .filter((o): o is Order & { kind: 'build' } => o.kind === 'build')
    .map((o) => ({ item: o, value: values.value[board.placeAt(o.unit.type, o.unit) ?? 0]! }))
    .sort((a, b) => b.value - a.value);
  const out: Order[] = [];
  let left = builds;
  while (out.length < delta && left.length > 0) {
    const pick =
      left[
        walk(
          left.map((b) => b.value),
          rng,
        )
      ]!.item;
    out.push(pick);
    left = left.filter((b) => b.item.unit.province !== pick.unit.province);
  }
  if (mayWaive(board.variant, position, power)) while (out.length < delta) out.push({ kind: 'waive' });
  return out;
}
