/**
 * Warhammer: the audit's positions and more adversarial ones (./audit.ts), each with its seed sentence;
 * what the provisional result offers and what `battles` accepts agree; the virtual armies never leak their origin;
 * the players read who won and lost each battle.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adjudicateCase, adjudicateCommand } from '../../../src/cli/commands/adjudicate.js';
import { adjudicate } from '../../../src/engine/index.js';
import type { Position, PowerOrder } from '../../../src/engine/types.js';
import {
  battleCommanders,
  battleReports,
  checkBattleReports,
  declarationsAllowed,
  finalRanking,
  groupBattles,
  readWarhammerState,
  rollBattle,
  warhammer,
} from '../../../src/variants/warhammer/index.js';
import { rng } from '../../support/random.js';
import { clusteredPosition, meetingOrders, runsFromEnv } from '../../engine/order-invariance.js';
import {
  battleTexts,
  cataclysmCases,
  cataclysmTexts,
  headToHeadBattles,
  hillArmyCases,
  illegalNearAbilities,
  offerCases,
  refusedInputs,
  underwayTexts,
  type CliCase,
} from './audit.js';
import { battleCaseTests } from './battle-runner.js';
import { ordersOf, outcome, positionOf, run, unitText } from './harness.js';

describe('an illegal order is a hold for the abilities too', () => {
  for (const c of illegalNearAbilities) it(c.name, () => expect(outcome(c, run(c))).toEqual(c.expect));
});

describe('decisive battles in head-to-heads (one battle, the winner’s order carried out, never a swap)', () => {
  battleCaseTests(headToHeadBattles);

  it('dice mode: whoever the roll favours, the two armies of a head-to-head never swap places', () => {
    for (const c of headToHeadBattles) {
      const position = positionOf(c.units);
      const orders = ordersOf(position, c.orders);
      const { battles } = groupBattles(warhammer, position, orders, c.declarations);
      for (let seed = 0; seed < 40; seed++) {
        const reports = battles.flatMap((b) => battleReports(b, rollBattle(b, seed).winner.lead));
        const adj = adjudicate(warhammer, position, orders, { battles: reports });
        const at = new Map(adj.position.units.map((u) => [u.province, u.power]));
        expect(at.get('reik') === 'Empire' && at.get('altd') === 'Bretonnia', `${c.name}, seed ${seed}`).toBe(false);
      }
    }
  });
});

const declared = (position: Position, orders: PowerOrder[]) =>
  declarationsAllowed(warhammer, position, orders)
    .map((d) => `${d.power}: ${d.kind} ${d.unit} at ${d.province}`)
    .sort();

describe('which declarations the provisional result offers', () => {
  for (const c of offerCases) {
    it(c.name, () => {
      const position = positionOf(c.units, c.season, c.owners);
      expect(declared(position, ordersOf(position, c.orders))).toEqual([...c.allowed].sort());
    });
  }
});

/**
 * For every province, a report naming a power that fights there is accepted exactly where a declaration is offered,
 * and every battle the offered declarations make can be reported for each of its sides.
 */
function offersAgreeWithReports(variant: typeof warhammer, position: Position, orders: PowerOrder[]): string | null {
  const allowed = declarationsAllowed(variant, position, orders);
  const offered = new Set(allowed.map((d) => d.province));
  const provinces = new Set<string>([
    ...position.units.map((u) => u.province),
    ...orders.flatMap((po) => (po.order.kind === 'move' ? [po.order.to.province] : [])),
  ]);
  const powers = [...new Set(position.units.map((u) => u.power))];
  for (const province of provinces) {
    const accepted = powers.some(
      (winner) => checkBattleReports(variant, position, orders, [{ province, winner }]).length === 0,
    );
    if (accepted && !offered.has(province))
      return `a battle at ${province} is accepted but no declaration there is offered`;
  }
  const { battles, problems } = groupBattles(
    variant,
    position,
    orders,
    allowed.filter((d, i) => allowed.findIndex((e) => e.power === d.power && e.unit === d.unit) === i),
  );
  if (problems.length > 0) return `offered declarations refused: ${problems.join('; ')}`;
  for (const b of battles) {
    for (const side of b.sides) {
      const refused = checkBattleReports(variant, position, orders, battleReports(b, side.lead));
      if (refused.length > 0) return `the battle ${b.id} won by ${side.lead} is refused: ${refused.join('; ')}`;
    }
  }
  return null;
}

describe('what `decisive` offers and what `battles` accepts agree', () => {
  for (const c of offerCases) {
    it(c.name, () => {
      const position = positionOf(c.units, c.season, c.owners);
      expect(offersAgreeWithReports(warhammer, position, ordersOf(position, c.orders))).toBeNull();
    });
  }
  it('on random positions around the abilities (Fall, Sylvania foreign-owned)', () => {
    const rich = [
      'athe',
      'chet',
      'grey',
      'sylv',
      'gfor',
      'aver',
      'skav',
      'nuln',
      'midd',
      'claw',
      'ostl',
      'altd',
      'reik',
      'wast',
    ];
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 3, max: 10 }), (seed, count) => {
        const r = rng(seed);
        const base = clusteredPosition(warhammer, r, count, { starts: rich, powers: 3 });
        const supplyCenters = {
          ...base.supplyCenters,
          'Vampire Counts': [],
          Empire: [...(base.supplyCenters.Empire ?? []), 'sylv'],
        };
        const position: Position = { ...base, phase: { season: 'fall', year: 2500, type: 'movement' }, supplyCenters };
        expect(
          offersAgreeWithReports(warhammer, position, meetingOrders(warhammer, position, r, 0)),
          `seed ${seed}`,
        ).toBeNull();
      }),
      { numRuns: runsFromEnv(15) },
    );
  });
});

describe('the virtual armies never leak their origin', () => {
  const rising = { season: 'fall' as const, owners: { sylv: 'Empire' } };
  it('a unit the Immortality army dislodges has no attackerFrom, may retreat anywhere free, and reads "dislodged by the Immortality army"', () => {
    const position = positionOf(['Empire: A sylv', 'Vampire Counts: A gfor'], rising.season, rising.owners);
    const adj = adjudicate(warhammer, position, ordersOf(position, { 'Vampire Counts': ['A Gfor S Immortality'] }));
    expect(adj.dislodged).toHaveLength(1);
    expect(adj.dislodged[0]!.attackerFrom).toBeUndefined();
    expect(adj.dislodged[0]!.retreatOptions).toEqual(['aver', 'kadr', 'kark', 'ostm', 'wrld']);
    expect(adj.results.find((r) => r.unit === 'A sylv')!.reason).toBe(
      'no order: the unit held; dislodged by the Immortality army',
    );
    expect(adj.results.find((r) => r.unit === 'A gfor')!.order).toBe('A gfor S Immortality - sylv');
    expect(JSON.stringify(adj.results)).not.toMatch(/A immortality|from immortality/i);
    expect(adj.events).toEqual([
      expect.objectContaining({
        kind: 'immortality',
        power: 'Vampire Counts',
        province: 'sylv',
        text: expect.stringMatching(/^The Vampire Counts retake Sylvania/),
      }),
    ]);
  });
  it('the CLI prints no attackerFrom for it, and reads its own output back as a retreat case', () => {
    const out = adjudicateCase(warhammer, {
      phase: { season: 'fall', year: 2500, type: 'movement' },
      units: [unitOf('Empire', 'A', 'sylv'), unitOf('Vampire Counts', 'A', 'gfor')],
      orders: [{ power: 'Vampire Counts', text: 'A Gfor S Immortality' }],
      supplyCenters: { Empire: ['sylv'] },
    });
    expect(out.dislodged[0]).not.toHaveProperty('attackerFrom');
    expect(JSON.stringify(out)).not.toMatch(/A immortality|"attackerFrom":"immortality"/i);
    const retreat = adjudicateCase(warhammer, {
      phase: { season: 'fall', year: 2500, type: 'retreat' },
      units: out.units,
      dislodged: out.dislodged,
      orders: [{ power: 'Empire', text: 'A sylv R ostm' }],
      supplyCenters: out.supplyCenters,
    });
    expect(retreat.units.map((u) => `${u.power} ${u.province}`)).toContain('Empire ostm');
  });
  it('a move that bounces off the Immortality army, and one off the Illusion, name them as players know them', () => {
    const position = positionOf(['Empire: A gfor'], rising.season, rising.owners);
    const adj = adjudicate(warhammer, position, ordersOf(position, { Empire: ['A Gfor - Sylv'] }));
    expect(adj.results.find((r) => r.unit === 'A gfor')!.reason).toBe('bounced with the Immortality army (1 vs 1)');
    expect(adj.events?.map((e) => e.text)).toEqual([
      'The Immortality army marched on Sylvania and failed to take it (Immortality).',
    ]);
    const athe = positionOf(['Bretonnia: A chet', 'Wood Elves: A irra']);
    const bounce = adjudicate(warhammer, athe, ordersOf(athe, { Bretonnia: ['A Chet - Athe'] }));
    expect(bounce.results.find((r) => r.unit === 'A chet')!.reason).toBe(
      'bounced off the Illusion in Athel Loren (1 vs 1)',
    );
  });
});

describe('a battle won by a virtual army names it as results do, never by its label', () => {
  // docs/rules/warhammer.md: the Illusion is labelled `A athe` in declarations and battles (it stands on Athel-Loren),
  // the Immortality army `Immortality`; players read "the Illusion" and "the Immortality army".
  it('the Illusion’s decisive hold won: "Wood Elves (the Illusion) won the decisive battle at Athel Loren"', () => {
    const position = positionOf(['Bretonnia: A chet', 'Bretonnia: A pale', 'Wood Elves: A irra']);
    const orders = ordersOf(position, { Bretonnia: ['A Chet - Athe', 'A Pale S A Chet - Athe'] });
    const adj = adjudicate(warhammer, position, orders, { battles: [{ province: 'athe', winner: 'Wood Elves' }] });
    expect(adj.events?.filter((e) => e.kind === 'battle').map((e) => e.text)).toEqual([
      'Wood Elves (the Illusion) won the decisive battle at Athel Loren',
    ]);
    const { battles } = groupBattles(warhammer, position, orders, [
      { power: 'Wood Elves', unit: 'A athe', kind: 'hold', province: 'athe' },
    ]);
    expect(battles[0]!.sides.find((s) => s.power === 'Wood Elves')).toMatchObject({
      lead: 'A athe',
      leadName: 'the Illusion',
    });
  });
  it('the Immortality army’s decisive move won: "Vampire Counts (the Immortality army) won …"', () => {
    const position = positionOf(['Empire: A gfor'], 'fall', { sylv: 'Empire' });
    const adj = adjudicate(warhammer, position, ordersOf(position, { Empire: ['A Gfor - Sylv'] }), {
      battles: [{ province: 'sylv', winner: 'Vampire Counts' }],
    });
    expect(adj.events?.filter((e) => e.kind === 'battle').map((e) => e.text)).toEqual([
      'Vampire Counts (the Immortality army) won the decisive battle at Sylvania',
    ]);
  });
});

describe('the brief’s `S Immortal Sylv` is understood like `S Immortality - Sylv`', () => {
  const position = positionOf(['Empire: A sylv', 'Vampire Counts: A gfor'], 'fall', { sylv: 'Empire' });
  it.each([
    'A Gfor S Immortal Sylv',
    'A Gfor S Immortal Sylvania',
    'A Gfor S Immortality to Sylv',
    'A Gfor S A Immortality - Sylv',
  ])('%s', (text) => {
    const adj = adjudicate(warhammer, position, ordersOf(position, { 'Vampire Counts': [text] }));
    expect(adj.results.find((r) => r.unit === 'A gfor')).toMatchObject({
      order: 'A gfor S Immortality - sylv',
      result: 'success',
      reason: 'support given',
    });
    expect(adj.dislodged.map(unitText)).toEqual(['Empire: A sylv']);
  });
});

function unitOf(power: string, type: 'A' | 'F', province: string) {
  return { power, type, province, coast: null };
}

describe('what players read about a decisive battle and an ability', () => {
  const c = headToHeadBattles[0]!;
  const position = positionOf(c.units);
  const orders = ordersOf(position, c.orders);
  it('the loser is told it lost the battle, the winner that it won it; never "bounced (1 vs 1)"', () => {
    const adj = adjudicate(warhammer, position, orders, { battles: [{ province: 'reik', winner: 'Empire' }] });
    const reason = (unit: string) => adj.results.find((r) => r.unit === unit)!.reason;
    expect(reason('A altd')).toBe('won the battle at Reikland Forest and moved there, dislodging A reik');
    expect(reason('A reik')).toBe('lost the battle at Reikland Forest; dislodged by A altd from Altdorf');
    expect(adj.results.map((r) => r.reason).join('\n')).not.toMatch(/vs/);
  });
  it('the same in a battle a third army won: the head-to-head armies lost it', () => {
    const t = headToHeadBattles.find((b) => b.declarations.some((d) => d.power === 'Wood Elves'))!;
    const p = positionOf(t.units);
    const adj = adjudicate(warhammer, p, ordersOf(p, t.orders), {
      battles: [{ province: 'reik', winner: 'Wood Elves' }],
    });
    const reason = (unit: string) => adj.results.find((r) => r.unit === unit)!.reason;
    expect(reason('A grey')).toBe('won the battle at Reikland Forest and moved there, dislodging A reik');
    expect(reason('A altd')).toBe('lost the battle at Reikland Forest');
    expect(reason('A reik')).toBe('lost the battle at Reikland Forest; dislodged by A grey from Grey Mountains');
  });
  it('an ability that changed a result is named in the reason (Sea Raiders, the Illusion, Strong Capitals)', () => {
    const raid = positionOf(['Norse: F scha', 'Chaos: A grae']);
    const raided = adjudicate(warhammer, raid, ordersOf(raid, { Norse: ['F Scha - Grae'] }));
    expect(raided.results.find((r) => r.unit === 'F scha')!.reason).toBe(
      'moved to Graelings, dislodging A grae (attack 2: a Norse fleet assaults a coast with strength 2 (Norse Sea Raiders))',
    );
    const held = positionOf(['Wood Elves: A athe', 'Bretonnia: A chet', 'Bretonnia: A pale']);
    const illusion = adjudicate(
      warhammer,
      held,
      ordersOf(held, { 'Wood Elves': ['A Athe H'], Bretonnia: ['A Chet - Athe', 'A Pale S A Chet - Athe'] }),
    );
    expect(illusion.results.find((r) => r.unit === 'A chet')!.reason).toBe(
      'bounced off A athe in Athel Loren (2 vs 2: the Illusion supports the Wood Elf unit holding on Athel-Loren: +1 (Wood Elves’ Illusion))',
    );
    const strong = warhammer.configure!({ strongCapitals: 'on' });
    const kisl = positionOf(['Kislev: A kisl', 'Empire: A ostl', 'Empire: A ostm']);
    const capital = adjudicate(strong, kisl, ordersOf(kisl, { Empire: ['A Ostl - Kisl', 'A Ostm S A Ostl - Kisl'] }));
    expect(capital.results.find((r) => r.unit === 'A ostl')!.reason).toBe(
      'bounced off A kisl in Kislev (2 vs 2: a unit holding on a capital holds with one more (Strong Capitals))',
    );
  });
  it('every unit of the case keeps its result line (no result is lost to the re-adjudication)', () => {
    const adj = adjudicate(warhammer, position, orders, { battles: [{ province: 'reik', winner: 'Bretonnia' }] });
    expect(adj.results.map((r) => r.unit).sort()).toEqual(
      position.units.map((u) => unitText(u).split(': ')[1]!).sort(),
    );
  });
});

describe('a decisive battle told once and truthfully, whatever the order of the unit that fought it', () => {
  for (const c of battleTexts) {
    it(c.name, () => {
      const position = positionOf(c.units);
      const adj = adjudicate(warhammer, position, ordersOf(position, c.orders), { battles: c.battles });
      const got = Object.fromEntries(
        Object.keys(c.reasons).map((unit) => [unit, adj.results.find((r) => r.unit === unit)?.reason]),
      );
      expect(got).toEqual(c.reasons);
    });
  }
});

/** Positions of a second independent audit (157 positions) whose result texts were false or misleading. */
describe('second audit: what players read about builds and destroyed units', () => {
  const texts = async (c: object) => {
    const r = await adjudicateCommand([], JSON.stringify(c));
    expect(r.code, r.stderr).toBe(0);
    return (JSON.parse(r.stdout) as { results: { power: string; unit: string; result: string; reason: string }[] })
      .results;
  };

  it('w40: a build in the capital of a nation that did not begin larger names Adjustments 1, never "not a home centre that it owns"', async () => {
    // Seed, Adjustments 1: "You may perform builds in the capital city of a nation which began the game with more units."
    const results = await texts({
      variant: 'warhammer',
      phase: { season: 'winter', year: 2500, type: 'adjustment' },
      units: [
        { power: 'Skaven', type: 'A', province: 'skav' },
        { power: 'Empire', type: 'A', province: 'nuln' },
        { power: 'Kislev', type: 'A', province: 'praa' },
      ],
      supplyCenters: { Skaven: ['skav', 'midd', 'altd'], Empire: ['nuln', 'eyec', 'kisl'], Kislev: ['praa', 'cour'] },
      orders: [
        { power: 'Skaven', text: 'Build A midd' },
        { power: 'Skaven', text: 'Build A altd' },
        { power: 'Empire', text: 'Build A eyec' },
        { power: 'Empire', text: 'Build A kisl' },
        { power: 'Kislev', text: 'Build A cour' },
      ],
    });
    const of = (power: string, unit: string) => results.find((r) => r.power === power && r.unit === unit)!;
    expect(of('Skaven', 'A midd').result).toBe('success');
    expect(of('Empire', 'A eyec').result).toBe('success');
    expect(of('Empire', 'A kisl').reason).toBe(
      "Kislev is the capital of Kislev, which began the game with 2 units, not more than Empire's 3: you build in your own home centres and in the capitals of nations that began the game with more units (Adjustments 1)",
    );
    expect(of('Kislev', 'A cour').reason).toMatch(
      /^Couronne is the capital of Bretonnia, which began the game with 2 units, not more than Kislev's 2: /,
    );
    expect(of('Skaven', 'A altd').reason).toBe(
      'Altdorf is neither a home centre of Skaven nor the capital of a nation that began the game with more units (Adjustments 1)',
    );
    expect(results.map((r) => r.reason).join('\n')).not.toMatch(/that it owns/);
  });

  it('w67: a unit destroyed in a cataclysmic battle is told it is destroyed, never that it may retreat', async () => {
    // Seed, Cataclysmic Battles: "your diplomacy unit has been destroyed. Remove it from the map."
    const r = await adjudicateCommand(
      [],
      JSON.stringify({
        variant: 'warhammer',
        phase: { season: 'spring', year: 2500, type: 'movement' },
        units: [
          { power: 'Empire', type: 'A', province: 'nuln' },
          { power: 'Empire', type: 'A', province: 'altd' },
          { power: 'Bretonnia', type: 'A', province: 'wast' },
          { power: 'Bretonnia', type: 'A', province: 'reik' },
        ],
        orders: [
          { power: 'Empire', text: 'A altd S A nuln - reik' },
          { power: 'Empire', text: 'A nuln - reik' },
          { power: 'Bretonnia', text: 'A wast - altd' },
          { power: 'Bretonnia', text: 'A reik S A wast - altd' },
        ],
        options: { cataclysmicBattles: 'on' },
        battles: [{ province: 'altd', winner: 'Bretonnia', destroyed: true }],
      }),
    );
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as {
      results: { unit: string; result: string; reason: string }[];
      dislodged: unknown[];
    };
    const altd = out.results.find((x) => x.unit === 'A altd')!;
    expect(altd.result).toBe('failure');
    expect(altd.reason).toMatch(/; destroyed by A wast from The Wasteland \(removed from the game: no retreat\)$/);
    expect(altd.reason).not.toMatch(/dislodged/);
    expect(out.dislodged).toEqual([]);
  });
});

/** Third audit: the CLI's output for a case, as the table's `expect` reads it. */
async function cliOutcome(c: CliCase): Promise<CliCase['expect']> {
  const r = await adjudicateCommand([], JSON.stringify(c.input));
  expect(r.code, r.stderr).toBe(0);
  const out = JSON.parse(r.stdout) as {
    units: { power: string; type: string; province: string }[];
    results: { unit: string; result: string; reason: string }[];
    variantState?: { hillArmies?: string[] };
  };
  const got: CliCase['expect'] = {};
  if (c.expect.units) got.units = out.units.map((u) => `${u.power}: ${u.type} ${u.province}`).sort();
  if (c.expect.results) {
    const lines = out.results.filter((x) => x.result !== 'void');
    got.results = Object.fromEntries(lines.map((x) => [x.unit, `${x.result}: ${x.reason}`]));
  }
  if (c.expect.hillArmies) got.hillArmies = out.variantState?.hillArmies;
  return got;
}

describe('third audit, Orcs in the Hills: "does not require a support center to maintain"; followed by the order carried out', () => {
  for (const c of hillArmyCases) it(c.name, async () => expect(await cliOutcome(c)).toEqual(c.expect));

  it('a disband of the hill army is not offered, and /order refuses it with the rule', async () => {
    const { legalOrders } = await import('../../../src/engine/options.js');
    const { orderProblem } = await import('../../../src/engine/index.js');
    const variant = warhammer.configure!({ orcsInTheHills: 'pale' });
    const input = hillArmyCases[0]!.input as {
      units: Position['units'];
      supplyCenters: Position['supplyCenters'];
      variantState: Record<string, unknown>;
    };
    const position: Position = {
      phase: { season: 'winter', year: 2500, type: 'adjustment' },
      units: input.units,
      dislodged: [],
      contested: [],
      supplyCenters: input.supplyCenters,
      variantState: input.variantState,
    };
    const offered = legalOrders(variant, position, 'Orcs & Goblins').map((o) => o.unit.province);
    expect(offered.sort()).toEqual(['bhor', 'dark', 'kare']);
    const disband = {
      power: 'Orcs & Goblins',
      order: { kind: 'disband' as const, unit: { type: 'A' as const, province: 'pale', coast: null } },
    };
    expect(orderProblem(variant, position, disband)).toMatch(/^the hill army in Pale Sisters needs no supply centre/);
  });
});

describe('third audit: input the rules cannot produce is refused with one line naming it (exit 2)', () => {
  for (const c of refusedInputs) {
    it(c.name, async () => {
      const r = await adjudicateCommand([], JSON.stringify(c.input));
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim()).toBe(c.message);
    });
  }
  it('the same state is accepted where the rules produce it (a hill army with the option; an absent power’s starting unit; followers in gm mode)', async () => {
    for (const input of [
      {
        variant: 'warhammer',
        phase: { season: 'spring', year: 2500, type: 'movement' },
        units: [],
        options: { orcsInTheHills: 'both' },
        variantState: { hillArmies: ['chet', 'pale'] },
      },
      {
        variant: 'warhammer',
        phase: { season: 'spring', year: 2500, type: 'movement' },
        units: [{ power: 'Chaos', type: 'A', province: 'eyec' }],
        variantState: { absent: ['Chaos'] },
      },
      {
        variant: 'warhammer',
        phase: { season: 'spring', year: 2500, type: 'movement' },
        units: [],
        variantState: { followers: { Kislev: { role: 'sepoy', master: 'Empire', wins: 0 } } },
      },
    ]) {
      const r = await adjudicateCommand([], JSON.stringify(input));
      expect(r.code, r.stderr).toBe(0);
    }
  });
});

describe('third audit, Cataclysmic Battles: the loser is removed from the map before the moves are recalculated', () => {
  battleCaseTests(cataclysmCases, warhammer.configure!({ cataclysmicBattles: 'on' }));
});

describe('third audit: what a destroyed or bounced-back unit reads', () => {
  for (const c of cataclysmTexts) {
    it(c.name, () => {
      const variant = c.options ? warhammer.configure!(c.options) : warhammer;
      const position = positionOf(c.units);
      const adj = adjudicate(variant, position, ordersOf(position, c.orders), { battles: c.battles });
      const got = Object.fromEntries(
        Object.keys(c.reasons).map((unit) => [unit, adj.results.find((r) => r.unit === unit)?.reason]),
      );
      expect(got).toEqual(c.reasons);
    });
  }
});

describe('third audit, Skaven Underways: a non-Skaven unit’s order along an Underway names the rule, never "not next to"', () => {
  for (const c of underwayTexts) it(c.name, async () => expect(await cliOutcome(c)).toEqual(c.expect));
});

describe('third audit, Immortality: a Sepoy whose capital the Immortality army retakes is a power on the board again', () => {
  // Seed: "a virtual Vampire Count army moves to Sylvania This represents the Vampire Counts retaking their
  // ancesteral lands"; "Conquered players may still play on as either a Sepoy or a Mercenary."
  const position: Position = {
    ...positionOf(['Empire: A nuln'], 'fall', { sylv: 'Empire' }),
    variantState: { followers: { 'Vampire Counts': { role: 'sepoy', master: 'Empire', wins: 1 } } },
  };
  const after = adjudicate(warhammer, position, []).position;
  it('its follower record ends when the army rises', () => {
    expect(after.units.map(unitText)).toContain('Vampire Counts: A sylv');
    expect(readWarhammerState(after).followers).toEqual({});
  });
  it('it declares its own battles, and its master no longer commands it', () => {
    expect(battleCommanders(after, 'Vampire Counts')).toEqual(['Vampire Counts']);
    expect(battleCommanders(after, 'Empire')).toEqual(['Empire']);
  });
  it('it is ranked by its centres, not as a Sepoy', () => {
    const ranking = finalRanking(after, ['Empire', 'Vampire Counts']);
    expect(ranking.find((r) => r.power === 'Vampire Counts')).toMatchObject({ role: 'power', centers: 1 });
  });
});
