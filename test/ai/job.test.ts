/**
 * The worker-thread form of the computer players (src/ai/job.ts): plain JSON in and out (a structured clone of the
 * job gives the same answer), the same answers as the direct calls.
 */
import { describe, expect, it } from 'vitest';
import { runAiJob, type AiJob } from '../../src/ai/job.js';
import { aiOrders, toTexts } from '../../src/ai/index.js';
import { getVariant } from '../../src/variants/index.js';
import { dogsOfWarChoices } from '../../src/variants/warhammer/index.js';

describe('runAiJob', () => {
  it('orders: the same as aiOrders, through a structured clone', () => {
    const classic = getVariant('classic')!;
    const position = classic.startingPosition();
    const job: AiJob = { kind: 'orders', variant: 'classic', position, power: 'Italy', seed: 'job', budget: 50 };
    const answer = runAiJob(structuredClone(job));
    expect(answer).toEqual({
      kind: 'orders',
      orders: toTexts(classic, aiOrders({ variant: classic, position, power: 'Italy', seed: 'job', budget: 50 })),
    });
    expect(structuredClone(answer)).toEqual(answer);
  });

  it('declare and start: a subset of what is offered, and one of the choices', () => {
    const warhammer = getVariant('warhammer')!;
    const position = {
      ...warhammer.startingPosition(),
      units: [
        { power: 'Empire', type: 'F' as const, province: 'midd', coast: null },
        { power: 'Kislev', type: 'F' as const, province: 'claw', coast: null },
        { power: 'Vampire Counts', type: 'A' as const, province: 'gfor', coast: null },
      ],
    };
    const offered = [{ power: 'Empire', unit: 'F midd', kind: 'hold' as const, province: 'midd' }];
    const orders = [
      { power: 'Empire', text: 'F midd H' },
      { power: 'Kislev', text: 'F claw - midd' },
      { power: 'Vampire Counts', text: 'A gfor S F claw - midd' },
    ];
    const declared = runAiJob({
      kind: 'declare',
      variant: 'warhammer',
      position,
      power: 'Empire',
      seed: '1',
      orders,
      offered,
    });
    expect(declared).toEqual({ kind: 'declare', declarations: offered });
    const start = warhammer.startingPosition();
    const offer = dogsOfWarChoices(start, ['Tilea'])[0]!;
    const choices = offer.cities.map((province) => ({ province, types: offer.types[province]! }));
    const picked = runAiJob({
      kind: 'start',
      variant: 'warhammer',
      options: {},
      position: start,
      power: 'Tilea',
      seed: '1',
      choices,
    });
    expect(picked.kind).toBe('start');
    expect(offer.cities).toContain((picked as { choice: { province: string } }).choice.province);
  });

  it('an unknown variant is an error, not a guess', () => {
    expect(() =>
      runAiJob({
        kind: 'orders',
        variant: 'atlantis',
        position: getVariant('classic')!.startingPosition(),
        power: 'France',
        seed: '1',
      }),
    ).toThrow(/unknown variant/);
  });
});
