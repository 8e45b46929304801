/**
 * The engine's hooks for battles decided outside the adjudicator (docs/engine.md "Battles"), on a tiny made-up map
 * with a rules module that knows nothing of Warhammer: `context.battles` reaches `revisitMovement`, the second pass
 * answers `battleWinner` from `ctx.pass`, `destroyedUnits` removes units outright, `convoyStands` overrides a convoy.
 */
import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../src/engine/index.js';
import type { RulesModule } from '../../src/engine/rules.js';
import type { Position, PowerOrder } from '../../src/engine/types.js';
import { buildVariant, parseVariantData } from '../../src/variants/build.js';
import { getVariant } from '../../src/variants/index.js';

const land = (id: string) => ({
  id,
  name: id.toUpperCase(),
  abbreviation: id,
  kind: 'land',
  supplyCenter: false,
  home: null,
});
const data = parseVariantData({
  id: 'tiny-battles',
  name: 'Tiny',
  powers: [
    { name: 'Red', color: '#aa0000' },
    { name: 'Blue', color: '#0000aa' },
  ],
  provinces: [land('a'), land('b'), land('c')],
  armyAdjacency: { a: ['b'], b: ['a', 'c'], c: ['b'] },
  fleetAdjacency: {},
  startingPhase: { season: 'spring', year: 1, type: 'movement' },
  startingUnits: [
    { power: 'Red', type: 'A', province: 'a', coast: null },
    { power: 'Blue', type: 'A', province: 'b', coast: null },
  ],
  victory: { centers: 2 },
  links: [],
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

/** A reported winner's province takes the battle's province; `destroyed` removes the loser. */
const rules: RulesModule = {
  revisitMovement: ({ pass, context }) =>
    pass === undefined && context.battles?.length
      ? { winners: Object.fromEntries(context.battles.map((b) => [b.province, b.unit])) }
      : undefined,
  battleWinner: (ctx, province) => (ctx.pass as { winners?: Record<string, string> } | undefined)?.winners?.[province],
  destroyedUnits: ({ pass, context, position }) =>
    pass
      ? position.units.filter((u) =>
          context.battles?.some((b) => b.destroyed === true && b.province === u.province && b.unit !== u.province),
        )
      : [],
};

describe('battles decided outside the adjudicator (engine hooks)', () => {
  const v = buildVariant(data, rules);
  const start = v.startingPosition();
  it('without battles the resolver decides (1 versus 1: a bounce)', () => {
    expect(adjudicate(v, start, [move('Red', 'a', 'b')]).dislodged).toEqual([]);
  });
  it('a reported winner takes the province whatever the strengths, through the resolver (the occupant is dislodged)', () => {
    const adj = adjudicate(v, start, [move('Red', 'a', 'b')], {
      battles: [{ province: 'b', winner: 'Red', unit: 'a' }],
    });
    expect(adj.position.units).toEqual([{ power: 'Red', type: 'A', province: 'b', coast: null }]);
    expect(adj.dislodged.map((d) => `${d.power} ${d.province} ${d.retreatOptions!.join(',')}`)).toEqual(['Blue b c']);
  });
  it('destroyedUnits removes the loser outright: no retreat phase follows', () => {
    const adj = adjudicate(v, start, [move('Red', 'a', 'b')], {
      battles: [{ province: 'b', winner: 'Red', unit: 'a', destroyed: true }],
    });
    expect(adj.dislodged).toEqual([]);
    expect(adj.removed).toEqual([{ power: 'Blue', type: 'A', province: 'b', coast: null }]);
    expect(adj.position.phase).toEqual({ season: 'fall', year: 1, type: 'movement' });
  });
});

describe('convoyStands overrides a convoy decision (Classic map)', () => {
  const classic = getVariant('classic')!;
  const position: Position = {
    ...classic.startingPosition(),
    units: [
      { power: 'England', type: 'F', province: 'nth', coast: null },
      { power: 'England', type: 'A', province: 'yor', coast: null },
      { power: 'Germany', type: 'F', province: 'hel', coast: null },
      { power: 'Germany', type: 'F', province: 'den', coast: null },
    ],
  };
  const texts = (): PowerOrder[] => [
    {
      power: 'England',
      order: {
        kind: 'convoy',
        unit: { type: 'F', province: 'nth', coast: null },
        target: { type: 'A', province: 'yor', coast: null },
        to: { province: 'nwy', coast: null },
      },
    },
    {
      power: 'England',
      order: {
        kind: 'move',
        unit: { type: 'A', province: 'yor', coast: null },
        to: { province: 'nwy', coast: null },
        viaConvoy: true,
      },
    },
    {
      power: 'Germany',
      order: {
        kind: 'move',
        unit: { type: 'F', province: 'hel', coast: null },
        to: { province: 'nth', coast: null },
        viaConvoy: false,
      },
    },
    {
      power: 'Germany',
      order: {
        kind: 'support',
        unit: { type: 'F', province: 'den', coast: null },
        target: { type: 'F', province: 'hel', coast: null },
        to: { province: 'nth', coast: null },
      },
    },
  ];
  it('Classic: the dislodged fleet does not convoy; with convoyStands true it does', () => {
    const plain = adjudicate(classic, position, texts());
    expect(plain.position.units.some((u) => u.province === 'nwy')).toBe(false);
    const standing = { ...classic, rules: { ...classic.rules, convoyStands: () => true } };
    const adj = adjudicate(standing, position, texts());
    expect(adj.position.units.some((u) => u.province === 'nwy')).toBe(true);
    expect(adj.results.find((r) => r.unit === 'F nth')).toMatchObject({ result: 'success' });
    expect(adj.dislodged.map((d) => d.province)).toEqual(['nth']);
  });
});
