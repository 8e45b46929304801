import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adjudicateCase, type AdjudicateCase } from '../../../src/cli/commands/adjudicate.js';
import { getVariant } from '../../../src/variants/index.js';
import { battleReports, groupBattles, rollBattle, warhammer } from '../../../src/variants/warhammer/index.js';
import { parseOrder } from '../../../src/engine/parse/index.js';
import type { Order } from '../../../src/engine/types.js';
import { exampleTurnCase } from './example-turn.js';

const unit = (power: string, type: 'A' | 'F', province: string) => ({ power, type, province, coast: null });
/** The seed's Example Turn as a CLI case (the shared fixture), with `extra` fields. */
const exampleTurn = (extra: Partial<AdjudicateCase> = {}): AdjudicateCase => ({
  ...(exampleTurnCase as AdjudicateCase),
  units: exampleTurnCase.units.map((u) => unit(u.power, u.type as 'A' | 'F', u.province)),
  ...extra,
});

describe('Decisive battles: the declarations the provisional result allows (CLI `decisive`)', () => {
  it('Example Turn: Bretonnia may fight for Altdorf, the Empire for Reikland Forest and at Middenheim', () => {
    // Seed: "Brettonia wants Altdorf and declares a decisive battle versus Altdorf … The Empire doesn't want to lose
    // Middenhiem so declares a decisive battle at Middenhiem."
    const out = adjudicateCase(warhammer, exampleTurn());
    expect(out.decisive).toEqual([
      { power: 'Bretonnia', unit: 'A wast', kind: 'move', province: 'altd' },
      { power: 'Empire', unit: 'A nuln', kind: 'move', province: 'reik' },
      { power: 'Empire', unit: 'F midd', kind: 'hold', province: 'midd' },
    ]);
    // The provisional result itself is the plain adjudication.
    expect(out.dislodged.map((d) => d.province)).toEqual(['midd']);
  });

  it('gm is the default and dice gives the same declarations; off gives none', () => {
    const gm = adjudicateCase(warhammer, exampleTurn({ options: { decisiveBattles: 'gm' } })).decisive;
    expect(adjudicateCase(warhammer, exampleTurn()).decisive).toEqual(gm);
    expect(adjudicateCase(warhammer, exampleTurn({ options: { decisiveBattles: 'dice' } })).decisive).toEqual(gm);
    expect(adjudicateCase(warhammer, exampleTurn({ options: { decisiveBattles: 'off' } })).decisive).toBeUndefined();
  });

  it("a move bounced only by one's own unit allows no decisive move", () => {
    const out = adjudicateCase(warhammer, {
      phase: { season: 'spring', year: 2500, type: 'movement' },
      units: [unit('Empire', 'A', 'nuln'), unit('Empire', 'A', 'altd')],
      orders: [{ power: 'Empire', text: 'A Nuln - Altd' }],
    });
    expect(out.decisive).toBeUndefined();
  });

  it('bad options and battle outcomes are refused with a clear message', () => {
    expect(() => adjudicateCase(warhammer, exampleTurn({ options: { decisiveBattles: 'maybe' } }))).toThrow(
      '"maybe" is not one of gm, dice, off',
    );
    expect(() => adjudicateCase(warhammer, exampleTurn({ options: { openOceans: 'on' } }))).toThrow(
      'has no option "openOceans"',
    );
    expect(() => adjudicateCase(warhammer, exampleTurn({ battles: [{ province: 'altd', winner: 'Kislev' }] }))).toThrow(
      'battles: Kislev does not fight in the battle at altd',
    );
    expect(() =>
      adjudicateCase(
        warhammer,
        exampleTurn({ options: { decisiveBattles: 'off' }, battles: [{ province: 'altd', winner: 'Bretonnia' }] }),
      ),
    ).toThrow('decisive battles are off');
    expect(() =>
      adjudicateCase(getVariant('classic')!, { ...exampleTurn(), units: [], orders: [], battles: [] }),
    ).toThrow('classic has no decisive battles');
  });
});

describe('Example Turn through the CLI in every mode', () => {
  // Seed: "If Brettonia is victor, Altdorf is dislodged. If Empire is victor, Brettonia army in the Wastelands bounces."
  it('gm: the game master reports Bretonnia at Altdorf and the Empire at Middenheim', () => {
    const out = adjudicateCase(
      warhammer,
      exampleTurn({
        options: { decisiveBattles: 'gm' },
        battles: [
          { province: 'altd', winner: 'Bretonnia' },
          { province: 'midd', winner: 'Empire' },
        ],
      }),
    );
    expect(out.decisive).toBeUndefined();
    expect(out.dislodged.map((d) => `${d.power} ${d.type} ${d.province} from ${d.attackerFrom}`)).toEqual([
      'Empire A altd from wast',
    ]);
    expect(out.units.find((u) => u.province === 'midd')).toMatchObject({ power: 'Empire', type: 'F' });
    expect(out.results.find((r) => r.unit === 'F claw')).toMatchObject({ result: 'failure' });
    expect(out.events?.map((e) => e.text)).toEqual([
      'Bretonnia (A wast) won the decisive battle at Altdorf',
      'Empire (F midd) won the decisive battle at Middenheim',
    ]);
  });

  it('dice: a fixed seed rolls each battle and the CLI adjudicates the rolled winners', () => {
    const position = {
      phase: exampleTurn().phase,
      units: exampleTurn().units.map((u) => ({ ...u, coast: null })),
      dislodged: [],
      contested: [],
      supplyCenters: warhammer.startingPosition().supplyCenters,
    };
    const c = exampleTurn();
    const orders = c.orders.map((o) => ({
      power: o.power,
      order: (parseOrder(warhammer, o.text, { position }) as { ok: true; order: Order }).order,
    }));
    const { battles } = groupBattles(warhammer, position, orders, [
      { power: 'Bretonnia', unit: 'A wast', kind: 'move', province: 'altd' },
      { power: 'Empire', unit: 'F midd', kind: 'hold', province: 'midd' },
    ]);
    const rolls = battles.map((b) => rollBattle(b, 'example-turn'));
    expect(rolls.map((r) => `${r.battle}: ${r.roll}/${r.total} ${r.winner.power}`)).toEqual([
      'altd: 419/3000 Empire',
      'midd: 247/3375 Kislev',
    ]);
    const out = adjudicateCase(
      warhammer,
      exampleTurn({
        options: { decisiveBattles: 'dice' },
        battles: rolls.flatMap((r, i) => battleReports(battles[i]!, r.winner.lead)),
      }),
    );
    expect(out.dislodged.map((d) => `${d.power} ${d.type} ${d.province}`).sort()).toEqual(['Empire F midd']);
    expect(out.units.find((u) => u.province === 'altd')).toMatchObject({ power: 'Empire' });
  });

  it('off: no decisive list, and the plain result stands', () => {
    const out = adjudicateCase(warhammer, exampleTurn({ options: { decisiveBattles: 'off' } }));
    expect(out.decisive).toBeUndefined();
    expect(out.dislodged.map((d) => d.province)).toEqual(['midd']);
  });
});

describe('the seed file is not read at run time', () => {
  it("nothing under src/variants/warhammer names the briefs' folder beside the repository", () => {
    for (const f of ['index.ts', 'rules.ts', 'features.ts'])
      expect(readFileSync(new URL(`../../../src/variants/warhammer/${f}`, import.meta.url), 'utf8')).not.toContain(
        'shared',
      );
  });
});
