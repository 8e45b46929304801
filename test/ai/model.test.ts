/**
 * The opponent model of the search (src/ai/model.ts; docs/ai.md "The opponent model"): each other power near us is,
 * in each sample, a look-ahead player about half the time and a DumbBot of either reading otherwise.
 */
import { describe, expect, it } from 'vitest';
import { boardOf, nearUnits } from '../../src/ai/board.js';
import { MODEL, modelShared, opponentSamples, type ModelScene } from '../../src/ai/model.js';
import { rngFor } from '../../src/ai/rng.js';
import { seasonWeights } from '../../src/ai/values.js';
import { powersToAct } from '../../src/engine/index.js';
import type { PowerOrder } from '../../src/engine/types.js';
import { getVariant } from '../../src/variants/index.js';
import { randomPosition } from './positions.js';

const classic = getVariant('classic')!;
const board = boardOf(classic);

/** Each sample's orders, power by power (as one text per power and sample). */
function byPower(samples: PowerOrder[][]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const sample of samples) {
    const powers = new Map<string, PowerOrder[]>();
    for (const po of sample) powers.set(po.power, [...(powers.get(po.power) ?? []), po]);
    for (const [power, orders] of powers) out.set(power, [...(out.get(power) ?? []), JSON.stringify(orders)]);
  }
  return out;
}

describe('the opponent model', () => {
  // Mid-game Classic movement positions with several powers near the one asked.
  const cases = [6, 8, 10]
    .map((phases) => randomPosition(classic, 90 + phases, phases))
    .filter((t) => t.position.phase.type === 'movement');

  it('draws about half of each power near us from its look-ahead plans, the rest from DumbBots', () => {
    expect(cases.length).toBeGreaterThan(0);
    /** Draws that are one of the power's look-ahead plans: with the model, and with DumbBots only. */
    let planned = 0;
    let byChance = 0;
    let drawn = 0;
    for (const t of cases) {
      const power = powersToAct(classic, t.position)[0]!;
      const scene: ModelScene = {
        board,
        position: t.position,
        local: nearUnits(board, t.position, power),
        power,
        players: t.players,
        weights: seasonWeights(t.position),
      };
      const shared = modelShared(scene);
      const samples = (share: number) =>
        byPower(opponentSamples(scene, shared, { ...MODEL, lookaheadShare: share }, rngFor('model', power)));
      // The plans are drawn before any sample, from the same seed: with every sample a look-ahead player, each
      // power's samples are its plans only.
      const plans = samples(1);
      for (const orders of plans.values()) expect(new Set(orders).size).toBeLessThanOrEqual(MODEL.lookaheadPlans);
      for (const [q, orders] of samples(MODEL.lookaheadShare)) {
        const own = new Set(plans.get(q));
        planned += orders.filter((o) => own.has(o)).length;
        drawn += orders.length;
      }
      for (const [q, orders] of samples(0)) byChance += orders.filter((o) => new Set(plans.get(q)).has(o)).length;
    }
    expect(drawn).toBeGreaterThanOrEqual(24);
    // A DumbBot's orders near us often are a plan too (a power with one unit there); the model's draws are plans
    // clearly more often than that (half of them and about half of the rest), and not always.
    expect((planned - byChance) / drawn).toBeGreaterThan(0.15);
    expect(planned).toBeLessThan(drawn);
  });
});
