/**
 * `variants import --from diplogm` (src/variants/import/diplogm): a DiploGM variant folder the project writes from its
 * own Classic (test/support/variant-formats.ts) imports as the standard Classic map, adjacency derived from the
 * drawing; what DiploGM can do and Zhanguo cannot is refused by name; planted defects are named, never guessed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { adjudicate } from '../../../src/engine/adjudicate.js';
import { parseOrder } from '../../../src/engine/parse/index.js';
import type { PowerOrder } from '../../../src/engine/types.js';
import { buildVariant } from '../../../src/variants/build.js';
import { checkImport } from '../../../src/render/import-check.js';
import { importDiplogm, type DiplogmFiles } from '../../../src/variants/import/diplogm/index.js';
import type { ImportResult } from '../../../src/variants/import/result.js';
import { getVariant } from '../../../src/variants/index.js';
import { diplogmFolder } from '../../support/variant-formats.js';
import { byAbbreviation, facts } from './compare.js';

const classic = getVariant('classic')!;
let folder: { config: Record<string, unknown>; svg: string };
beforeAll(() => {
  folder = diplogmFolder(classic);
});

function files(config: Record<string, unknown>, svg: string, more: Partial<DiplogmFiles> = {}): DiplogmFiles {
  return {
    config: { name: 'config.json', text: JSON.stringify(config) },
    read: (name) => (name === 'map.svg' ? svg : null),
    ...more,
  };
}

const run = (config = folder.config, svg = folder.svg, more: Partial<DiplogmFiles> = {}) =>
  importDiplogm(files(config, svg, more));

function problemsOf(r: ImportResult): string[] {
  expect(r.ok).toBe(false);
  return r.ok ? [] : r.problems;
}

describe('a DiploGM-format Classic', () => {
  it('is the standard Classic map: provinces, coasts, centres, homes, units and adjacency', () => {
    const r = run();
    if (!r.ok) throw new Error(r.problems.join('\n'));
    const imported = buildVariant(r.data);
    expect(facts(imported, byAbbreviation(imported))).toEqual(facts(classic));
  });

  it('names provinces after DiploGM (ids from names, the config abbreviations shown) and keeps its drawing', () => {
    const r = run();
    if (!r.ok) throw new Error(r.problems.join('\n'));
    const stp = r.data.provinces.find((p) => p.id === 'st_petersburg')!;
    expect(stp).toMatchObject({ id: 'st_petersburg', abbreviation: 'Stp', kind: 'coast', coasts: ['nc', 'sc'] });
    expect(r.data.geometry?.shapes?.st_petersburg).toMatch(/^M/);
    expect(r.data.geometry?.margin).toBe(1);
    // Unit spots come from the Army and Fleet Locations layers (a coast from a label such as `Spain (nc)`).
    expect(r.data.geometry?.anchors?.['spain/nc']).toHaveLength(2);
    expect(r.notes).toEqual([]);
  });

  it('plays by Classic rules through the engine, its ids read back in orders', () => {
    const r = run();
    if (!r.ok) throw new Error(r.problems.join('\n'));
    const v = buildVariant(r.data);
    const orders: PowerOrder[] = [
      'F st_petersburg/sc - gulf_of_bothnia',
      'A moscow - st_petersburg',
      'A warsaw - livonia',
    ]
      .map((text) => parseOrder(v, text))
      .map((p) => {
        if (!p.ok) throw new Error(p.error);
        return { power: 'Russia', order: p.order };
      });
    const result = adjudicate(v, v.startingPosition(), orders);
    expect(result.results.filter((x) => x.power === 'Russia').every((x) => x.result === 'success')).toBe(true);
  });

  it('builds in any owned centre with build_options "anywhere"', () => {
    const r = run({ ...folder.config, build_options: 'anywhere' });
    expect(r.ok && r.data.builds).toBe('owned');
  });

  it('starts in the winter before the year with first_season "Winter", and counts victory as DiploGM does', () => {
    const { victory_count: _, ...rest } = folder.config;
    const r = run({ ...rest, first_season: 'Winter' });
    if (!r.ok) throw new Error(r.problems.join('\n'));
    expect(r.data.startingPhase).toEqual({ season: 'winter', year: 1900, type: 'adjustment' });
    expect(r.data.victory.centers).toBe(17); // (34 + 1) / 2, rounded down
  });
});

describe('what DiploGM can do and Zhanguo cannot is refused by name', () => {
  it.each([
    [{ transformation: 'enabled' }, 'transformation: enabled'],
    [{ dp: 'enabled' }, 'dp: enabled'],
    [{ fow: 'enabled' }, 'fow: enabled'],
    [{ players: 'chaos' }, 'chaos'],
    [{ chaos: 'enabled' }, 'chaos'],
    [{ build_options: 'cores' }, 'build_options: "cores"'],
    [{ victory_conditions: 'vscc' }, 'victory_conditions: "vscc"'],
    [{ overrides: { provinces: { Spain: { difficult_adjacency: ['Portugal'] } } } }, 'difficult_adjacency'],
  ])('%j', (change, named) => {
    expect(problemsOf(run({ ...folder.config, ...change })).join('\n')).toContain(named);
  });

  it('a variant folder with unit types of its own', () => {
    expect(problemsOf(run(folder.config, folder.svg, { unitTypes: ['cannon.toml'] }))).toContain(
      'units/cannon.toml: custom unit types are not supported',
    );
  });
});

describe('names the bot shows (src/variants/shown-names.ts)', () => {
  it('refuses a province whose name or abbreviation holds Discord markup, naming the province, as every path does', () => {
    // Ruhr labelled `Ruhr_` in the SVG (and the config). An abbreviation of the config that is not letters and digits
    // is no abbreviation for the import (src/variants/import/naming.ts), so only names can bring markup here.
    const abbreviations = Object.fromEntries(
      Object.entries(folder.config.abbreviations as Record<string, string>).map(([abbr, name]) => [
        abbr,
        name === 'Ruhr' ? 'Ruhr_' : name,
      ]),
    );
    const svg = folder.svg.replaceAll('inkscape:label="Ruhr"', 'inkscape:label="Ruhr_"');
    const config = { ...folder.config, abbreviations };
    const r = checkImport(run(config, svg));
    expect(r.ok ? [] : r.problems).toEqual([
      "province ruhr: its name, shown in the bot's posts, may not hold \\_ (Discord reads them as markup or a mention)",
    ]);
  });
});

describe('planted defects are named, never guessed', () => {
  const players = () => structuredClone(folder.config.players) as Record<string, { color: string }>;

  it('two players with one colour: named, with the one colour of no player the map uses, and nothing guessed', () => {
    // DiploGM's own `modern` gives Britain France's colour and fills Britain's land with a colour of its own; which
    // player that colour stands for is a guess (the config's mistake could be either player's), so it is refused.
    const p = players();
    const england = p.England!.color;
    p.England!.color = p.France!.color;
    expect(problemsOf(run({ ...folder.config, players: p }))).toEqual([
      `players: England and France have the same colour #${p.France!.color}, so the map cannot tell their provinces and centres apart (DiploGM would give them all to France); the map fills land or centres with #${england}, the colour of no player: if it is England's, give England that colour in the config`,
    ]);
    // The mirror mistake (France given England's colour) is refused alike, never read as England's land under France.
    const q = players();
    q.France!.color = q.England!.color;
    expect(problemsOf(run({ ...folder.config, players: q }))).toHaveLength(1);
  });

  it('two players with one colour and no single colour left for one of them', () => {
    const p = players();
    p.England!.color = p.France!.color;
    p.Germany!.color = '123456';
    const problems = problemsOf(run({ ...folder.config, players: p }));
    expect(problems).toContain(
      `players: England and France have the same colour #${p.France!.color}, so the map cannot tell their provinces and centres apart (DiploGM would give them all to France)`,
    );
  });

  it('land and centres filled with the colour of no player', () => {
    const p = players();
    const england = p.England!.color;
    p.England!.color = '123456';
    const problems = problemsOf(run({ ...folder.config, players: p }));
    expect(problems).toContain(
      `layer "Region Colors": "London" is filled #${england}, the colour of no player and not the neutral #f5deb3`,
    );
    expect(problems.some((l) => l.startsWith('layer "SC Markers": "London" (its centre marker)'))).toBe(true);
  });

  it('a unit spot far outside its province is not used (the fleet layer’s, or the renderer’s own, serves)', () => {
    const [before, after] = folder.svg.split('inkscape:label="Army Locations"') as [string, string];
    const london = '<g inkscape:label="London" transform="translate(0,0)">';
    expect(after).toContain(london);
    const svg = `${before}inkscape:label="Army Locations"${after.replace(london, london.replace('translate(0,0)', 'translate(300,400)'))}`;
    const r = run(folder.config, svg);
    if (!r.ok) throw new Error(r.problems.join('\n'));
    expect(
      r.notes.some((n) =>
        /^layer "Army Locations": "London": the spot lies \d+ units outside London, so it is not used$/.test(n),
      ),
    ).toBe(true);
    const good = run();
    if (!good.ok) throw new Error(good.problems.join('\n'));
    const [x, y] = r.data.geometry!.anchors!.london!;
    const [gx, gy] = good.data.geometry!.anchors!.london!;
    expect(Math.hypot(x - gx, y - gy)).toBeLessThan(50);
  });

  it('a province named twice, a path that is no path', () => {
    const svg = folder.svg
      .replace('inkscape:label="Bohemia"', 'inkscape:label="Galicia"')
      .replace(/(inkscape:label="Ionian Sea" style="[^"]*" d=")[^"]*"/, '$1M 1 2 L x"');
    const problems = problemsOf(run(folder.config, svg));
    expect(problems).toContain('layer "Region Colors": "Galicia": a second province of this name');
    expect(problems.some((l) => l.startsWith('layer "Sea Adjacencies": "Ionian Sea": '))).toBe(true);
  });

  it('two seas drawn with one outline (so the map could show only one of them)', () => {
    const ionian = /inkscape:label="Ionian Sea" style="[^"]*" d="([^"]*)"/.exec(folder.svg)![1]!;
    const svg = folder.svg.replace(/(inkscape:label="Aegean Sea" style="[^"]*" d=")[^"]*"/, `$1${ionian}"`);
    const problems = problemsOf(run(folder.config, svg));
    expect(problems).toContain(
      'layer "Sea Adjacencies": "Ionian Sea": drawn with the very outline of "Aegean Sea", so the map cannot tell them apart',
    );
  });

  it('a centre marker and a unit naming no province', () => {
    const svg = folder.svg
      .replace('inkscape:label="Warsaw"><circle', 'inkscape:label="Warszawa"><circle')
      .replace(/(<g inkscape:label=")Kiel(" transform)/, '$1Kiell$2');
    const problems = problemsOf(run(folder.config, svg));
    expect(problems).toEqual(
      expect.arrayContaining([
        'layer "SC Markers": "Warszawa" names no province of the map',
        'layer "Units": "Kiell" names no province of the map',
      ]),
    );
  });

  it('a unit on land nobody owns, and a second unit in one province', () => {
    const svg = folder.svg
      .replace(/(<g inkscape:label=")Paris(" transform)/, '$1Burgundy$2')
      .replace(/(<g inkscape:label=")Marseilles(" transform)/, '$1Brest$2');
    const problems = problemsOf(run(folder.config, svg));
    expect(problems).toContain(
      'layer "Units": "Burgundy": the unit stands in Burgundy, which no player owns, so it would belong to nobody',
    );
    expect(problems).toContain('layer "Units": "Brest": a second unit in Brest');
  });

  it('an abbreviation naming a province the SVG does not draw (names in any case)', () => {
    const abbreviations = { ...(folder.config.abbreviations as object), atl: 'Atlantis', mar: 'MARSEILLES' };
    expect(problemsOf(run({ ...folder.config, abbreviations }))).toEqual([
      'abbreviations: "atl" names "Atlantis", which is no province of the map',
    ]);
  });

  it('an override naming no province, and a one-way adjacency', () => {
    const overrides = {
      provinces: {
        ...(folder.config.overrides as { provinces: object }).provinces,
        Atlantis: { adjacencies: ['Spain'] },
        Portugal: { adjacencies: ['Tunis'] },
      },
    };
    const problems = problemsOf(run({ ...folder.config, overrides }));
    expect(problems).toContain('overrides: "Atlantis" is no province of the map');
    expect(problems).toContain(
      'adjacency: armies can move from Portugal to Tunis but not back (a one-way move cannot be played here)',
    );
  });

  it('a config that is no config, a missing setting, a missing SVG, an SVG that is no XML or nests too deep, no Units layer', () => {
    expect(problemsOf(importDiplogm({ config: { name: 'config.json', text: '{ nope' }, read: () => null }))[0]).toMatch(
      /^config\.json: /,
    );
    const { 'svg config': svgConfig, ...rest } = folder.config as { 'svg config': Record<string, unknown> };
    const { neutral: _, ...noNeutral } = svgConfig;
    expect(problemsOf(run({ ...rest, 'svg config': noNeutral }))[0]).toMatch(/^config\.json: svg config\.neutral: /);
    expect(problemsOf(run({ ...folder.config, file: 'other.svg' }))).toEqual([
      'config.json: file "other.svg" is not there',
    ]);
    // What the config refuses is named even without the SVG (Gielinor's and Planiglobii's), so one try says it all.
    expect(problemsOf(run({ ...folder.config, file: 'other.svg', victory_conditions: 'vscc' }))).toEqual([
      'victory_conditions: "vscc" is not supported (only "classic": one centre count for everyone)',
      'config.json: file "other.svg" is not there',
    ]);
    expect(problemsOf(run(folder.config, '<svg><g></svg>'))[0]).toMatch(/^map\.svg: line 1: /);
    const deep = folder.svg.replace('</svg>', `${'<g>'.repeat(150)}${'</g>'.repeat(150)}</svg>`);
    expect(problemsOf(run(folder.config, deep))).toEqual(['map.svg: elements nested more than 100 deep']);
    const skewed = folder.svg.replace('id="layer6"', 'id="layer6" transform="translate(1,oops)"');
    const [transform, ...more] = problemsOf(run(folder.config, skewed));
    expect(transform).toMatch(/^map\.svg: .*translate\(1,oops\)/);
    expect(more).toEqual([]);
    expect(
      problemsOf(run(folder.config, folder.svg.replace('inkscape:label="Units"', 'inkscape:label="Soldiers"'))),
    ).toContain('svg config: detect_starting_units is true but the SVG has no "Units" layer');
  });
});
