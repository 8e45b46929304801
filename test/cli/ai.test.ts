/**
 * The CLI's `ai` commands in-process, per the contract (docs/cli.md "ai orders and ai declare"): arrays in and
 * out, `powers` and `seed` per case, the default powers, nothing to do gives `orders: []`, the same input and seed
 * give the same answer, bad input exits 2 naming the problem, `ai declare` answers a subset of what was offered.
 */
import { describe, expect, it } from 'vitest';
import { aiCommand } from '../../src/cli/commands/ai.js';
import { adjudicateCommand } from '../../src/cli/commands/adjudicate.js';
import { main } from '../../src/cli/main.js';
import { getVariant } from '../../src/variants/index.js';
import { exampleTurnCase } from '../variants/warhammer/example-turn.js';

const classic = getVariant('classic')!;
const start = classic.startingPosition();
const spring1901 = { id: 'start', phase: start.phase, units: start.units, supplyCenters: start.supplyCenters };
/** A small search budget keeps the tests quick; the contract does not depend on it. */
const BUDGET = 40;

async function ai(sub: 'orders' | 'declare', input: unknown, args: string[] = []) {
  const r = await aiCommand([sub, ...args], typeof input === 'string' ? input : JSON.stringify(input));
  return { ...r, out: r.code === 0 ? JSON.parse(r.stdout) : undefined };
}

describe('ai orders', () => {
  it('answers one case with one object: an order for every unit of the powers asked', async () => {
    const { code, out, stderr } = await ai('orders', { ...spring1901, budget: BUDGET }, [
      '--power',
      'France',
      '--power',
      'Germany',
      '--seed',
      '7',
    ]);
    expect(code, stderr).toBe(0);
    expect(Object.keys(out).sort()).toEqual(['id', 'orders', 'phase']);
    expect(out.id).toBe('start');
    expect(out.phase).toEqual({ season: 'spring', year: 1901, type: 'movement' });
    const units = (power: string) =>
      out.orders
        .filter((o: { power: string }) => o.power === power)
        .map((o: { text: string }) => o.text.split(' ').slice(0, 2).join(' '))
        .sort();
    expect(units('France')).toEqual(['A mar', 'A par', 'F bre']);
    expect(units('Germany')).toEqual(['A ber', 'A mun', 'F kie']);
    expect(out.orders.every((o: { power: string }) => o.power === 'France' || o.power === 'Germany')).toBe(true);
  });

  it('answers an array with an array, in order; each case may carry its own powers and seed', async () => {
    const input = [
      { ...spring1901, id: 'a', powers: ['Italy'], seed: 'x', budget: BUDGET },
      { ...spring1901, id: 'b', powers: ['Turkey', 'Russia'], seed: 3, budget: BUDGET },
      { ...spring1901, id: 'c', budget: BUDGET },
    ];
    const { code, out } = await ai('orders', input, ['--power', 'England']);
    expect(code).toBe(0);
    expect(out.map((o: { id: string }) => o.id)).toEqual(['a', 'b', 'c']);
    expect(new Set(out[0].orders.map((o: { power: string }) => o.power))).toEqual(new Set(['Italy']));
    expect(new Set(out[1].orders.map((o: { power: string }) => o.power))).toEqual(new Set(['Turkey', 'Russia']));
    expect(new Set(out[2].orders.map((o: { power: string }) => o.power))).toEqual(new Set(['England']));
  });

  it('the same input and seed give the same answer; a case seed overrides --seed', async () => {
    const input = { ...spring1901, powers: ['Austria', 'Russia'], budget: BUDGET };
    const a = await ai('orders', input, ['--seed', '42']);
    const b = await ai('orders', input, ['--seed', '42']);
    expect(a.stdout).toBe(b.stdout);
    const c = await ai('orders', { ...input, seed: '42' }, ['--seed', '1']);
    expect(c.stdout).toBe(a.stdout);
  });

  it('by default answers every power with something to decide that is not in players, and ignores the case orders', async () => {
    const { out } = await ai('orders', {
      ...spring1901,
      budget: BUDGET,
      players: ['England', 'France', 'Germany', 'Italy', 'Russia'],
      orders: [{ power: 'Austria', text: 'A vie H' }],
    });
    expect([...new Set(out.orders.map((o: { power: string }) => o.power))].sort()).toEqual(['Austria', 'Turkey']);
    expect(out.orders.filter((o: { power: string }) => o.power === 'Austria')).toHaveLength(3);
  });

  it('nothing to do gives orders: [] (a power without dislodged units in a retreat phase, no builds in winter)', async () => {
    const retreat = {
      id: 'r',
      phase: { season: 'spring', year: 1901, type: 'retreat' },
      units: [{ power: 'Germany', type: 'A', province: 'mun', coast: null }],
      dislodged: [{ power: 'France', type: 'A', province: 'bur', coast: null, attackerFrom: 'mun' }],
      powers: ['Germany'],
    };
    expect((await ai('orders', retreat)).out.orders).toEqual([]);
    const winter = {
      id: 'w',
      phase: { season: 'winter', year: 1901, type: 'adjustment' },
      units: start.units,
      supplyCenters: start.supplyCenters,
      powers: ['England'],
    };
    expect((await ai('orders', winter)).out.orders).toEqual([]);
    const gone = { ...spring1901, powers: ['England'], units: start.units.filter((u) => u.power !== 'England') };
    expect((await ai('orders', gone)).out.orders).toEqual([]);
  });

  it('retreats every dislodged unit (or disbands it) and builds on free sites, WAIVE only for builds no site can take', async () => {
    const retreat = {
      phase: { season: 'spring', year: 1901, type: 'retreat' },
      units: [{ power: 'Germany', type: 'A', province: 'mun', coast: null }],
      dislodged: [{ power: 'France', type: 'A', province: 'bur', coast: null, attackerFrom: 'mun' }],
    };
    const r = await ai('orders', retreat);
    expect(r.out.orders).toHaveLength(1);
    expect(r.out.orders[0].text).toMatch(/^A bur (R [a-z]+|D)$/);
    // France owns 5 centres with 1 unit in Paris: 4 builds, 2 free home centres -> 2 builds and 2 WAIVE.
    const winter = {
      phase: { season: 'winter', year: 1901, type: 'adjustment' },
      units: [{ power: 'France', type: 'A', province: 'par', coast: null }],
      supplyCenters: { France: ['bre', 'mar', 'par', 'spa', 'por'] },
      powers: ['France'],
    };
    const w = await ai('orders', winter);
    const texts = w.out.orders.map((o: { text: string }) => o.text);
    expect(
      texts
        .filter((t: string) => t.endsWith(' B'))
        .map((t: string) => t.split(' ')[1]!.split('/')[0])
        .sort(),
    ).toEqual(['bre', 'mar']);
    expect(texts.filter((t: string) => t === 'WAIVE')).toHaveLength(2);
    const adj = await adjudicateCommand([], JSON.stringify({ ...winter, orders: w.out.orders }));
    expect(JSON.parse(adj.stdout).results.every((x: { result: string }) => x.result === 'success')).toBe(true);
  });

  it('Mandate of Heaven: the placement, and ballots for the neutral units', async () => {
    const moh = getVariant('mandate-of-heaven')!;
    const p = moh.startingPosition();
    const placement = await ai('orders', {
      variant: 'mandate-of-heaven',
      phase: p.phase,
      units: p.units,
      supplyCenters: p.supplyCenters,
    });
    const nomads = moh.powers.find((x) => x.homeless)!.name;
    expect(placement.out.orders.map((o: { power: string }) => o.power)).toEqual([nomads, nomads, nomads]);
    expect(placement.out.orders.every((o: { text: string }) => /^A [a-z]+ B$/.test(o.text))).toBe(true);
    const spring = {
      variant: 'mandate-of-heaven',
      phase: { season: 'spring', year: 1, type: 'movement' },
      units: p.units,
      supplyCenters: p.supplyCenters,
      powers: ['Qin'],
      budget: BUDGET,
    };
    const { out } = await ai('orders', spring);
    const neutralUnits = p.units.filter((u) => moh.powers.find((x) => x.name === u.power)!.neutral);
    const ballots = out.orders.filter((o: { text: string }) =>
      neutralUnits.some((u) => o.text.startsWith(`${u.type} ${u.province} `)),
    );
    expect(ballots).toHaveLength(neutralUnits.length);
    expect(out.orders.every((o: { power: string }) => o.power === 'Qin')).toBe(true);
  });

  it('Mandate of Heaven: a computer power answered by default (not in players) casts its ballots too, and they count once it is seated', async () => {
    const moh = getVariant('mandate-of-heaven')!;
    const p = moh.startingPosition();
    const humans = moh.powers.filter((x) => !x.neutral && !x.homeless && x.name !== 'Wei').map((x) => x.name);
    const spring = {
      variant: 'mandate-of-heaven',
      phase: { season: 'spring', year: 1, type: 'movement' },
      units: p.units,
      supplyCenters: p.supplyCenters,
      players: humans,
      budget: BUDGET,
    };
    const { out } = await ai('orders', spring);
    const neutralUnits = p.units.filter((u) => moh.powers.find((x) => x.name === u.power)!.neutral);
    const wei = out.orders.filter((o: { power: string }) => o.power === 'Wei');
    const ballots = wei.filter((o: { text: string }) =>
      neutralUnits.some((u) => o.text.startsWith(`${u.type} ${u.province} `)),
    );
    expect(ballots).toHaveLength(neutralUnits.length);
    // Seated beside the people (as the bot seats a computer player), Wei's ballots are counted: none is void or illegal.
    const adj = await adjudicateCommand([], JSON.stringify({ ...spring, players: [...humans, 'Wei'], orders: wei }));
    const results = JSON.parse(adj.stdout).results.filter((r: { power: string }) => r.power === 'Wei');
    expect(results.filter((r: { result: string }) => r.result === 'illegal' || r.result === 'void')).toEqual([]);
  });

  it('Mandate of Heaven: when only a neutral unit is dislodged, the computer players vote on its retreat', async () => {
    const moh = getVariant('mandate-of-heaven')!;
    const p = moh.startingPosition();
    const spring = {
      variant: 'mandate-of-heaven',
      phase: { season: 'spring', year: 1, type: 'movement' },
      units: p.units,
      supplyCenters: p.supplyCenters,
      orders: [
        { power: 'Qi', text: 'A lin - lu' },
        { power: 'Qi', text: 'A don S A lin - lu' },
      ],
    };
    const moved = JSON.parse((await adjudicateCommand([], JSON.stringify(spring))).stdout);
    expect(moved.dislodged.map((d: { power: string }) => d.power)).toEqual(['Lu']);
    const retreat = {
      variant: 'mandate-of-heaven',
      phase: moved.nextPhase,
      units: moved.units,
      dislodged: moved.dislodged,
      supplyCenters: moved.supplyCenters,
      variantState: moved.variantState,
    };
    // Nobody seated (no `players`): every power in the game is answered (the Hsiung-Nu, not yet placed, are not),
    // and each votes on Lu's retreat.
    const { code, out, stderr } = await ai('orders', retreat, ['--seed', '5']);
    expect(code, stderr).toBe(0);
    const voters = moh.powers
      .filter((x) => !x.neutral && retreat.units.some((u: { power: string }) => u.power === x.name))
      .map((x) => x.name);
    expect(voters).toHaveLength(7);
    expect(out.orders.map((o: { power: string }) => o.power).sort()).toEqual([...voters].sort());
    expect(out.orders.every((o: { text: string }) => o.text.startsWith('A lu '))).toBe(true);
    const adj = JSON.parse((await adjudicateCommand([], JSON.stringify({ ...retreat, orders: out.orders }))).stdout);
    const lu = adj.results.find((r: { power: string }) => r.power === 'Lu');
    expect(lu.vote).toBe('adopted');
    // People seated in some powers: the others (computer seats) still vote, and only they are answered.
    const seated = await ai('orders', { ...retreat, players: ['Qi', 'Qin'] }, ['--seed', '5']);
    expect(seated.out.orders.map((o: { power: string }) => o.power)).not.toContain('Qi');
    expect(seated.out.orders.length).toBe(voters.length - 2);
  });

  it('bad input exits 2 naming the problem', async () => {
    expect((await ai('orders', spring1901, ['--power', 'Atlantis'])).stderr).toMatch(
      /"Atlantis" is not a power of classic/,
    );
    expect((await ai('orders', { ...spring1901, powers: 'France' })).code).toBe(2);
    expect((await ai('orders', { ...spring1901, seed: {} })).stderr).toMatch(/seed/);
    expect((await ai('orders', { ...spring1901, budget: -1 })).stderr).toMatch(/budget/);
    expect((await ai('orders', 'not json')).code).toBe(2);
    expect((await aiCommand(['guess'], '{}')).code).toBe(2);
    expect(
      (await ai('orders', { ...spring1901, units: [{ power: 'France', type: 'F', province: 'par' }] })).stderr,
    ).toMatch(/cannot stand/);
  });

  it('is reachable through the CLI entry point', async () => {
    let stdout = '';
    const code = await main(['ai', 'orders', '--power', 'France', '--budget', '20'], {
      stdin: async () => JSON.stringify(spring1901),
      write: (s) => (stdout += s),
      warn: () => {},
    });
    expect(code).toBe(0);
    expect(JSON.parse(stdout).orders).toHaveLength(3);
  });
});

describe('ai declare', () => {
  it('declares a subset of the offered declarations, at most one per power by default', async () => {
    const adj = await adjudicateCommand([], JSON.stringify(exampleTurnCase));
    const offered = JSON.parse(adj.stdout).decisive as {
      power: string;
      unit: string;
      kind: string;
      province: string;
    }[];
    expect(offered.length).toBeGreaterThan(0);
    const { code, out, stderr } = await ai('declare', { ...exampleTurnCase, decisive: offered });
    expect(code, stderr).toBe(0);
    expect(Object.keys(out).sort()).toEqual(['declarations', 'id']);
    for (const d of out.declarations) expect(offered).toContainEqual(d);
    for (const power of new Set(offered.map((d) => d.power))) {
      expect(out.declarations.filter((d: { power: string }) => d.power === power).length).toBeLessThanOrEqual(1);
    }
    // The Empire is about to lose Middenheim, its capital: it fights for it.
    expect(out.declarations).toContainEqual({ power: 'Empire', unit: 'F midd', kind: 'hold', province: 'midd' });
  });

  it('computes the offered list when the case has none, takes powers, commanders and arrays', async () => {
    const { out } = await ai('declare', [
      { ...exampleTurnCase, powers: ['Empire'], commanders: { Empire: 2 } },
      { ...exampleTurnCase, id: 'b', powers: ['Kislev'] },
    ]);
    expect(out).toHaveLength(2);
    expect(out[0].declarations.length).toBeGreaterThanOrEqual(1);
    expect(out[0].declarations.length).toBeLessThanOrEqual(2);
    expect(out[0].declarations.every((d: { power: string }) => d.power === 'Empire')).toBe(true);
    expect(out[0].declarations).toContainEqual({ power: 'Empire', unit: 'F midd', kind: 'hold', province: 'midd' });
    expect(out[1].declarations).toEqual([]); // Kislev was offered nothing
  });

  it('commanders that are not {power: whole number} exit 2 naming the problem, whoever is asked', async () => {
    for (const [commanders, reason] of [
      [5, /^case [^:]+: commanders: expected \{power: number of declarations\}$/],
      [{ Atlantis: 2 }, /^case [^:]+: commanders: "Atlantis" is not a power of warhammer \(/],
      [{ Kislev: -1 }, /^case [^:]+: commanders\.Kislev: not a whole number$/],
    ] as const) {
      const r = await ai('declare', { ...exampleTurnCase, powers: ['Empire'], commanders });
      expect(r.code, JSON.stringify(commanders)).toBe(2);
      expect(r.stderr.trim()).toMatch(reason);
    }
  });

  it('decisive battles off, or a variant without them: nothing to declare', async () => {
    expect((await ai('declare', { ...exampleTurnCase, options: { decisiveBattles: 'off' } })).out.declarations).toEqual(
      [],
    );
    expect((await ai('declare', { ...spring1901, variant: 'classic' })).out.declarations).toEqual([]);
  });
});
