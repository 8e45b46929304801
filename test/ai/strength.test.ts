/**
 * A small, untimed strength check (the real figures come from `npm run bench`, docs/ai.md): in a short seeded
 * Classic game against six HoldBots, the computer player ends with more supply centres than any of them, and
 * more than it started with; against six RandBots, too.
 */
import { describe, expect, it } from 'vitest';
import { holdBot, randBot, strongPlayer } from '../../src/ai/index.js';
import { playGame } from '../../src/ai/selfplay.js';
import { getVariant } from '../../src/variants/index.js';

const classic = getVariant('classic')!;

describe('strength smoke test', () => {
  for (const [name, floor] of [
    ['HoldBot', holdBot],
    ['RandBot', randBot],
  ] as const) {
    it(`France beats six ${name}s in three years of Classic`, () => {
      const seats = Object.fromEntries(classic.powers.map((p) => [p.name, p.name === 'France' ? strongPlayer : floor]));
      const game = playGame({ variant: classic, seats, years: 3, seed: 'smoke', budget: 200 });
      const count = (p: string) => game.final.supplyCenters[p]?.length ?? 0;
      expect(count('France')).toBeGreaterThan(3);
      for (const p of classic.powers.map((x) => x.name).filter((x) => x !== 'France'))
        expect(count('France')).toBeGreaterThan(count(p));
      expect(game.illegal).toEqual({});
    });
  }
});
