/**
 * Property: for random positions of every variant, the computer player's orders for every power with something to
 * decide, given as texts through the CLI (`ai orders`), are accepted by `adjudicate` as they are: no `illegal` result,
 * ever, and the set is complete (an order for every unit, every dislodged unit, every build or disband the phase
 * allows, WAIVE only where no free site is left). `AI_LEGALITY_RUNS` sets the positions per variant (default 4).
 */
import { describe, expect, it } from 'vitest';
import { aiCommand } from '../../src/cli/commands/ai.js';
import { adjudicateCommand } from '../../src/cli/commands/adjudicate.js';
import { dumbBot } from '../../src/ai/index.js';
import { adjudicate, adjustmentDelta, buildableCenters, powersToAct } from '../../src/engine/index.js';
import { readOrder } from '../../src/engine/parse/index.js';
import type { Order } from '../../src/engine/types.js';
import { campaign, randomPosition, testVariants, type TestPosition } from './positions.js';

const RUNS = Number(process.env.AI_LEGALITY_RUNS ?? 4);
/** A small search budget: legality must not depend on how long the search runs. */
const BUDGET = 60;

function caseOf(t: TestPosition) {
  const { position, variant } = t;
  return {
    id: t.label,
    variant: variant.id,
    ...(variant.options ? { options: variant.options } : {}),
    phase: position.phase,
    units: position.units,
    dislodged: position.dislodged,
    contested: position.contested,
    supplyCenters: position.supplyCenters,
    ...(position.variantState ? { variantState: position.variantState } : {}),
  };
}

async function check(t: TestPosition, seats: 'all' | 'players'): Promise<void> {
  const { variant, position } = t;
  const voted = new Set(variant.rules.votedPowers?.({ map: variant.map, position, players: t.players }) ?? []);
  const powers = powersToAct(variant, position).filter((p) => !voted.has(p) && t.players.includes(p));
  if (powers.length === 0) return;
  const c = { ...caseOf(t), players: t.players, powers, seed: t.label, budget: BUDGET };
  const ai = await aiCommand(['orders'], JSON.stringify(seats === 'all' ? c : { ...c, powers: powers.slice(0, 2) }));
  expect(ai.code, ai.stderr).toBe(0);
  const answer = JSON.parse(ai.stdout) as { phase: unknown; orders: { power: string; text: string }[] };
  expect(answer.phase).toEqual(position.phase);
  const asked = seats === 'all' ? powers : powers.slice(0, 2);
  // Complete: what each power must decide is decided, and nothing else of its own is ordered.
  for (const power of asked) {
    const texts = answer.orders.filter((o) => o.power === power).map((o) => o.text);
    const orders = texts.map((text) => {
      const read = readOrder(variant, text, { position });
      expect(read.ok, `${t.label}: ${power} "${text}" does not parse`).toBe(true);
      return (read as { order: Order }).order;
    });
    const ownOf = (o: Order) =>
      o.kind !== 'waive' &&
      [...position.units, ...position.dislodged].some((u) => u.province === o.unit.province && u.power === power);
    if (position.phase.type === 'movement') {
      const units = position.units
        .filter((u) => u.power === power)
        .map((u) => u.province)
        .sort();
      expect(
        orders
          .filter(ownOf)
          .map((o) => (o as { unit: { province: string } }).unit.province)
          .sort(),
        `${t.label}: ${power}`,
      ).toEqual(units);
    } else if (position.phase.type === 'retreat') {
      const units = position.dislodged
        .filter((u) => u.power === power)
        .map((u) => u.province)
        .sort();
      expect(
        orders
          .filter(ownOf)
          .map((o) => (o as { unit: { province: string } }).unit.province)
          .sort(),
        `${t.label}: ${power}`,
      ).toEqual(units);
    } else {
      const delta = adjustmentDelta(position, power, variant.map, variant.rules);
      const builds = orders.filter((o) => o.kind === 'build').length;
      const waives = orders.filter((o) => o.kind === 'waive').length;
      const disbands = orders.filter((o) => o.kind === 'disband' && ownOf(o)).length;
      if (delta > 0) {
        expect(builds, `${t.label}: ${power} builds`).toBe(
          Math.min(delta, buildableCenters(variant.map, variant.rules, position, power).length),
        );
        expect(builds + waives, `${t.label}: ${power} builds and waives`).toBe(delta);
      } else expect(disbands, `${t.label}: ${power} disbands`).toBe(-delta);
    }
  }
  // Legal: adjudicate accepts every text as given.
  const adj = await adjudicateCommand([], JSON.stringify({ ...caseOf(t), players: t.players, orders: answer.orders }));
  expect(adj.code, adj.stderr).toBe(0);
  const results = JSON.parse(adj.stdout) as {
    results: { power: string; order: string; result: string; reason: string }[];
  };
  const illegal = results.results.filter((r) => r.result === 'illegal');
  expect(illegal, `${t.label}: ${JSON.stringify(answer.orders)}`).toEqual([]);
  // The benchmark's opponents play by the same rules: DumbBot's orders are legal too.
  const dumb = powers.flatMap((power) =>
    dumbBot.orders({ variant, position, power, players: t.players, seed: t.label }),
  );
  const judged = adjudicate(variant, position, dumb, { players: t.players });
  expect(
    judged.results.filter((r) => r.result === 'illegal'),
    `${t.label}: DumbBot`,
  ).toEqual([]);
}

describe('ai orders are complete and legal in random positions', () => {
  for (const variant of testVariants()) {
    for (let run = 0; run < RUNS; run++) {
      const seed = 1000 * run + variant.id.length;
      const phases = (run * 13 + variant.id.length * 3) % 41;
      it(`${variant.id}${campaign(variant)}, seed ${seed}, after ${phases} phases`, async () => {
        await check(randomPosition(variant, seed, phases), run % 3 === 2 ? 'players' : 'all');
      });
    }
  }
});
