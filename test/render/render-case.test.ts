/**
 * `cli render` draws what `adjudicate` decides for the whole case: its `battles`, `options`,
 * `variantState` and `players`, the ballots of a retreat phase (never drawn, never taken for the voter's own order),
 * and `adjudicate`'s own output fed back as `results` (the `vote` of each result kept). On a results map a dislodged
 * unit the adjudicator disbanded is drawn disbanded, with no retreat options.
 */
import { describe, expect, it } from 'vitest';
import { adjudicateCommand } from '../../src/cli/commands/adjudicate.js';
import { renderCaseOf } from '../../src/cli/commands/render.js';
import { parseFlags } from '../../src/cli/io.js';
import { mandateOfHeaven } from '../../src/variants/mandate-of-heaven/index.js';
import { exampleTurnCase } from '../variants/warhammer/example-turn.js';
import { sceneOfRenderCase } from './render-case.js';

const ballots = (powers: string[], text: string) => powers.map((power) => ({ power, text }));
const majority = ['Qin', 'Chu', 'Qi', 'Yan', 'Zhao'];

/** Mandate of Heaven, Spring 369 BC: Qi's army moves into Diqiu and dislodges Wey's, which held for want of a majority. */
const springCase = {
  variant: 'mandate-of-heaven',
  phase: { season: 'spring', year: 1, type: 'movement' },
  orders: [
    ...ballots(majority, 'A lu - cao'),
    { power: 'Qi', text: 'A lin - diq' },
    { power: 'Wei', text: 'A ye S A lin - diq' },
  ],
};

/** The retreat phase after it, as a case: Wey's army dislodged from Diqiu, where Qi's army now stands. */
async function retreatCase(orders: { power: string; text: string }[]) {
  const spring = await renderCaseOf(springCase, parseFlags([], []));
  const p = spring.adjudication!.position;
  expect(p.phase.type).toBe('retreat');
  expect(p.dislodged.map((d) => `${d.power} ${d.type} ${d.province}`)).toEqual(['Wey A diq']);
  expect(p.units.find((u) => u.province === 'diq')).toMatchObject({ power: 'Qi', type: 'A' });
  return {
    variant: 'mandate-of-heaven',
    phase: p.phase,
    units: p.units,
    dislodged: p.dislodged,
    supplyCenters: p.supplyCenters,
    variantState: p.variantState,
    orders,
  };
}

describe('Mandate of Heaven retreats: ballots for a dislodged neutral', () => {
  it('a majority’s retreat is drawn once, as the neutral’s, never as the voter’s own retreat (the voter’s army stands in the province)', async () => {
    const { scene } = await sceneOfRenderCase(await retreatCase(ballots(majority, 'A diq R lu')));
    const retreats = scene.orders.filter((o) => o.kind === 'retreat');
    expect(retreats.map((o) => [o.power, o.order, o.outcome])).toEqual([['Wey', 'A diq R lu', 'success']]);
    // The phase is over: no "may retreat to" arrows; Qi's army stands in Diqiu as it was.
    expect(scene.orders.filter((o) => o.kind === 'retreat-option')).toEqual([]);
    expect(scene.units.find((u) => u.location === 'diq' && !u.dislodged)).toMatchObject({
      power: 'Qi',
      state: 'normal',
    });
  });

  it('one ballot is no majority: the neutral is disbanded, drawn faded with the disbanded symbol, and the ballot is not drawn', async () => {
    const { scene } = await sceneOfRenderCase(await retreatCase([{ power: 'Qi', text: 'A diq R lu' }]));
    expect(scene.orders).toEqual([]);
    const wey = scene.units.find((u) => u.location === 'diq' && u.dislodged)!;
    expect(wey).toMatchObject({ power: 'Wey', state: 'disbanded' });
    expect(scene.symbols.filter((s) => s.kind === 'disbanded').map((s) => s.unit)).toEqual(['diq']);
    expect(scene.legend.keys.map((k) => k.kind)).toContain('disbanded');
    expect(scene.legend.keys.map((k) => k.kind)).not.toContain('retreat-option');
  });

  it('adjudicate’s output fed back as `results` keeps each result’s vote: the adopted orders are drawn', async () => {
    const start = mandateOfHeaven.startingPosition();
    const spring = { ...springCase, units: start.units, supplyCenters: start.supplyCenters };
    for (const c of [spring, await retreatCase(ballots(majority, 'A diq R lu'))]) {
      const judged = await adjudicateCommand([], JSON.stringify(c));
      expect(judged.code, judged.stderr).toBe(0);
      const { results } = JSON.parse(judged.stdout) as { results: { vote?: string }[] };
      expect(results.some((r) => r.vote === 'adopted')).toBe(true);
      const direct = await sceneOfRenderCase(c);
      const fedBack = await sceneOfRenderCase({ ...c, results });
      const adopted = (s: typeof direct.scene) =>
        s.orders.filter((o) => o.power === 'Lu' || o.power === 'Wey').map((o) => [o.kind, o.order, o.outcome]);
      expect(adopted(fedBack.scene)).toEqual(adopted(direct.scene));
      expect(adopted(fedBack.scene).length).toBeGreaterThan(0);
    }
  });
});

describe('the rest of the adjudicate input', () => {
  it('`battles`: the battle’s winner decides who is dislodged on the map', async () => {
    const kept = (await sceneOfRenderCase({ ...exampleTurnCase, battles: [{ province: 'midd', winner: 'Empire' }] }))
      .scene;
    expect(kept.symbols.filter((s) => s.kind === 'dislodged').map((s) => s.unit)).not.toContain('midd');
    expect(kept.orders.find((o) => o.order === 'F claw - midd')).toMatchObject({ failed: true });
    const lost = (await sceneOfRenderCase({ ...exampleTurnCase, battles: [{ province: 'midd', winner: 'Kislev' }] }))
      .scene;
    expect(lost.symbols.filter((s) => s.kind === 'dislodged').map((s) => s.unit)).toContain('midd');
    expect(lost.orders.find((o) => o.order === 'F claw - midd')).toMatchObject({ failed: false, outcome: 'success' });
  });

  it('`options`: a game option that configures the variant is drawn (no virtual army rises in the Greater Empire)', async () => {
    const risen = {
      variant: 'warhammer',
      phase: { season: 'fall', year: 2500, type: 'movement' },
      units: [{ power: 'Empire', type: 'A', province: 'aver' }],
      supplyCenters: { Empire: ['sylv'] },
      orders: [{ power: 'Empire', text: 'A aver H' }],
    };
    expect(
      (await sceneOfRenderCase(risen)).scene.units.filter((u) => u.state === 'virtual').map((u) => u.power),
    ).toEqual(['Vampire Counts']);
    const greater = (await sceneOfRenderCase({ ...risen, options: { greaterEmpire: 'on' } })).scene;
    expect(greater.units.filter((u) => u.state === 'virtual')).toEqual([]);
    expect(greater.orders.filter((o) => o.power === 'Vampire Counts')).toEqual([]);
  });

  it('`variantState` and `players`: an activated, seated neutral orders its own unit; otherwise its own order is void', async () => {
    const own = {
      variant: 'mandate-of-heaven',
      phase: { season: 'spring', year: 1, type: 'movement' },
      orders: [{ power: 'Lu', text: 'A lu - cao' }],
    };
    const lu = async (extra: object) =>
      (await sceneOfRenderCase({ ...own, ...extra })).scene.orders.find((o) => o.order === 'A lu - cao');
    expect(await lu({})).toMatchObject({ power: 'Lu', outcome: 'void', failed: true });
    expect(await lu({ variantState: { activated: ['Lu'] }, players: ['Qin', 'Chu', 'Qi', 'Lu'] })).toMatchObject({
      power: 'Lu',
      outcome: 'success',
      failed: false,
    });
  });
});
