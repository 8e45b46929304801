/**
 * Fog of war's pure rule (src/engine/fog.ts, docs/table.md "Fog of war"): what a power sees on a board, and what it saw
 * of a phase's orders and results. Data-driven over Classic's opening board and one adjudicated phase.
 */
import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../src/engine/index.js';
import {
  fogAdjudication,
  fogOrders,
  fogPosition,
  hiddenProvinces,
  resultProvince,
  sightOf,
} from '../../src/engine/fog.js';
import { readOrder } from '../../src/engine/parse/index.js';
import type { Position, PowerOrder } from '../../src/engine/types.js';
import { getVariant } from '../../src/variants/index.js';

const classic = getVariant('classic')!;
const start = classic.startingPosition();

function ordersOf(position: Position, byPower: Record<string, string[]>): PowerOrder[] {
  return Object.entries(byPower).flatMap(([power, texts]) =>
    texts.map((text) => {
      const r = readOrder(classic, text, { position, power });
      if (!r.ok) throw new Error(`${text}: ${r.error}`);
      return { power, order: r.order };
    }),
  );
}

describe('sight on a board', () => {
  const cases: [power: string, seen: string[], unseen: string[]][] = [
    // Own units and centres, and every province next to them by any adjacency (all coasts).
    [
      'England',
      ['lon', 'edi', 'lvp', 'nth', 'eng', 'wal', 'yor', 'cly', 'iri', 'nwg', 'nao'],
      ['par', 'bel', 'hol', 'con', 'mos'],
    ],
    ['Turkey', ['ank', 'con', 'smy', 'bla', 'bul', 'arm', 'aeg', 'eas', 'syr'], ['sev', 'rum', 'gre', 'lon', 'vie']],
    // Spain's south coast is next to Marseilles: split coasts count as the province.
    ['France', ['par', 'bre', 'mar', 'spa', 'bur', 'pic', 'gas', 'pie', 'mao', 'eng', 'lyo'], ['por', 'mun', 'bel']],
  ];
  it.each(cases)('%s sees its neighbourhood and nothing beyond', (power, seen, unseen) => {
    const sight = sightOf(classic.map, start, power);
    for (const p of seen) expect(sight.seen.has(p), p).toBe(true);
    for (const p of unseen) expect(sight.seen.has(p), p).toBe(false);
    expect(hiddenProvinces(classic.map, sight)).toEqual(classic.map.provinceIds().filter((p) => !sight.seen.has(p)));
  });

  it('the board as a power sees it: units and centre owners in sight only, its own always', () => {
    const england = fogPosition(start, sightOf(classic.map, start, 'England'), classic.rules);
    expect(new Set(england.units.map((u) => u.power))).toEqual(new Set(['England']));
    expect(england.supplyCenters).toEqual({
      England: ['edi', 'lon', 'lvp'].filter((c) => start.supplyCenters.England!.includes(c)),
    });
    const germany = fogPosition(start, sightOf(classic.map, start, 'Germany'), classic.rules);
    // Germany sees foreign units only where they stand next to its own units or centres.
    const seenForeign = germany.units
      .filter((u) => u.power !== 'Germany')
      .map((u) => u.province)
      .sort();
    for (const p of seenForeign) expect(sightOf(classic.map, start, 'Germany').seen.has(p)).toBe(true);
    expect(germany.units.some((u) => u.power === 'Turkey')).toBe(false);
  });

  it('a result names its unit: the province it stood in, none for a waived build', () => {
    expect(resultProvince({ unit: 'F spa/nc' })).toBe('spa');
    expect(resultProvince({ unit: 'A mun' })).toBe('mun');
    expect(resultProvince({ unit: '' })).toBeNull();
  });
});

describe('a phase as a power saw it', () => {
  const orders = ordersOf(start, {
    France: ['A par - bur', 'F bre - mao', 'A mar - spa'],
    Germany: ['A mun - bur', 'A ber - kie', 'F kie - den'],
    Turkey: ['F ank - bla', 'A con - bul', 'A smy - arm'],
    England: ['F lon - nth', 'F edi - nwg', 'A lvp - yor'],
  });
  const adjudication = adjudicate(classic, start, orders);
  const see = (power: string) => {
    const before = sightOf(classic.map, start, power);
    const after = sightOf(classic.map, adjudication.position, power);
    return {
      before,
      after,
      adj: fogAdjudication(adjudication, before, after, classic.rules),
      orders: fogOrders(orders, before),
    };
  };

  it('England sees only its own orders and results: nothing of the bounce in Burgundy nor of Turkey', () => {
    const { adj, orders: shown } = see('England');
    expect(new Set(adj.results.map((r) => r.power))).toEqual(new Set(['England']));
    expect(new Set(shown.map((o) => o.power))).toEqual(new Set(['England']));
    expect(adj.position.units.every((u) => u.power === 'England' || !['bla', 'bul', 'arm'].includes(u.province))).toBe(
      true,
    );
    expect(adj.uncountedBallots).toBeUndefined();
  });

  it("Germany sees its own bounce in Burgundy, not the order of France's army from Paris (out of its sight)", () => {
    const { adj, orders: shown } = see('Germany');
    const texts = adj.results.map((r) => r.order);
    expect(texts).toContain('A mun - bur');
    expect(texts).not.toContain('A par - bur');
    expect(texts.some((t) => /ank|con|smy/.test(t))).toBe(false);
    expect(shown.some((o) => o.power === 'Turkey' || o.power === 'France')).toBe(false);
  });

  it('Russia sees the Turkish fleet that came into the Black Sea, but not its order (Ankara was out of sight)', () => {
    const { adj } = see('Russia');
    expect(adj.results.map((r) => r.order)).not.toContain('F ank - bla');
    expect(adj.position.units.some((u) => u.power === 'Turkey' && u.province === 'bla')).toBe(true);
  });

  it('another power sees a foreign result only when the unit stood in its sight', () => {
    const { adj, before } = see('Austria');
    for (const r of adj.results) if (r.power !== 'Austria') expect(before.seen.has(resultProvince(r)!)).toBe(true);
  });
});

describe("another power's dislodged unit in sight", () => {
  // France's army in Burgundy is dislodged from Munich; England's army in Picardy sees Burgundy, not Gascony, where
  // France's other army stands: Burgundy's retreat options (Paris, Belgium, Marseilles: Gascony is held) would say so.
  const position: Position = {
    ...start,
    units: [
      { power: 'France', type: 'A', province: 'bur', coast: null },
      { power: 'France', type: 'A', province: 'gas', coast: null },
      { power: 'Germany', type: 'A', province: 'mun', coast: null },
      { power: 'Germany', type: 'A', province: 'ruh', coast: null },
      { power: 'England', type: 'A', province: 'pic', coast: null },
    ],
  };
  const orders = ordersOf(position, { Germany: ['A mun - bur', 'A ruh S A mun - bur'] });
  const adjudication = adjudicate(classic, position, orders);
  const after = adjudication.position;

  it('is seen where it stands, without its retreat options; its own power keeps them', () => {
    const truth = after.dislodged.find((d) => d.province === 'bur')!;
    expect(truth.retreatOptions).not.toContain('gas');
    expect(truth.retreatOptions!.length).toBeGreaterThan(0);
    const sight = sightOf(classic.map, after, 'England');
    expect(sight.seen.has('bur')).toBe(true);
    expect(sight.seen.has('gas')).toBe(false);
    const seen = fogPosition(after, sight, classic.rules).dislodged.find((d) => d.province === 'bur')!;
    expect(seen.retreatOptions).toBeUndefined();
    const seenInResults = fogAdjudication(
      adjudication,
      sightOf(classic.map, position, 'England'),
      sight,
      classic.rules,
    ).dislodged;
    expect(seenInResults.find((d) => d.province === 'bur')?.retreatOptions).toBeUndefined();
    const own = fogPosition(after, sightOf(classic.map, after, 'France'), classic.rules).dislodged;
    expect(own.find((d) => d.province === 'bur')?.retreatOptions).toEqual(truth.retreatOptions);
  });

  it("another power's refused retreat is told without its options", () => {
    const retreat = ordersOf(after, { France: ['A bur R gas'] });
    const phase = adjudicate(classic, after, retreat);
    const refused = phase.results.find((r) => r.power === 'France')!;
    expect(refused.reason).toContain('(options: ');
    const england = fogAdjudication(
      phase,
      sightOf(classic.map, after, 'England'),
      sightOf(classic.map, phase.position, 'England'),
      classic.rules,
    );
    const seen = england.results.find((r) => r.power === 'France')!;
    expect(seen.reason).not.toContain('options');
    const france = fogAdjudication(
      phase,
      sightOf(classic.map, after, 'France'),
      sightOf(classic.map, phase.position, 'France'),
      classic.rules,
    );
    expect(france.results.find((r) => r.power === 'France')!.reason).toContain('(options: ');
  });
});
