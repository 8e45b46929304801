import { describe, expect, it } from 'vitest';
import { abilityCases } from './abilities.js';
import { outcome, run } from './harness.js';

describe('Warhammer national abilities (seed cases)', () => {
  for (const c of abilityCases) {
    it(c.name, () => {
      expect(outcome(c, run(c))).toEqual(c.expect);
    });
  }
});
