/**
 * Issue 19 §3, the CLI contract (/work/shared/formats/cli.md): every order gets its result line; a missing
 * `variantState` is the variant's state at the start of a game; bad input (an unknown power, a place that is not on
 * the map, a `variantState` naming either) is refused with a one-line reason, never adjudicated.
 */
import { describe, expect, it } from 'vitest';
import { adjudicateCommand } from '../../src/cli/commands/adjudicate.js';

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
    input: { phase: { ...SPRING, type: 'retreat' }, units: [], dislodged: [{ ...unit('France', 'A', 'par'), attackerFrom: 'xyz' }] },
    message: /^case #1: dislodged A par: attackerFrom: no province "xyz" in classic$/,
  },
  {
    name: 'Warhammer: a variantState naming a province the variant does not have (a hill army)',
    input: { variant: 'warhammer', phase: { season: 'spring', year: 1, type: 'movement' }, units: [], variantState: { hillArmies: ['xyz'] } },
    message: /^case #1: variantState: hillArmies: no province "xyz" on the map$/,
  },
  {
    name: 'Warhammer: a variantState naming a province the variant does not have (a revolted capital)',
    input: { variant: 'warhammer', phase: { season: 'spring', year: 1, type: 'movement' }, units: [], variantState: { capitals: { Skaven: 'par' } } },
    message: /^case #1: variantState: capitals\.Skaven: no province "par" on the map$/,
  },
  {
    name: 'Warhammer: a variantState naming a power the variant does not have',
    input: { variant: 'warhammer', phase: { season: 'spring', year: 1, type: 'movement' }, units: [], variantState: { absent: ['France'] } },
    message: /^case #1: variantState: absent: no power "France" in the variant$/,
  },
  {
    name: 'Mandate of Heaven: a variantState activating a power the variant does not have',
    input: { variant: 'mandate-of-heaven', phase: { season: 'spring', year: 1, type: 'movement' }, units: [], variantState: { activated: ['Narnia'] } },
    message: /^case #1: variantState: activated: no power "Narnia" in the variant$/,
  },
  {
    name: 'Mandate of Heaven: a variantState activating a power that is no neutral',
    input: { variant: 'mandate-of-heaven', phase: { season: 'spring', year: 1, type: 'movement' }, units: [], variantState: { activated: ['Qin'] } },
    message: /^case #1: variantState: activated: Qin is not a neutral power/,
  },
  // Issue 19 §3: "a `variantState` naming a province the variant does not have" gets a clear refusal; so does a
  // state field the variant does not have (a misspelling), never silently accepted and echoed.
  {
    name: 'two units in one province (second audit b01: one would be dropped, depending on the listing)',
    input: { variant: 'mandate-of-heaven', phase: { season: 'spring', year: 1, type: 'movement' }, units: [{ power: 'Qin', type: 'A', province: 'yon' }, { power: 'Wei', type: 'A', province: 'yon' }], orders: [{ power: 'Qin', text: 'A yon - ron' }] },
    message: /^case #1: two units in yon: Qin A and Wei A \(a province holds one unit\)$/,
  },
  {
    name: 'Warhammer: a misspelled variantState field',
    input: { variant: 'warhammer', phase: { season: 'spring', year: 1, type: 'movement' }, units: [], variantState: { hilArmies: ['xyz'] } },
    message: /^case #1: variantState: unknown field "hilArmies" \(fields: dogsOfWar, followers, capitals, hillArmies, absent\)$/,
  },
  {
    name: 'Warhammer: a misspelled field of a Dogs of War choice',
    input: { variant: 'warhammer', phase: { season: 'spring', year: 1, type: 'movement' }, units: [], variantState: { dogsOfWar: { Tilea: { city: 'mira', typ: 'A' } } } },
    message: /^case #1: variantState: dogsOfWar\.Tilea: unknown field "typ" \(fields: city, type\)$/,
  },
  {
    name: 'Warhammer: a capital at sea (a capital is a supply centre: "This is his new capital")',
    input: { variant: 'warhammer', phase: { season: 'spring', year: 1, type: 'movement' }, units: [], variantState: { capitals: { Skaven: 'claw' } } },
    message: /^case #1: variantState: capitals\.Skaven: claw is not a supply centre, so it cannot be a capital/,
  },
  {
    name: 'Warhammer: a Dogs of War choice of a power that is no Dogs of War power',
    input: { variant: 'warhammer', phase: { season: 'spring', year: 1, type: 'movement' }, units: [], variantState: { dogsOfWar: { Empire: { city: 'altd', type: 'A' } } } },
    message: /^case #1: variantState: dogsOfWar: Empire is not a Dogs of War power \(Tilea, Estalia\)$/,
  },
  {
    name: 'Warhammer: a Dogs of War city outside its country ("You may choose a center in Tilea or Estelia")',
    input: { variant: 'warhammer', phase: { season: 'spring', year: 1, type: 'movement' }, units: [], variantState: { dogsOfWar: { Tilea: { city: 'altd', type: 'A' } } } },
    message: /^case #1: variantState: dogsOfWar\.Tilea\.city: altd is not a city of Tilea \(its cities: mira, rema\)$/,
  },
  {
    name: 'Warhammer: a hill army at sea',
    input: { variant: 'warhammer', phase: { season: 'spring', year: 1, type: 'movement' }, units: [], variantState: { hillArmies: ['claw'] } },
    message: /^case #1: variantState: hillArmies: claw is a sea, where no army stands$/,
  },
  {
    name: 'Mandate of Heaven: a misspelled variantState field',
    input: { variant: 'mandate-of-heaven', phase: { season: 'spring', year: 1, type: 'movement' }, units: [], variantState: { activatd: ['Song'] } },
    message: /^case #1: variantState: unknown field "activatd" \(fields: hsiungNu, activated, seasonUnits\)$/,
  },
  {
    name: 'Mandate of Heaven: a misspelled field of the Hsiung-Nu state',
    input: { variant: 'mandate-of-heaven', phase: { season: 'spring', year: 1, type: 'movement' }, units: [], variantState: { hsiungNu: { regim: 'settled' } } },
    message: /^case #1: variantState: hsiungNu: unknown field "regim" \(fields: regime, allowance, eliminated\)$/,
  },
  {
    name: 'Mandate of Heaven: a neutral activated twice (rule 3: activated once, for good)',
    input: { variant: 'mandate-of-heaven', phase: { season: 'spring', year: 1, type: 'movement' }, units: [], variantState: { activated: ['Song', 'Song'] } },
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
    input: { variant: 'mandate-of-heaven', phase: { season: 'spring', year: 1, type: 'movement' }, units: [], variantState: { activated: 'Song' } },
    message: /^case #1: variantState is invalid: activated: /,
  },
];

describe('issue 19 §3: bad input is refused clearly, never adjudicated (exit 2, one line naming what was wrong)', () => {
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

describe('issue 19 §3: every order gets its result line', () => {
  it('Warhammer (a variant with an adoptOrders hook): an unreadable order given for another power’s unit', async () => {
    const { out } = await adjudicate({
      variant: 'warhammer',
      phase: { season: 'spring', year: 1, type: 'movement' },
      units: [unit('Empire', 'A', 'altd'), unit('Bretonnia', 'A', 'cour')],
      orders: [{ power: 'Empire', text: 'A cour - xxxx' }],
    });
    expect(out.results).toContainEqual({ power: 'Empire', unit: 'A cour', order: 'A cour - xxxx', result: 'illegal', reason: 'could not read the order: unknown place "xxxx"' });
  });

  const MOH_SPRING = { season: 'spring', year: 1, type: 'movement' };
  const mohUnits = [unit('Qin', 'A', 'xia'), unit('Song', 'A', 'son'), unit('Chu', 'A', 'che')];

  it('Mandate of Heaven: an order given in a voted neutral’s own name is void, and says why (rule 3)', async () => {
    const { out } = await adjudicate({ variant: 'mandate-of-heaven', phase: MOH_SPRING, units: mohUnits, orders: [{ power: 'Song', text: 'A son - tan' }] });
    expect(out.results).toContainEqual({
      power: 'Song',
      unit: 'A son',
      order: 'A son - tan',
      result: 'void',
      reason: 'Song is a neutral power: it carries out the orders a majority of the players adopt, none of its own (Mandate of Heaven rule 3)',
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
      expect.objectContaining({ power: 'Zhao', unit: 'A son', order: 'A son - tan', result: 'void', reason: expect.stringMatching(/^not counted: Zhao does not vote on Song's units/) }),
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
    expect(out.results).toContainEqual({ power: 'Zhao', unit: 'A son', order: 'A son - xxxx', result: 'illegal', reason: 'could not read the order: unknown place "xxxx"' });
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
      { power: 'Qin', unit: 'A son', order: 'unreadable ballot', result: 'illegal', reason: 'not counted: the ballot could not be read (ballots are secret, so its text is not repeated: Mandate of Heaven rule 3)' },
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
    expect(out.results.filter((r: { unit: string }) => r.unit === 'A son')).toEqual([expect.objectContaining({ power: 'Song', order: 'A son - tan', result: 'success' })]);
  });
});

describe('issue 19 §3: a variant’s own state, as a previous result printed it, is read back', () => {
  it('Warring States: the captured home centres a result printed are accepted again', async () => {
    const fall = { variant: 'warring-states', phase: { season: 'fall', year: 1, type: 'movement' }, units: [], orders: [], supplyCenters: { Qin: ['luo'] }, variantState: {} };
    const first = await adjudicate(fall);
    expect(first.code).toBe(0);
    expect(first.out.variantState).toEqual({ capturedHomeCentres: { Qin: ['luo'] } });
    const again = await adjudicate({ ...fall, phase: { season: 'winter', year: 1, type: 'adjustment' }, variantState: first.out.variantState });
    expect(again.code).toBe(0);
  });
});

describe('issue 19 §3: a missing variantState is the variant’s state at the start of a game', () => {
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
    const { out } = await adjudicate({ ...winter, units: [unit(orcs, 'A', 'kare'), unit(orcs, 'A', 'dark'), unit(orcs, 'F', 'bhor'), unit(orcs, 'A', 'wast')] });
    expect(out.units).toHaveLength(3);
  });
});
