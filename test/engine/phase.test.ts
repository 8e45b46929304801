/**
 * The phase sequence, ownership after fall, skipping phases with nothing to decide, and victory.
 */
import { describe, expect, it } from 'vitest';
import { adjudicate, openingPosition, powersToAct } from '../../src/engine/index.js';
import type { Order, PowerOrder } from '../../src/engine/types.js';
import { classic } from '../../src/variants/classic/index.js';

const move = (power: string, type: 'A' | 'F', from: string, to: string): PowerOrder => ({
  power,
  order: {
    kind: 'move',
    unit: { type, province: from, coast: null },
    to: { province: to, coast: null },
    viaConvoy: false,
  } as Order,
});

describe('phase sequence', () => {
  it('a game opens where someone has something to decide: a map without units with its first builds', () => {
    const start = classic.startingPosition();
    expect(openingPosition(classic, start)).toBe(start);
    const empty = { ...start, units: [] };
    const opened = openingPosition(classic, empty);
    expect(opened.phase).toEqual({ season: 'winter', year: 1901, type: 'adjustment' });
    expect(opened.supplyCenters).toEqual(start.supplyCenters);
    expect(powersToAct(classic, opened)).toEqual(classic.powers.map((p) => p.name).sort());
    // An adjustment start (Mandate of Heaven's placement) is the variant's own, whatever it holds.
    const winter = { ...empty, phase: { season: 'winter' as const, year: 1900, type: 'adjustment' as const } };
    expect(openingPosition(classic, winter)).toBe(winter);
  });

  it('skips retreats and winter when nothing is to decide', () => {
    const spring = adjudicate(classic, classic.startingPosition(), []);
    expect(spring.position.phase).toEqual({ season: 'fall', year: 1901, type: 'movement' });
    const fall = adjudicate(classic, spring.position, []);
    expect(fall.position.phase).toEqual({ season: 'spring', year: 1902, type: 'movement' });
    expect(fall.centerChanges).toEqual([]);
    expect(fall.results.every((r) => r.defaulted && r.result === 'success')).toBe(true);
  });

  it('captures a centre in fall, then goes to winter builds for the gaining power only', () => {
    const spring = adjudicate(classic, classic.startingPosition(), [move('England', 'F', 'lon', 'nth')]);
    const fall = adjudicate(classic, spring.position, [move('England', 'F', 'nth', 'nwy')]);
    expect(fall.centerChanges).toEqual([{ province: 'nwy', from: null, to: 'England' }]);
    expect(fall.position.phase).toEqual({ season: 'winter', year: 1901, type: 'adjustment' });
    expect(powersToAct(classic, fall.position)).toEqual(['England']);
    const winter = adjudicate(classic, fall.position, [
      { power: 'England', order: { kind: 'build', unit: { type: 'F', province: 'lon', coast: null } } },
    ]);
    expect(winter.results[0]).toMatchObject({ result: 'success', order: 'F lon B' });
    expect(winter.position.phase).toEqual({ season: 'spring', year: 1902, type: 'movement' });
    expect(winter.position.units.filter((u) => u.power === 'England')).toHaveLength(4);
  });

  it('a spring dislodgement leads to a spring retreat phase, then fall', () => {
    const position = {
      ...classic.startingPosition(),
      units: [
        { power: 'Germany', type: 'A' as const, province: 'mun', coast: null },
        { power: 'Germany', type: 'A' as const, province: 'ber', coast: null },
        { power: 'France', type: 'A' as const, province: 'bur', coast: null },
      ],
    };
    const sup: PowerOrder = {
      power: 'Germany',
      order: {
        kind: 'support',
        unit: { type: 'A', province: 'ber', coast: null },
        target: { type: 'A', province: 'mun', coast: null },
        to: { province: 'ruh', coast: null },
      },
    };
    const adj = adjudicate(classic, position, [
      move('Germany', 'A', 'mun', 'bur'),
      { ...sup, order: { ...(sup.order as Order & { kind: 'support' }), to: { province: 'bur', coast: null } } },
    ]);
    expect(adj.dislodged).toHaveLength(0); // ber cannot reach bur, so the support is illegal: 1 vs 1
    const adj2 = adjudicate(
      classic,
      { ...position, units: [...position.units, { power: 'Germany', type: 'A', province: 'ruh', coast: null }] },
      [
        move('Germany', 'A', 'mun', 'bur'),
        {
          power: 'Germany',
          order: {
            kind: 'support',
            unit: { type: 'A', province: 'ruh', coast: null },
            target: { type: 'A', province: 'mun', coast: null },
            to: { province: 'bur', coast: null },
          },
        },
      ],
    );
    expect(adj2.dislodged.map((d) => d.province)).toEqual(['bur']);
    expect(adj2.position.phase).toEqual({ season: 'spring', year: 1901, type: 'retreat' });
    const retreat = adjudicate(classic, adj2.position, [
      {
        power: 'France',
        order: {
          kind: 'retreat',
          unit: { type: 'A', province: 'bur', coast: null },
          to: { province: 'par', coast: null },
        },
      },
    ]);
    expect(retreat.position.phase).toEqual({ season: 'fall', year: 1901, type: 'movement' });
    expect(retreat.position.units.find((u) => u.power === 'France')?.province).toBe('par');
  });

  it('declares a winner at 18 centres', () => {
    const start = classic.startingPosition();
    const all = classic.map.supplyCenters();
    const supplyCenters = { Germany: all.slice(0, 17), Austria: all.slice(17) };
    const target = 'war'; // a centre Germany does not own yet, next to Silesia
    const fall = {
      ...start,
      phase: { season: 'fall' as const, year: 1905, type: 'movement' as const },
      units: [{ power: 'Germany', type: 'A' as const, province: 'sil', coast: null }],
      supplyCenters,
    };
    expect(supplyCenters.Germany.includes('war')).toBe(false);
    const adj = adjudicate(classic, fall, [move('Germany', 'A', 'sil', target)]);
    expect(adj.position.supplyCenters.Germany).toHaveLength(18);
    expect(adj.winner).toBe('Germany');
  });
});
