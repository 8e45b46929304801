import { describe, expect, it } from 'vitest';
import { buildVariant, parseVariantData } from '../../src/variants/build.js';
import { checkVariantData } from '../../src/variants/check.js';
import { allVariants, getVariant } from '../../src/variants/index.js';
import type { VariantData } from '../../src/variants/schema.js';

const classic = getVariant('classic')!;

/** A deep copy of Classic's data with `edit` applied, built into a variant (no rules). */
function broken(edit: (d: VariantData) => void) {
  const data = structuredClone(classic.data) as VariantData;
  edit(data);
  return checkVariantData(buildVariant(parseVariantData(data)));
}

const remove = (list: string[] | undefined, item: string) => {
  const i = list!.indexOf(item);
  list!.splice(i, 1);
};

describe('checkVariantData', () => {
  it('Classic has zero problems', () => {
    expect(checkVariantData(classic)).toEqual([]);
  });

  it('every bundled variant has zero problems', () => {
    for (const v of allVariants()) expect(checkVariantData(v), v.id).toEqual([]);
  });

  it('finds asymmetric army and fleet adjacency', () => {
    expect(
      broken((d) => {
        remove(d.armyAdjacency.mun, 'ber');
        remove(d.fleetAdjacency.nth, 'lon');
      }),
    ).toEqual([
      'army adjacency not symmetric: ber -> mun but not mun -> ber',
      'fleet adjacency not symmetric: lon -> nth but not nth -> lon',
    ]);
  });

  it('finds unknown endpoints and unknown coasts', () => {
    expect(
      broken((d) => {
        d.armyAdjacency.mun!.push('atlantis');
        d.fleetAdjacency.mao!.push('spa/ec');
      }),
    ).toEqual([
      'army adjacency: mun -> unknown province "atlantis"',
      'fleet adjacency: mao -> spa/ec: spa has no coast "ec"',
    ]);
  });

  it('finds army moves at sea and fleet moves on land', () => {
    const problems = broken((d) => {
      d.armyAdjacency.nth = ['lon'];
      d.armyAdjacency.lon!.push('nth');
      d.fleetAdjacency.mun = ['kie'];
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'army adjacency: nth is a sea and has army moves',
        'army adjacency: lon -> nth, which is a sea',
        'fleet adjacency: mun: mun is land-locked',
      ]),
    );
  });

  it('finds fleet entries for a bare split-coast province and coasts without fleet moves', () => {
    const problems = broken((d) => {
      d.fleetAdjacency.spa = ['mao'];
      delete d.fleetAdjacency['stp/nc'];
      remove(d.fleetAdjacency.bar, 'stp/nc');
      remove(d.fleetAdjacency.nwy, 'stp/nc');
    });
    expect(problems).toEqual([
      'fleet adjacency: spa: spa has split coasts, so fleets must name one (spa/nc, spa/sc)',
      'stp/nc: a coast without fleet moves',
    ]);
  });

  it('finds coastal provinces without fleet moves and a disconnected map', () => {
    const problems = broken((d) => {
      for (const to of d.fleetAdjacency.alb!) remove(d.fleetAdjacency[to], 'alb');
      delete d.fleetAdjacency.alb;
      for (const to of d.armyAdjacency.alb!) remove(d.armyAdjacency[to], 'alb');
      delete d.armyAdjacency.alb;
    });
    expect(problems).toEqual([
      'alb: a coastal province without fleet moves',
      'alb: a land province without army moves',
      'the map is not connected: cannot reach alb from adr',
    ]);
  });

  it('finds bad starting units, home centres, centre counts and victory', () => {
    const problems = broken((d) => {
      d.startingUnits.push({ power: 'Prussia', type: 'A', province: 'sil', coast: null });
      d.startingUnits.push({ power: 'France', type: 'F', province: 'bur', coast: null });
      d.startingUnits.push({ power: 'France', type: 'A', province: 'par', coast: null });
      d.provinces.find((p) => p.id === 'gal')!.home = 'Austria';
      d.victory.centers = 40;
    });
    expect(problems).toEqual([
      'gal: home province of Austria but not a supply centre',
      'victory needs 40 centres but the map has only 34',
      'starting unit A sil: unknown power "Prussia"',
      'starting unit F bur: cannot stand there',
      'starting unit A par: a second unit in par',
      'France starts with 5 units but only 3 centres',
    ]);
  });

  it("adds the problems of the variant's own checkData hook", () => {
    const variant = buildVariant(classic.data, {
      checkData: ({ map }) => (map.has('swi') ? ['swi: no walls in the Alps'] : []),
    });
    expect(checkVariantData(variant)).toEqual(['swi: no walls in the Alps']);
    const broken = buildVariant(classic.data, {
      checkData: () => {
        throw new Error('features unreadable');
      },
    });
    expect(checkVariantData(broken)).toEqual(["the variant's own data check failed: features unreadable"]);
  });

  it('finds a power declared twice (in any case)', () => {
    const twice = (name: string) =>
      broken((d) => {
        d.powers.push({ ...d.powers.find((p) => p.name === 'France')!, name });
      });
    expect(twice('France')).toEqual(['power "France" is declared twice']);
    expect(twice('FRANCE')).toContain('power "FRANCE" is declared twice');
  });

  it('finds a name two provinces answer to', () => {
    expect(broken((d) => d.provinces.find((p) => p.id === 'nwy')!.aliases.push('North Sea'))).toEqual([
      'name "north sea" is used by both nth and nwy',
    ]);
  });
});
