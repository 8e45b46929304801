/**
 * The 165 DATC positions (odd ones on purpose: fleets on split coasts, convoy chains, retreats, builds): the
 * computer players' orders for every power with something to decide are accepted by `adjudicate` as they are.
 */
import { describe, expect, it } from 'vitest';
import datc from '../fixtures/datc.json' with { type: 'json' };
import { aiCommand } from '../../src/cli/commands/ai.js';
import { adjudicateCommand } from '../../src/cli/commands/adjudicate.js';

describe('ai orders on the DATC positions', () => {
  it('never gives an order adjudicate marks illegal', async () => {
    // One call for every case (an array in, an array out), with a small search budget.
    const cases = (datc as { id: string }[]).map((c) => ({ ...c, budget: 20 }));
    const ai = await aiCommand(['orders', '--seed', 'datc'], JSON.stringify(cases));
    expect(ai.code, ai.stderr).toBe(0);
    const answers = JSON.parse(ai.stdout) as { id: string; orders: { power: string; text: string }[] }[];
    expect(answers.map((a) => a.id)).toEqual(cases.map((c) => c.id));
    const judged = await adjudicateCommand(
      [],
      JSON.stringify(cases.map((c, i) => ({ ...c, orders: answers[i]!.orders }))),
    );
    expect(judged.code, judged.stderr).toBe(0);
    const illegal = (JSON.parse(judged.stdout) as { id: string; results: { result: string }[] }[]).flatMap((r) =>
      r.results.filter((x) => x.result === 'illegal').map((x) => ({ id: r.id, ...x })),
    );
    expect(illegal).toEqual([]);
  });
});
