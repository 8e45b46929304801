import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../src/engine/index.js';
import { legalOrders, legalOrderTexts } from '../../src/engine/options.js';
import { parseOrder } from '../../src/engine/parse/index.js';
import type { Position, Unit } from '../../src/engine/types.js';
import { buildVariant } from '../../src/variants/build.js';
import { allVariants, getVariant } from '../../src/variants/index.js';

const classic = getVariant('classic')!;
const start = classic.startingPosition();

const unit = (power: string, type: 'A' | 'F', province: string, coast: string | null = null): Unit => ({
  power,
  type,
  province,
  coast,
});
const movement = (units: Unit[]): Position => ({ ...start, units });
const ordersOf = (options: ReturnType<typeof legalOrders>, province: string) =>
  options.find((o) => o.unit.province === province)?.orders ?? [];

describe('movement', () => {
  it('lists hold, moves and supports for every unit of the power (England, 1901)', () => {
    const options = legalOrders(classic, start, 'England');
    expect(options.map((o) => `${o.unit.type} ${o.unit.province}`)).toEqual(['F edi', 'F lon', 'A lvp']);
    expect(ordersOf(options, 'lon')).toEqual([
      'F lon H',
      'F lon - eng',
      'F lon - nth',
      'F lon - wal',
      'F lon - yor',
      'F lon S F bre - eng',
      'F lon S F edi - nth',
      'F lon S F edi - yor',
      'F lon S A lvp - wal',
      'F lon S A lvp - yor',
    ]);
    expect(ordersOf(options, 'lvp')).toContain('A lvp S F edi');
  });

  it('lists each reachable coast of a split-coast province', () => {
    const options = legalOrders(classic, movement([unit('France', 'F', 'mao'), unit('France', 'F', 'gas')]), 'France');
    expect(ordersOf(options, 'mao')).toEqual(expect.arrayContaining(['F mao - spa/nc', 'F mao - spa/sc']));
    const gas = ordersOf(options, 'gas');
    expect(gas).toContain('F gas - spa/nc');
    expect(gas).not.toContain('F gas - spa/sc');
    // supports name the province only (DATC 4.B.4: the coast in a support is optional)
    expect(gas).toContain('F gas S F mao - spa');
  });

  it('offers convoy moves when fleets at sea form a route, and the matching convoy orders', () => {
    const position = movement([
      unit('England', 'A', 'lon'),
      unit('England', 'F', 'nth'),
      unit('England', 'F', 'eng'),
      unit('England', 'A', 'yor'),
    ]);
    const options = legalOrders(classic, position, 'England');
    const lon = ordersOf(options, 'lon');
    expect(lon).toEqual(
      expect.arrayContaining([
        'A lon - bel',
        'A lon - nwy',
        'A lon - bre',
        'A lon - wal via convoy',
        'A lon - yor via convoy',
        'A lon - wal',
      ]),
    );
    expect(lon).not.toContain('A lon - lon');
    expect(ordersOf(options, 'nth')).toEqual(
      expect.arrayContaining(['F nth C A lon - nwy', 'F nth C A yor - bel', 'F nth C A lon - bre']),
    );
    // a supporter can support a convoyed move into a province it reaches
    expect(ordersOf(options, 'eng')).toContain('F eng S A yor - bel');
    // an inland army gets no convoy moves
    const inland = legalOrders(
      classic,
      movement([unit('Germany', 'A', 'mun'), unit('Germany', 'F', 'nth')]),
      'Germany',
    );
    expect(ordersOf(inland, 'mun').some((o) => o.includes('convoy'))).toBe(false);
  });

  it('a variant without convoys (rules.convoys === false) offers no convoy moves or convoys', () => {
    const noConvoys = buildVariant(classic.data, { convoys: false });
    const position = movement([unit('England', 'A', 'lon'), unit('England', 'F', 'nth'), unit('England', 'F', 'eng')]);
    const texts = legalOrderTexts(noConvoys, position, 'England');
    expect(texts.filter((t) => t.includes(' C ') || t.includes('convoy') || t === 'A lon - bel')).toEqual([]);
    expect(texts).toContain('A lon - wal');
  });

  it('fleets on a coast do not convoy', () => {
    const options = legalOrders(
      classic,
      movement([unit('England', 'A', 'lon'), unit('England', 'F', 'wal')]),
      'England',
    );
    expect(ordersOf(options, 'wal').some((o) => o.includes(' C '))).toBe(false);
  });

  it('every listed order parses back to itself, for every power', () => {
    for (const power of classic.powers) {
      for (const text of legalOrderTexts(classic, start, power.name)) {
        const r = parseOrder(classic, text, { position: start, power: power.name });
        expect(r.ok ? r.text : r.error).toBe(text);
      }
    }
  });
});

describe('variant orders', () => {
  it('lists what SpecialOrderSpec.options offers and validate accepts', () => {
    const variant = buildVariant(classic.data, {
      specialOrders: {
        raise: {
          name: 'raise',
          actsAs: 'hold',
          validate: ({ map, unit: u }) => (map.province(u.province)?.kind === 'coast' ? null : 'only on a coast'),
          format: (o) => `${o.unit.type} ${o.unit.province} R F`,
          options: ({ unit: u }) => (u.type === 'A' ? [{ kind: 'special', name: 'raise', unit: u, path: [] }] : []),
        },
        broken: {
          name: 'broken',
          actsAs: 'hold',
          validate: () => null,
          format: () => 'never',
          options: () => {
            throw new Error('bug in a variant hook');
          },
        },
      },
    });
    const options = legalOrders(variant, start, 'France');
    expect(ordersOf(options, 'mar')).toContain('A mar R F');
    expect(ordersOf(options, 'par').some((o) => o.endsWith('R F'))).toBe(false); // inland: validate says no
    expect(ordersOf(options, 'bre').some((o) => o.endsWith('R F'))).toBe(false); // a fleet: not offered
    expect(ordersOf(options, 'par')).toContain('A par H'); // the broken hook does not take the rest down
  });
});

describe('retreats', () => {
  const retreat = (dislodged: Position['dislodged'], units: Unit[] = [], contested: string[] = []): Position => ({
    ...start,
    phase: { season: 'fall', year: 1901, type: 'retreat' },
    units,
    dislodged,
    contested,
  });

  it('uses retreatOptions and adds disband', () => {
    const position = retreat([
      { ...unit('Austria', 'F', 'tri'), attackerFrom: 'ven', viaConvoy: false, retreatOptions: ['alb', 'adr'] },
    ]);
    expect(legalOrders(classic, position, 'Austria')).toEqual([
      { unit: unit('Austria', 'F', 'tri'), orders: ['F tri R alb', 'F tri R adr', 'F tri D'] },
    ]);
    expect(legalOrders(classic, position, 'Italy')).toEqual([]);
  });

  it('computes the Classic retreats when retreatOptions are absent (DATC 6.H)', () => {
    const position = retreat(
      [{ ...unit('Germany', 'A', 'mun'), attackerFrom: 'boh', viaConvoy: false }],
      [unit('Austria', 'A', 'mun'), unit('France', 'A', 'bur')],
      ['sil'],
    );
    expect(ordersOf(legalOrders(classic, position, 'Germany'), 'mun')).toEqual([
      'A mun R ber',
      'A mun R kie',
      'A mun R ruh',
      'A mun R tyr',
      'A mun D',
    ]);
  });
});

describe('adjustments', () => {
  const winter = (units: Unit[], supplyCenters: Position['supplyCenters']): Position => ({
    ...start,
    phase: { season: 'winter', year: 1901, type: 'adjustment' },
    units,
    supplyCenters,
  });

  it('builds in vacant owned home centres with the possible types and coasts, plus WAIVE once', () => {
    const position = winter([unit('Russia', 'A', 'mos')], { Russia: ['mos', 'stp', 'war', 'sev', 'rum'] });
    const options = legalOrders(classic, position, 'Russia');
    expect(options.map((o) => o.orders)).toEqual([
      ['A sev B', 'F sev B', 'WAIVE'],
      ['A stp B', 'F stp/nc B', 'F stp/sc B'],
      ['A war B'],
    ]);
    expect(options[0]!.unit).toEqual(unit('Russia', 'A', 'sev'));
  });

  it('no builds in a centre that is not owned or not a home centre', () => {
    const position = winter([], { Russia: ['mos', 'rum'] });
    expect(legalOrderTexts(classic, position, 'Russia')).toEqual(['A mos B', 'WAIVE']);
  });

  it('lists disbands when the power has more units than centres', () => {
    const position = winter([unit('France', 'A', 'par'), unit('France', 'F', 'bre')], { France: ['par'] });
    expect(legalOrders(classic, position, 'France')).toEqual([
      { unit: unit('France', 'F', 'bre'), orders: ['F bre D'] },
      { unit: unit('France', 'A', 'par'), orders: ['A par D'] },
    ]);
  });

  it('nothing to decide when units equal centres', () => {
    expect(legalOrders(classic, winter([unit('France', 'A', 'par')], { France: ['par'] }), 'France')).toEqual([]);
  });

  it('uses the variant hooks buildableCenters and buildableTypes', () => {
    const variant = buildVariant(classic.data, {
      buildableCenters: ({ position, power }) =>
        (position.supplyCenters[power] ?? []).filter((p) => !position.units.some((u) => u.province === p)),
      buildableTypes: () => ['A'],
    });
    const position = winter([], { Russia: ['mos', 'rum', 'sev'] });
    expect(legalOrderTexts(variant, position, 'Russia')).toEqual(['A mos B', 'WAIVE', 'A rum B', 'A sev B']);
  });
});

describe('the adjudicator accepts every listed order', () => {
  /** Adjudicate each listed order alone and make sure it is not judged illegal. */
  function illegalOnes(position: Position, power: string): string[] {
    const bad: string[] = [];
    for (const text of legalOrderTexts(classic, position, power)) {
      const parsed = parseOrder(classic, text, { position, power });
      if (!parsed.ok) {
        bad.push(`${text}: ${parsed.error}`);
        continue;
      }
      const adj = adjudicate(classic, position, [{ power, order: parsed.order }]);
      const result = adj.results.find((r) => r.order === text && !r.defaulted);
      if (!result || result.result === 'illegal') bad.push(`${text}: ${result?.reason ?? 'no result'}`);
    }
    return bad;
  }

  it('in the 1901 starting position, for every power', () => {
    for (const power of classic.powers) expect(illegalOnes(start, power.name), power.name).toEqual([]);
  });

  it('in the starting position of every bundled variant', () => {
    for (const variant of allVariants()) {
      const position = variant.startingPosition();
      for (const power of variant.powers) {
        const bad: string[] = [];
        for (const text of legalOrderTexts(variant, position, power.name)) {
          const parsed = parseOrder(variant, text, { position, power: power.name });
          if (!parsed.ok || parsed.text !== text) {
            bad.push(`${text}: ${parsed.ok ? parsed.text : parsed.error}`);
            continue;
          }
          const result = adjudicate(variant, position, [{ power: power.name, order: parsed.order }]).results.find(
            (r) => r.order === text && !r.defaulted,
          );
          if (!result || result.result === 'illegal') bad.push(`${text}: ${result?.reason ?? 'no result'}`);
        }
        expect(bad, `${variant.id} ${power.name}`).toEqual([]);
      }
    }
  });

  it('with convoy routes', () => {
    const position = movement([
      unit('England', 'A', 'lon'),
      unit('England', 'F', 'nth'),
      unit('England', 'F', 'eng'),
      unit('England', 'A', 'yor'),
      unit('France', 'A', 'bre'),
    ]);
    expect(illegalOnes(position, 'England')).toEqual([]);
  });

  it('in retreat and adjustment phases', () => {
    const retreat: Position = {
      ...start,
      phase: { season: 'fall', year: 1901, type: 'retreat' },
      units: [unit('Austria', 'A', 'mun'), unit('France', 'A', 'bur')],
      dislodged: [{ ...unit('Germany', 'A', 'mun'), attackerFrom: 'boh', viaConvoy: false }],
      contested: ['sil'],
    };
    expect(illegalOnes(retreat, 'Germany')).toEqual([]);
    const winter: Position = {
      ...start,
      phase: { season: 'winter', year: 1901, type: 'adjustment' },
      units: [unit('Russia', 'A', 'mos')],
      supplyCenters: { Russia: ['mos', 'stp', 'war', 'sev', 'rum'] },
    };
    expect(illegalOnes(winter, 'Russia')).toEqual([]);
  });
});

describe('on random boards', () => {
  const provinces = classic.map.provinceIds().filter((p) => classic.map.province(p)!.kind !== 'impassable');
  const powers = classic.powers.map((p) => p.name);

  /** A random legal movement position: distinct provinces, a type that can stand there, a random coast. */
  const positions = fc
    .uniqueArray(fc.tuple(fc.constantFrom(...provinces), fc.nat(), fc.nat(), fc.boolean()), {
      minLength: 4,
      maxLength: 24,
      selector: (t) => t[0],
    })
    .map((picks) =>
      movement(
        picks.map(([province, p, c, army]) => {
          const kind = classic.map.province(province)!.kind;
          const type = kind === 'sea' ? 'F' : kind === 'land' ? 'A' : army ? 'A' : 'F';
          const coasts = type === 'F' ? classic.map.coastsOf(province) : [];
          return unit(
            powers[p % powers.length]!,
            type,
            province,
            coasts.length > 0 ? coasts[c % coasts.length]! : null,
          );
        }),
      ),
    );

  it('every listed order parses back and is never judged illegal', () => {
    fc.assert(
      fc.property(positions, (position) => {
        for (const power of powers) {
          for (const text of legalOrderTexts(classic, position, power)) {
            const parsed = parseOrder(classic, text, { position, power });
            expect(parsed.ok ? parsed.text : parsed.error).toBe(text);
            if (!parsed.ok) continue;
            const adj = adjudicate(classic, position, [{ power, order: parsed.order }]);
            const result = adj.results.find((r) => r.order === text && !r.defaulted);
            expect(
              result === undefined
                ? `${text}: no result`
                : result.result === 'illegal'
                  ? `${text}: ${result.reason}`
                  : 'ok',
            ).toBe('ok');
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});
