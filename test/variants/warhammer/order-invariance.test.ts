/**
 * An adjudication never depends on the order in which units, orders or battle reports are listed (decisions.md
 * "Engine"): every permutation of the units for positions of up to 7 units, 20 sampled permutations above, each
 * with the orders and reports shuffled too. Cases: every ability case, every decisive-battle outcome (Cataclysmic
 * Battles included), the Orcs in the Hills cases, and random Warhammer positions around the abilities with random
 * battle winners, some losers destroyed (`ORDER_INVARIANCE_RUNS` positions).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../../src/engine/index.js';
import type { Adjudication, AdjudicationContext, Position, PowerOrder, Order } from '../../../src/engine/types.js';
import type { Variant } from '../../../src/engine/variant.js';
import { battleReports, declarationsAllowed, groupBattles, warhammer } from '../../../src/variants/warhammer/index.js';
import { rng } from '../../support/random.js';
import {
  allPermutations,
  canonical,
  clusteredPosition,
  shuffled,
  EXHAUSTIVE_UP_TO,
  meetingOrders,
  runsFromEnv,
  SAMPLED_PERMUTATIONS,
} from '../../engine/order-invariance.js';
import { abilityCases } from './abilities.js';
import { cataclysmCases, headToHeadBattles, hillArmyCases, illegalNearAbilities } from './audit.js';
import { battleCases } from './battles.js';
import { ordersOf, positionOf } from './harness.js';

const full = (adj: Adjudication) =>
  [
    canonical(adj),
    (adj.events ?? [])
      .map((e) => `${e.kind} ${e.text}`)
      .sort()
      .join('\n'),
    JSON.stringify(adj.position.variantState ?? {}),
  ].join('\n');

/** The first listing that adjudicates differently, or null; `tried` listings in all. */
function orderDependence(
  variant: Variant,
  position: Position,
  orders: PowerOrder[],
  context: AdjudicationContext,
  seed: number,
): string | null {
  const r = rng(seed);
  const want = full(adjudicate(variant, position, orders, context));
  const listings =
    position.units.length <= EXHAUSTIVE_UP_TO
      ? allPermutations(position.units)
      : (function* () {
          for (let k = 0; k < SAMPLED_PERMUTATIONS; k++) yield shuffled(position.units, r);
        })();
  for (const units of listings) {
    const ctx = context.battles ? { ...context, battles: shuffled(context.battles, r) } : context;
    const got = full(adjudicate(variant, { ...position, units }, shuffled(orders, r), ctx));
    if (got !== want) return `listing ${units.map((u) => u.province).join(',')}:\n${got}\n--- expected:\n${want}`;
  }
  return null;
}

describe('Warhammer: order invariance of every ability case and illegal order near an ability (every permutation up to 7 units)', () => {
  for (const c of [...abilityCases, ...illegalNearAbilities]) {
    it(c.name, () => {
      const position = positionOf(c.units, c.season, c.owners);
      const variant = c.options ? warhammer.configure!(c.options) : warhammer;
      expect(orderDependence(variant, position, ordersOf(position, c.orders), {}, 1)).toBeNull();
    });
  }
});

describe('Warhammer: order invariance of every decisive-battle outcome (head-to-heads included)', () => {
  for (const c of [...battleCases, ...headToHeadBattles]) {
    for (const [n, o] of (c.outcomes ?? []).entries()) {
      it(`${c.name}: outcome ${n + 1}`, () => {
        const position = positionOf(c.units);
        expect(
          orderDependence(warhammer, position, ordersOf(position, c.orders), { battles: o.reports }, n + 1),
        ).toBeNull();
      });
    }
  }
});

describe('Warhammer: order invariance of Cataclysmic Battles (the losers removed before the moves are recalculated)', () => {
  const cataclysmic = warhammer.configure!({ cataclysmicBattles: 'on' });
  for (const c of cataclysmCases) {
    for (const [n, o] of (c.outcomes ?? []).entries()) {
      it(`${c.name}: outcome ${n + 1}`, () => {
        const position = positionOf(c.units);
        expect(
          orderDependence(cataclysmic, position, ordersOf(position, c.orders), { battles: o.reports }, n + 1),
        ).toBeNull();
      });
    }
  }
});

describe('Warhammer: order invariance of the Orcs in the Hills cases (adjustments and the hill armies followed)', () => {
  for (const c of hillArmyCases) {
    it(c.name, () => {
      const input = c.input as {
        phase: Position['phase'];
        units: Position['units'];
        supplyCenters?: Position['supplyCenters'];
        variantState?: Record<string, unknown>;
        options: Record<string, string>;
        orders: { power: string; text: string }[];
      };
      const variant = warhammer.configure!(input.options);
      const position: Position = {
        phase: input.phase,
        units: input.units,
        dislodged: [],
        contested: [],
        supplyCenters: input.supplyCenters ?? variant.startingPosition().supplyCenters,
        ...(input.variantState !== undefined ? { variantState: input.variantState } : {}),
      };
      const byPower: Record<string, string[]> = {};
      for (const o of input.orders) (byPower[o.power] ??= []).push(o.text);
      expect(orderDependence(variant, position, ordersOf(position, byPower), {}, 1)).toBeNull();
    });
  }
});

/** Provinces where the abilities meet: Athel-Loren, Sylvania, the underways, the Norse coasts, the Old World. */
const rich = [
  'athe',
  'chet',
  'grey',
  'sylv',
  'gfor',
  'aver',
  'skav',
  'nuln',
  'midd',
  'claw',
  'ostl',
  'sjok',
  'grae',
  'altd',
  'reik',
  'wast',
];

describe('Warhammer: order invariance of random positions, with and without decisive battles', () => {
  it('every listing gives the same adjudication (3 to 12 units, Fall, Sylvania foreign-owned, random battle winners)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 3, max: 12 }),
        fc.boolean(),
        fc.boolean(),
        (seed, count, strong, cataclysm) => {
          const r = rng(seed);
          const variant = warhammer.configure!({
            ...(strong ? { strongCapitals: 'on' } : {}),
            ...(cataclysm ? { cataclysmicBattles: 'on' } : {}),
          });
          const base = clusteredPosition(variant, r, count, { starts: rich, powers: 3 });
          const supplyCenters = {
            ...base.supplyCenters,
            'Vampire Counts': [],
            Empire: [...(base.supplyCenters.Empire ?? []), 'sylv'],
          };
          const position: Position = {
            ...base,
            phase: { season: 'fall', year: 2500, type: 'movement' },
            supplyCenters,
          };
          const orders = meetingOrders(variant, position, r, 0);
          expect(orderDependence(variant, position, orders, {}, seed), `seed ${seed}`).toBeNull();
          // Declare everything allowed and let a random side win each battle.
          const declared = declarationsAllowed(variant, position, orders);
          const { battles } = groupBattles(variant, position, orders, declared);
          // Under Cataclysmic Battles, the losers of some battles are destroyed (removed before the moves are recalculated).
          const reports = battles.flatMap((b) =>
            battleReports(
              b,
              b.sides[Math.floor(r() * b.sides.length)]!.lead,
              cataclysm && r() < 0.5 ? true : undefined,
            ),
          );
          if (reports.length > 0)
            expect(
              orderDependence(variant, position, orders, { battles: reports }, seed),
              `seed ${seed} with battles`,
            ).toBeNull();
        },
      ),
      { numRuns: runsFromEnv(20) },
    );
  });
});

/**
 * Orders that make head-to-heads (pairs of neighbouring units of different powers moving into each other) and
 * illegal orders near the abilities (moves into Athel-Loren or Sylvania from a province not next to it, fleets into
 * them), on top of `meetingOrders`.
 */
function headToHeadOrders(position: Position, r: () => number): PowerOrder[] {
  const orders = new Map(
    meetingOrders(warhammer, position, r, 0).map(
      (po) => ['unit' in po.order ? po.order.unit.province : '', po] as const,
    ),
  );
  const unitAt = new Map(position.units.map((u) => [u.province, u]));
  const move = (from: string, to: string): PowerOrder => {
    const u = unitAt.get(from)!;
    const order: Order = {
      kind: 'move',
      unit: { type: u.type, province: from, coast: null },
      to: { province: to, coast: null },
      viaConvoy: false,
    };
    return { power: u.power, order };
  };
  for (const u of position.units) {
    const partner = position.units.find(
      (v) =>
        v.power !== u.power && warhammer.map.neighbours(u.province).has(v.province) && u.type === 'A' && v.type === 'A',
    );
    if (partner && r() < 0.5) {
      orders.set(u.province, move(u.province, partner.province));
      orders.set(partner.province, move(partner.province, u.province));
    } else if (r() < 0.2) {
      const far = ['athe', 'sylv'].filter((p) => p !== u.province && !warhammer.map.neighbours(u.province).has(p));
      if (far.length > 0) orders.set(u.province, move(u.province, far[Math.floor(r() * far.length)]!));
    }
  }
  return [...orders.values()];
}

describe('Warhammer: order invariance with head-to-heads and illegal orders near the abilities', () => {
  it('every listing gives the same adjudication, provisional and with random battle winners', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 3, max: 10 }), (seed, count) => {
        const r = rng(seed);
        const base = clusteredPosition(warhammer, r, count, { starts: rich, powers: 3, fleetChance: () => 0.2 });
        const supplyCenters = {
          ...base.supplyCenters,
          'Vampire Counts': [],
          Empire: [...(base.supplyCenters.Empire ?? []), 'sylv'],
        };
        const position: Position = { ...base, phase: { season: 'fall', year: 2500, type: 'movement' }, supplyCenters };
        const orders = headToHeadOrders(position, r);
        expect(orderDependence(warhammer, position, orders, {}, seed), `seed ${seed}`).toBeNull();
        const declared = declarationsAllowed(warhammer, position, orders);
        const { battles } = groupBattles(warhammer, position, orders, declared);
        const reports = battles.flatMap((b) => battleReports(b, b.sides[Math.floor(r() * b.sides.length)]!.lead));
        if (reports.length > 0)
          expect(
            orderDependence(warhammer, position, orders, { battles: reports }, seed),
            `seed ${seed} with battles`,
          ).toBeNull();
      }),
      { numRuns: runsFromEnv(20) },
    );
  });
});
