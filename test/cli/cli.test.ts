/**
 * The CLI commands in-process (src/cli/commands/*), per the contract in docs/cli.md.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import datc from '../fixtures/datc.json' with { type: 'json' };
import { adjudicateCommand } from '../../src/cli/commands/adjudicate.js';
import { mapsCommand } from '../../src/cli/commands/maps.js';
import { parseCommand } from '../../src/cli/commands/parse.js';
import { runCommand } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { getVariant, variantIds } from '../../src/variants/index.js';

type Case = (typeof datc)[number] & Record<string, unknown>;
const cases = datc as Case[];
const byId = (id: string): Case => structuredClone(cases.find((c) => c.id === id)!);
const json = (s: string) => JSON.parse(s);

async function adjudicate(input: unknown, args: string[] = []) {
  const r = await adjudicateCommand(args, typeof input === 'string' ? input : JSON.stringify(input));
  return { ...r, out: r.code === 0 ? json(r.stdout) : undefined };
}

describe('adjudicate', () => {
  it('prints the contract fields for a movement case (DATC 6.A.6: ordering a unit of another country)', async () => {
    const { code, out, stderr } = await adjudicate(byId('6.A.6'));
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(Object.keys(out).sort()).toEqual(
      ['contested', 'dislodged', 'id', 'nextPhase', 'phase', 'results', 'supplyCenters', 'units', 'winner'].sort(),
    );
    expect(out.id).toBe('6.A.6');
    expect(out.phase).toEqual({ season: 'spring', year: 1901, type: 'movement' });
    expect(out.units).toEqual([{ power: 'England', type: 'F', province: 'lon', coast: null }]);
    expect(out.results).toContainEqual(
      expect.objectContaining({ power: 'Germany', unit: 'F lon', order: 'F lon - nth', result: 'illegal' }),
    );
    expect(out.nextPhase).toEqual({ season: 'fall', year: 1901, type: 'movement' });
    expect(out.winner).toBe(null);
    // no supplyCenters in a movement case: the variant's starting ownership
    expect(out.supplyCenters.Russia).toEqual(['mos', 'sev', 'stp', 'war']);
  });

  it('reports dislodged units with their retreat options (the movement phase of DATC 6.H.14)', async () => {
    const c = byId('6.H.14');
    const prelude = c.prelude as Case;
    const moved = await adjudicate(prelude);
    expect(moved.out.dislodged).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          power: 'England',
          type: 'A',
          province: 'pic',
          attackerFrom: 'par',
          retreatOptions: ['bel'],
        }),
      ]),
    );
    expect(moved.out.nextPhase.type).toBe('retreat');
  });

  it('an adjustment case without supplyCenters uses the starting ownership, with a note on stderr', async () => {
    const c = byId('6.I.1');
    delete c.supplyCenters;
    const { code, out, stderr } = await adjudicate(c);
    expect(code).toBe(0);
    expect(out.supplyCenters.Germany).toEqual(['ber', 'kie', 'mun']);
    expect(stderr).toBe("case 6.I.1: an adjustment case without supplyCenters: using classic's starting ownership\n");
  });

  it('reads JSON that starts with a byte-order mark (as Windows editors save UTF-8)', async () => {
    let out = '';
    const code = await main(['adjudicate'], {
      stdin: async () => `\uFEFF${JSON.stringify(byId('6.A.1'))}`,
      write: (s) => (out += s),
      warn: () => {},
    });
    expect(code).toBe(0);
    expect(JSON.parse(out).id).toBe('6.A.1');
  });

  it('an array in gives an array out, in input order', async () => {
    const { out } = await adjudicate([byId('6.A.1'), byId('6.A.2'), byId('6.I.1')]);
    expect(out.map((o: { id: string }) => o.id)).toEqual(['6.A.1', '6.A.2', '6.I.1']);
  });

  it('an order that cannot be parsed becomes an illegal result and the case goes on', async () => {
    const c = byId('6.A.6');
    c.orders = [
      { power: 'England', text: 'F Lodnon - North Sea', norm: '', parsed: {} },
      { power: 'England', text: 'F London jumps', norm: '', parsed: {} },
    ] as Case['orders'];
    const { code, out } = await adjudicate(c);
    expect(code).toBe(0);
    expect(out.results).toContainEqual({
      power: 'England',
      unit: '?',
      order: 'F Lodnon - North Sea',
      result: 'illegal',
      reason: 'could not read the order: unknown place "Lodnon": did you mean London (lon)?',
    });
    expect(out.results).toContainEqual(
      expect.objectContaining({ unit: 'F lon', order: 'F London jumps', result: 'illegal' }),
    );
  });

  it('runs the prelude of a retreat case given without dislodged units', async () => {
    const c = byId('6.H.14');
    delete c.dislodged;
    delete c.contested;
    const { out } = await adjudicate(c);
    const key = (u: { power: string; type: string; province: string }) => `${u.power} ${u.type} ${u.province}`;
    expect(out.units.map(key).sort()).toEqual(
      (c.expected as { units: { power: string; type: string; province: string }[] }).units.map(key).sort(),
    );
    expect(out.results.map((r: { order: string; result: string }) => `${r.order}: ${r.result}`)).toEqual([
      'A pic R bel: failure',
      'A bur R bel: failure',
    ]);
  });

  it('a case may name its variant; --variant-file loads a map.json without rules', async () => {
    const c = { ...byId('6.A.11'), variant: 'classic' };
    expect((await adjudicate(c, ['--variant', 'no-such-variant'])).code).toBe(0);
    const dir = mkdtempSync(join(tmpdir(), 'zhanguo-cli-'));
    const file = join(dir, 'map.json');
    writeFileSync(file, readFileSync(new URL('../../src/variants/classic/map.json', import.meta.url)));
    const fromFile = await adjudicate(byId('6.A.11'), ['--variant-file', file]);
    const bundled = await adjudicate(byId('6.A.11'));
    expect(fromFile.out).toEqual(bundled.out);
    writeFileSync(file, '{"id": "broken"}');
    const bad = await adjudicate(byId('6.A.11'), ['--variant-file', file]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/map\.json is invalid: name: [^;]+; powers: /);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
  });

  it.each([
    ['not JSON', 'this is not json', /^input is not JSON: /],
    ['empty input', '', /^no input: pipe JSON on stdin/],
    ['a number', '42', /^case #1: \(root\): /],
    ['no phase', JSON.stringify({ id: 'x', units: [] }), /^case x: phase: /],
    [
      'bad season',
      JSON.stringify({ phase: { season: 'summer', year: 1901, type: 'movement' }, units: [] }),
      /^case #1: phase\.season: /,
    ],
    [
      'unit without power',
      JSON.stringify({
        phase: { season: 'spring', year: 1901, type: 'movement' },
        units: [{ type: 'A', province: 'mun' }],
      }),
      /^case #1: units\.0\.power: /,
    ],
    [
      'orders not an array',
      JSON.stringify({ phase: { season: 'spring', year: 1901, type: 'movement' }, units: [], orders: 'A mun H' }),
      /^case #1: orders: /,
    ],
    [
      'unknown province',
      JSON.stringify({
        id: 7,
        phase: { season: 'spring', year: 1901, type: 'movement' },
        units: [{ power: 'Germany', type: 'A', province: 'xyz', coast: null }],
      }),
      /^case 7: unit A xyz: no province "xyz" in classic/,
    ],
    [
      'army at sea',
      JSON.stringify({
        phase: { season: 'spring', year: 1901, type: 'movement' },
        units: [{ power: 'England', type: 'A', province: 'nth', coast: null }],
      }),
      /an army cannot stand there/,
    ],
    ['unknown variant', JSON.stringify({ ...cases[0], variant: 'atlantis' }), /^unknown variant "atlantis"/],
  ])('exit 2 with a one-line reason: %s', async (_name, input, message) => {
    const r = await adjudicateCommand([], input);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
    expect(r.stderr.endsWith('\n')).toBe(true);
    expect(r.stderr.trim().includes('\n')).toBe(false);
  });

  it('exit 2 on unknown options and arguments', async () => {
    expect((await adjudicateCommand(['--varient', 'classic'], '{}')).stderr).toMatch(/unknown option --varient/);
    expect((await adjudicateCommand(['classic'], '{}')).code).toBe(2);
    expect((await adjudicateCommand(['--variant'], '{}')).stderr).toMatch(/--variant needs a value/);
  });
});

describe('adjudicate over the whole DATC', () => {
  type U = { power: string; type: string; province: string; coast: string | null };
  const key = (u: U) => `${u.power} ${u.type} ${u.province}${u.coast ? `/${u.coast}` : ''}`;

  it('matches expected.units for all 165 entries (order-insensitive)', async () => {
    const r = await adjudicateCommand([], JSON.stringify(cases));
    expect(r.code).toBe(0);
    const outputs = json(r.stdout) as { id: string; units: U[] }[];
    expect(outputs).toHaveLength(165);
    const mismatches = outputs.flatMap((o, i) => {
      const expected = (cases[i]!.expected as { units: U[] }).units.map(key).sort();
      const got = o.units.map(key).sort();
      return JSON.stringify(expected) === JSON.stringify(got)
        ? []
        : [`${o.id}: expected ${expected.join(', ')}; got ${got.join(', ')}`];
    });
    expect(mismatches).toEqual([]);
  });

  it('matches the retreat options of every movement case that lists them', async () => {
    const movement = cases.filter((c) => c.phase.type === 'movement');
    const outputs = json((await adjudicateCommand([], JSON.stringify(movement))).stdout) as {
      id: string;
      dislodged: { province: string; retreatOptions: string[] }[];
    }[];
    const mismatches = outputs.flatMap((o, i) => {
      const expected = ((movement[i]!.expected as { retreatOptions?: Record<string, string[]> }).retreatOptions ??
        {}) as Record<string, string[]>;
      const got = Object.fromEntries(o.dislodged.map((d) => [d.province, [...d.retreatOptions].sort()]).sort());
      const want = Object.fromEntries(
        Object.entries(expected)
          .map(([k, v]) => [k, [...v].sort()])
          .sort(),
      );
      return JSON.stringify(got) === JSON.stringify(want)
        ? []
        : [`${o.id}: expected ${JSON.stringify(want)}; got ${JSON.stringify(got)}`];
    });
    expect(mismatches).toEqual([]);
  });
});

describe('parse', () => {
  it('one entry per non-empty line, with line numbers', async () => {
    const r = await parseCommand([], 'A Munich - Silesia\n\n  F Lodnon H  \r\nBuild F StP/nc\n');
    expect(r.code).toBe(0);
    expect(json(r.stdout)).toEqual([
      {
        line: 1,
        input: 'A Munich - Silesia',
        ok: true,
        order: {
          kind: 'move',
          unit: { type: 'A', province: 'mun', coast: null },
          to: { province: 'sil', coast: null },
          viaConvoy: false,
        },
        text: 'A mun - sil',
      },
      { line: 3, input: 'F Lodnon H', ok: false, error: 'unknown place "Lodnon": did you mean London (lon)?' },
      {
        line: 4,
        input: 'Build F StP/nc',
        ok: true,
        order: { kind: 'build', unit: { type: 'F', province: 'stp', coast: 'nc' } },
        text: 'F stp/nc B',
      },
    ]);
  });

  it('empty input gives an empty array', async () => {
    expect(json((await parseCommand([], '')).stdout)).toEqual([]);
  });

  it('never fails on any input', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 80 }), async (s) => {
        const r = await parseCommand([], s);
        expect(r.code).toBe(0);
        expect(Array.isArray(json(r.stdout))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('exit 2 for an unknown variant', async () => {
    const r = await parseCommand(['--variant', 'atlantis'], 'A mun H');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^unknown variant "atlantis" \(bundled: classic/);
  });
});

describe('maps', () => {
  it('show: the map and set-up as JSON', async () => {
    const r = await mapsCommand(['show', 'classic']);
    expect(r.code).toBe(0);
    const out = json(r.stdout);
    expect(out).toMatchObject({ id: 'classic', name: 'Classic Diplomacy', victory: { centers: 18 } });
    expect(out.powers).toHaveLength(7);
    expect(out.powers.find((p: { name: string }) => p.name === 'Russia').homeCenters).toEqual([
      'mos',
      'sev',
      'stp',
      'war',
    ]);
    expect(out.provinces).toHaveLength(76); // 75 and impassable Switzerland
    expect(out.provinces.find((p: { id: string }) => p.id === 'spa')).toEqual({
      id: 'spa',
      name: 'Spain',
      abbreviation: 'Spa',
      aliases: [],
      kind: 'coast',
      supplyCenter: true,
      home: null,
      coasts: ['nc', 'sc'],
    });
    // adjacency: union of army and fleet moves, by province
    expect(out.adjacency.spa).toEqual(['gas', 'lyo', 'mao', 'mar', 'por', 'wes']);
    expect(out.adjacency.nth).toContain('lon');
    expect(out.startingUnits).toHaveLength(22);
    expect(out.startingUnits).toContainEqual({ power: 'Russia', type: 'F', province: 'stp', coast: 'sc' });
    expect(out).toHaveProperty('links');
    expect(out).toHaveProperty('features');
  });

  it('show: exit 2 for an unknown or missing variant', async () => {
    expect((await mapsCommand(['show', 'atlantis'])).code).toBe(2);
    expect((await mapsCommand(['show'])).stderr).toMatch(/which variant/);
    expect((await mapsCommand(['draw'])).stderr).toMatch(/unknown maps command "draw"/);
  });

  it('show: exit 2 for a second variant or a variant with --variant-file, never one of them silently', async () => {
    for (const args of [
      ['show', 'classic', 'extra'],
      ['show', 'classic', '--variant', 'warring-states'],
      ['show', 'classic', '--variant-file', 'map.json'],
    ]) {
      const r = await mapsCommand(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect((await mapsCommand(['show', 'classic', 'extra'])).stderr).toBe('unexpected argument "extra"\n');
    expect((await mapsCommand(['show', 'classic', '--variant-file', 'map.json'])).stderr).toMatch(
      /^give one variant: maps show <variant> or maps show --variant-file <map.json>/,
    );
  });

  it('check: a report for every bundled variant; Classic is clean; exit 1 exactly when a problem is found', async () => {
    const r = await mapsCommand(['check']);
    const report = json(r.stdout) as Record<string, { ok: boolean; problems: string[] }>;
    expect(Object.keys(report).sort()).toEqual(variantIds().sort());
    expect(report.classic).toEqual({ ok: true, problems: [] });
    const anyProblem = Object.values(report).some((v) => !v.ok);
    expect(r.code).toBe(anyProblem ? 1 : 0);
    for (const v of Object.values(report)) expect(v.ok).toBe(v.problems.length === 0);
  });

  it('check: puts bundled data, which loads without zod, through the schema', async () => {
    const province = getVariant('classic')!.data.provinces.find((p) => p.id === 'mun')!;
    const kind = province.kind;
    (province as { kind: string }).kind = 'swamp';
    try {
      const r = await mapsCommand(['check']);
      expect(r.code).toBe(1);
      expect(json(r.stdout).classic.problems[0]).toMatch(/^classic map data is invalid: province [a-z]+: kind: /);
    } finally {
      province.kind = kind;
    }
    expect(json((await mapsCommand(['check'])).stdout).classic).toEqual({ ok: true, problems: [] });
  });

  it('--variant-file: a province name holding Discord markup is refused, naming the province', async () => {
    const data = JSON.parse(readFileSync(new URL('../../src/variants/classic/map.json', import.meta.url), 'utf8'));
    data.provinces.find((p: { id: string }) => p.id === 'bur').name = '__Burgundy__';
    const dir = mkdtempSync(join(tmpdir(), 'zhanguo-cli-'));
    const file = join(dir, 'map.json');
    writeFileSync(file, JSON.stringify(data));
    const problem =
      "province bur: its name, shown in the bot's posts, may not hold \\_ (Discord reads them as markup or a mention)";
    const r = await mapsCommand(['check', '--variant-file', file]);
    expect(r.code).toBe(1);
    expect(json(r.stdout).classic.problems).toEqual([problem]);
    const played = await adjudicate(byId('6.A.11'), ['--variant-file', file]);
    expect(played.code).toBe(1);
    expect(played.stderr).toContain(problem);
  });

  it('check --variant-file: reports the problems of a broken map', async () => {
    const data = JSON.parse(readFileSync(new URL('../../src/variants/classic/map.json', import.meta.url), 'utf8'));
    data.armyAdjacency.mun = data.armyAdjacency.mun.filter((p: string) => p !== 'ber');
    const dir = mkdtempSync(join(tmpdir(), 'zhanguo-cli-'));
    const file = join(dir, 'map.json');
    writeFileSync(file, JSON.stringify(data));
    const r = await mapsCommand(['check', '--variant-file', file]);
    expect(r.code).toBe(1);
    expect(json(r.stdout).classic.problems).toContain('army adjacency not symmetric: ber -> mun but not mun -> ber');
  });
});

describe('an internal error', () => {
  const boom = () => {
    throw new Error('boom\nsecond line');
  };

  it('exits 1 with one line on stderr, never a stack trace', async () => {
    const r = await runCommand(boom);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('internal error: boom (a bug in Zhanguo: please report it with the input)\n');
  });

  it('with LOG_LEVEL=debug, the stack follows for whoever debugs it', async () => {
    const before = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = 'debug';
    try {
      expect((await runCommand(boom)).stderr).toMatch(/^internal error: boom \(a bug.*\)\nError: boom\n.*\n {4}at /s);
    } finally {
      if (before === undefined) delete process.env.LOG_LEVEL;
      else process.env.LOG_LEVEL = before;
    }
  });
});

describe('main', () => {
  async function run(argv: string[], stdin = '') {
    let out = '';
    let err = '';
    const code = await main(argv, { stdin: async () => stdin, write: (s) => (out += s), warn: (s) => (err += s) });
    return { code, out, err };
  }

  it('--help and no command: usage on stderr, exit 2', async () => {
    for (const argv of [['--help'], []]) {
      const r = await run(argv);
      expect(r.code).toBe(2);
      expect(r.out).toBe('');
      expect(r.err).toMatch(/^usage: npm run -s cli -- <command>/);
    }
  });

  it('the usage names every command of the contract, the card game included', async () => {
    const r = await run(['--help']);
    for (const command of [
      'adjudicate',
      'parse',
      'render',
      'replay',
      'maps show',
      'maps check',
      'ai orders',
      'ai declare',
    ])
      expect(r.err).toContain(`  ${command} `);
    for (const command of [
      'variants import',
      'cards new',
      'cards apply',
      'cards view',
      'cards control',
      'cards legal',
      'cards ai',
    ])
      expect(r.err).toContain(command);
    const cards = await run(['cards', '--help']);
    expect(cards.code).toBe(2);
    expect(cards.out).toBe('');
    expect(cards.err).toMatch(/^usage: npm run -s cli -- cards <command>\n/);
  });

  it('--help after a command prints the usage too, reading no input', async () => {
    for (const argv of [
      ['adjudicate', '--help'],
      ['render', '--out', 'x.png', '--help'],
      ['maps', 'show', '--help'],
      ['ai', 'orders', '-h'],
      ['variants', 'import', '--help'],
    ]) {
      let read = false;
      let err = '';
      const code = await main(argv, {
        stdin: async () => {
          read = true;
          return '';
        },
        write: () => {},
        warn: (s) => (err += s),
      });
      expect(code, argv.join(' ')).toBe(2);
      expect(err).toMatch(/^usage: npm run -s cli -- <command>/);
      expect(read).toBe(false);
    }
    expect((await run(['cards', 'new', '--help'])).err).toMatch(/^usage: npm run -s cli -- cards <command>/);
  });

  it('an unknown option names every option the command takes, repeatable ones included', async () => {
    const r = await run(['ai', 'orders', '--colour', 'red'], '{}');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^unknown option --colour \(known: .*--power/);
  });

  it('an unknown command: usage on stderr, exit 2', async () => {
    const r = await run(['frobnicate']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^unknown command "frobnicate"/);
  });

  it('dispatches parse, adjudicate and maps', async () => {
    expect(JSON.parse((await run(['parse'], 'A mun H')).out)[0].text).toBe('A mun H');
    expect(JSON.parse((await run(['adjudicate'], JSON.stringify(byId('6.A.1')))).out).id).toBe('6.A.1');
    expect(JSON.parse((await run(['maps', 'show', 'classic'])).out).id).toBe('classic');
  });

  it("dispatches render to the renderer's command (or says it is missing)", async () => {
    const r = await run(['render'], JSON.stringify(byId('6.A.1')));
    expect(r.out).toBe('');
    expect(r.code).toBe(2); // no --out given: the renderer's command refuses
  });
});
