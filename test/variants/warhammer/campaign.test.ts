/**
 * The seed's campaign options ("Variants"), each as a case named after its sentence, through the CLI's case shape.
 */
import { describe, expect, it } from 'vitest';
import { adjudicateCase, type AdjudicateCase } from '../../../src/cli/commands/adjudicate.js';
import { warhammer } from '../../../src/variants/warhammer/index.js';

const u = (text: string) => {
  const [power, rest] = text.split(':').map((s) => s.trim()) as [string, string];
  const [type, province] = rest.split(/\s+/) as ['A' | 'F', string];
  return { power, type, province, coast: null };
};
const o = (power: string, text: string) => ({ power, text });
const phase = (season: 'spring' | 'fall' | 'winter') => ({
  season,
  year: 2500,
  type: season === 'winter' ? ('adjustment' as const) : ('movement' as const),
});
const run = (c: Partial<AdjudicateCase>) =>
  adjudicateCase(warhammer, { phase: phase('spring'), units: [], orders: [], ...c } as AdjudicateCase);
const board = (out: ReturnType<typeof run>) => out.units.map((x) => `${x.power}: ${x.type} ${x.province}`).sort();

describe('Strong Capitals: "Any unit holding on a capital, holds with an additional strength."', () => {
  const attack = {
    units: ['Empire: F midd', 'Bretonnia: A wast', 'Bretonnia: A altd'].map(u),
    orders: [o('Bretonnia', 'A Wast - Midd'), o('Bretonnia', 'A Altd S A Wast - Midd')],
  };
  it('a supported attack (2) bounces off a unit holding on its capital (2)', () => {
    expect(run({ ...attack, options: { strongCapitals: 'on' } }).dislodged).toEqual([]);
    expect(run(attack).dislodged.map((d) => d.province)).toEqual(['midd']);
  });
  it('no bonus for a unit that moves out of the capital and bounces back', () => {
    const out = run({
      units: [...attack.units, u('Kislev: F claw')],
      orders: [...attack.orders, o('Empire', 'F Midd - Claw')],
      options: { strongCapitals: 'on' },
    });
    expect(out.dislodged.map((d) => d.province)).toEqual(['midd']);
  });
  it('"It also means that the Wood Elves always have a strength 2 army on their capital"', () => {
    const c = {
      units: ['Bretonnia: A chet', 'Bretonnia: A grey'].map(u),
      orders: [o('Bretonnia', 'A Chet - Athe'), o('Bretonnia', 'A Grey S A Chet - Athe')],
    };
    expect(board(run({ ...c, options: { strongCapitals: 'on' } }))).toEqual(['Bretonnia: A chet', 'Bretonnia: A grey']);
    expect(board(run(c))).toEqual(['Bretonnia: A athe', 'Bretonnia: A grey']);
  });
});

describe('The Greater Empire: "If there is no Vampire Count player, give the Empire a 4th center at Sylvania."', () => {
  const greater = warhammer.configure!({ greaterEmpire: 'on' });
  it('Sylvania starts an Empire home centre, with no Vampire Counts army', () => {
    const start = greater.startingPosition();
    expect(start.supplyCenters.Empire).toEqual(['altd', 'midd', 'nuln', 'sylv']);
    expect(start.supplyCenters['Vampire Counts']).toBeUndefined();
    expect(start.units.some((x) => x.power === 'Vampire Counts')).toBe(false);
    expect(greater.powers.map((p) => p.name)).not.toContain('Vampire Counts');
    expect(greater.map.homeCenters('Empire')).toContain('sylv');
  });
  it('the Empire builds in Sylvania in the first winter; no Immortality rises there', () => {
    const winter = run({
      phase: phase('winter'),
      units: ['Empire: A altd', 'Empire: F midd', 'Empire: A nuln'].map(u),
      supplyCenters: { Empire: ['altd', 'midd', 'nuln', 'sylv'] },
      orders: [o('Empire', 'Build A Sylv')],
      options: { greaterEmpire: 'on' },
    });
    expect(winter.results.find((r) => r.power === 'Empire')?.result).toBe('success');
    const fall = run({
      phase: phase('fall'),
      units: [u('Dwarves: A kark')],
      supplyCenters: { Dwarves: ['sylv'] },
      options: { greaterEmpire: 'on' },
    });
    expect(board(fall)).toEqual(['Dwarves: A kark']);
  });
});

describe('Orcs in the Hills: "Start an Orc Army in the Pale Sister … this army is lost forever if destroyed, but does not require a support center"', () => {
  it('the hill armies start on the board and are followed in variantState', () => {
    const both = warhammer.configure!({ orcsInTheHills: 'both' }).startingPosition();
    expect(
      both.units
        .filter((x) => x.power === 'Orcs & Goblins')
        .map((x) => x.province)
        .sort(),
    ).toEqual(['bhor', 'dark', 'kare', 'pale', 'wrld']);
    expect(both.variantState).toEqual({ hillArmies: ['pale', 'wrld'] });
    const moved = run({
      units: [u('Orcs & Goblins: A pale')],
      orders: [o('Orcs & Goblins', 'A Pale - Chet')],
      variantState: { hillArmies: ['pale'] },
      options: { orcsInTheHills: 'pale' },
    });
    expect(moved.variantState).toMatchObject({ hillArmies: ['chet'] });
  });
  it('they need no centre: 3 centres keep 5 armies when two are hill armies', () => {
    const units = [
      'Orcs & Goblins: A kare',
      'Orcs & Goblins: A dark',
      'Orcs & Goblins: F bhor',
      'Orcs & Goblins: A pale',
      'Orcs & Goblins: A wrld',
    ].map(u);
    const winter = (variantState: Record<string, unknown>) =>
      run({
        phase: phase('winter'),
        units,
        supplyCenters: { 'Orcs & Goblins': ['bhor', 'dark', 'kare'] },
        variantState,
        options: { orcsInTheHills: 'both' },
      });
    expect(winter({ hillArmies: ['pale', 'wrld'] }).units).toHaveLength(5);
    // Lost forever once gone: an army that is not a hill army counts against the centres as usual.
    expect(winter({ hillArmies: [] }).units).toHaveLength(3);
  });
});

describe('Old World only: "The new edge of the map would be GRAE <-> SJOK <-> … <-> SSCH <-> GRAE, removing the centers at KARE and ZIGG"', () => {
  const old = warhammer.configure!({ oldWorldOnly: 'on' });
  it('the board is the ring and what it encloses; 23 centres; the majority is 12', () => {
    expect(old.map.province('baij')?.kind).toBe('impassable');
    expect(old.map.province('kare')?.supplyCenter).toBe(false);
    expect(old.map.province('zigg')?.supplyCenter).toBe(false);
    expect(old.map.province('midd')?.supplyCenter).toBe(true);
    expect(old.victory.centers).toBe(12);
    const start = old.startingPosition();
    expect(
      start.units.every(
        (x) =>
          ['grae', 'sjok', 'zigg', 'kare'].includes(x.province) || old.map.province(x.province)?.kind !== 'impassable',
      ),
    ).toBe(true);
    expect(start.units.some((x) => x.power === 'Cathay')).toBe(false);
    // Nations without a home centre inside the ring are not in the campaign.
    expect(old.powers.map((p) => p.name)).toEqual([
      'Norse',
      'Kislev',
      'Empire',
      'Bretonnia',
      'Wood Elves',
      'Vampire Counts',
      'Dwarves',
      'Skaven',
      'Tilea',
      'Estalia',
    ]);
  });
  it('nothing moves beyond the edge (Karak Eight Peaks to the Dark Lands; the Skaven underway to Kuresh)', () => {
    const out = run({
      units: ['Dwarves: A kare', 'Skaven: A skav'].map(u),
      orders: [o('Dwarves', 'A Kare - Dark'), o('Skaven', 'A Skav - Kure')],
      options: { oldWorldOnly: 'on' },
    });
    expect(out.results.map((r) => r.result)).toEqual(['illegal', 'illegal']);
  });
});

describe('every campaign passes the map data checks', () => {
  const campaigns: Record<string, string>[] = [
    { oldWorldOnly: 'on' },
    { greaterEmpire: 'on' },
    { strongCapitals: 'on', cataclysmicBattles: 'on' },
    { oldWorldOnly: 'on', greaterEmpire: 'on', orcsInTheHills: 'both' },
  ];
  it.each(campaigns)('%j', async (options) => {
    const { checkVariantData } = await import('../../../src/variants/check.js');
    expect(checkVariantData(warhammer.configure!(options))).toEqual([]);
  });
  it("Orcs in the Hills: only the hill armies exceed the Orcs' centres, as the seed intends", async () => {
    const { checkVariantData } = await import('../../../src/variants/check.js');
    expect(checkVariantData(warhammer.configure!({ orcsInTheHills: 'both' }))).toEqual([
      'Orcs & Goblins starts with 5 units but only 3 centres',
    ]);
    expect(
      warhammer.configure!({ oldWorldOnly: 'on', orcsInTheHills: 'both' }).startingPosition().variantState,
    ).toBeUndefined();
  });
});

describe('Absent powers: "all the chaos centers would start with there respective armies and fleets, but would not generate any supply points if taken"', () => {
  const winter = (options: Record<string, string>) =>
    run({
      phase: phase('winter'),
      units: ['Empire: A altd', 'Empire: F midd', 'Empire: A nuln'].map(u),
      supplyCenters: { Empire: ['altd', 'eyec', 'midd', 'nuln'] },
      variantState: { absent: ['Chaos'] },
      orders: [o('Empire', 'Build A Nuln')],
      options,
    });
  it('with worthlessAbsentCentres a taken Chaos centre gives the Empire no build', () => {
    expect(winter({ worthlessAbsentCentres: 'on' }).results.find((r) => r.power === 'Empire')?.result).not.toBe(
      'success',
    );
  });
  it("without it the centre counts as usual; the absent power's units hold (civil disorder)", () => {
    const held = run({ units: [u('Chaos: A eyec')], variantState: { absent: ['Chaos'] } });
    expect(held.results).toEqual([
      expect.objectContaining({ unit: 'A eyec', order: 'A eyec H', result: 'success', defaulted: true }),
    ]);
    expect(winter({}).variantState).toMatchObject({ absent: ['Chaos'] });
  });
});

describe('Cataclysmic Battles: "The loser is forever destroyed." (the game master marks it, gm mode)', () => {
  const example = {
    units: [
      'Empire: A nuln',
      'Empire: A altd',
      'Empire: F midd',
      'Bretonnia: A wast',
      'Bretonnia: A reik',
      'Kislev: F claw',
      'Vampire Counts: A gfor',
    ].map(u),
    orders: [
      o('Empire', 'A Altd S A Nuln - Reik'),
      o('Empire', 'A Nuln - Reik'),
      o('Empire', 'F Midd H'),
      o('Bretonnia', 'A Wast - Altd'),
      o('Bretonnia', 'A Reik S A Wast - Altd'),
      o('Kislev', 'F Claw - Midd'),
      o('Vampire Counts', 'A Gfor S F Claw - Midd'),
    ],
  };
  it('Bretonnia breaks the Empire at Altdorf: the Empire army is removed, not dislodged', () => {
    const out = run({
      ...example,
      options: { cataclysmicBattles: 'on' },
      battles: [{ province: 'altd', winner: 'Bretonnia', destroyed: true }],
    });
    expect(out.dislodged.map((d) => d.province)).toEqual(['midd']);
    expect(board(out)).not.toContain('Empire: A altd');
    expect(board(out)).toContain('Bretonnia: A altd');
  });
  it('the Empire holds Middenheim and the Kislev fleet, which bounced, is destroyed (named by the game master)', () => {
    const out = run({
      ...example,
      options: { cataclysmicBattles: 'on' },
      battles: [{ province: 'midd', winner: 'Empire', destroyed: ['F claw'] }],
    });
    expect(board(out).filter((x) => x.startsWith('Kislev'))).toEqual([]);
    expect(out.dislodged).toEqual([]);
  });
  it('refused without the option, in dice mode, or for a unit that did not lose', () => {
    expect(() => run({ ...example, battles: [{ province: 'altd', winner: 'Bretonnia', destroyed: true }] })).toThrow(
      'cataclysmicBattles: on',
    );
    expect(() =>
      run({
        ...example,
        options: { cataclysmicBattles: 'on', decisiveBattles: 'dice' },
        battles: [{ province: 'altd', winner: 'Bretonnia', destroyed: true }],
      }),
    ).toThrow('decisiveBattles: gm');
    expect(() =>
      run({
        ...example,
        options: { cataclysmicBattles: 'on' },
        battles: [{ province: 'altd', winner: 'Bretonnia', destroyed: ['A wast'] }],
      }),
    ).toThrow('A wast did not lose the battle at altd');
  });
});

describe('Strong Capitals in army sizes: "holds with an additional strength"', () => {
  it('a unit holding on its capital fields 125 % (1875) against a lone attacker', async () => {
    const { groupBattles } = await import('../../../src/variants/warhammer/index.js');
    const strong = warhammer.configure!({ strongCapitals: 'on' });
    const position = { ...strong.startingPosition(), units: ['Empire: F midd', 'Bretonnia: A wast'].map(u) };
    const { parseOrder } = await import('../../../src/engine/parse/index.js');
    const p = parseOrder(strong, 'A Wast - Midd', { position });
    if (!p.ok) throw new Error(p.error);
    const orders = [{ power: 'Bretonnia', order: p.order }];
    const declared = [{ power: 'Bretonnia', unit: 'A wast', kind: 'move' as const, province: 'midd' }];
    const sides = (options: Record<string, string>) =>
      groupBattles(strong, position, orders, declared, { options }).battles[0]!.sides.map(
        (s) => `${s.power} ${s.points}`,
      );
    expect(sides({ strongCapitals: 'on' })).toEqual(['Bretonnia 1500', 'Empire 1875']);
  });
});
