/**
 * The CLI contract (docs/cli.md): every order gets its result line; a missing
 * `variantState` is the variant's state at the start of a game; bad input (an unknown power, a place that is not on
 * the map, a `variantState` naming either) is refused with a one-line reason, never adjudicated.
 */
import { describe, expect, it } from 'vitest';
import { adjudicateCommand } from '../../src/cli/commands/adjudicate.js';
import { adjudicate as adjudicateEngine } from '../../src/engine/index.js';
import { readOrder } from '../../src/engine/parse/index.js';
import type { Position } from '../../src/engine/types.js';
import { mandateOfHeaven } from '../../src/variants/mandate-of-heaven/index.js';

const SPRING = { season: 'spring', year: 1901, type: 'movement' };
const unit = (power: string, type: 'A' | 'F', province: string) => ({ power, type, province, coast: null });

async function adjudicate(input: unknown) {
  const r = await adjudicateCommand([], JSON.stringify(input));
  return { ...r, out: r.code === 0 ? JSON.parse(r.stdout) : undefined };
}

interface BadInput {
  name: string;
  input: Record<string, unknown>;
  /** The one-line reason on stderr. */
  message: RegExp;
}

const badInput: BadInput[] = [
  {
    name: 'a unit of a power the variant does not have',
    input: { phase: SPRING, units: [unit('Narnia', 'A', 'par')], orders: [{ power: 'Narnia', text: 'A par - bur' }] },
    message: /^case #1: unit A par: no power "Narnia" in classic \(its powers: .*France.*\)$/,
  },
  {
    name: 'an order given by a power the variant does not have',
    input: { phase: SPRING, units: [unit('France', 'A', 'par')], orders: [{ power: 'Narnia', text: 'A par - bur' }] },
    message: /^case #1: orders\[0\] \("A par - bur"\): no power "Narnia" in classic/,
  },
  {
    name: 'supply centres of a power the variant does not have',
    input: { phase: SPRING, units: [], supplyCenters: { France: ['par'], Narnia: ['bre'] } },
    message: /^case #1: supplyCenters: no power "Narnia" in classic/,
  },
  {
    name: 'a supply centre that is not on the map',
    input: { phase: SPRING, units: [], supplyCenters: { France: ['par', 'xyz'] } },
    message: /^case #1: supplyCenters\.France: no province "xyz" in classic$/,
  },
  // A board's ownership: each supply centre has at most one owner, and only supply centres are owned.
  {
    name: 'a centre owned by two powers',
    input: { phase: SPRING, units: [], supplyCenters: { France: ['par'], Germany: ['mun', 'par'] } },
    message: /^case #1: supplyCenters: par is owned by both France and Germany \(a centre has one owner\)$/,
  },
  {
    name: 'a centre listed twice for one power',
    input: { phase: SPRING, units: [], supplyCenters: { France: ['par', 'bre', 'par'] } },
    message: /^case #1: supplyCenters\.France: par is listed twice$/,
  },
  {
    name: 'a province that is no supply centre, owned',
    input: { phase: SPRING, units: [], supplyCenters: { France: ['par', 'bur'] } },
    message: /^case #1: supplyCenters\.France: bur is not a supply centre, so nobody owns it$/,
  },
  {
    name: 'Warring States: a province that is no supply centre, owned',
    input: {
      variant: 'warring-states',
      phase: { season: 'spring', year: 1, type: 'movement' },
      units: [],
      supplyCenters: { Qin: ['xia', 'gao'] },
    },
    message: /^case #1: supplyCenters\.Qin: gao is not a supply centre, so nobody owns it$/,
  },
  {
    name: 'Mandate of Heaven: a centre owned by two powers',
    input: {
      variant: 'mandate-of-heaven',
      phase: { season: 'spring', year: 1, type: 'movement' },
      units: [],
      supplyCenters: { Qin: ['xia'], Song: ['son', 'xia'] },
    },
    message: /^case #1: supplyCenters: xia is owned by both Qin and Song \(a centre has one owner\)$/,
  },
  {
    name: 'Warhammer: a centre listed twice for one power',
    input: {
      variant: 'warhammer',
      phase: { season: 'spring', year: 1, type: 'movement' },
      units: [],
      supplyCenters: { Empire: ['altd', 'altd'] },
    },
    message: /^case #1: supplyCenters\.Empire: altd is listed twice$/,
  },
  // Phases the calendar cannot have: spring and fall have movement and retreat phases, winter the adjustment phase,
  // and years count from 1 (docs/cli.md).
  ...(
    [
      [
        'classic',
        { season: 'spring', year: 1901, type: 'adjustment' },
        /there is no spring adjustment phase \(a game year has spring movement, spring retreat, fall movement, fall retreat, winter adjustment\)$/,
      ],
      ['classic', { season: 'winter', year: 1901, type: 'movement' }, /there is no winter movement phase/],
      [
        'classic',
        { season: 'spring', year: 0, type: 'movement' },
        /year 0 is before the first game year \(years count from 1\)$/,
      ],
      ['warring-states', { season: 'fall', year: 3, type: 'adjustment' }, /there is no fall adjustment phase/],
      ['warring-states', { season: 'winter', year: 3, type: 'retreat' }, /there is no winter retreat phase/],
      ['warring-states', { season: 'spring', year: 0, type: 'movement' }, /year 0 is before the first game year/],
      ['mandate-of-heaven', { season: 'spring', year: 2, type: 'adjustment' }, /there is no spring adjustment phase/],
      // Its placement is the winter of year 0, and nothing else is in year 0.
      [
        'mandate-of-heaven',
        { season: 'spring', year: 0, type: 'movement' },
        /year 0 is before the first game year \(years count from 1; year 0 has only the starting phase, winter adjustment\)$/,
      ],
      ['mandate-of-heaven', { season: 'winter', year: 1, type: 'movement' }, /there is no winter movement phase/],
      ['warhammer', { season: 'winter', year: 2500, type: 'movement' }, /there is no winter movement phase/],
      ['warhammer', { season: 'winter', year: 0, type: 'adjustment' }, /year 0 is before the first game year/],
      ['warhammer', { season: 'fall', year: -1, type: 'retreat' }, /year -1 is before the first game year/],
    ] as const
  ).map(([variant, phase, message]) => ({
    name: `${variant}: a ${phase.season} ${phase.type} phase of year ${phase.year}, which the calendar does not have`,
    input: { variant, phase, units: [] },
    message: new RegExp(`^case #1: phase ${phase.season} ${phase.year} ${phase.type}: ${message.source}`),
  })),
  {
    name: 'a retreat case whose prelude is a phase the calendar does not have',
    input: {
      phase: { ...SPRING, type: 'retreat' },
      units: [],
      prelude: { phase: { season: 'winter', year: 1901, type: 'movement' }, units: [], orders: [] },
    },
    message: /^case #1 prelude: phase winter 1901 movement: there is no winter movement phase/,
  },
  {
    name: 'a seated player that is no power of the variant',
    input: { phase: SPRING, units: [], players: ['France', 'Narnia'] },
    message: /^case #1: players\[1\]: no power "Narnia" in classic/,
  },
  {
    name: 'a contested province that is not on the map',
    input: { phase: { ...SPRING, type: 'retreat' }, units: [], dislodged: [], contested: ['xyz'] },
    message: /^case #1: contested: no province "xyz" in classic$/,
  },
  {
    name: 'a dislodging attack from a place that is not on the map',
    input: {
      phase: { ...SPRING, type: 'retreat' },
      units: [],
      dislodged: [{ ...unit('France', 'A', 'par'), attackerFrom: 'xyz' }],
    },
    message: /^case #1: dislodged A par: attackerFrom: no province "xyz" in classic$/,
  },
  {
    name: 'Warhammer: a variantState naming a province the variant does not have (a hill army)',
    input: {
      variant: 'warhammer',
      phase: { season: 'spring', year: 1, type: 'movement' },
      units: [],
      variantState: { hillArmies: ['xyz'] },
    },
    message: /^case #1: variantState: hillArmies: no province "xyz" on the map$/,
  },
  {
    name: 'Warhammer: a variantState naming a province the variant does not have (a revolted capital)',
    input: {
      variant: 'warhammer',
      phase: { season: 'spring', year: 1, type: 'movement' },
      units: [],
      variantState: { capitals: { Skaven: 'par' } },
    },
    message: /^case #1: variantState: capitals\.Skaven: no province "par" on the map$/,
  },
  {
    name: 'Warhammer: a variantState naming a power the variant does not have',
    input: {
      variant: 'warhammer',
      phase: { season: 'spring', year: 1, type: 'movement' },
      units: [],
      variantState: { absent: ['France'] },
    },
    message: /^case #1: variantState: absent: no power "France" in the variant$/,
  },
  {
    name: 'Mandate of Heaven: a variantState activating a power the variant does not have',
    input: {
      variant: 'mandate-of-heaven',
      phase: { season: 'spring', year: 1, type: 'movement' },
      units: [],
      variantState: { activated: ['Narnia'] },
    },
    message: /^case #1: variantState: activated: no power "Narnia" in the variant$/,
  },
  {
    name: 'Mandate of Heaven: a variantState activating a power that is no neutral',
    input: {
      variant: 'mandate-of-heaven',
      phase: { season: 'spring', year: 1, type: 'movement' },
      units: [],
      variantState: { activated: ['Qin'] },
    },
    message: /^case #1: variantState: activated: Qin is not a neutral power/,
  },
  // "a `variantState` naming a province the variant does not have" gets a clear refusal; so does a
  // state field the variant does not have (a misspelling), never silently accepted and echoed.
  {
    name: 'two units in one province (second audit b01: one would be dropped, depending on the listing)',
    input: {
      variant: 'mandate-of-heaven',
      phase: { season: 'spring', year: 1, type: 'movement' },
      units: [
        { power: 'Qin', type: 'A', province: 'yon' },
        { power: 'Wei', type: 'A', province: 'yon' },
      ],
      orders: [{ power: 'Qin', text: 'A yon - ron' }],
    },
    message: /^case #1: two units in yon: Qin A and Wei A \(a province holds one unit\)$/,
  },
  {
    name: 'Warhammer: a misspelled variantState field',
    input: {
      variant: 'warhammer',
      phase: { season: 'spring', year: 1, type: 'movement' },
      units: [],
      variantState: { hilArmies: ['xyz'] },
    },
    message:
      /^case #1: variantState: unknown field "hilArmies" \(fields: dogsOfWar, followers, capitals, hillArmies, absent\)$/,
  },
  {
    name: 'Warhammer: a misspelled field of a Dogs of War choice',
    input: {
      variant: 'warhammer',
      phase: { season: 'spring', year: 1, type: 'movement' },
      units: [],
      variantState: { dogsOfWar: { Tilea: { city: 'mira', typ: 'A' } } },
    },
    message: /^case #1: variantState: dogsOfWar\.Tilea: unknown field "typ" \(fields: city, type\)$/,
  },
  {
    name: 'Warhammer: a capital at sea (a capital is a supply centre: "This is his new capital")',
    input: {
      variant: 'warhammer',
      phase: { season: 'spring', year: 1, type: 'movement' },
      units: [],
      variantState: { capitals: { Skaven: 'claw' } },
    },
    message: /^case #1: variantState: capitals\.Skaven: claw is not a supply centre, so it cannot be a capital/,
  },
  {
    name: 'Warhammer: a Dogs of War choice of a power that is no Dogs of War power',
    input: {
      variant: 'warhammer',
      phase: { season: 'spring', year: 1, type: 'movement' },
      units: [],
      variantState: { dogsOfWar: { Empire: { city: 'altd', type: 'A' } } },
    },
    message: /^case #1: variantState: dogsOfWar: Empire is not a Dogs of War power \(Tilea, Estalia\)$/,
  },
  {
    name: 'Warhammer: a Dogs of War city outside its country ("You may choose a center in Tilea or Estelia")',
    input: {
      variant: 'warhammer',
      phase: { season: 'spring', year: 1, type: 'movement' },
      units: [],
      variantState: { dogsOfWar: { Tilea: { city: 'altd', type: 'A' } } },
    },
    message: /^case #1: variantState: dogsOfWar\.Tilea\.city: altd is not a city of Tilea \(its cities: mira, rema\)$/,
  },
  {
    name: 'Warhammer: a hill army at sea',
    input: {
      variant: 'warhammer',
      phase: { season: 'spring', year: 1, type: 'movement' },
      units: [],
      variantState: { hillArmies: ['claw'] },
    },
    message: /^case #1: variantState: hillArmies: claw is a sea, where no army stands$/,
  },
  {
    name: 'Mandate of Heaven: a misspelled variantState field',
    input: {
      variant: 'mandate-of-heaven',
      phase: { season: 'spring', year: 1, type: 'movement' },
      units: [],
      variantState: { activatd: ['Song'] },
    },
    message: /^case #1: variantState: unknown field "activatd" \(fields: hsiungNu, activated, seasonUnits\)$/,
  },
  {
    name: 'Mandate of Heaven: a misspelled field of the Hsiung-Nu state',
    input: {
      variant: 'mandate-of-heaven',
      phase: { season: 'spring', year: 1, type: 'movement' },
      units: [],
      variantState: { hsiungNu: { regim: 'settled' } },
    },
    message: /^case #1: variantState: hsiungNu: unknown field "regim" \(fields: regime, allowance, eliminated\)$/,
  },
  {
    name: 'Mandate of Heaven: a neutral activated twice (rule 3: activated once, for good)',
    input: {
      variant: 'mandate-of-heaven',
      phase: { season: 'spring', year: 1, type: 'movement' },
      units: [],
      variantState: { activated: ['Song', 'Song'] },
    },
    message: /^case #1: variantState: activated: Song is listed twice/,
  },
  {
    name: 'Classic: a variantState, which a variant keeping no state cannot take',
    input: { phase: SPRING, units: [], variantState: { hillArmies: [] } },
    message: /^case #1: variantState: classic keeps no state between phases, so it takes no variantState$/,
  },
  {
    name: 'Warring States: a misspelled variantState field (its state is the record of captured home centres)',
    input: { variant: 'warring-states', phase: SPRING, units: [], variantState: { capturedHomeCentre: {} } },
    message: /^case #1: variantState: unknown field "capturedHomeCentre" \(fields: capturedHomeCentres\)$/,
  },
  {
    name: 'Mandate of Heaven: a variantState of the wrong shape',
    input: {
      variant: 'mandate-of-heaven',
      phase: { season: 'spring', year: 1, type: 'movement' },
      units: [],
      variantState: { activated: 'Song' },
    },
    message: /^case #1: variantState is invalid: activated: /,
  },
  {
    name: 'a fleet on a province of several coasts without one of them',
    input: { phase: SPRING, units: [{ power: 'France', type: 'F', province: 'spa', coast: null }] },
    message: /^case #1: unit F spa: a fleet there stands on one of its coasts: spa\/nc or spa\/sc$/,
  },
  {
    name: 'a fleet on a coast the province does not have',
    input: { phase: SPRING, units: [{ power: 'France', type: 'F', province: 'spa', coast: 'ec' }] },
    message: /^case #1: unit F spa\/ec: a fleet there stands on one of its coasts: spa\/nc or spa\/sc$/,
  },
  {
    name: 'an army given a coast',
    input: { phase: SPRING, units: [{ power: 'France', type: 'A', province: 'spa', coast: 'nc' }] },
    message: /^case #1: unit A spa\/nc: an army there stands on the province, without a coast \(spa\)$/,
  },
  {
    name: 'a fleet on a coast of a province that has none',
    input: { phase: SPRING, units: [{ power: 'France', type: 'F', province: 'bre', coast: 'nc' }] },
    message: /^case #1: unit F bre\/nc: a fleet there stands on the province, without a coast \(bre\)$/,
  },
  {
    name: 'an army at sea',
    input: { phase: SPRING, units: [unit('England', 'A', 'nth')] },
    message: /^case #1: unit A nth: an army cannot stand there$/,
  },
  {
    name: 'an id that is neither a string nor a number',
    input: { id: { name: 'x' }, phase: SPRING, units: [] },
    message: /^case #1: id: expected a string or a number$/,
  },
  {
    name: 'Warhammer: destroyed losers that are neither true nor a list of units',
    input: {
      variant: 'warhammer',
      phase: { season: 'spring', year: 1, type: 'movement' },
      units: [],
      battles: [{ province: 'altd', winner: 'Empire', destroyed: 5 }],
    },
    message: /^case #1: battles\.0\.destroyed: expected true or a list of unit labels$/,
  },
];

describe('bad input is refused clearly, never adjudicated (exit 2, one line naming what was wrong)', () => {
  for (const c of badInput) {
    it(c.name, async () => {
      const r = await adjudicateCommand([], JSON.stringify(c.input));
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim()).toMatch(c.message);
      expect(r.stderr.trim().includes('\n')).toBe(false);
    });
  }
});

describe('every order gets its result line', () => {
  it('a case of 300,000 refused orders (13 MB) is read: one line each, exit 0, not a stack overflow', async () => {
    const orders = Array.from({ length: 300_000 }, () => ({ power: 'France', text: 'A par - bur' }));
    const { code, stderr, out } = await adjudicate({ phase: SPRING, units: [], orders });
    expect([code, stderr]).toEqual([0, '']);
    expect(out.results).toHaveLength(300_000);
    expect(out.results[299_999]).toMatchObject({ power: 'France', result: 'illegal' });
  });

  it('Warhammer (a variant with an adoptOrders hook): an unreadable order given for another power’s unit', async () => {
    const { out } = await adjudicate({
      variant: 'warhammer',
      phase: { season: 'spring', year: 1, type: 'movement' },
      units: [unit('Empire', 'A', 'altd'), unit('Bretonnia', 'A', 'cour')],
      orders: [{ power: 'Empire', text: 'A cour - xxxx' }],
    });
    expect(out.results).toContainEqual({
      power: 'Empire',
      unit: 'A cour',
      order: 'A cour - xxxx',
      result: 'illegal',
      reason: 'could not read the order: unknown place "xxxx"',
    });
  });

  const MOH_SPRING = { season: 'spring', year: 1, type: 'movement' };
  const mohUnits = [unit('Qin', 'A', 'xia'), unit('Song', 'A', 'son'), unit('Chu', 'A', 'che')];

  it('Mandate of Heaven: an order given in a voted neutral’s own name is void, and says why (rule 3)', async () => {
    const { out } = await adjudicate({
      variant: 'mandate-of-heaven',
      phase: MOH_SPRING,
      units: mohUnits,
      orders: [{ power: 'Song', text: 'A son - tan' }],
    });
    expect(out.results).toContainEqual({
      power: 'Song',
      unit: 'A son',
      order: 'A son - tan',
      result: 'void',
      reason:
        'Song is a neutral power: it carries out the orders a majority of the players adopt, none of its own (Mandate of Heaven rule 3)',
    });
    expect(out.units).toContainEqual(unit('Song', 'A', 'son'));
  });

  it('Mandate of Heaven: a ballot of a power that does not vote is void, and says why (rule 3, decisions.md)', async () => {
    const { out } = await adjudicate({
      variant: 'mandate-of-heaven',
      phase: MOH_SPRING,
      units: mohUnits,
      players: ['Qin', 'Chu'],
      orders: [{ power: 'Zhao', text: 'A son - tan' }],
    });
    expect(out.results).toContainEqual(
      expect.objectContaining({
        power: 'Zhao',
        unit: 'A son',
        order: 'A son - tan',
        result: 'void',
        reason: expect.stringMatching(/^not counted: Zhao does not vote on Song's units/),
      }),
    );
  });

  // Rule 3: "Each player, in addition to writing orders for his own units, will write orders for all neutral powers."
  // Only players vote; an unreadable order of a power that does not vote is no ballot, so nothing in it is secret.
  it('Mandate of Heaven: an unreadable order of a power that does not vote, for a voted neutral’s unit, gets its line (rule 3)', async () => {
    const { out } = await adjudicate({
      variant: 'mandate-of-heaven',
      phase: MOH_SPRING,
      units: mohUnits,
      players: ['Qin', 'Chu'],
      orders: [{ power: 'Zhao', text: 'A son - xxxx' }],
    });
    expect(out.results).toContainEqual({
      power: 'Zhao',
      unit: 'A son',
      order: 'A son - xxxx',
      result: 'illegal',
      reason: 'could not read the order: unknown place "xxxx"',
    });
  });

  // Rule 3's ballots are secret (Q5): a voter's unreadable ballot is not counted; its line says so without its text.
  it('Mandate of Heaven: a voter’s unreadable ballot gets a line that does not repeat it (rule 3, secret ballots)', async () => {
    const { out } = await adjudicate({
      variant: 'mandate-of-heaven',
      phase: MOH_SPRING,
      units: mohUnits,
      players: ['Qin', 'Chu'],
      orders: [
        { power: 'Qin', text: 'A son - xxxx' },
        { power: 'Chu', text: 'A son - tan' },
      ],
    });
    expect(out.results.filter((r: { unit: string }) => r.unit === 'A son')).toEqual([
      expect.objectContaining({ power: 'Song', order: 'A son H', reason: 'held (no majority)' }),
      {
        power: 'Qin',
        unit: 'A son',
        order: 'unreadable ballot',
        result: 'illegal',
        reason:
          'not counted: the ballot could not be read (ballots are secret, so its text is not repeated: Mandate of Heaven rule 3)',
      },
    ]);
    expect(JSON.stringify(out.results)).not.toMatch(/xxxx/);
  });

  it('Mandate of Heaven: a counted ballot has no line of its own (ballots are secret, rule 3); the unit’s line names the adopted order', async () => {
    const { out } = await adjudicate({
      variant: 'mandate-of-heaven',
      phase: MOH_SPRING,
      units: mohUnits,
      players: ['Qin', 'Chu'],
      orders: [
        { power: 'Qin', text: 'A son - tan' },
        { power: 'Chu', text: 'A son - tan' },
      ],
    });
    expect(out.results.filter((r: { unit: string }) => r.unit === 'A son')).toEqual([
      expect.objectContaining({ power: 'Song', order: 'A son - tan', result: 'success' }),
    ]);
  });
});

describe('a variant’s own state, as a previous result printed it, is read back', () => {
  it('Warring States: the captured home centres a result printed are accepted again', async () => {
    const fall = {
      variant: 'warring-states',
      phase: { season: 'fall', year: 1, type: 'movement' },
      units: [],
      orders: [],
      supplyCenters: { Qin: ['luo'] },
      variantState: {},
    };
    const first = await adjudicate(fall);
    expect(first.code).toBe(0);
    expect(first.out.variantState).toEqual({ capturedHomeCentres: { Qin: ['luo'] } });
    const again = await adjudicate({
      ...fall,
      phase: { season: 'winter', year: 1, type: 'adjustment' },
      variantState: first.out.variantState,
    });
    expect(again.code).toBe(0);
  });
});

describe('a missing variantState is the variant’s state at the start of a game', () => {
  const orcs = 'Orcs & Goblins';
  // Seed, Orcs in the Hills: "Start an Orc Army in the Pale Sister (Orc Massif), this army is lost forever if
  // destroyed, but does not require a support center to maintain."
  const winter = {
    variant: 'warhammer',
    options: { orcsInTheHills: 'pale' },
    phase: { season: 'winter', year: 1, type: 'adjustment' },
    units: [unit(orcs, 'A', 'kare'), unit(orcs, 'A', 'dark'), unit(orcs, 'F', 'bhor'), unit(orcs, 'A', 'pale')],
    supplyCenters: { [orcs]: ['bhor', 'dark', 'kare'] },
    orders: [],
  };

  it('Warhammer, Orcs in the Hills: the hill army needs no centre in the first winter, state given or not', async () => {
    const without = await adjudicate(winter);
    const given = await adjudicate({ ...winter, variantState: { hillArmies: ['pale'] } });
    for (const { out } of [without, given]) {
      expect(out.units).toHaveLength(4);
      expect(out.results).toEqual([]);
      expect(out.variantState).toEqual({ hillArmies: ['pale'] });
    }
  });

  it('Warhammer, Orcs in the Hills: a start state whose hill army is not on the board counts none (4 units, 3 centres: one disband)', async () => {
    const { out } = await adjudicate({
      ...winter,
      units: [unit(orcs, 'A', 'kare'), unit(orcs, 'A', 'dark'), unit(orcs, 'F', 'bhor'), unit(orcs, 'A', 'wast')],
    });
    expect(out.units).toHaveLength(3);
  });
});

describe('every phase the calendar has is read (the refusals above refuse no real phase)', () => {
  const phases = [
    ['classic', { season: 'spring', year: 1901, type: 'retreat' }],
    ['classic', { season: 'fall', year: 1901, type: 'movement' }],
    ['classic', { season: 'winter', year: 1901, type: 'adjustment' }],
    ['warring-states', { season: 'spring', year: 1, type: 'movement' }],
    ['warhammer', { season: 'fall', year: 2500, type: 'retreat' }],
    // Mandate of Heaven's placement: "As a preliminary to the first Spring move … the Hsiung-Nu may place these armies".
    ['mandate-of-heaven', { season: 'winter', year: 0, type: 'adjustment' }],
    ['mandate-of-heaven', { season: 'spring', year: 1, type: 'movement' }],
  ] as const;
  for (const [variant, phase] of phases) {
    it(`${variant}: ${phase.season} ${phase.year} ${phase.type}`, async () => {
      const r = await adjudicate({ variant, phase, units: [], dislodged: [], supplyCenters: {} });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.out.phase).toEqual(phase);
    });
  }
});

// Rule 3: "every player may give an order for any neutral unit; it is that player's secret ballot". A ballot that is
// not counted gets its line under its voter (every order gets one), never repeating its text.
describe('Mandate of Heaven: a voter’s ballot that is not counted gets a line that does not repeat it (rule 3)', () => {
  const MOH_SPRING = { season: 'spring', year: 1, type: 'movement' };
  const units = [unit('Qin', 'A', 'xia'), unit('Song', 'A', 'son'), unit('Chu', 'A', 'che')];
  const secret = '(ballots are secret, so its text is not repeated: Mandate of Heaven rule 3)';
  const cases: { name: string; orders: { power: string; text: string }[]; lines: unknown[]; hidden: RegExp }[] = [
    {
      name: 'a readable ballot that is no legal order (Song’s army to a province it does not border)',
      orders: [{ power: 'Qin', text: 'A son - nan' }],
      lines: [
        {
          power: 'Qin',
          unit: 'A son',
          order: 'illegal ballot',
          result: 'illegal',
          reason: `not counted: the ballot is not an order Song's unit can carry out now ${secret}`,
        },
      ],
      hidden: /nan/,
    },
    {
      name: 'a ballot naming the wrong unit type',
      orders: [{ power: 'Qin', text: 'F son H' }],
      lines: [
        {
          power: 'Qin',
          unit: 'A son',
          order: 'illegal ballot',
          result: 'illegal',
          reason: `not counted: the ballot is not an order Song's unit can carry out now ${secret}`,
        },
      ],
      hidden: /F son/,
    },
    {
      name: 'a ballot replaced by the voter’s later ballot for the same unit',
      orders: [
        { power: 'Qin', text: 'A son - hua' },
        { power: 'Qin', text: 'A son - tan' },
      ],
      lines: [
        {
          power: 'Qin',
          unit: 'A son',
          order: 'replaced ballot',
          result: 'void',
          reason: `not counted: replaced by a later ballot for the same unit ${secret}`,
        },
      ],
      hidden: /hua/,
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const { out } = await adjudicate({
        variant: 'mandate-of-heaven',
        phase: MOH_SPRING,
        units,
        players: ['Qin', 'Chu'],
        orders: c.orders,
      });
      expect(out.results.filter((r: { power: string }) => r.power === 'Qin' && !('defaulted' in r))).toEqual(c.lines);
      expect(JSON.stringify(out.results)).not.toMatch(c.hidden);
    });
  }

  it('the results channels show carry no such line (results never show who voted); the CLI adds it', async () => {
    const orders = [{ power: 'Qin', text: 'A son - nan' }];
    const at: Position = {
      phase: MOH_SPRING as Position['phase'],
      units,
      dislodged: [],
      contested: [],
      supplyCenters: mandateOfHeaven.startingPosition().supplyCenters,
    };
    const parsed = orders.map(({ power, text }) => {
      const p = readOrder(mandateOfHeaven, text, { position: at });
      if (!p.ok) throw new Error(p.error);
      return { power, order: p.order };
    });
    const adj = adjudicateEngine(mandateOfHeaven, at, parsed, { players: ['Qin', 'Chu'] });
    expect(adj.results.filter((r) => r.power === 'Qin' && !r.defaulted)).toEqual([]);
    expect(adj.uncountedBallots).toEqual([
      expect.objectContaining({ power: 'Qin', unit: 'A son', order: 'illegal ballot' }),
    ]);
  });

  it('a winter ballot beyond the neutral’s builds (a player’s first ballots count)', async () => {
    const { out } = await adjudicate({
      variant: 'mandate-of-heaven',
      phase: { season: 'winter', year: 1, type: 'adjustment' },
      units: [unit('Qin', 'A', 'xia'), unit('Song', 'A', 'hua')],
      supplyCenters: { Qin: ['xia'], Song: ['son', 'dal'] },
      players: ['Qin'],
      orders: [
        { power: 'Qin', text: 'A son B' },
        { power: 'Qin', text: 'A dal B' },
      ],
    });
    expect(out.results.filter((r: { power: string }) => r.power === 'Qin')).toEqual([
      {
        power: 'Qin',
        unit: '',
        order: 'uncounted ballot',
        result: 'void',
        reason: `not counted: Song has 1 build this winter, and only a player's first ballot counts ${secret}`,
      },
    ]);
    expect(out.units).toContainEqual(unit('Song', 'A', 'son'));
  });
});
