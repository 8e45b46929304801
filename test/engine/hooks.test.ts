/**
 * The engine's variant hooks, exercised on a tiny made-up map: power-only links, strength changes,
 * a special order that acts as a hold, unit transformation, build and victory rules.
 */
import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../src/engine/index.js';
import type { RulesModule } from '../../src/engine/rules.js';
import type { PowerOrder } from '../../src/engine/types.js';
import { buildVariant, parseVariantData } from '../../src/variants/build.js';

const land = (id: string, extra: object = {}) => ({
  id,
  name: id.toUpperCase(),
  abbreviation: id,
  kind: 'land',
  supplyCenter: false,
  home: null,
  ...extra,
});
const data = parseVariantData({
  id: 'tiny',
  name: 'Tiny',
  powers: [
    { name: 'Red', color: '#aa0000' },
    { name: 'Blue', color: '#0000aa' },
  ],
  provinces: [
    land('a', { supplyCenter: true, home: 'Red' }),
    land('b'),
    land('c'),
    land('d', { supplyCenter: true, home: 'Blue' }),
  ],
  armyAdjacency: { a: ['b', 'd'], b: ['a', 'c'], c: ['b', 'd'], d: ['c', 'a'] },
  fleetAdjacency: {},
  startingPhase: { season: 'spring', year: 1, type: 'movement' },
  startingUnits: [
    { power: 'Red', type: 'A', province: 'a', coast: null },
    { power: 'Blue', type: 'A', province: 'd', coast: null },
  ],
  victory: { centers: 2 },
  // a–d is an underway only Red may use
  links: [{ from: 'a', to: 'd', kind: 'underway', power: 'Red' }],
});

const move = (power: string, from: string, to: string): PowerOrder => ({
  power,
  order: {
    kind: 'move',
    unit: { type: 'A', province: from, coast: null },
    to: { province: to, coast: null },
    viaConvoy: false,
  },
});

describe('engine hooks', () => {
  it('a link reserved to one power cannot be used by another', () => {
    const v = buildVariant(data);
    const adj = adjudicate(v, v.startingPosition(), [move('Blue', 'd', 'a')]);
    expect(adj.results.find((r) => r.power === 'Blue')).toMatchObject({ result: 'illegal' });
    const red = adjudicate(
      v,
      { ...v.startingPosition(), units: [{ power: 'Red', type: 'A', province: 'a', coast: null }] },
      [move('Red', 'a', 'd')],
    );
    expect(red.results[0]).toMatchObject({ result: 'success' });
  });

  it('strength: a defence bonus turns a 1-vs-1 dislodgement attempt into a bounce only where the hook says', () => {
    const rules: RulesModule = {
      // "last remaining unit" style: Blue's units defend with +1
      strength: (_ctx, q) => (q.kind === 'hold' && q.subject.unit.power === 'Blue' ? q.classic + 1 : undefined),
    };
    const v = buildVariant(data, rules);
    const start = {
      ...v.startingPosition(),
      units: [
        { power: 'Red', type: 'A' as const, province: 'b', coast: null },
        { power: 'Red', type: 'A' as const, province: 'a', coast: null },
        { power: 'Blue', type: 'A' as const, province: 'c', coast: null },
      ],
    };
    const support: PowerOrder = {
      power: 'Red',
      order: {
        kind: 'support',
        unit: { type: 'A', province: 'a', coast: null },
        target: { type: 'A', province: 'b', coast: null },
        to: { province: 'c', coast: null },
      },
    };
    // a cannot reach c, so the support is illegal: 1 vs 2 → bounce
    const adj = adjudicate(v, start, [move('Red', 'b', 'c'), support]);
    expect(adj.results.find((r) => r.unit === 'A b')).toMatchObject({
      result: 'failure',
      reason: expect.stringContaining('1 vs 2'),
    });
    const classic = adjudicate(buildVariant(data), start, [move('Red', 'b', 'c')]);
    expect(classic.results.find((r) => r.unit === 'A b')).toMatchObject({
      result: 'failure',
      reason: expect.stringContaining('1 vs 1'),
    });
  });

  it('a special order acting as a hold can receive hold support, and afterMovement can change the unit', () => {
    const rules: RulesModule = {
      specialOrders: {
        fortify: {
          name: 'fortify',
          actsAs: 'hold',
          validate: () => null,
          format: (o) => `A ${o.unit.province} fortify`,
        },
      },
      afterMovement: ({ adjudication }) => ({
        ...adjudication,
        position: {
          ...adjudication.position,
          variantState: {
            fortified: adjudication.results
              .filter((r) => r.order.endsWith('fortify') && r.result === 'success')
              .map((r) => r.unit),
          },
        },
      }),
    };
    const v = buildVariant(data, rules);
    const adj = adjudicate(v, v.startingPosition(), [
      {
        power: 'Red',
        order: { kind: 'special', name: 'fortify', unit: { type: 'A', province: 'a', coast: null }, path: [] },
      },
    ]);
    expect(adj.results.find((r) => r.power === 'Red')).toMatchObject({ order: 'A a fortify', result: 'success' });
    expect(adj.position.variantState).toEqual({ fortified: ['A a'] });
  });

  it('supportValue and cutsSupport: a support worth 2 that an attack only reduces by 1 still counts 1', () => {
    // Every province touches every other one, so a can support b into c and d can attack a.
    const square = parseVariantData({
      ...data,
      links: [],
      armyAdjacency: { a: ['b', 'c', 'd'], b: ['a', 'c', 'd'], c: ['a', 'b', 'd'], d: ['a', 'b', 'c'] },
    });
    const reduced: RulesModule = { supportValue: () => 2, cutsSupport: () => 1 };
    const start = {
      ...buildVariant(square).startingPosition(),
      units: [
        { power: 'Red', type: 'A' as const, province: 'a', coast: null },
        { power: 'Red', type: 'A' as const, province: 'b', coast: null },
        { power: 'Blue', type: 'A' as const, province: 'c', coast: null },
        { power: 'Blue', type: 'A' as const, province: 'd', coast: null },
      ],
    };
    const support: PowerOrder = {
      power: 'Red',
      order: {
        kind: 'support',
        unit: { type: 'A', province: 'a', coast: null },
        target: { type: 'A', province: 'b', coast: null },
        to: { province: 'c', coast: null },
      },
    };
    const orders = [move('Red', 'b', 'c'), support, move('Blue', 'd', 'a')];
    const adj = adjudicate(buildVariant(square, reduced), start, orders);
    expect(adj.results.find((r) => r.unit === 'A a')).toMatchObject({
      result: 'success',
      reason: 'support given with strength 1 of 2: reduced by 1 by A d',
    });
    expect(adj.results.find((r) => r.unit === 'A b')).toMatchObject({ result: 'success' });
    // Classic: the attack cuts the whole support, 1 vs 1.
    const classic = adjudicate(buildVariant(square), start, orders);
    expect(classic.results.find((r) => r.unit === 'A a')).toMatchObject({
      result: 'failure',
      reason: 'support cut by A d',
    });
    expect(classic.results.find((r) => r.unit === 'A b')).toMatchObject({ result: 'failure' });
    // `false`: the attack takes nothing off.
    const uncut = adjudicate(buildVariant(square, { cutsSupport: () => false }), start, orders);
    expect(uncut.results.find((r) => r.unit === 'A a')).toMatchObject({ result: 'success', reason: 'support given' });
  });

  it('buildable centres and victory can be replaced', () => {
    const rules: RulesModule = {
      buildableCenters: ({ position, power }) => position.supplyCenters[power] ?? [], // any owned centre
      winner: ({ position }) => (position.supplyCenters.Red?.length === 2 ? 'Red' : null),
    };
    const v = buildVariant(data, rules);
    const winter = {
      ...v.startingPosition(),
      phase: { season: 'winter' as const, year: 1, type: 'adjustment' as const },
      units: [],
      supplyCenters: { Red: ['a', 'd'], Blue: [] },
    };
    const adj = adjudicate(v, winter, [
      { power: 'Red', order: { kind: 'build', unit: { type: 'A', province: 'd', coast: null } } },
    ]);
    expect(adj.results[0]).toMatchObject({ result: 'success', order: 'A d B' });
    expect(adj.winner).toBe('Red');
  });
});
