/** `adjudicate --variant mandate-of-heaven` (CLI contract, variant extensions): state carried between cases, bad state refused. */
import { describe, expect, it } from 'vitest';
import { adjudicateCommand } from '../../../src/cli/commands/adjudicate.js';
import { mandateOfHeaven } from '../../../src/variants/mandate-of-heaven/index.js';

const run = async (input: unknown) => adjudicateCommand(['--variant', 'mandate-of-heaven'], JSON.stringify(input));

describe('CLI adjudicate, Mandate of Heaven', () => {
  it('plays placement → Spring 1 with the state printed and fed back, and names no voter', async () => {
    const start = mandateOfHeaven.startingPosition();
    const placement = await run({ phase: start.phase, units: start.units, supplyCenters: start.supplyCenters, orders: [] });
    expect(placement.code).toBe(0);
    const p = JSON.parse(placement.stdout);
    expect(p.events.map((e: { kind: string }) => e.kind)).toEqual(['default-placement']);
    expect(p.variantState).toEqual({ hsiungNu: { regime: 'nomad', allowance: 3, eliminated: false }, activated: [] });
    expect(p.nextPhase).toEqual({ season: 'spring', year: 1, type: 'movement' });

    const voters = ['Qin', 'Chu', 'Qi', 'Yan', 'Zhao'];
    const spring = await run({
      phase: p.nextPhase,
      units: p.units,
      supplyCenters: p.supplyCenters,
      variantState: p.variantState,
      players: [...voters, 'Wei', 'Han', 'Hsiung-Nu'],
      orders: voters.map((power) => ({ power, text: 'A son - tan' })),
    });
    const s = JSON.parse(spring.stdout);
    expect(s.results.filter((r: { unit: string }) => r.unit === 'A son')).toEqual([
      { power: 'Song', unit: 'A son', order: 'A son - tan', result: 'success', reason: "adopted by the players' vote: moved to Tang", vote: 'adopted' },
    ]);
    expect(s.variantState).toBeDefined();
    expect(s.events).toBeUndefined();
  });

  it('a malformed variantState is bad input: exit 2 naming the field', async () => {
    const start = mandateOfHeaven.startingPosition();
    const r = await run({ phase: start.phase, units: start.units, variantState: { hsiungNu: { allowance: 'lots' } } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/variantState is invalid: hsiungNu\.allowance/);
  });

  it('Classic output carries no variant fields', async () => {
    const r = await adjudicateCommand([], JSON.stringify({ phase: { season: 'spring', year: 1901, type: 'movement' }, units: [{ power: 'France', type: 'A', province: 'par' }], orders: [] }));
    const out = JSON.parse(r.stdout);
    expect(out).not.toHaveProperty('variantState');
    expect(out).not.toHaveProperty('events');
  });
});
