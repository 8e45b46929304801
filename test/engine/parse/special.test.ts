/**
 * Variant special orders through `rules.specialOrderParsers` (src/engine/rules.ts `SpecialOrderParser`):
 * a tiny rules module on the Classic map with a Warring-States-like raise order and a multi-hop path move.
 */
import { describe, expect, it } from 'vitest';
import { parseOrder } from '../../../src/engine/parse/index.js';
import type { RulesModule, SpecialOrderParser } from '../../../src/engine/rules.js';
import type { Location } from '../../../src/engine/types.js';
import { buildVariant, parseVariantData } from '../../../src/variants/build.js';
import { getVariant } from '../../../src/variants/index.js';

const classic = getVariant('classic')!;

/** `A Bre R F`, `A Bre Raise Fleet`, French `A Bre L F`. */
const raise: SpecialOrderParser = {
  parse(tokens) {
    const text = tokens.join(' ');
    return ['r f', 'raise fleet', 'raise', 'l f'].includes(text) ? { name: 'raise', path: [] } : null;
  },
};

/** `F Kie - Ber - Pru - Lvn`: two or more hops separated by dashes. */
const pathMove: SpecialOrderParser = {
  parse(tokens, helpers) {
    if (tokens[0] !== '-') return null;
    const groups: string[][] = [];
    for (const t of tokens) {
      if (t === '-') groups.push([]);
      else groups[groups.length - 1]!.push(t);
    }
    if (groups.length < 2) return null;
    const path: Location[] = [];
    for (const g of groups) {
      const loc = helpers.location(g.join(' '));
      if (!loc) return { error: `unknown river space "${g.join(' ')}"` };
      path.push(loc);
    }
    return { name: 'riverMove', path, args: { hops: String(path.length) } };
  },
};

const rules: RulesModule = { specialOrderParsers: [raise, pathMove] };
const variant = buildVariant(classic.data, rules);

describe('special order parsers', () => {
  it.each(['A Bre R F', 'A Brest Raise Fleet', 'Army Brest raise fleet', 'A Bre L F'])('%s -> raise', (text) => {
    const r = parseOrder(variant, text);
    expect(r).toMatchObject({
      ok: true,
      order: { kind: 'special', name: 'raise', unit: { type: 'A', province: 'bre', coast: null }, path: [] },
    });
  });

  it('reads a multi-hop path with full names', () => {
    const r = parseOrder(variant, 'F Kie - Berlin - Prussia -> Livonia');
    expect(r).toEqual({
      ok: true,
      order: {
        kind: 'special',
        name: 'riverMove',
        unit: { type: 'F', province: 'kie', coast: null },
        path: [
          { province: 'ber', coast: null },
          { province: 'pru', coast: null },
          { province: 'lvn', coast: null },
        ],
        args: { hops: '3' },
      },
      text: 'F kie riverMove ber pru lvn',
    });
  });

  it('reads multi-word names and coasts inside a path', () => {
    const r = parseOrder(variant, 'F nwy - North Sea - Helgoland Bight - Denmark');
    expect(r.ok && r.order.kind === 'special' && r.order.path.map((l) => l.province)).toEqual(['nth', 'hel', 'den']);
  });

  it('fills in the unit type from the board', () => {
    const position = classic.startingPosition();
    const r = parseOrder(variant, 'Brest R F', { position });
    expect(r).toMatchObject({
      ok: true,
      order: { kind: 'special', name: 'raise', unit: { type: 'F', province: 'bre' } },
    });
  });

  it('leaves ordinary orders to the standard grammar', () => {
    expect(parseOrder(variant, 'F Kie - Ber')).toMatchObject({ ok: true, text: 'F kie - ber' });
    expect(parseOrder(variant, 'A Bre H')).toMatchObject({ ok: true, text: 'A bre H' });
  });

  it('reports an error a special parser returns', () => {
    expect(parseOrder(variant, 'F Kie - Ber - Atlantis')).toEqual({
      ok: false,
      error: 'unknown river space "atlantis"',
      input: 'F Kie - Ber - Atlantis',
    });
  });

  it('without the hook, a multi-hop path is an error, not a crash', () => {
    const r = parseOrder(classic, 'F Kie - Ber - Pru - Lvn');
    expect(r).toEqual({
      ok: false,
      error: 'unexpected "- Pru - Lvn" after "F Kie - Ber"',
      input: 'F Kie - Ber - Pru - Lvn',
    });
  });

  it('a special parser that throws gives an error result', () => {
    const broken = buildVariant(classic.data, {
      specialOrderParsers: [
        {
          parse() {
            throw new Error('boom');
          },
        },
      ],
    });
    expect(parseOrder(broken, 'A bre H')).toMatchObject({ ok: false, error: expect.stringContaining('boom') });
  });
});

describe('special order parsers on a tiny river map', () => {
  /** Five areas in a row, Bo Hai -> Linzi -> Diqiu -> Wei, with Ji on the coast of Bo Hai. */
  const chain = ['boh', 'lin', 'diq', 'wei'];
  const province = (id: string, name: string, kind: 'coast' | 'sea') => ({
    id,
    name,
    abbreviation: id[0]!.toUpperCase() + id.slice(1),
    aliases: [],
    kind,
    supplyCenter: false,
    home: null,
    coasts: [],
  });
  const land = ['ji', 'lin', 'diq', 'wei'];
  const fleet: Record<string, string[]> = {
    ji: ['boh'],
    boh: ['ji', 'lin'],
    lin: ['boh', 'diq'],
    diq: ['lin', 'wei'],
    wei: ['diq'],
  };
  const data = parseVariantData({
    id: 'river-test',
    name: 'River test',
    powers: [
      { name: 'Qi', color: '#000000' },
      { name: 'Yan', color: '#ffffff' },
    ],
    provinces: [
      province('ji', 'Ji', 'coast'),
      province('boh', 'Bo Hai', 'sea'),
      province('lin', 'Linzi', 'coast'),
      province('diq', 'Diqiu', 'coast'),
      province('wei', 'Wei', 'coast'),
    ],
    armyAdjacency: Object.fromEntries(
      land.map((p) => [p, land.filter((q) => q !== p && Math.abs(land.indexOf(q) - land.indexOf(p)) === 1)]),
    ),
    fleetAdjacency: fleet,
    startingPhase: { season: 'spring', year: 1, type: 'movement' },
    startingUnits: [
      { power: 'Yan', type: 'A', province: 'ji', coast: null },
      { power: 'Qi', type: 'F', province: 'boh', coast: null },
    ],
    victory: { centers: 1 },
  });
  const river = buildVariant(data, rules);
  const position = river.startingPosition();

  it('A Ji R F -> special raise', () => {
    expect(parseOrder(river, 'A Ji R F', { position, power: 'Yan' })).toEqual({
      ok: true,
      order: { kind: 'special', name: 'raise', unit: { type: 'A', province: 'ji', coast: null }, path: [] },
      text: 'A ji raise',
    });
  });

  it.each(['F Boh - Lin - Diq - Wei', 'F Bo Hai -> Linzi -> Diqiu -> Wei', 'Boh - lin - DIQ - wei'])(
    '%s -> riverMove with 3 path locations',
    (text) => {
      const r = parseOrder(river, text, { position, power: 'Qi' });
      expect(r).toMatchObject({
        ok: true,
        order: { kind: 'special', name: 'riverMove', unit: { type: 'F', province: 'boh' } },
      });
      expect(r.ok && r.order.kind === 'special' && r.order.path).toEqual(
        chain.slice(1).map((p) => ({ province: p, coast: null })),
      );
    },
  );
});
