/**
 * Variant files (docs/variants.md "Variant files"): the documented example is valid, consistent and drawn; a map drawn
 * from shapes has the borders, owners and checks of its outlines (src/render/shape-geometry.ts); a province whose name
 * or abbreviation holds Discord markup is refused by the checks every path runs.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkGeometry } from '../../src/render/check.js';
import { computeGeometry } from '../../src/render/geometry.js';
import { checkImport } from '../../src/render/import-check.js';
import { renderMap } from '../../src/render/index.js';
import { describeVariant } from '../../src/cli/commands/maps.js';
import { buildVariant, parseVariantData } from '../../src/variants/build.js';
import { checkVariantData } from '../../src/variants/check.js';
import { readVariantFile } from '../../src/variants/file.js';
import type { VariantData } from '../../src/variants/schema.js';

const docs = readFileSync(new URL('../../docs/variants.md', import.meta.url), 'utf8');
const example = docs.slice(docs.indexOf('A small example')).match(/```json\n([\s\S]*?)```/)![1]!;

function read(text: string): VariantData {
  const r = readVariantFile(text, 'example.json');
  if (!r.ok) throw new Error(r.problems.join('\n'));
  return r.data;
}

describe('the documented example', () => {
  it('is a valid, consistent variant file whose drawing agrees with its adjacency', () => {
    const v = buildVariant(read(example));
    expect(checkVariantData(v)).toEqual([]);
    expect(checkGeometry(v)).toEqual([]);
  });

  it('is drawn', async () => {
    const v = buildVariant(read(example));
    const map = await renderMap(v, v.startingPosition(), { width: 800 });
    expect(map.png.subarray(1, 4).toString()).toBe('PNG');
    expect(map.warnings).toEqual([]);
  });
});

describe('a map drawn from shapes', () => {
  const data = read(example);
  const g = computeGeometry(data);
  if (!g.ok) throw new Error(g.error);
  const geometry = g.geometry;

  it('finds the province under a point, the background where nothing is drawn', () => {
    expect(geometry.locate([50, 10])).toBe('sound');
    expect(geometry.locate([200, 200])).toBe('blue_march');
    expect(geometry.locate([300, 100])).toBe('hills');
    expect(geometry.locate([320, 2])).toBe('#land'); // above the curve of the Hills
    expect(geometry.locate([500, 10])).toBeNull();
  });

  it('draws a border where outlines meet, one line per border, none along the frame', () => {
    const border = (a: string, b: string) => geometry.borderIndex.get(a < b ? `${a}|${b}` : `${b}|${a}`);
    // 150 px of shared edge, give or take a piece at each end where a third outline comes within the margin.
    expect(border('red_march', 'blue_march')?.length).toBeGreaterThanOrEqual(148);
    expect(border('red_march', 'blue_march')?.length).toBeLessThanOrEqual(154);
    expect(border('red_march', 'sound')?.length).toBeGreaterThanOrEqual(148);
    expect(border('hills', 'sound')).toBeUndefined();
    expect(border('#land', 'hills')?.length).toBeGreaterThan(80); // the curve, where the frame shows
    expect(border('#land', 'sound')).toBeUndefined();
  });

  it('names what the check finds: provinces that touch but are not adjacent, adjacent ones drawn apart', () => {
    const parted = structuredClone(data);
    parted.geometry!.shapes!.blue_march = 'M 100 160 H 250 V 300 H 100 Z';
    parted.armyAdjacency.hills = ['red_march'];
    parted.armyAdjacency.blue_march = ['red_march'];
    expect(checkGeometry(buildVariant(parted))).toEqual([
      expect.stringMatching(/^blue_march and hills share a drawn border \(14\d\.\d px\) but are not adjacent$/),
      'blue_march and red_march are adjacent but share no drawn border',
    ]);
  });

  it('names a province without a shape, a shape of no province, and path data it cannot read', () => {
    const broken = structuredClone(data);
    delete broken.geometry!.shapes!.hills;
    broken.geometry!.shapes!.atlantis = 'M 0 0 L 1 1 L 0 1 Z';
    broken.geometry!.shapes!.sound = 'M 0 0 L 100 x';
    const r = computeGeometry(broken);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.split('\n')).toEqual([
      'geometry shapes: atlantis is no province',
      expect.stringMatching(/^province sound: its shape is not SVG path data/),
      'province hills: no shape in geometry shapes',
    ]);
  });
});

describe('names the bot shows (src/variants/shown-names.ts)', () => {
  const withProvince = (name: string, abbreviation: string) => {
    const data = JSON.parse(example);
    Object.assign(
      data.provinces.find((p: { id: string }) => p.id === 'hills'),
      { name, abbreviation },
    );
    return checkImport(readVariantFile(JSON.stringify(data), 'example.json'));
  };

  it('refuses a province whose name or abbreviation holds markup, one line naming the province', () => {
    const r = withProvince('The **Hills** <@1>', 'H_');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems).toEqual([
      "province hills: its name and abbreviation, shown in the bot's posts, may not hold \\*, \\<, \\@, \\> or \\_ (Discord reads them as markup or a mention)",
    ]);
    const abbreviation = withProvince('The Hills', '`Hil`');
    expect(abbreviation.ok ? [] : abbreviation.problems).toEqual([
      "province hills: its abbreviation, shown in the bot's posts, may not hold \\` (Discord reads them as markup or a mention)",
    ]);
  });

  it('refuses an invisible or direction-changing character and a Latin word with a Cyrillic lookalike', () => {
    const invisible = withProvince('Hills\u200b', 'Hil');
    expect(invisible.ok ? [] : invisible.problems).toEqual([
      'province hills: its name or abbreviation may not hold an invisible or direction-changing character',
    ]);
    const reversed = withProvince('Hills', '\u202eliH');
    expect(reversed.ok ? [] : reversed.problems).toHaveLength(1);
    const lookalike = withProvince('\u0410ustria', 'Aus');
    expect(lookalike.ok ? [] : lookalike.problems).toEqual([
      'province hills: its name or abbreviation may not hold a word mixing Latin, Cyrillic or Greek letters (they look alike)',
    ]);
    const data = JSON.parse(example);
    const original = data.powers[0].name;
    data.powers[0].name = `${original}\u2060`;
    for (const u of data.startingUnits) if (u.power === original) u.power = data.powers[0].name;
    const power = checkImport(readVariantFile(JSON.stringify(data), 'example.json'));
    expect(power.ok ? [] : power.problems).toContain(
      'powers[0].name: a name the bot shows in its posts may not hold an invisible or direction-changing character',
    );
  });

  it('accepts a name wholly in Cyrillic or Greek, and Latin beside Chinese', () => {
    expect(withProvince('Холмы', 'Хол').ok).toBe(true);
    expect(withProvince('Λόφοι', 'Λόφ').ok).toBe(true);
    expect(withProvince('Qin 秦', 'Qin').ok).toBe(true);
  });

  it('accepts an underscore inside a word, accents and punctuation', () => {
    expect(withProvince('Hill_Country', 'H_c').ok).toBe(true);
    expect(withProvince('Les Collines d’Été (2.0)', 'Col').ok).toBe(true);
  });
});

describe('the adjacency maps show writes (src/variants/shown-adjacency.ts)', () => {
  /** The example file with the `adjacency` that `maps show` writes for it, edited by `edit`. */
  const withAdjacency = (edit: (adjacency: Record<string, string[]>) => void) => {
    const data = JSON.parse(example);
    const { adjacency } = describeVariant(buildVariant(parseVariantData(data)));
    edit(adjacency);
    return readVariantFile(JSON.stringify({ ...data, adjacency }), 'example.json');
  };

  it('accepts the union of army and fleet moves, as maps show writes it', () => {
    expect(withAdjacency(() => {}).ok).toBe(true);
  });

  it('refuses a move given in adjacency alone, naming the province, instead of dropping it', () => {
    const r = withAdjacency((adjacency) => {
      adjacency.hills = [...(adjacency.hills ?? []), 'atlantis'];
    });
    expect(r.ok ? [] : r.problems).toEqual([
      'adjacency hills: atlantis not in armyAdjacency or fleetAdjacency (moves are read from armyAdjacency and fleetAdjacency; adjacency, as maps show writes it, must agree or be left out)',
    ]);
  });
});
