import { describe, expect, it } from 'vitest';
import { adjudicateCase } from '../../../src/cli/commands/adjudicate.js';
import { adjudicate } from '../../../src/engine/index.js';
import {
  applyDogsOfWarChoice,
  dogsOfWarChoices,
  readWarhammerState,
  warhammer,
} from '../../../src/variants/warhammer/index.js';

// Seed: "A Dog of War player gets one center at the start. You may choose a center in Tilea or Estelia. Also choose a
// fleet or an army. From there, they must conquer their neighboring city. They may build in either of these cities,
// after they have conquered them."
describe('Dogs of War: Fledgling Nations', () => {
  const start = warhammer.startingPosition();

  it('before the first Spring each seated Dogs of War power chooses a city of its country and a unit type', () => {
    expect(dogsOfWarChoices(start, ['Tilea', 'Empire'])).toEqual([
      { power: 'Tilea', cities: ['mira', 'rema'], types: { mira: ['A', 'F'], rema: ['A', 'F'] } },
    ]);
    // With one Dogs of War player, that player chooses the country by taking its seat (decisions.md).
    expect(dogsOfWarChoices(start, ['Estalia']).map((c) => c.cities)).toEqual([['bilb', 'magr']]);
    expect(dogsOfWarChoices(start, [])).toEqual([]);
  });

  it('the chosen city starts owned with the unit; the neighbouring city stays neutral and empty', () => {
    const r = applyDogsOfWarChoice(start, { power: 'Tilea', city: 'rema', type: 'F' });
    if (!r.ok) throw new Error(r.error);
    expect(r.position.units).toContainEqual({ power: 'Tilea', type: 'F', province: 'rema', coast: null });
    expect(r.position.supplyCenters.Tilea).toEqual(['rema']);
    expect(Object.values(r.position.supplyCenters).flat()).not.toContain('mira');
    expect(readWarhammerState(r.position).dogsOfWar).toEqual({ Tilea: { city: 'rema', type: 'F' } });
    expect(dogsOfWarChoices(r.position, ['Tilea'])).toEqual([]);
  });

  it.each([
    [{ power: 'Empire', city: 'midd', type: 'A' as const }, 'Empire is not a Dogs of War power'],
    [{ power: 'Tilea', city: 'bilb', type: 'A' as const }, 'bilb is not a city of Tilea'],
  ])('refuses %j', (choice, error) => {
    const r = applyDogsOfWarChoice(start, choice);
    expect(r.ok ? '' : r.error).toContain(error);
  });

  it('refuses a second choice and any choice after the first Spring', () => {
    const r = applyDogsOfWarChoice(start, { power: 'Tilea', city: 'mira', type: 'A' });
    if (!r.ok) throw new Error(r.error);
    const again = applyDogsOfWarChoice(r.position, { power: 'Tilea', city: 'rema', type: 'A' });
    expect(again.ok ? '' : again.error).toContain('already chose mira');
    const fall = applyDogsOfWarChoice(
      { ...start, phase: { season: 'fall', year: 2500, type: 'movement' } },
      { power: 'Estalia', city: 'bilb', type: 'A' },
    );
    expect(fall.ok ? '' : fall.error).toContain('before the first Spring');
  });

  it('the neighbouring city becomes buildable once conquered ("a 2 center power from that point on")', () => {
    const r = applyDogsOfWarChoice(start, { power: 'Tilea', city: 'mira', type: 'A' });
    if (!r.ok) throw new Error(r.error);
    const winter = (owned: string[]) => ({
      ...r.position,
      phase: { season: 'winter' as const, year: 2500, type: 'adjustment' as const },
      units: [],
      supplyCenters: { ...r.position.supplyCenters, Tilea: owned },
    });
    expect(
      warhammer.rules.buildableCenters!({ map: warhammer.map, position: winter(['mira']), power: 'Tilea' }),
    ).toEqual(['mira']);
    expect(
      warhammer.rules.buildableCenters!({ map: warhammer.map, position: winter(['mira', 'rema']), power: 'Tilea' }),
    ).toEqual(['mira', 'rema']);
    const adj = adjudicate(warhammer, winter(['mira', 'rema']), []);
    expect(adj.results.every((x) => x.power !== 'Tilea' || x.result !== 'illegal')).toBe(true);
  });

  it('the CLI carries the choice in variantState from phase to phase', () => {
    const out = adjudicateCase(warhammer, {
      phase: { season: 'spring', year: 2500, type: 'movement' },
      units: [{ power: 'Tilea', type: 'A', province: 'mira', coast: null }],
      orders: [{ power: 'Tilea', text: 'A Mira - Rema' }],
      variantState: { dogsOfWar: { Tilea: { city: 'mira', type: 'A' } } },
    });
    expect(out.variantState).toMatchObject({ dogsOfWar: { Tilea: { city: 'mira', type: 'A' } } });
    expect(out.units).toEqual([{ power: 'Tilea', type: 'A', province: 'rema', coast: null }]);
  });
});
