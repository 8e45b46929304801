/**
 * The floor players of the benchmark (the DAIDE HoldBot and RandBot): HoldBot holds every unit, disbands dislodged
 * units, builds at its first free sites and removes its first units; RandBot gives each unit a legal order drawn
 * at random, retreats at random and builds and removes at random.
 */
import type { Order, PowerOrder } from '../../engine/types.js';
import { choicesOf, mayWaive } from '../orders.js';
import { rngFor } from '../rng.js';
import type { Player, SeatRequest } from '../types.js';
import { deltaOf } from '../values.js';
import { boardOf } from '../board.js';

export const holdBot: Player = {
  name: 'HoldBot',
  orders({ variant, position, power }: SeatRequest): PowerOrder[] {
    const choices = choicesOf(variant, position, power);
    if (position.phase.type === 'movement')
      return choices.map((c) => ({ power, order: c.orders.find((o) => o.kind === 'hold') ?? c.orders[0]! }));
    if (position.phase.type === 'retreat')
      return choices.map((c) => ({ power, order: c.orders.find((o) => o.kind === 'disband')! }));
    return adjust(
      choices.map((c) => c.orders),
      deltaOf(boardOf(variant), position, power),
      (n) => [...Array(n).keys()],
      mayWaive(variant, position, power),
    ).map((order) => ({ power, order }));
  },
};

export const randBot: Player = {
  name: 'RandBot',
  orders({ variant, position, power, seed }: SeatRequest): PowerOrder[] {
    const rng = rngFor(seed, 'randbot', power, position.phase.season, position.phase.year, position.phase.type);
    const choices = choicesOf(variant, position, power);
    if (position.phase.type !== 'adjustment') return choices.map((c) => ({ power, order: rng.pick(c.orders) }));
    return adjust(
      choices.map((c) => c.orders),
      deltaOf(boardOf(variant), position, power),
      (n) => rng.shuffled([...Array(n).keys()]),
      mayWaive(variant, position, power),
    ).map((order) => ({ power, order }));
  },
};

/** Builds (one per site, the site's first type unless shuffled) or removals, in the order `pick` gives; WAIVE for the builds left when `waive`. */
function adjust(options: Order[][], delta: number, order: (n: number) => number[], waive: boolean): Order[] {
  if (delta === 0) return [];
  const picked = order(options.length)
    .slice(0, Math.abs(delta))
    .map((i) => options[i]![0]!);
  if (delta > 0 && waive) while (picked.length < delta) picked.push({ kind: 'waive' });
  return picked;
}
