import { describe, expect, it } from 'vitest';
import { expected, outcome, run, type WsCase } from './harness.js';
import {
  fleetExamples,
  floatingFortressExamples,
  misconceptions,
  rapidRiverExamples,
  wallExamples,
} from './seed-examples.js';

const groups: [string, WsCase[]][] = [
  ['Fortified Border Examples', wallExamples],
  ['Fleet Examples', fleetExamples],
  ['Floating Fortress Examples', floatingFortressExamples],
  ['Rapid River Move Examples', rapidRiverExamples],
  ['Common Misconceptions and Mistakes', misconceptions],
];

for (const [title, cases] of groups) {
  describe(title, () => {
    for (const c of cases) {
      it(`${c.name}: ${c.seed}`, () => {
        expect(outcome(c, run(c))).toEqual(expected(c));
      });
    }
  });
}
