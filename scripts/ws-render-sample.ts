/**
 * Renders a Warring States sample turn (raise, rapid river moves, a fleet reverting, walls) to a PNG, to look at
 * the map and the variant's orders.
 *   npx tsx scripts/ws-render-sample.ts /tmp/ws-render.png
 */
import { writeFileSync } from 'node:fs';
import { adjudicate } from '../src/engine/index.js';
import { parseOrder } from '../src/engine/parse/index.js';
import type { Position, PowerOrder } from '../src/engine/types.js';
import { renderMap } from '../src/render/index.js';
import { warringStates as v } from '../src/variants/warring-states/index.js';

async function main(): Promise<void> {
  const start = v.startingPosition();
  const position: Position = {
    ...start,
    units: [
      ...start.units.filter((u) => !['lin', 'cha'].includes(u.province)),
      { power: 'Qi', type: 'F', province: 'boh', coast: null },
      { power: 'Chu', type: 'F', province: 'cha', coast: null },
      { power: 'Wei', type: 'F', province: 'yel', coast: null },
    ],
  };
  const texts: Record<string, string[]> = {
    Qi: ['F Boh - Lin - Diq - Wei', 'A Jia - Lin'],
    Yan: ['A Ji R F'],
    Chu: ['F Cha - Jiu - Wu', 'A Sch - Hua'],
    Zhao: ['A Han - Ye', 'A Jin - Stg'],
    Han: ['A Luo - Hch'],
    Wei: ['F YEL - Jyi'],
  };
  const orders: PowerOrder[] = [];
  for (const [power, list] of Object.entries(texts)) {
    for (const text of list) {
      const r = parseOrder(v, text, { position, power });
      if (r.ok) orders.push({ power, order: r.order });
      else console.error(text, r.error);
    }
  }
  const adjudication = adjudicate(v, position, orders);
  const r = await renderMap(v, position, { orders, adjudication, title: 'Warring States — sample turn' });
  writeFileSync(process.argv[2] ?? '/tmp/ws-render.png', r.png);
  console.log(r.width, r.height);
}
void main();
