/**
 * Ballots for the units the players' vote moves (Mandate of Heaven rule 3; docs/ai.md "What the variants ask beyond
 * orders"): in winter, a computer player votes for a neutral's build where the new unit would stand in another
 * power's way, never in its own, and its ballots are counted, none refused; and `ai orders` answers every voter
 * when only a neutral has something to decide.
 */
import { describe, expect, it } from 'vitest';
import { aiOrders, toTexts } from '../../src/ai/index.js';
import { aiCommand } from '../../src/cli/commands/ai.js';
import { adjudicate } from '../../src/engine/index.js';
import type { Position } from '../../src/engine/types.js';
import { getVariant } from '../../src/variants/index.js';

const moh = getVariant('mandate-of-heaven')!;
const start = moh.startingPosition();
const players = moh.powers.filter((p) => !p.neutral && !p.homeless).map((p) => p.name);

/** Winter of year 1: Song holds Chenliu (Chu's, left empty) beside its own centre, so Song may build one unit. */
const winter: Position = {
  ...start,
  phase: { season: 'winter', year: 1, type: 'adjustment' },
  units: start.units.filter((u) => u.province !== 'che'),
  supplyCenters: Object.fromEntries(
    Object.entries(start.supplyCenters).map(([power, list]) => [
      power,
      power === 'Song' ? [...list, 'che'] : list.filter((c) => c !== 'che'),
    ]),
  ),
};

describe('winter ballots for a neutral', () => {
  it('a build is voted where it stands in a rival’s way, never beside the voter, and every ballot counts', () => {
    const texts = (power: string) =>
      toTexts(moh, aiOrders({ variant: moh, position: winter, power, players, seed: 'w' })).map((o) => o.text);
    // Chu's armies stand beside Chenliu: a Song army there would be in Chu's way, so Chu does not vote for it.
    expect(texts('Chu')).not.toContain('A che B');
    // Yan is far away, and Chu and Wei are next to Chenliu: Yan votes for the build.
    expect(texts('Yan')).toContain('A che B');
    const ballots = players.flatMap((power) => aiOrders({ variant: moh, position: winter, power, players, seed: 'w' }));
    const adj = adjudicate(moh, winter, ballots, { players });
    expect(adj.results.filter((r) => r.result === 'illegal' || r.result === 'void')).toEqual([]);
    expect(adj.uncountedBallots ?? []).toEqual([]);
  });

  it('ai orders answers every voter when only a neutral builds', async () => {
    const c = {
      variant: 'mandate-of-heaven',
      phase: winter.phase,
      units: winter.units,
      supplyCenters: winter.supplyCenters,
      variantState: winter.variantState,
      players: ['Qin'],
    };
    const r = await aiCommand(['orders', '--seed', '3'], JSON.stringify(c));
    expect(r.code, r.stderr).toBe(0);
    const answered = new Set((JSON.parse(r.stdout).orders as { power: string }[]).map((o) => o.power));
    // Qin is seated (a person answers for it); the others are answered, at least those who vote for the build.
    expect(answered.has('Qin')).toBe(false);
    expect(answered.size).toBeGreaterThan(0);
  });
});
