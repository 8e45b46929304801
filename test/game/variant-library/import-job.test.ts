/**
 * `/variant add`'s import job (docs/variants.md "A server's variants"): names the bot echoes in its posts (the
 * variant's, its powers') may not hold what Discord reads as markup or a mention; the problem names the field and
 * the characters, escaped, never the name as it was written; so may its provinces' names and abbreviations.
 */
import { describe, expect, it } from 'vitest';
import { runVariantImport } from '../../../src/game/variant-library/import-job.js';

function marches(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const red = (overrides.red as string | undefined) ?? 'Red';
  delete overrides.red;
  return {
    id: 'twin-marches',
    name: 'Twin Marches',
    powers: [
      { name: red, color: '#c53328', altColor: '#d55d01' },
      { name: 'Blue', color: '#20297f', altColor: '#0064a2' },
    ],
    provinces: [
      { id: 'sound', name: 'The Sound', abbreviation: 'Snd', kind: 'sea', supplyCenter: false, home: null },
      { id: 'red_march', name: 'Red March', abbreviation: 'Red', kind: 'coast', supplyCenter: true, home: red },
      { id: 'blue_march', name: 'Blue March', abbreviation: 'Blu', kind: 'coast', supplyCenter: true, home: 'Blue' },
      { id: 'hills', name: 'The Hills', abbreviation: 'Hil', kind: 'land', supplyCenter: true, home: null },
    ],
    armyAdjacency: {
      red_march: ['blue_march', 'hills'],
      blue_march: ['red_march', 'hills'],
      hills: ['red_march', 'blue_march'],
    },
    fleetAdjacency: {
      sound: ['red_march', 'blue_march'],
      red_march: ['sound', 'blue_march'],
      blue_march: ['sound', 'red_march'],
    },
    startingPhase: { season: 'spring', year: 1901, type: 'movement' },
    startingUnits: [
      { power: red, type: 'F', province: 'red_march' },
      { power: 'Blue', type: 'A', province: 'blue_march' },
    ],
    victory: { centers: 3 },
    geometry: {
      width: 400,
      height: 300,
      shapes: {
        sound: 'M 0 0 H 100 V 300 H 0 Z',
        red_march: 'M 100 0 H 250 V 150 H 100 Z',
        blue_march: 'M 100 150 H 250 V 300 H 100 Z',
        hills: 'M 250 0 C 300 40 350 -20 400 0 V 300 H 250 Z',
      },
      anchors: { sound: [50, 150] },
    },
    ...overrides,
  };
}

const run = (data: Record<string, unknown>, name: string | null = null) =>
  runVariantImport({ file: { name: 'v.json', text: JSON.stringify(data) }, svg: null, name });

describe('runVariantImport: names the bot echoes', () => {
  it('accepts plain names, with accents, digits, dots and hyphens', () => {
    const r = run(marches({ name: 'Les Marches d’Été 2.0', red: 'Saint-Empire' }));
    expect(r.ok, r.ok ? '' : r.problems.join('\n')).toBe(true);
  });

  it('accepts an underscore inside a word, as python maps name themselves (standard_france_austria)', () => {
    const r = run(marches({ name: 'standard_france_austria', red: 'Red_March' }));
    expect(r.ok, r.ok ? '' : r.problems.join('\n')).toBe(true);
  });

  it('refuses a variant name and a power name holding markup or a mention, naming the field and the characters', () => {
    const r = run(marches({ name: '**Evil** @everyone', red: '__Red__ <@1>' }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems).toEqual([
      'name: a name the bot shows in its posts may not hold \\* or \\@ (Discord reads them as markup or a mention)',
      'powers[0].name: a name the bot shows in its posts may not hold \\_, \\<, \\@ or \\> (Discord reads them as markup or a mention)',
    ]);
    expect(r.problems.join('\n')).not.toContain('everyone');
  });

  it('refuses the name a server gives (name:) by the same rule', () => {
    const r = run(marches(), '~~Strike~~ ||x|| _it_');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems).toEqual([
      'name: a name the bot shows in its posts may not hold \\~, \\| or \\_ (Discord reads them as markup or a mention)',
    ]);
  });

  it('refuses a province whose name or abbreviation holds markup, naming the province; nothing to store', () => {
    const data = marches();
    const provinces = data.provinces as { id: string; name: string; abbreviation: string }[];
    Object.assign(provinces.find((p) => p.id === 'hills')!, { name: 'The ||Hills||', abbreviation: '@Hil' });
    const r = run(data);
    expect(r).toEqual({
      ok: false,
      problems: [
        "province hills: its name and abbreviation, shown in the bot's posts, may not hold \\| or \\@ (Discord reads them as markup or a mention)",
      ],
    });
  });
});
