/**
 * Abbreviations made up for imported provinces (src/variants/import/naming.ts): each one unique on the map, so the
 * parser can tell the provinces apart (docs/variants.md "Importing a DiploGM variant").
 */
import { describe, expect, it } from 'vitest';
import { abbreviate } from '../../../src/variants/import/naming.js';

const abbreviations = (names: string[], given: Record<string, string> = {}) =>
  abbreviate(names, given).map((a) => a.abbreviation);

describe('made-up abbreviations', () => {
  it('numbered names with the same letters (DiploGM’s Era of Solitude: OS1, OS2, OS3) keep their numbers', () => {
    expect(abbreviations(['OS1', 'OS2', 'OS3'])).toEqual(['Os1', 'Os2', 'Os3']);
  });

  it('names whose letters are the same are never given one abbreviation', () => {
    const made = abbreviations(['Os', 'O.S.', 'O S', 'Osa']);
    expect(new Set(made.map((a) => a.toLowerCase())).size).toBe(made.length);
  });

  it('never the abbreviation the source gives another province', () => {
    const made = abbreviations(['OS', 'Ostland'], { os: 'Ostland' });
    expect(made[1]).toBe('Os');
    expect(made[0]!.toLowerCase()).not.toBe('os');
  });
});
