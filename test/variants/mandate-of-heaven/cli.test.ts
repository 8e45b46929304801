/** `adjudicate --variant mandate-of-heaven` (CLI contract, variant extensions): state carried between cases, bad state refused. */
import { describe, expect, it } from 'vitest';
import { adjudicateCommand } from '../../../src/cli/commands/adjudicate.js';
import { mandateOfHeaven } from '../../../src/variants/mandate-of-heaven/index.js';

const run = async (input: unknown) => adjudicateCommand(['--variant', 'mandate-of-heaven'], JSON.stringify(input));

describe('CLI adjudicate, Mandate of Heaven', () => {
  it('plays placement → Spring 1 with the state printed and fed back, and names no voter', async () => {
    const start = mandateOfHeaven.startingPosition();
    const placement = await run({
      phase: start.phase,
      units: start.units,
      supplyCenters: start.supplyCenters,
      orders: [],
    });
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
      {
        power: 'Song',
        unit: 'A son',
        order: 'A son - tan',
        result: 'success',
        reason: "adopted by the players' vote: moved to Tang",
        vote: 'adopted',
      },
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

  // Rule 3: "If a neutral power grows from one to three SCs, it will be 'activated', and a new player will be called
  // in to play it." Until then nobody is seated on it, so `players` (the powers with a seated player) cannot name it.
  const SEATS: { name: string; variantState?: Record<string, unknown>; players: string[]; refused: RegExp | null }[] = [
    {
      name: 'players naming a neutral that is not activated is refused in one line naming it (exit 2)',
      players: ['Qin', 'Song'],
      refused:
        /^case #1: players\[1\]: Song is a neutral power: the players' vote moves it until it grows to 3 supply centres and is activated \(Mandate of Heaven rule 3\)\n$/,
    },
    {
      name: 'players naming an activated neutral is read',
      variantState: { activated: ['Song'] },
      players: ['Qin', 'Song'],
      refused: null,
    },
  ];
  for (const t of SEATS) {
    it(t.name, async () => {
      const r = await run({
        phase: { season: 'spring', year: 1, type: 'movement' },
        units: [],
        players: t.players,
        ...(t.variantState ? { variantState: t.variantState } : {}),
      });
      if (t.refused) {
        expect(r.code).toBe(2);
        expect(r.stdout).toBe('');
        expect(r.stderr).toMatch(t.refused);
      } else expect(r.code, r.stderr).toBe(0);
    });
  }

  it('Classic output carries no variant fields', async () => {
    const r = await adjudicateCommand(
      [],
      JSON.stringify({
        phase: { season: 'spring', year: 1901, type: 'movement' },
        units: [{ power: 'France', type: 'A', province: 'par' }],
        orders: [],
      }),
    );
    const out = JSON.parse(r.stdout);
    expect(out).not.toHaveProperty('variantState');
    expect(out).not.toHaveProperty('events');
  });
});
