/**
 * The CLI benchmark's input: 2,000 seeded random Classic movement phases of 15–34 units, the orders
 * given as player text (abbreviations, full names, arrows and words mixed, as players write them).
 */
import { formatOrder } from '../src/engine/format.js';
import type { Order } from '../src/engine/types.js';
import type { Variant } from '../src/engine/variant.js';
import { classic } from '../src/variants/classic/index.js';
import { randomOrders, randomPosition, rng } from '../test/support/random.js';

/** The same order written the way a player might: full province names, `moves to`, `supports`, lower case. */
function playerText(variant: Variant, order: Order, r: () => number): string {
  const short = formatOrder(order, variant.rules);
  const roll = r();
  if (roll < 0.5) return short;
  const name = (id: string) => variant.map.province(id)?.name ?? id;
  const words = short.split(' ').map((w) => {
    const [province, coast] = w.split('/');
    if (province && variant.map.has(province.toLowerCase())) {
      const full = name(province.toLowerCase());
      return coast ? `${full} (${coast})` : full;
    }
    return w;
  });
  const text = words.join(' ');
  if (roll < 0.75) return text.replace(' - ', ' -> ').replace(' S ', ' supports ').replace(' C ', ' convoys ');
  return text.toLowerCase().replace(' - ', ' moves to ').replace(/ h$/, ' holds');
}

/**
 * The random orders give a few to a power that is not in the game (`Nobody`), for the engine's tests of an order for
 * another power's unit; the CLI refuses an unknown power, so here such an order is given by a real power
 * that does not own the unit (DATC 6.A.6).
 */
function powerOf(power: string, order: Order, units: readonly { power: string; province: string }[]): string {
  if (classic.powers.some((p) => p.name === power)) return power;
  const owner = 'unit' in order ? units.find((u) => u.province === order.unit.province)?.power : undefined;
  return classic.powers.find((p) => p.name !== owner)!.name;
}

export interface CliCase {
  id: number;
  phase: { season: string; year: number; type: 'movement' };
  units: { power: string; type: string; province: string; coast?: string }[];
  orders: { power: string; text: string }[];
}

export function cliBenchCases(count = 2000, seed = 20261122): CliCase[] {
  const r = rng(seed);
  return Array.from({ length: count }, (_, id) => {
    const position = randomPosition(classic, r, 15 + Math.floor(r() * 20));
    const orders = randomOrders(classic, position, r);
    return {
      id,
      phase: position.phase as CliCase['phase'],
      units: position.units.map((u) => ({
        power: u.power,
        type: u.type,
        province: u.province,
        ...(u.coast ? { coast: u.coast } : {}),
      })),
      orders: orders.map((o) => ({
        power: powerOf(o.power, o.order, position.units),
        text: playerText(classic, o.order, r),
      })),
    };
  });
}
