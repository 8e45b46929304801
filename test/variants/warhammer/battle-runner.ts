/** Runs data-driven decisive-battle cases (./battles.ts, ./audit.ts): the battles and armies, then each outcome. */
import { expect, it } from 'vitest';
import { adjudicate } from '../../../src/engine/index.js';
import type { Variant } from '../../../src/engine/variant.js';
import { checkBattleReports, groupBattles, warhammer } from '../../../src/variants/warhammer/index.js';
import type { BattleCase } from './battles.js';
import { ordersOf, positionOf, unitText } from './harness.js';

/** `variant`: configured with the campaign options the cases need (Cataclysmic Battles). */
export function battleCaseTests(cases: BattleCase[], variant: Variant = warhammer): void {
  for (const c of cases) {
    const position = positionOf(c.units);
    const orders = ordersOf(position, c.orders);
    if (c.battles) {
      it(`${c.name}: the battles and their armies`, () => {
        const { battles, problems } = groupBattles(variant, position, orders, c.declarations);
        expect(problems).toEqual([]);
        const got = battles.map((b) => ({
          provinces: b.provinces,
          sides: Object.fromEntries(b.sides.map((s) => [s.lead, s.armies.map((a) => `${a.power}: ${a.points}`)])),
        }));
        expect(got).toEqual(c.battles);
      });
    }
    for (const [n, o] of (c.outcomes ?? []).entries()) {
      it(`${c.name}: outcome ${n + 1} (${o.reports.map((r) => `${r.winner} wins ${r.province}`).join(', ')})`, () => {
        expect(checkBattleReports(variant, position, orders, o.reports, { ...variant.options })).toEqual([]);
        const adj = adjudicate(variant, position, orders, { battles: o.reports });
        if (o.units) expect(adj.position.units.map(unitText).sort()).toEqual(o.units);
        if (o.dislodged) expect(adj.dislodged.map(unitText).sort()).toEqual(o.dislodged);
        if (o.removed) expect(adj.removed.map(unitText).sort()).toEqual(o.removed);
        expect(adj.events?.filter((e) => e.kind === 'battle-ignored') ?? []).toEqual([]);
      });
    }
  }
}
