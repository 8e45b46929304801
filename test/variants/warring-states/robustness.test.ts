/**
 * Random Warring States movement phases made of the orders autocomplete offers (raises, rapid river moves, fleet
 * moves, supports): adjudication never throws, never leaves two units in one province, and answers every unit.
 */
import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../../src/engine/index.js';
import { legalOrders } from '../../../src/engine/options.js';
import { parseOrder } from '../../../src/engine/parse/index.js';
import type { PowerOrder } from '../../../src/engine/types.js';
import { warringStates as v } from '../../../src/variants/warring-states/index.js';
import { randomPosition, rng } from '../../support/random.js';

describe('Warring States random phases', () => {
  it('400 random crowded phases adjudicate cleanly', () => {
    const r = rng(20261121);
    for (let round = 0; round < 400; round++) {
      const position = randomPosition(v, r, 20 + Math.floor(r() * 30));
      const orders: PowerOrder[] = [];
      for (const power of v.powers.map((p) => p.name)) {
        for (const { orders: texts } of legalOrders(v, position, power)) {
          // prefer the variant's own orders so rapid river moves meet each other often
          const special = texts.filter((t) => / - .* - |R F$/.test(t));
          const pool = special.length > 0 && r() < 0.6 ? special : texts;
          const text = pool[Math.floor(r() * pool.length)]!;
          const parsed = parseOrder(v, text, { position, power });
          expect(parsed.ok, text).toBe(true);
          if (parsed.ok) orders.push({ power, order: parsed.order });
        }
      }
      const adj = adjudicate(v, position, orders);
      const provinces = adj.position.units.map((u) => u.province);
      expect(new Set(provinces).size, `round ${round}`).toBe(provinces.length);
      expect(adj.position.units.length + adj.dislodged.length).toBe(position.units.length);
      for (const u of adj.position.units) expect(v.map.canStand(u.type, u), `${u.type} ${u.province}`).toBe(true);
    }
  });
});
