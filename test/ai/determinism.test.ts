/**
 * The computer players are pure: the same request and seed give the same answer (the search's budget counts
 * simulations, never time), a power's answer does not depend on which other powers are asked in the same call,
 * and a request is never changed by answering it.
 */
import { describe, expect, it } from 'vitest';
import { aiCommand } from '../../src/cli/commands/ai.js';
import { aiOrders, aiStartChoice, dumbBot, toTexts } from '../../src/ai/index.js';
import { powersToAct } from '../../src/engine/index.js';
import { dogsOfWarChoices, warhammer } from '../../src/variants/warhammer/index.js';
import { randomPosition, testVariants } from './positions.js';

const BUDGET = 80;

describe('same request and seed, same answer', () => {
  for (const variant of testVariants()) {
    it(`${variant.id}: the strong player and DumbBot, in every phase type met`, () => {
      for (const phases of [0, 5, 12]) {
        const t = randomPosition(variant, 17 + phases, phases);
        const frozen = JSON.stringify(t.position);
        for (const power of powersToAct(variant, t.position).slice(0, 2)) {
          const request = { variant, position: t.position, power, players: t.players, seed: 'same', budget: BUDGET };
          const first = toTexts(variant, aiOrders(request));
          expect(toTexts(variant, aiOrders({ ...request }))).toEqual(first);
          expect(dumbBot.orders({ ...request })).toEqual(dumbBot.orders({ ...request }));
        }
        expect(JSON.stringify(t.position)).toBe(frozen);
      }
    });
  }

  it('a power gets the same orders whether asked alone or with other powers (CLI)', async () => {
    const variant = testVariants()[0]!;
    const t = randomPosition(variant, 5, 4);
    const c = {
      variant: variant.id,
      phase: t.position.phase,
      units: t.position.units,
      supplyCenters: t.position.supplyCenters,
      seed: 9,
      budget: BUDGET,
    };
    const powers = powersToAct(variant, t.position);
    const together = JSON.parse((await aiCommand(['orders'], JSON.stringify({ ...c, powers }))).stdout).orders;
    for (const power of powers) {
      const alone = JSON.parse((await aiCommand(['orders'], JSON.stringify({ ...c, powers: [power] }))).stdout).orders;
      expect(alone).toEqual(together.filter((o: { power: string }) => o.power === power));
    }
  });

  it('a start choice (Warhammer Dogs of War) is one of the choices offered, the same every time', () => {
    const position = warhammer.startingPosition();
    for (const offer of dogsOfWarChoices(position, ['Tilea', 'Estalia'])) {
      const choices = offer.cities.map((province) => ({ province, types: offer.types[province]! }));
      const pick = aiStartChoice({ variant: warhammer, position, power: offer.power, choices });
      expect(pick).not.toBeNull();
      expect(offer.cities).toContain(pick!.province);
      expect(offer.types[pick!.province]).toContain(pick!.type);
      expect(aiStartChoice({ variant: warhammer, position, power: offer.power, choices })).toEqual(pick);
    }
  });
});
