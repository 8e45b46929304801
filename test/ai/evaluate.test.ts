/**
 * The search's score of a simulated outcome (src/ai/evaluate.ts; docs/ai.md "The score"): the terms added for the
 * look-ahead opponents, each checked on Classic positions that differ only in the units the term reads.
 */
import { describe, expect, it } from 'vitest';
import { boardOf } from '../../src/ai/board.js';
import { Evaluator, SPRING_EVAL } from '../../src/ai/evaluate.js';
import { seasonWeights, valuate } from '../../src/ai/values.js';
import { adjudicate } from '../../src/engine/index.js';
import type { Position, Unit } from '../../src/engine/types.js';
import { getVariant } from '../../src/variants/index.js';

const classic = getVariant('classic')!;
const board = boardOf(classic);
const start = classic.startingPosition();

const unit = (spec: string): Unit => {
  const [power, type, province] = spec.split(' ') as [string, 'A' | 'F', string];
  return { power, type, province, coast: null };
};

function positionOf(season: 'spring' | 'fall', units: string[], centres: Position['supplyCenters']): Position {
  return {
    ...start,
    phase: { season, year: 1903, type: 'movement' },
    units: units.map(unit),
    dislodged: [],
    supplyCenters: centres,
  };
}

/**
 * How much Germany's score of a phase in which every unit holds drops when `extra` units stand on the board too (the
 * evaluator and its values made from the position without them, so only the terms reading other powers' units move).
 */
function drop(base: Position, extra: string[]): number {
  const evaluator = new Evaluator(board, base, 'Germany', valuate(board, base, 'Germany', seasonWeights(base)));
  const score = (position: Position) => evaluator.score(adjudicate(classic, position, [], { explain: false }));
  return score(base) - score({ ...base, units: [...base.units, ...extra.map(unit)] });
}

const germanCentres = { ...start.supplyCenters, France: ['par', 'bre', 'mar'] };

describe('the evaluation of a simulated outcome', () => {
  it('a held centre more attacks can reach next season than its holder and its supports is half a threat', () => {
    // Munich held by a lone army; French armies in Burgundy and Tyrolia reach it (2 attacks against 1 + 0), and
    // no other German centre.
    const alone = positionOf('spring', ['Germany A mun', 'France A bur'], germanCentres);
    expect(drop(alone, [])).toBe(0);
    expect(drop(alone, ['France A tyr'])).toBeCloseTo(SPRING_EVAL.threat * 0.5, 6);
    // Two powers with one attack each: the strongest single power has 1, not more than the holder.
    expect(drop(alone, ['Italy A tyr'])).toBeCloseTo(0, 6);
    // With a German army in Kiel beside it (2 attacks against 1 + 1), Munich is held: no threat.
    const guarded = positionOf('spring', ['Germany A mun', 'Germany A kie', 'France A bur'], germanCentres);
    expect(drop(guarded, ['France A tyr'])).toBeCloseTo(0, 6);
  });

  it('a power down to two centres weighs a threat to them in the fall too; a larger one does not', () => {
    // Munich left empty, no German unit beside it; a French army comes to Burgundy.
    const cornered = positionOf('fall', ['Germany A pru'], { ...germanCentres, Germany: ['mun', 'kie'] });
    expect(drop(cornered, ['France A bur'])).toBeCloseTo(1, 6);
    const larger = positionOf('fall', ['Germany A pru'], germanCentres);
    expect(drop(larger, ['France A bur'])).toBeCloseTo(0, 6);
  });
});
