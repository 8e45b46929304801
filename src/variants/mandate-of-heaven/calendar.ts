/**
 * The Mandate of Heaven calendar (docs/decisions.md): game year n is (370 − n) BC, so Spring of year 1 is Spring 369 BC;
 * the placement phase (year 0) is "Placement — winter 369 BC (Year of the Pig)", the seed's "Winter 369 B.C.,
 * otherwise known as the Year of the Pig" (the sexagenary year 辛亥 ran until the new year of 369 BC). Phase codes
 * stay numeric.
 */
import type { Phase } from '../../engine/types.js';

const SEASONS: Record<Phase['season'], string> = { spring: 'Spring', fall: 'Fall', winter: 'Winter' };
const ANIMALS = ['Rat', 'Ox', 'Tiger', 'Rabbit', 'Dragon', 'Snake', 'Horse', 'Goat', 'Monkey', 'Rooster', 'Dog', 'Pig'];

/** The year BC of game year `year` (year 0, the placement, is in the winter before Spring 369 BC). */
export function yearBC(year: number): number {
  return 370 - Math.max(1, year);
}

/** The zodiac animal of a year BC: sexagenary index (Y − 4) mod 60 with Y the astronomical year (brief §1.4). */
export function zodiacAnimal(bc: number): string {
  const astronomical = 1 - bc;
  return ANIMALS[(((astronomical - 4) % 60) + 60) % 12]!;
}

export function mandatePhaseName(phase: Phase): string {
  if (phase.year <= 0) return `Placement — winter ${yearBC(1)} BC (Year of the ${zodiacAnimal(yearBC(1) + 1)})`;
  const bc = yearBC(phase.year);
  if (phase.type === 'adjustment') return `${SEASONS[phase.season]} ${bc} BC`;
  return `${SEASONS[phase.season]} ${bc} BC ${phase.type}`;
}
