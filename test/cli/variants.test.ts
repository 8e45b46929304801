/**
 * `variants import` and `--variant-file` (contract: docs/cli.md): importing writes one variant file (exit 0), names
 * every problem of a wrong input on stderr (exit 1) and writes nothing, refuses bad usage (exit 2); the file it writes
 * is accepted by every command that takes a variant, drawing included.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { adjudicateCommand } from '../../src/cli/commands/adjudicate.js';
import { aiCommand } from '../../src/cli/commands/ai.js';
import { mapsCommand } from '../../src/cli/commands/maps.js';
import { parseCommand } from '../../src/cli/commands/parse.js';
import { render } from '../../src/cli/commands/render.js';
import { replay } from '../../src/cli/commands/replay.js';
import { variantsCommand } from '../../src/cli/commands/variants.js';
import { MAX_FILE_BYTES } from '../../src/cli/io.js';
import { getVariant } from '../../src/variants/index.js';
import { diplogmFolder, pythonMapFile, pythonSvg } from '../support/variant-formats.js';

const dir = mkdtempSync(join(tmpdir(), 'zhanguo-variants-'));
const classic = getVariant('classic')!;
const folder = join(dir, 'classic-dgm');
const imported = join(dir, 'classic.json');
let config: Record<string, unknown>;

beforeAll(() => {
  const f = diplogmFolder(classic);
  config = f.config;
  mkdirSync(folder);
  writeFileSync(join(folder, 'config.json'), JSON.stringify(config));
  writeFileSync(join(folder, 'map.svg'), f.svg);
  writeFileSync(join(dir, 'classic.map'), pythonMapFile(classic));
  writeFileSync(join(dir, 'classic.svg'), pythonSvg(classic));
});

describe('variants import', () => {
  it('writes a DiploGM folder as one variant file, saying which colours it draws differently', async () => {
    const r = await variantsCommand(['import', '--from', 'diplogm', folder, '--out', imported]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`wrote ${imported}`);
    // Classic's France keeps its blue units only with a land tint of its own, which DiploGM's format cannot carry.
    expect(r.stderr).toMatch(
      /^note: France: colour #1e7afe makes land that reads as water or unowned land; drawn as #/m,
    );
    const file = JSON.parse(readFileSync(imported, 'utf8'));
    expect(file).toMatchObject({ id: 'classic_diplomacy', name: 'Classic Diplomacy' });
    expect(file.powers.every((p: { altColor?: string }) => /^#[0-9a-f]{6}$/.test(p.altColor ?? ''))).toBe(true);
  });

  it('prints the variant file on stdout without --out; reads the config file itself and a python .map', async () => {
    const a = await variantsCommand(['import', '--from', 'diplogm', join(folder, 'config.json')]);
    expect(a.code).toBe(0);
    expect(JSON.parse(a.stdout).provinces).toHaveLength(76);
    const b = await variantsCommand([
      'import',
      '--from',
      'python-diplomacy',
      join(dir, 'classic.map'),
      '--svg',
      join(dir, 'classic.svg'),
    ]);
    expect(b.code).toBe(0);
    expect(JSON.parse(b.stdout).geometry.shapes.stp).toMatch(/^M/);
    const c = await variantsCommand(['import', '--from', 'python-diplomacy', join(dir, 'classic.map')]);
    expect(c.stderr).toContain('note: no SVG was given');
    expect(JSON.parse(c.stdout).geometry).toBeUndefined();
  });

  it('refuses a map whose province name holds Discord markup, naming the province, and writes nothing', async () => {
    const marked = join(dir, 'marked');
    mkdirSync(marked);
    const map = join(marked, 'classic.map');
    writeFileSync(map, readFileSync(join(dir, 'classic.map'), 'utf8').replace('\nBurgundy = bur', '\nBur`gundy = bur'));
    const out = join(marked, 'out.json');
    const r = await variantsCommand(['import', '--from', 'python-diplomacy', map, '--out', out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      "province bur: its name, shown in the bot's posts, may not hold \\` (Discord reads them as markup or a mention)",
    );
    expect(existsSync(out)).toBe(false);
  });

  it('reads files saved with a byte-order mark (as Windows editors save UTF-8) like any other', async () => {
    const bom = (from: string, to: string) => writeFileSync(to, `\uFEFF${readFileSync(from, 'utf8')}`);
    const dgm = join(dir, 'bom-dgm');
    mkdirSync(dgm);
    bom(join(folder, 'config.json'), join(dgm, 'config.json'));
    bom(join(folder, 'map.svg'), join(dgm, 'map.svg'));
    bom(join(dir, 'classic.map'), join(dir, 'bom.map'));
    bom(imported, join(dir, 'bom.json'));
    for (const args of [
      ['--from', 'diplogm', dgm],
      ['--from', 'python-diplomacy', join(dir, 'bom.map')],
      [join(dir, 'bom.json')],
    ]) {
      const r = await variantsCommand(['import', ...args]);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
    }
    const shown = await mapsCommand(['show', '--variant-file', join(dir, 'bom.json')]);
    expect(shown.code, shown.stderr).toBe(0);
  });

  it('a variant file of ours (the default format) is read back as it was written', async () => {
    const r = await variantsCommand(['import', imported]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse(readFileSync(imported, 'utf8')));
  });

  it('a family folder of versions: the newest by version number, as DiploGM orders them; among unordered ones, the last by name', async () => {
    const family = join(dir, 'fam');
    for (const v of ['1.9', '1.10', '2.0b1', '2.0']) {
      mkdirSync(join(family, `fam.${v}`), { recursive: true });
      writeFileSync(join(family, `fam.${v}`, 'config.json'), JSON.stringify({ ...config, name: `Fam ${v}` }));
      writeFileSync(join(family, `fam.${v}`, 'map.svg'), readFileSync(join(folder, 'map.svg')));
    }
    const r = await variantsCommand(['import', '--from', 'diplogm', family]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).name).toBe('Fam 2.0');
    // Versions DiploGM cannot read as numbers rank alike there (its pick is the folder listing's): the last by name
    // is read, and a note says so, whether the import succeeds or is refused.
    const unordered = join(dir, 'era');
    for (const v of ['b1', 'b1.1', 'chaos']) {
      mkdirSync(join(unordered, `era.${v}`), { recursive: true });
      writeFileSync(
        join(unordered, `era.${v}`, 'config.json'),
        JSON.stringify({ ...config, fow: v === 'chaos' ? 'enabled' : 'disabled' }),
      );
    }
    const refused = await variantsCommand(['import', '--from', 'diplogm', unordered]);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n')).toEqual([
      `note: ${unordered}: versions era.b1, era.b1.1 and era.chaos carry no version number to tell the newest (DiploGM would read the one its folder lists first); read era.chaos, the last by name (give a version's folder to read another)`,
      'fow: enabled (DiploGM fog of war) is not supported',
      'config.json: file "map.svg" is not there',
    ]);
  });

  it('exit 1 with one line per problem, and nothing written, when the input is wrong', async () => {
    const bad = join(dir, 'bad-dgm');
    mkdirSync(bad);
    const players = structuredClone(config.players) as Record<string, { color: string }>;
    players.Italy!.color = players.Austria!.color;
    writeFileSync(join(bad, 'config.json'), JSON.stringify({ ...config, players, fow: 'enabled' }));
    writeFileSync(join(bad, 'map.svg'), readFileSync(join(folder, 'map.svg')));
    const out = join(dir, 'never.json');
    const r = await variantsCommand(['import', '--from', 'diplogm', bad, '--out', out]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toEqual(['fow: enabled (DiploGM fog of war) is not supported']);
    expect(existsSync(out)).toBe(false);
    // Two players with one colour, and no single colour of no player on the map (docs/variants.md).
    players.Germany!.color = '123456';
    writeFileSync(join(bad, 'config.json'), JSON.stringify({ ...config, players }));
    const again = await variantsCommand(['import', '--from', 'diplogm', bad, '--out', out]);
    expect(again.stderr).toContain(
      `players: Austria and Italy have the same colour #${players.Austria!.color}, so the map cannot tell their provinces and centres apart (DiploGM would give them all to Italy)`,
    );
    expect(existsSync(out)).toBe(false);
  });

  it('refuses a file over the size limit by its size, exit 1 with one line, whichever input it is', async () => {
    const huge = join(dir, 'huge.json');
    writeFileSync(huge, '');
    truncateSync(huge, MAX_FILE_BYTES + 1); // sparse: nothing is written to disk
    const line = `is too large (${MAX_FILE_BYTES + 1} bytes): the CLI reads files of at most 64 MiB`;
    const hugeDgm = join(dir, 'huge-dgm');
    mkdirSync(hugeDgm);
    writeFileSync(join(hugeDgm, 'config.json'), JSON.stringify(config));
    writeFileSync(join(hugeDgm, 'map.svg'), '');
    truncateSync(join(hugeDgm, 'map.svg'), MAX_FILE_BYTES + 1);
    const out = join(dir, 'never-huge.json');
    const runs: [Promise<{ code: number; stdout: string; stderr: string }>, string][] = [
      [variantsCommand(['import', huge, '--out', out]), huge],
      [variantsCommand(['import', '--from', 'python-diplomacy', join(dir, 'classic.map'), '--svg', huge]), huge],
      [variantsCommand(['import', '--from', 'diplogm', hugeDgm, '--out', out]), join(hugeDgm, 'map.svg')],
      [adjudicateCommand(['--variant-file', huge], '{}'), huge],
      [mapsCommand(['check', '--variant-file', huge]), huge],
    ];
    for (const [run, file] of runs) {
      const r = await run;
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`${file} ${line}\n`);
    }
    expect(existsSync(out)).toBe(false);
  });

  it.each([
    [['import', '--from', 'vassal', 'x'], '--from is one of zhanguo, diplogm, python-diplomacy (got "vassal")'],
    [['import', '--from', 'diplogm'], 'variants import needs one path: the file or folder to read'],
    [['import', '--from', 'diplogm', '/nowhere/at/all'], '/nowhere/at/all: no such file or folder'],
    [['export', 'x'], 'usage: variants import'],
  ])('exit 2 for bad usage: %j', async (args, reason) => {
    const r = await variantsCommand(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(reason);
  });
});

describe('--variant-file with an imported variant', () => {
  it('maps show and maps check', async () => {
    const show = await mapsCommand(['show', '--variant-file', imported]);
    expect(show.code).toBe(0);
    expect(JSON.parse(show.stdout).builds).toBe('home');
    expect(JSON.parse(show.stdout).adjacency.st_petersburg).toEqual([
      'barents_sea',
      'finland',
      'gulf_of_bothnia',
      'livonia',
      'moscow',
      'norway',
    ]);
    const check = await mapsCommand(['check', '--variant-file', imported]);
    expect(JSON.parse(check.stdout)).toEqual({ classic_diplomacy: { ok: true, problems: [] } });
    expect(check.code).toBe(0);
  });

  it('maps check passes a file imported without its drawing, as the import did, saying only its data was checked', async () => {
    const bare = join(dir, 'bare.json');
    const imported = await variantsCommand([
      'import',
      '--from',
      'python-diplomacy',
      join(dir, 'classic.map'),
      '--out',
      bare,
    ]);
    expect(imported.code).toBe(0);
    const check = await mapsCommand(['check', '--variant-file', bare]);
    expect(JSON.parse(check.stdout)).toEqual({ classic: { ok: true, problems: [] } });
    expect(check.code).toBe(0);
    expect(check.stderr).toBe('maps check: classic has no drawing (geometry): its data was checked, not its drawing\n');
  });

  it('maps check names the province of a problem in the file', async () => {
    const data = JSON.parse(readFileSync(imported, 'utf8'));
    data.provinces.find((p: { id: string }) => p.id === 'spain').kind = 'swamp';
    const file = join(dir, 'swamp.json');
    writeFileSync(file, JSON.stringify(data));
    const check = await mapsCommand(['check', '--variant-file', file]);
    expect(check.code).toBe(1);
    expect(JSON.parse(check.stdout)['swamp.json'].problems).toEqual([
      'province spain: kind: Invalid option: expected one of "land"|"coast"|"sea"|"impassable"',
    ]);
  });

  it('every command refuses a file maps check refuses: exit 1, its problems one a line, as maps check names them', async () => {
    const data = JSON.parse(readFileSync(imported, 'utf8'));
    data.armyAdjacency.moscow.push('atlantis');
    data.provinces.find((p: { id: string }) => p.id === 'ukraine').home = 'Russia';
    const file = join(dir, 'inconsistent.json');
    writeFileSync(file, JSON.stringify(data));
    const check = await mapsCommand(['check', '--variant-file', file]);
    expect(check.code).toBe(1);
    const problems = JSON.parse(check.stdout).classic_diplomacy.problems as string[];
    expect(problems.some((p) => p.includes('atlantis'))).toBe(true);
    expect(problems.some((p) => p.includes('ukraine'))).toBe(true);
    const start = JSON.stringify({ phase: data.startingPhase, units: data.startingUnits, orders: [] });
    const runs = [
      await parseCommand(['--variant-file', file], 'A moscow - ukraine'),
      await adjudicateCommand(['--variant-file', file], start),
      await aiCommand(['orders', '--variant-file', file, '--seed', '7', '--level', 'easy'], start),
      await mapsCommand(['show', '--variant-file', file]),
      await render(['--variant-file', file, '--out', join(dir, 'never.png')], '{}'),
      await replay(['--variant-file', file, '--out', join(dir, 'never.gif')], JSON.stringify([{ orders: [] }])),
    ];
    for (const r of runs) {
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toEqual([`${file} is refused, as maps check refuses it:`, ...problems]);
    }
    expect(existsSync(join(dir, 'never.png'))).toBe(false);
    expect(existsSync(join(dir, 'never.gif'))).toBe(false);
  });

  it('a province given twice is named once, not again as a border drawn wrong', async () => {
    const data = JSON.parse(readFileSync(imported, 'utf8'));
    const moscow = data.provinces.find((p: { id: string }) => p.id === 'moscow');
    data.provinces.push({ ...moscow, name: 'Moscow Hills', abbreviation: 'mhl', aliases: [] });
    const file = join(dir, 'twice.json');
    writeFileSync(file, JSON.stringify(data));
    const check = await mapsCommand(['check', '--variant-file', file]);
    expect(check.code).toBe(1);
    const problems = JSON.parse(check.stdout).classic_diplomacy.problems as string[];
    expect(problems.some((p) => p.includes('moscow'))).toBe(true);
    expect(problems.filter((p) => p.includes('drawn border'))).toEqual([]);
    const imported2 = await variantsCommand(['import', file]);
    expect(imported2.code).toBe(1);
    expect(imported2.stderr.trim().split('\n')).toEqual(problems);
  });

  it('parse, adjudicate and ai orders', async () => {
    const parsed = await parseCommand(
      ['--variant-file', imported],
      'F st_petersburg/sc - gulf_of_bothnia\nA Moscow - Ukraine',
    );
    expect(JSON.parse(parsed.stdout).map((l: { text: string }) => l.text)).toEqual([
      'F st_petersburg/sc - gulf_of_bothnia',
      'A moscow - ukraine',
    ]);
    const file = JSON.parse(readFileSync(imported, 'utf8'));
    const start = { phase: file.startingPhase, units: file.startingUnits };
    const ai = await aiCommand(
      ['orders', '--variant-file', imported, '--seed', '7', '--level', 'easy'],
      JSON.stringify(start),
    );
    expect(ai.code).toBe(0);
    const orders = JSON.parse(ai.stdout).orders as { power: string; text: string }[];
    expect(orders).toHaveLength(22);
    const done = await adjudicateCommand(['--variant-file', imported], JSON.stringify({ ...start, orders }));
    expect(done.code).toBe(0);
    const results = JSON.parse(done.stdout).results as { result: string }[];
    expect(results).toHaveLength(22);
    expect(results.some((x) => x.result === 'illegal')).toBe(false);
  });

  it('render and replay draw it', async () => {
    const png = join(dir, 'imported.png');
    const r = await render(['--variant-file', imported, '--out', png, '--width', '800'], '{}');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ file: png, width: 800 });
    expect(readFileSync(png).subarray(1, 4).toString()).toBe('PNG');
    const gif = join(dir, 'imported.gif');
    const g = await replay(
      ['--variant-file', imported, '--out', gif, '--width', '400'],
      JSON.stringify([{ orders: [] }]),
    );
    expect(g.code).toBe(0);
    expect(readFileSync(gif).subarray(0, 3).toString()).toBe('GIF');
  });
  it('draws a file naming no label size at the size its import gives, readable at 550 px', async () => {
    const data = JSON.parse(readFileSync(imported, 'utf8'));
    expect(data.geometry.labelSize).toBeGreaterThan(14);
    delete data.geometry.labelSize;
    const unsized = join(dir, 'unsized.json');
    writeFileSync(unsized, JSON.stringify(data));
    const pngs = [];
    for (const file of [imported, unsized]) {
      const out = join(dir, `${file === imported ? 'sized' : 'unsized'}.png`);
      expect((await render(['--variant-file', file, '--out', out, '--width', '800'], '{}')).code).toBe(0);
      pngs.push(readFileSync(out));
    }
    expect(pngs[1]!.equals(pngs[0]!)).toBe(true);
  });
});
