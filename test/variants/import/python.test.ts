/**
 * `variants import --from python-diplomacy` (src/variants/import/python): the `.map` file and SVG the tests write from
 * our Classic (test/support/variant-formats.ts) import as the standard Classic, alone or with its drawing, and agree
 * with the same map from DiploGM's format; `MAP`/`USES`, `UNPLAYED`, aliases and `BUILD_ANY` are read as the python
 * package reads them; planted defects are named with their file and line; the SVG's MapLayer backdrop (water, land
 * nobody holds or off-map land), polylines and unfilled lines are read as python draws them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { pathRings } from '../../../src/variants/drawing/path.js';
import { signedArea, windingNumber } from '../../../src/variants/drawing/polygon.js';
import { checkImport } from '../../../src/render/import-check.js';
import { buildVariant } from '../../../src/variants/build.js';
import { importDiplogm } from '../../../src/variants/import/diplogm/index.js';
import { importPythonDiplomacy } from '../../../src/variants/import/python/index.js';
import type { ImportResult } from '../../../src/variants/import/result.js';
import { getVariant } from '../../../src/variants/index.js';
import { diplogmFolder, pythonMapFile, pythonSvg } from '../../support/variant-formats.js';
import { byAbbreviation, facts } from './compare.js';

const classic = getVariant('classic')!;
let mapText: string;
let svgText: string;
beforeAll(() => {
  mapText = pythonMapFile(classic);
  svgText = pythonSvg(classic);
});

const run = (text: string, more: Record<string, string> = {}, svg: string | null = null, name = 'classic.map') =>
  importPythonDiplomacy({
    map: { name, text },
    read: (name) => (name === 'classic.map' ? mapText : (more[name] ?? null)),
    svg: svg === null ? null : { name: 'classic.svg', text: svg },
  });

function ok(r: ImportResult) {
  if (!r.ok) throw new Error(r.problems.join('\n'));
  return r;
}

function problemsOf(r: ImportResult): string[] {
  expect(r.ok).toBe(false);
  return r.ok ? [] : r.problems;
}

/** The test SVG with a `<style>` sheet and more elements at the end of its MapLayer. */
const decorated = (svg: string, css: string, more: string) =>
  svg
    .replace('<g id="MapLayer">', `<style><![CDATA[${css}]]></style><g id="MapLayer">`)
    .replace(/<\/g>\s*<\/svg>/, `${more}</g></svg>`);

describe('a python-diplomacy Classic', () => {
  it('is the standard Classic map, with its ids', () => {
    const r = ok(run(mapText));
    expect(facts(buildVariant(r.data))).toEqual(facts(classic));
    expect(r.data.geometry).toBeUndefined();
    expect(r.notes).toEqual(['no SVG was given: the variant has its map data but no drawing (give --svg to draw it)']);
    expect(r.uncoloured).toEqual(classic.powers.map((p) => p.name));
    expect(r.data.provinces.find((p) => p.id === 'mao')).toMatchObject({
      name: 'Mid-Atlantic Ocean',
      abbreviation: 'Mao',
    });
  });

  it('with its SVG: the shapes, unit spots and colours, and the border margin fitted to the drawing', () => {
    const r = ok(run(mapText, {}, svgText));
    expect(facts(buildVariant(r.data))).toEqual(facts(classic));
    expect(r.notes).toEqual([]);
    expect(r.uncoloured).toEqual([]);
    expect(Object.keys(r.data.geometry!.shapes!).sort()).toEqual(classic.data.provinces.map((p) => p.id).sort());
    expect(r.data.geometry!.anchors!['stp/nc']).toHaveLength(2);
    expect(r.data.powers.map((p) => p.color)).toEqual(classic.powers.map((p) => p.color));
    expect(r.data.geometry!.margin).toBeGreaterThanOrEqual(1);
  });

  it('agrees with the same map imported from DiploGM’s format', () => {
    const python = buildVariant(ok(run(mapText)).data);
    const folder = diplogmFolder(classic);
    const dgm = importDiplogm({
      config: { name: 'config.json', text: JSON.stringify(folder.config) },
      read: () => folder.svg,
    });
    const diplogm = buildVariant(ok(dgm).data);
    expect(facts(diplogm, byAbbreviation(diplogm))).toEqual(facts(python));
  });

  it('reads a map that uses another (MAP), with UNPLAYED powers, UNOWNED centres and BUILD_ANY', () => {
    const duel = [
      '# two powers on the standard board',
      'MAP classic.map',
      'UNPLAYED ENGLAND, GERMANY, ITALY, RUSSIA, TURKEY',
      'RULES BUILD_ANY',
      'VICTORY 12',
    ].join('\n');
    const r = ok(run(duel, {}, null, 'duel.map'));
    expect(r.data.powers.map((p) => p.name)).toEqual(['Austria', 'France']);
    expect(r.data.startingUnits.map((u) => u.power)).toEqual([
      'Austria',
      'Austria',
      'Austria',
      'France',
      'France',
      'France',
    ]);
    expect(r.data.provinces.find((p) => p.id === 'lon')).toMatchObject({ supplyCenter: true, home: null });
    expect(r.data.builds).toBe('owned');
    expect(r.data.victory.centers).toBe(12);
  });

  it('reads `-`, `+` and `_` in the names of powers, adjectives and the map as spaces, as python does', () => {
    const renamed = mapText
      .replace('ENGLAND (ENGLISH)', 'NEW-ENGLAND (NEW+ENGLISH)')
      .replace(/^ENGLAND\b/m, 'NEW-ENGLAND');
    const r = ok(run(renamed, {}, null, 'new_world_order.map'));
    expect(r.data.name).toBe('New World Order');
    expect(r.data.id).toBe('new_world_order');
    expect(r.data.powers[1]).toMatchObject({ name: 'New England', adjective: 'New English' });
    expect(r.data.provinces.find((p) => p.id === 'lon')?.home).toBe('New England');
    expect(r.data.startingUnits.filter((u) => u.power === 'New England')).toHaveLength(3);
  });
});

describe('names the bot shows (src/variants/shown-names.ts)', () => {
  it('refuses a province whose name holds Discord markup, naming the province, as every path does', () => {
    const r = checkImport(run(mapText.replace('\nBurgundy = bur', '\n**Burgundy** = bur')));
    expect(r.ok ? [] : r.problems).toEqual([
      "province bur: its name, shown in the bot's posts, may not hold \\* (Discord reads them as markup or a mention)",
    ]);
  });
});

describe('planted defects in a .map file are named with their file and line', () => {
  it('a unit before any power, a rule it cannot play', () => {
    const problems = problemsOf(run(`USES classic.map\nA PAR\nRULE NO_PRESS\n`, {}, null, 'more.map'));
    expect(problems).toEqual(
      expect.arrayContaining([
        'more.map line 2: a unit before a power',
        'RULE NO_PRESS is not supported (only BUILD_ANY)',
      ]),
    );
  });

  it('a file it uses that is not there: that problem alone, not what follows for want of it', () => {
    const text = '# France against Austria\nMAP missing.map\nUNPLAYED ENGLAND, GERMANY\nUNOWNED EDI LON\n';
    expect(problemsOf(run(text, {}, null, 'duel.map'))).toEqual([
      'duel.map line 2: missing.map: no such file beside the map',
    ]);
    const alone = importPythonDiplomacy({ map: { name: 'duel.map', text }, read: () => null, alone: true, svg: null });
    expect(problemsOf(alone)).toEqual([
      'duel.map line 2: missing.map: a map that uses another cannot be added alone: import the two with ' +
        '`variants import` and add the variant file it writes',
    ]);
  });

  it('a file that is no map: no location, and each centre named with its line', () => {
    expect(problemsOf(run('HELLO WORLD\n\u0000\u0001 garbage ABUTS\n', {}, null, 'junk.map'))).toEqual([
      'junk.map: no location (no WATER, LAND, COAST, PORT or SHUT line): is it a map of the python diplomacy package?',
    ]);
    const text = mapText.replace('FRANCE (FRENCH) BRE MAR PAR', 'FRANCE (FRENCH) BRE MAR PAR XYZ');
    const line = mapText.split('\n').findIndex((l) => l.startsWith('FRANCE (FRENCH)')) + 1;
    expect(problemsOf(run(text))).toContain(`classic.map line ${line}: centre XYZ is no location of the map`);
  });

  it('a one-way adjacency', () => {
    const text = mapText.replace(/^(LAND BOH ABUTS .*)$/m, '$1 par');
    expect(problemsOf(run(text))).toContain(
      'adjacency: armies can move from BOH to PAR but not back (a one-way move cannot be played here)',
    );
  });

  it('a name given twice and an alias of two places, as python refuses them', () => {
    const lines = mapText.split('\n');
    const at = lines.findIndex((l) => l.startsWith('Paris = par')) + 1;
    expect(at).toBeGreaterThan(0);
    const text = mapText.replace(/^(Paris = par.*)$/m, '$1\nParis = pic\nGascony+Two = gas brest');
    expect(problemsOf(run(text))).toEqual([
      `classic.map line ${at + 1}: "Paris" already names PAR`,
      `classic.map line ${at + 2}: alias "brest" of GAS already names BRE`,
    ]);
  });

  it('an adjacency to a place the map does not have, named with its line', () => {
    const text = mapText.replace(/^(WATER ADR ABUTS .*)$/m, '$1 XYZ');
    const line = text.split('\n').findIndex((l) => l.startsWith('WATER ADR ABUTS')) + 1;
    expect(line).toBeGreaterThan(0);
    expect(problemsOf(run(text))).toEqual([`classic.map line ${line}: ADR abuts XYZ, which is no location of the map`]);
  });

  it('a home centre of two powers, a game that begins with retreats', () => {
    const text = mapText
      .replace('FRANCE (FRENCH) BRE MAR PAR', 'FRANCE (FRENCH) BRE MAR PAR MUN')
      .replace('BEGIN SPRING 1901 MOVEMENT', 'BEGIN SPRING 1901 RETREATS');
    const problems = problemsOf(run(text));
    const line = text.split('\n').findIndex((l) => l.startsWith('GERMANY (GERMAN)')) + 1;
    expect(line).toBeGreaterThan(0);
    expect(problems).toContain(`classic.map line ${line}: MUN is a home centre of both FRANCE and GERMANY`);
    expect(problems).toContain(
      'BEGIN SPRING 1901 RETREATS: a game begins with a spring or fall movement or a winter adjustment',
    );
  });

  it('an SVG that is no XML, a path or transform that cannot be read', () => {
    expect(problemsOf(run(mapText, {}, '<svg><path></svg>'))[0]).toMatch(/^classic\.svg: line 1: /);
    const broken = svgText.replace(/(<path id="_par"[^>]* d=")/, '$1M 0 0 L < 5 ');
    expect(broken).not.toBe(svgText);
    const [path, ...more] = problemsOf(run(mapText, {}, broken));
    expect(path).toMatch(/^MapLayer: "_par": .+ \(at pos \d+\)$/);
    expect(more).toEqual([]);
    const skewed = svgText.replace('<g id="MapLayer"', '<g id="MapLayer" transform="rotate(x)"');
    expect(problemsOf(run(mapText, {}, skewed))).toEqual([expect.stringMatching(/^classic\.svg: .*rotate\(x\)/)]);
  });

  it('another map’s SVG (it draws fewer than half the provinces): one line, not one per province', () => {
    // Only the seas keep their names: the rest of the shapes are another map's provinces.
    const seas = new Set(classic.data.provinces.filter((p) => p.kind === 'sea').map((p) => p.id));
    const other = svgText.replace(/id="_([a-z]{3})"/g, (all, id: string) => (seas.has(id) ? all : `id="_x${id}"`));
    const problems = problemsOf(run(mapText, {}, other));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^classic\.svg: draws 19 of the map's 76 provinces \(not [a-z, ]+…\): is it this map's SVG\?$/,
    );
  });
});

describe('what the import reads from a python SVG’s MapLayer', () => {
  it('a backdrop rect the MapLayer begins with is the map’s frame: water, land nobody holds or off-map land', () => {
    const size = /viewBox="0 0 (\S+) (\S+)"/.exec(svgText)!;
    const [width, height] = [Number(size[1]), Number(size[2])];
    // the page is 40 px taller than the backdrop (python's note strip below the map)
    const taller = svgText
      .replace(`viewBox="0 0 ${width} ${height}"`, `viewBox="0 0 ${width} ${height + 40}"`)
      .replace(`height="${height}px"`, `height="${height + 40}px"`)
      .replace(/<rect fill="black"/, '<rect fill="antiquewhite"');
    const land = ok(run(mapText, {}, taller)).data.geometry!;
    expect([land.width, land.height]).toEqual([width, height]);
    expect(land.background).toBeUndefined();
    const sea = ok(
      run(
        mapText,
        {},
        decorated(
          taller.replace(/<rect fill="antiquewhite"/, '<rect class="water"'),
          '.water {fill: lightblue; stroke: black}',
          '',
        ),
      ),
    ).data.geometry!;
    expect([sea.width, sea.height, sea.background]).toEqual([width, height, 'sea']);
    // unowned provinces show the backdrop (python's ancmed: `.nopower {fill:none}`): what shows between shapes is
    // land nobody holds, not off-map land; a `nopower` fill of its own keeps the backdrop off-map land
    const unowned = (css: string) => ok(run(mapText, {}, decorated(taller, css, ''))).data.geometry!.background;
    expect(unowned('.nopower {fill:none;stroke:black} .water {fill:lightblue}')).toBe('unowned-land');
    expect(unowned('.nopower {fill: AntiqueWhite} .water {fill:lightblue}')).toBe('unowned-land');
    expect(unowned('.nopower {fill:#ffeeee} .water {fill:lightblue}')).toBeUndefined();
    // without a backdrop, python's note strip at the foot of the page is left out all the same
    const noted = taller
      .replace(/<rect fill="antiquewhite"[^>]*>/, '')
      .replace('</svg>', `<rect x="0" y="${height}" width="${width}" height="40" class="currentnoterect"/></svg>`);
    expect(ok(run(mapText, {}, noted)).data.geometry!.height).toBe(height);
  });

  it('a land piece in a sea’s group and a water piece in a land’s group are cut out of the province (islands, canals)', () => {
    // python's modern draws Corsica in the Ligurian Sea's group (its class, `nopower`, not `water`), and canals in
    // their land's group: python paints them over the province, so the import cuts them out of it.
    const plain = ok(run(mapText, {}, svgText)).data.geometry!;
    const square = ([x, y]: [number, number], r: number) =>
      `${x - r},${y - r} ${x + r},${y - r} ${x + r},${y + r} ${x - r},${y + r}`;
    const [nx, ny] = plain.anchors!.nth! as [number, number];
    // A second island touches the sea's outline with a corner (modern's Corsica meets its sea's edge).
    const [[ax, ay], [bx, by]] = pathRings(plain.shapes!.nth!)[0]! as [[number, number], [number, number]];
    const [vx, vy] = [(ax + bx) / 2, (ay + by) / 2];
    const [tx, ty] = [vx + (nx - vx) * 0.1, vy + (ny - vy) * 0.1];
    const touching = `${vx},${vy} ${tx + 2},${ty} ${tx - 2},${ty}`;
    const [mx, my] = plain.anchors!.mun! as [number, number];
    const grouped = svgText
      .replace(
        /<path id="_nth" class="water" (d="[^"]*")\/>/,
        `<g id="_nth" class="nopower"><path class="water" $1/><polygon points="${square([nx + 20, ny + 20], 5)}"/><polygon points="${touching}"/></g>`,
      )
      .replace(
        /<path id="_mun" class="nopower" (d="[^"]*")\/>/,
        `<g id="_mun" class="nopower"><path $1/><polygon class="water" points="${square([mx + 12, my + 12], 3)}"/></g>`,
      );
    const g = ok(run(mapText, {}, grouped)).data.geometry!;
    const ringsOf = (id: string) => pathRings(g.shapes![id]!);
    expect(ringsOf('nth')).toHaveLength(plain.shapes!.nth!.split('M').length - 1 + 2);
    expect(windingNumber([nx + 20, ny + 20], ringsOf('nth'))).toBe(0);
    expect(windingNumber([(vx + 2 * tx) / 3, (vy + 2 * ty) / 3], ringsOf('nth'))).toBe(0);
    expect(windingNumber([nx, ny], ringsOf('nth'))).not.toBe(0);
    expect(windingNumber([mx + 12, my + 12], ringsOf('mun'))).toBe(0);
    expect(g.decor!.land).toHaveLength(2);
    expect(g.decor!.sea).toHaveLength(1);
    // Water in a notch of the land, its corners on the land's outline, is no hole: the land does not cover it.
    const munRing = pathRings(plain.shapes!.mun!)[0]!;
    const notch = munRing
      .map((b, i) => [munRing[(i + munRing.length - 1) % munRing.length]!, b, munRing[(i + 1) % munRing.length]!])
      .find(([a, b, c]) => {
        const mid: [number, number] = [(a![0] + b![0] + c![0]) / 3, (a![1] + b![1] + c![1]) / 3];
        return Math.abs(signedArea([a!, b!, c!])) > 2 && windingNumber(mid, [munRing]) === 0;
      })!;
    const notched = svgText.replace(
      /<path id="_mun" class="nopower" (d="[^"]*")\/>/,
      `<g id="_mun" class="nopower"><path $1/><polygon class="water" points="${notch.map((p) => p.join(',')).join(' ')}"/></g>`,
    );
    expect(ok(run(mapText, {}, notched)).data.geometry!.shapes!.mun).toBe(plain.shapes!.mun);
    // Nor is water round the land with the land as its hole (ancmed's Baleares), though its hole is the land's outline.
    const moat = `M ${square([mx, my], 400).replaceAll(' ', ' L ')} Z ${plain.shapes!.mun!}`;
    const moated = svgText.replace(
      /<path id="_mun" class="nopower" (d="[^"]*")\/>/,
      `<g id="_mun" class="nopower"><path $1/><path class="water" d="${moat}"/></g>`,
    );
    expect(ok(run(mapText, {}, moated)).data.geometry!.shapes!.mun).toBe(plain.shapes!.mun);
    // A sea's group of class `water` is water throughout, its pieces classless.
    const allWater = svgText.replace(
      /<path id="_nth" class="water" (d="[^"]*")\/>/,
      '<g id="_nth" class="water"><path $1/></g>',
    );
    expect(ok(run(mapText, {}, allWater)).data.geometry!.shapes!.nth).toBe(plain.shapes!.nth);
  });

  it('a polyline is a filled shape (off-map water here)', () => {
    const svg = decorated(svgText, '', '<g><polyline id="water" class="water" points="0,0 30,0 0,30"/></g>');
    const decor = ok(run(mapText, {}, svg)).data.geometry!.decor!;
    expect(decor.sea).toHaveLength(1);
    expect(decor.land).toEqual([]);
  });

  it('unnamed lines filled with nothing (a river, a dashed connector) are drawn as lines, not off-map land', () => {
    const css =
      '/* accents */ .thickdash {fill:none;stroke:black;stroke-width:6;stroke-dasharray:2,1.5;} ' +
      'g.style1 {fill:none;stroke:#17A1F8;stroke-width:5}';
    const lines = [
      '<g class="style1"><path d="M 10 10 L 50 50 L 60 40"/><path d="M 5 5 L 9 30 L 2 8"/></g>',
      '<line class="thickdash" x1="100" y1="100" x2="100" y2="140"/>',
      '<g transform="scale(2)"><path style="stroke:red;fill:none" d="M 0 0 L 20 0 L 20 20"/></g>',
      '<path fill="#ccbb99" d="M 0 0 L 20 0 L 20 20 Z"/>',
    ];
    const decor = ok(run(mapText, {}, decorated(svgText, css, lines.join('')))).data.geometry!.decor!;
    expect(decor.land).toEqual(['M0 0L20 0L20 20Z']);
    expect(decor.lines).toEqual([
      { d: 'M10 10L50 50L60 40', color: '#17a1f8', width: 5 },
      { d: 'M5 5L9 30L2 8', color: '#17a1f8', width: 5 },
      { d: 'M100 100L100 140', color: '#000000', width: 6, dash: [2, 1.5] },
      { d: 'M0 0L40 0L40 40', color: '#ff0000', width: 2 },
    ]);
  });
});
