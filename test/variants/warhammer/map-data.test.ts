import { describe, expect, it } from 'vitest';
import { adjudicate, buildableCenters, buildableTypes } from '../../../src/engine/index.js';
import type { Position } from '../../../src/engine/types.js';
import { checkVariantData } from '../../../src/variants/check.js';
import { getVariant } from '../../../src/variants/index.js';
import { warhammer, warhammerFeatures } from '../../../src/variants/warhammer/index.js';
import { ordersOf, positionOf, unitOf, unitText } from './harness.js';

/** The starting units exactly as the seed's "Starting Units" list gives them (codes as in map.json). */
const SEED_STARTING_UNITS = [
  'Chaos: A eyec',
  'Chaos: F hung',
  'Chaos: A kurg',
  'Chaos: F manc',
  'Norse: F sjok', // seed: "Fleet Skojtraken (SKOJ)", the nations list's SJOK
  'Kislev: A kisl',
  'Kislev: A praa',
  'Empire: F midd',
  'Empire: A altd',
  'Empire: A nuln',
  'Bretonnia: A cour',
  'Bretonnia: F lang',
  'Dark Elves: F nagg',
  'Dark Elves: F harg',
  'High Elves: A avel',
  'High Elves: F yvre',
  'High Elves: F loth',
  'Wood Elves: A athe',
  'Vampire Counts: A sylv',
  'Dwarves: A kark',
  'Dwarves: A kung',
  'Dwarves: F barv',
  'Chaos Dwarves: A zigg',
  'Chaos Dwarves: F kdum',
  'Skaven: A skav',
  'Orcs & Goblins: A kare',
  'Orcs & Goblins: A dark',
  'Orcs & Goblins: F bhor',
  'Tomb Kings: A naga',
  'Tomb Kings: A ista',
  'Tomb Kings: F doma',
  'Araby: F meda',
  'Araby: A buls',
  'Lizardmen: A tlax',
  'Lizardmen: F xlan',
  'Ind: A andr',
  'Ind: F bomb',
  'Cathay: A baij',
  'Cathay: A hong',
  'Cathay: F cali',
  'Nippon: A yoto',
  'Nippon: F okty',
];

describe('Warhammer map data', () => {
  it('is registered and passes the common data checks', () => {
    expect(getVariant('warhammer')).toBe(warhammer);
    expect(checkVariantData(warhammer)).toEqual([]);
  });

  it('has 19 nations and two Dogs of War seats, 120 areas, 57 centres and needs 29 to win', () => {
    expect(warhammer.powers).toHaveLength(21);
    expect(warhammer.map.provinceIds()).toHaveLength(120);
    expect(warhammer.map.supplyCenters()).toHaveLength(57);
    expect(warhammer.victory.centers).toBe(29);
  });

  it("starts with the seed's units, each on an owned home centre", () => {
    const start = warhammer.startingPosition();
    expect(start.units.map(unitText).sort()).toEqual([...SEED_STARTING_UNITS].sort());
    for (const u of start.units) expect(start.supplyCenters[u.power]).toContain(u.province);
  });

  it('Dogs of War: no unit and no centre until their player chooses; their cities are their home centres', () => {
    const start = warhammer.startingPosition();
    expect(start.supplyCenters.Tilea).toEqual([]);
    expect(start.supplyCenters.Estalia).toEqual([]);
    expect(warhammer.map.homeCenters('Tilea')).toEqual(['mira', 'rema']);
    expect(warhammer.map.homeCenters('Estalia')).toEqual(['bilb', 'magr']);
  });

  it("the seed's map features: impassable areas, Karak Dum, Naggarond, Tempest wrap, aliases", () => {
    const kind = (id: string) => warhammer.map.province(id)?.kind;
    expect(['ifgl', 'seye', 'vaul', 'hima'].map(kind)).toEqual([
      'impassable',
      'impassable',
      'impassable',
      'impassable',
    ]);
    // "not connected via a coastline to any province surrounding the Frozen Sea (in particular, The Kurgan (KURG))"
    expect([...warhammer.map.fleetNeighbours({ province: 'kdum', coast: null })]).toEqual(['froz']);
    expect(warhammer.map.armyCanMove('kdum', 'kurg')).toBe(true);
    // "has no East/West coast. A fleet on Naggarond can move out either side"
    expect(warhammer.map.coastsOf('nagg')).toEqual([]);
    expect(warhammer.map.fleetCanMove({ province: 'nagg', coast: null }, { province: 'ntem', coast: null })).toBe(true);
    expect(warhammer.map.fleetCanMove({ province: 'nagg', coast: null }, { province: 'wsch', coast: null })).toBe(true);
    // "the same spaces on the right and left side of the map": drawn at both edges
    for (const id of ['ntem', 'mtem', 'stem']) {
      const xs = warhammer.data.geometry!.points[id]!.map(([x]) => x);
      expect(Math.min(...xs)).toBeLessThan(warhammer.data.geometry!.width * 0.05);
      expect(Math.max(...xs)).toBeGreaterThan(warhammer.data.geometry!.width * 0.95);
    }
    expect(warhammer.map.province('sjok')?.aliases).toContain('SKOJ');
    expect(warhammer.map.province('andr')?.aliases).toContain('AUDH');
    // "the landlocked one center powers"
    expect(['athe', 'sylv', 'skav'].map(kind)).toEqual(['land', 'land', 'land']);
  });

  it('every underway joins Skavenblight to an entrance and is reserved to the Skaven', () => {
    expect(warhammer.data.links.length).toBeGreaterThan(0);
    for (const link of warhammer.data.links)
      expect(link).toMatchObject({ from: 'skav', kind: 'underway', power: 'Skaven' });
  });
});

describe('Builds in the capitals of larger nations', () => {
  const seed =
    'Adjustments 1: "You may perform builds in the capital city of a nation which began the game with more units."';
  const winter = (owned: Record<string, string[]>, units: string[] = []): Position => ({
    phase: { season: 'winter', year: 2500, type: 'adjustment' },
    units: units.map(unitOf),
    dislodged: [],
    contested: [],
    supplyCenters: owned,
  });
  const cases: { name: string; power: string; owned: string[]; expect: string[] }[] = [
    {
      name: 'Skaven (1 unit) may build in Middenheim (3) and Kislev (2)',
      power: 'Skaven',
      owned: ['skav', 'midd', 'kisl'],
      expect: ['kisl', 'midd', 'skav'],
    },
    {
      name: 'Bretonnia (2) may build in Middenheim and Karak-a-Karak (3), not in Kislev (2)',
      power: 'Bretonnia',
      owned: ['cour', 'midd', 'kark', 'kisl'],
      expect: ['cour', 'kark', 'midd'],
    },
    {
      name: 'The Empire (3) may build in the Eye of Chaos (4), not in Avelorn (3)',
      power: 'Empire',
      owned: ['midd', 'eyec', 'avel'],
      expect: ['eyec', 'midd'],
    },
    { name: 'Chaos (4) builds only at home', power: 'Chaos', owned: ['eyec', 'midd'], expect: ['eyec'] },
    {
      name: 'a captured centre that is no capital gives no build',
      power: 'Skaven',
      owned: ['skav', 'praa'],
      expect: ['skav'],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(buildableCenters(warhammer.map, warhammer.rules, winter({ [c.power]: c.owned }), c.power), seed).toEqual(
        c.expect,
      );
    });
  }
  it('an occupied capital gives no build, and an inland capital takes armies only', () => {
    const position = winter({ Skaven: ['skav', 'midd', 'kark'] }, ['Empire: A midd']);
    expect(buildableCenters(warhammer.map, warhammer.rules, position, 'Skaven')).toEqual(['kark', 'skav']);
    expect(buildableTypes(warhammer.map, warhammer.rules, position, 'Skaven', 'kark')).toEqual(['A']);
    expect(buildableTypes(warhammer.map, warhammer.rules, position, 'Skaven', 'midd')).toEqual(['A', 'F']);
  });
  it('starting unit counts follow the seed', () => {
    expect(warhammerFeatures.startingUnits).toMatchObject({
      Chaos: 4,
      Empire: 3,
      Kislev: 2,
      Skaven: 1,
      Tilea: 1,
      Estalia: 1,
      Nippon: 2,
    });
  });
});

describe('Illusion and retreats', () => {
  it('no dislodged unit retreats into Athel-Loren while the virtual army stands there', () => {
    const position = positionOf(['Bretonnia: A chet', 'Empire: A reik', 'Empire: A grey', 'Wood Elves: A irra']);
    const adj = adjudicate(
      warhammer,
      position,
      ordersOf(position, { Empire: ['A Reik - Chet', 'A Grey S A Reik - Chet'] }),
    );
    expect(adj.position.dislodged.map(unitText)).toEqual(['Bretonnia: A chet']);
    const options = adj.position.dislodged[0]!.retreatOptions ?? [];
    expect(options.length).toBeGreaterThan(0);
    expect(options).not.toContain('athe');
    expect(warhammer.map.armyCanMove('chet', 'athe')).toBe(true);
  });
});

describe('Immortality and ownership', () => {
  it('the risen army takes Sylvania back at the end of Fall, and it is a real unit', () => {
    const position = positionOf(['Empire: A aver'], 'fall', { sylv: 'Empire' });
    const adj = adjudicate(warhammer, position, []);
    expect(adj.position.phase.type).toBe('adjustment');
    expect(adj.position.supplyCenters['Vampire Counts']).toContain('sylv');
    expect(adj.position.supplyCenters.Empire).not.toContain('sylv');
    expect(adj.centerChanges).toContainEqual({ province: 'sylv', from: 'Empire', to: 'Vampire Counts' });
  });
  it('the virtual army stands on no province of the map', () => {
    expect(warhammer.map.province('immortality')).toBeUndefined();
  });
});
