/**
 * `/order`'s check of one order (`checkOrder`) accepts what the legal-order listing offers for a variant's rule: the
 * Vampire Counts' `S Immortality` (Warhammer fm05) in the Fall it may rise, refused with the reason otherwise, and a
 * Warring States fleet ordered inland (Fleets 6). The same texts autocomplete lists (`legalOrderTexts`).
 */
import { describe, expect, it } from 'vitest';
import { legalOrderTexts } from '../../../src/engine/options.js';
import { readOrder } from '../../../src/engine/parse/index.js';
import type { Position, Power } from '../../../src/engine/types.js';
import type { Variant } from '../../../src/engine/variant.js';
import { dutiesOf } from '../../../src/game/phase/duties.js';
import { checkOrder } from '../../../src/game/orders/orders.js';
import { warhammer } from '../../../src/variants/warhammer/index.js';
import { warringStates } from '../../../src/variants/warring-states/index.js';
import { positionOf as whPosition } from '../../variants/warhammer/harness.js';
import { positionOf as wsPosition } from '../../variants/warring-states/harness.js';

function check(variant: Variant, position: Position, power: Power, text: string) {
  const read = readOrder(variant, text, { position });
  if (!read.ok) throw new Error(read.error);
  return checkOrder(variant, position, power, read.order, dutiesOf(variant, position, power), []);
}

describe('/order accepts the orders autocomplete offers for a variant rule', () => {
  it('Warhammer: A Gfor S Immortality in a Fall when the Empire owns Sylvania; refused in Spring, with the reason', () => {
    const fall = whPosition(['Empire: A sylv', 'Vampire Counts: A gfor'], 'fall', { sylv: 'Empire' });
    expect(legalOrderTexts(warhammer, fall, 'Vampire Counts')).toContain('A gfor S Immortality - sylv');
    expect(check(warhammer, fall, 'Vampire Counts', 'A Gfor S Immortality')).toEqual({ unitKey: 'gfor' });
    const spring = whPosition(['Empire: A sylv', 'Vampire Counts: A gfor'], 'spring', { sylv: 'Empire' });
    expect(check(warhammer, spring, 'Vampire Counts', 'A Gfor S Immortality')).toMatchObject({
      error: expect.stringMatching(/^No Immortality army moves this phase/),
    });
  });

  it("a build refused by a variant rule says the rule (the engine's buildRefusal: Warhammer Adjustments 1)", () => {
    const board = whPosition([], 'spring', { kisl: 'Empire', eyec: 'Empire' });
    const winter = {
      ...board,
      phase: { season: 'winter' as const, year: 2500, type: 'adjustment' as const },
      units: [],
    };
    expect(check(warhammer, winter, 'Empire', 'Build A kisl')).toMatchObject({
      error:
        "You cannot build in Kislev: Kislev is the capital of Kislev, which began the game with 2 units, not more than Empire's 3: you build in your own home centres and in the capitals of nations that began the game with more units (Adjustments 1).",
    });
  });

  it('Warring States: F Wu - Sch (the fleet reverts to an army and moves inland)', () => {
    const position = wsPosition(['Chu F wu']);
    expect(legalOrderTexts(warringStates, position, 'Chu')).toContain('F wu - sch');
    expect(check(warringStates, position, 'Chu', 'F Wu - Sch')).toEqual({ unitKey: 'wu' });
  });
});
