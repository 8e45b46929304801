/**
 * A game as a file (docs/bot.md, "Export and import"): phases adjudicated by the engine as the game layer keeps them,
 * exported in the CLI's phases format, then fed to the CLI's `adjudicate` (every phase decided as the game decided it)
 * and `replay`, and read back for a sandbox; the unfinished phase's orders never in the file; bad files refused with
 * the first problem in one line.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { adjudicateCommand } from '../../../src/cli/commands/adjudicate.js';
import { replay } from '../../../src/cli/commands/replay.js';
import { adjudicate } from '../../../src/engine/index.js';
import { formatOrder } from '../../../src/engine/format.js';
import { readOrder } from '../../../src/engine/parse/index.js';
import type { Position, PowerOrder } from '../../../src/engine/types.js';
import type { Variant } from '../../../src/engine/variant.js';
import {
  exportCases,
  exportGame,
  readGameFile,
  type GameToExport,
  type KeptPhase,
} from '../../../src/game/history/export.js';
import { scHistory } from '../../../src/game/history/sc-history.js';
import { getVariant } from '../../../src/variants/index.js';

const classic = getVariant('classic')!;
const PLAYERS = classic.powers.map((p) => p.name);

/** Plays `turns` (each power's order texts) from `start` as the game layer does, keeping each phase as it stores it. */
function play(variant: Variant, start: Position, turns: Record<string, string[]>[], players: string[]): KeptPhase[] {
  const kept: KeptPhase[] = [];
  let position = start;
  for (const turn of turns) {
    const orders: PowerOrder[] = [];
    const rows: KeptPhase['orders'][number][] = [];
    for (const [power, texts] of Object.entries(turn)) {
      for (const text of texts) {
        const r = readOrder(variant, text, { position });
        if (!r.ok) throw new Error(`${power} "${text}": ${r.error}`);
        orders.push({ power, order: r.order });
        // An order for another power's unit is a ballot (stored under a `vote:` key, as src/game/orders/orders.ts keys it).
        const pool = position.phase.type === 'retreat' ? position.dislodged : position.units;
        const order = r.order;
        const owner = order.kind === 'waive' ? power : pool.find((u) => u.province === order.unit.province)?.power;
        const key = order.kind === 'waive' ? `waive:${rows.length}` : order.unit.province;
        rows.push({
          power,
          unitKey: owner !== undefined && owner !== power ? `vote:${key}` : key,
          text: formatOrder(r.order, variant.rules),
        });
      }
    }
    const adjudication = adjudicate(variant, position, orders, { players });
    kept.push({ position, orders: rows, adjudication });
    position = adjudication.position;
  }
  return kept;
}

/**
 * Classic 1901: Germany takes Burgundy from France in the Fall (a dislodgement and a retreat) and orders two builds
 * (one fails: four centres, three units); the Spring 1902 phase is under way with a German order stored (secret).
 */
function classicGame(): GameToExport {
  const phases = play(
    classic,
    classic.startingPosition(),
    [
      {
        Germany: ['A mun - ruh', 'A ber - mun', 'F kie - den'],
        France: ['A par - bur', 'A mar - spa', 'F bre - mao'],
        England: ['F lon - nth'],
      },
      {
        Germany: ['A ruh - bur', 'A mun S A ruh - bur', 'F den H'],
        France: ['A bur H', 'A spa - por', 'F mao H'],
        England: ['F nth - nwy'],
      },
      { France: ['A bur R par'] },
      { Germany: ['Build A ber', 'Build F kie'], France: ['Build A mar'], England: ['Build F lon'] },
    ],
    PLAYERS,
  );
  const current = phases.at(-1)!.adjudication!.position;
  phases.push({
    position: current,
    orders: [{ power: 'Germany', unitKey: 'bur', text: 'A bur - gas' }],
    adjudication: null,
  });
  return { gameId: 12, variantId: 'classic', variant: classic, options: {}, players: PLAYERS, phases };
}

describe('export: the CLI phases format', () => {
  const game = classicGame();
  const file = exportGame(game);

  it('writes every resolved phase as a whole case, the unfinished phase not at all', () => {
    const cases = exportCases(game);
    expect(cases.map((c) => c.id)).toEqual(['S1901M', 'F1901M', 'F1901R', 'W1901A']);
    expect(cases[2]).toMatchObject({
      phase: { season: 'fall', year: 1901, type: 'retreat' },
      dislodged: [{ power: 'France', province: 'bur' }],
    });
    expect(cases[0]).toMatchObject({ variant: 'classic', players: PLAYERS });
    // Every case names its game, so a sandbox opened from the file follows that game (src/game/sandbox/sandbox.ts).
    expect(cases.map((c) => c.game)).toEqual([12, 12, 12, 12]);
    expect(cases[0]!.orders).toContainEqual({ power: 'Germany', text: 'A mun - ruh' });
    // The phase under way: its stored order and its code appear nowhere.
    expect(file).not.toContain('A bur - gas');
    expect(file).not.toContain('S1902M');
    expect(JSON.parse(file)).toEqual(cases);
  });

  it('`adjudicate` decides every phase of the file as the game decided it', async () => {
    const r = await adjudicateCommand([], file);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      id: string;
      units: unknown;
      supplyCenters: unknown;
      results: unknown;
      nextPhase: unknown;
      dislodged: unknown[];
    }[];
    expect(out).toHaveLength(4);
    out.forEach((o, i) => {
      const stored = game.phases[i]!.adjudication!;
      expect(o.units, o.id).toEqual(stored.position.units);
      expect(o.supplyCenters, o.id).toEqual(stored.position.supplyCenters);
      expect(o.results, o.id).toEqual(stored.results);
      expect(o.nextPhase, o.id).toEqual(stored.position.phase);
    });
    expect(out[1]!.dislodged).toHaveLength(1);
  });

  it('`replay` draws the file', async () => {
    const gif = join(mkdtempSync(join(tmpdir(), 'zhanguo-export-')), 'game.gif');
    const r = await replay(['--out', gif, '--width', '400'], file);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ phases: 4 });
  }, 60_000);

  it('reads back for a sandbox: every phase adjudicated, the board after the last', async () => {
    let pauses = 0;
    const r = await readGameFile(file, { pause: async () => void pauses++ });
    if (!r.ok) throw new Error(r.error);
    expect(r.variantId).toBe('classic');
    expect(r.gameId).toBe(12);
    expect(r.phases).toHaveLength(4);
    expect(pauses).toBe(3);
    expect(r.last).toEqual(game.phases.at(-1)!.position);
    r.phases.forEach((p, i) =>
      expect(p.adjudication.position, `phase ${i}`).toEqual(game.phases[i]!.adjudication!.position),
    );
  });

  it("reads a replay's continuing cases too (a case without units follows the one before)", async () => {
    const r = await readGameFile(
      JSON.stringify([{ variant: 'classic', orders: [{ power: 'France', text: 'A par - bur' }] }, { orders: [] }]),
    );
    if (!r.ok) throw new Error(r.error);
    expect(r.phases.map((p) => p.position.phase.season)).toEqual(['spring', 'fall']);
    expect(r.last.units).toContainEqual({ power: 'France', type: 'A', province: 'bur', coast: null });
  });
});

describe("export: the game master's edits of a phase's board", () => {
  // Germany's army moved from Munich to Tyrolia by the game master before Spring 1901 (docs/bot.md "Editing the board").
  const start = classic.startingPosition();
  const edited: Position = {
    ...start,
    units: start.units.map((u) => (u.province === 'mun' ? { ...u, province: 'tyr' } : u)),
  };
  const phases = play(classic, edited, [{ Germany: ['A tyr - ven'] }, {}], PLAYERS);
  phases[0] = { ...phases[0]!, edits: [{ kind: 'move', from: 'mun', to: 'tyr' }] };
  const game: GameToExport = {
    gameId: 7,
    variantId: 'classic',
    variant: classic,
    options: {},
    players: PLAYERS,
    phases,
  };
  const file = exportGame(game);

  it('lists them in the case of their phase, whose board they made; no other case has any', () => {
    const cases = exportCases(game);
    expect(cases[0]!.edits).toEqual([{ kind: 'move', from: 'mun', to: 'tyr' }]);
    expect(cases[0]!.units).toContainEqual({ power: 'Germany', type: 'A', province: 'tyr', coast: null });
    expect('edits' in cases[1]!).toBe(false);
  });

  it('round trip: the file with its edits reads back for a sandbox and `adjudicate` as the game played', async () => {
    const r = await readGameFile(file);
    if (!r.ok) throw new Error(r.error);
    r.phases.forEach((p, i) =>
      expect(p.adjudication.position, `phase ${i}`).toEqual(phases[i]!.adjudication!.position),
    );
    const cli = await adjudicateCommand([], file);
    expect(cli.stderr).toBe('');
    expect(JSON.parse(cli.stdout)[0].units).toEqual(phases[0]!.adjudication!.position.units);
  });
});

describe("export: the players' vote (ballots are secret for good)", () => {
  const moh = getVariant('mandate-of-heaven')!;
  const players = ['Qin', 'Chu', 'Qi', 'Yan', 'Zhao', 'Wei', 'Han', 'Hsiung-Nu'];
  // Spring of year 1 (the gallery's vote): five players vote Lu into Cao with Song's support; Wei votes Song to hold.
  const start: Position = { ...moh.startingPosition(), phase: { season: 'spring', year: 1, type: 'movement' } };
  const voters = ['Qin', 'Chu', 'Qi', 'Yan', 'Zhao'];
  const turn: Record<string, string[]> = Object.fromEntries(
    voters.map((v) => [v, ['A lu - cao', 'A son S A lu - cao']]),
  );
  turn.Qi = [...turn.Qi!, 'A lin - diq'];
  turn.Wei = ['A son H'];
  const phases = play(moh, start, [turn], players);
  const game: GameToExport = { variantId: 'mandate-of-heaven', variant: moh, options: {}, players, phases };
  const file = exportGame(game);

  it('writes what the vote adopted as every voter’s ballot, never a ballot as cast', () => {
    const [only] = exportCases(game);
    const adopted = phases[0]!.adjudication!.results.filter((r) => r.vote === 'adopted').map((r) => r.order);
    expect(adopted.sort()).toEqual(['A lu - cao', 'A son S A lu - cao']);
    // Wei's dissenting ballot is nowhere; every seated voter appears with the adopted orders alike.
    expect(file).not.toContain('A son H');
    const ballotsOf = (power: string) =>
      only!.orders
        .filter((o) => o.power === power && o.text !== 'A lin - diq')
        .map((o) => o.text)
        .sort();
    expect(ballotsOf('Wei')).toEqual(ballotsOf('Qin'));
    expect(ballotsOf('Qin')).toEqual(['A lu - cao', 'A son S A lu - cao']);
  });

  it('`adjudicate` adopts the same orders and gives the same results', async () => {
    const r = await adjudicateCommand([], file);
    expect(r.code).toBe(0);
    const [out] = JSON.parse(r.stdout) as { units: unknown; results: unknown }[];
    expect(out!.results).toEqual(phases[0]!.adjudication!.results);
    expect(out!.units).toEqual(phases[0]!.adjudication!.position.units);
  });
});

describe('import: bad files are refused with the first problem in one line', () => {
  const good = exportCases(classicGame());
  const refusals: [string, string, RegExp, { maxBytes: number; maxPhases: number }?][] = [
    ['not JSON', 'not json', /^the file is not JSON: /],
    ['not an array', '{"phase": {}}', /^a game file is a JSON array of phases/],
    ['a case that is not JSON', '[{"units": []}, {"units": x}]', /^the file is not JSON: case #2: /],
    ['brackets that do not match', '[{"units": []}, {"units": ]}]', /^the file is not JSON: [^\d]*$/],
    ['a top array left open', '[{"units": []}, {"units": []}', /^the file is not JSON: /],
    ['no phase', '[]', /^the file has no phase$/],
    ['a case that is not an object', '[1]', /^case #1: a case is a JSON object$/],
    [
      'an unknown variant',
      JSON.stringify([{ ...good[0], variant: 'atlantis' }]),
      /^case S1901M: unknown variant "atlantis" \(bundled: .*classic/,
    ],
    [
      'two variants',
      JSON.stringify([good[0], { ...good[1], variant: 'warring-states' }]),
      /^case F1901M: variant warring-states differs from the first case's \(classic\)$/,
    ],
    [
      'an army at sea',
      JSON.stringify([{ ...good[0], units: [{ power: 'England', type: 'A', province: 'nth', coast: null }] }]),
      /^case S1901M: unit A nth: an army cannot stand there$/,
    ],
    [
      'a province the map lacks',
      JSON.stringify([{ ...good[0], supplyCenters: { France: ['atl'] } }]),
      /^case S1901M: supplyCenters.France: no province "atl" in classic$/,
    ],
    [
      'a power the variant lacks',
      JSON.stringify([{ ...good[0], orders: [{ power: 'Spain', text: 'A mad H' }] }]),
      /^case S1901M: orders\[0\] \("A mad H"\): no power "Spain" in classic/,
    ],
    [
      'a phase of no season',
      JSON.stringify([{ ...good[0], phase: { season: 'summer', year: 1901, type: 'movement' } }]),
      /^case S1901M: phase.season: /,
    ],
    [
      'a continued case out of order',
      JSON.stringify([good[0], { orders: [], phase: { season: 'winter', year: 1901, type: 'adjustment' } }]),
      /^case #2: phase does not follow the case before it \(next is fall 1901 movement\)/,
    ],
    [
      'a trailing object that is no case (it would be one more phase)',
      JSON.stringify([...good, { note: 'end of file' }]),
      /^case #5: not a case: it has none of a case's fields \(phase, units, orders …\), only "note"$/,
    ],
    ['a trailing empty object', JSON.stringify([...good, {}]), /^case #5: the case is empty/],
    [
      'a board with no unit and no centre',
      JSON.stringify([
        { variant: 'classic', phase: { season: 'spring', year: 1903, type: 'retreat' }, units: [], supplyCenters: {} },
      ]),
      /^case #1: the board has no unit and no owned supply centre, so there is nothing to play$/,
    ],
    [
      'a game number that is none',
      JSON.stringify([{ ...good[0], game: 'five' }]),
      /^case S1901M: game: the number of the game the phase was exported from$/,
    ],
    [
      'phases of two games',
      JSON.stringify([
        { ...good[0], game: 5 },
        { ...good[1], game: 7 },
      ]),
      /^case F1901M: game: the file mixes phases of two games \(#5 and #7\)$/,
    ],
    [
      'a fog view of a power the variant lacks',
      JSON.stringify([{ ...good[0], fog: { power: 'Atlantis', countsAfter: {} } }]),
      /^case S1901M: fog: whose view the case is/,
    ],
    [
      'a fog view whose counts are not whole numbers',
      JSON.stringify([{ ...good[0], fog: { power: 'France', countsAfter: { Austria: { centers: -1, units: 3 } } } }]),
      /^case S1901M: fog: whose view the case is/,
    ],
    [
      "a fog view's board after with an army at sea",
      JSON.stringify([
        {
          ...good[0],
          fog: {
            power: 'France',
            countsAfter: {},
            after: {
              phase: { season: 'fall', year: 1901, type: 'movement' },
              units: [{ power: 'France', type: good[0]!.units[0]!.type, province: 'mao' }],
              supplyCenters: {},
            },
          },
        },
      ]),
      /^case S1901M: fog: after: .*(sea|stand)/,
    ],
    [
      'too large',
      JSON.stringify(good),
      /^the file is \d+ KiB; a game file may be at most 2 KiB$/,
      { maxBytes: 2048, maxPhases: 500 },
    ],
    [
      'too many phases',
      JSON.stringify(good),
      /^the file has 4 phases; a game file may have at most 3$/,
      { maxBytes: 1 << 20, maxPhases: 3 },
    ],
  ];
  it('refuses nesting deeper than a game file has before JSON.parse (4 MiB of `[` held the loop half a second)', async () => {
    let pauses = 0;
    const text = `[${'{"units":['.repeat(10)}${'"a\\"[",'.repeat(200_000)}${'['.repeat(2_000_000)}`;
    const r = await readGameFile(text, { pause: async () => void pauses++ });
    expect(r).toEqual({ ok: false, error: 'the file nests its values more than 64 deep; a game file needs far fewer' });
    expect(pauses).toBeGreaterThan(1);
    const fine = await readGameFile(JSON.stringify([{ ...good[0], variantState: { a: [[['"[[[']]] } }]));
    expect(fine.ok || fine.error).not.toMatch(/deep/);
  });

  it('parses a big file a case at a time, never the whole file in one JSON.parse (4 MiB held the loop 26 ms)', async () => {
    const orders = Array.from({ length: 200 }, () => ({ power: 'France', text: 'A par - bur' }));
    const text = JSON.stringify(Array.from({ length: 400 }, () => ({ ...good[1], orders })));
    expect(text.length).toBeGreaterThan(3_500_000);
    expect(text.length).toBeLessThan(4 * 1024 * 1024);
    const parse = vi.spyOn(JSON, 'parse');
    let pauses = 0;
    try {
      await readGameFile(text, { pause: async () => void pauses++ });
      const lengths = parse.mock.calls.map(([t]) => String(t).length);
      expect(lengths.length).toBeGreaterThan(400);
      expect(Math.max(...lengths)).toBeLessThanOrEqual(64 * 1024);
    } finally {
      parse.mockRestore();
    }
    expect(pauses).toBeGreaterThan(10);
  });

  it('refuses a phase far bigger than a game has before reading it (one case of 100,000 orders held the loop 0.6 s)', async () => {
    const orders = Array.from({ length: 100_000 }, () => ({ power: 'France', text: 'A par - bur' }));
    const r = await readGameFile(JSON.stringify([good[0], { ...good[1], orders }]));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/^case #2 is \d+ KiB long; a phase of a game file is at most 64 KiB$/);
  });

  it.each(refusals)('%s', async (_, text, message, limits) => {
    const r = await readGameFile(text, limits ? { limits } : {});
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatch(message);
    expect(r.error).not.toContain('\n');
  });
});

describe('the supply-centre history of a game (the chart’s years)', () => {
  const labels = { yearLabel: (y: number) => String(y), startLabel: 'start' };
  it('the start, then each played year’s count after its Fall; a Spring not yet played adds no point', () => {
    const game = classicGame();
    const positions = game.phases.map((p) => p.position);
    const years = scHistory(positions, { ...labels, underWay: 'Spring 1902' });
    expect(years.map((y) => y.label)).toEqual(['start', '1901']);
    expect(years[0]!.centres).toMatchObject({ Germany: 3, France: 3, Russia: 4 });
    // Germany took Denmark (Burgundy is no centre), France Portugal, England Norway.
    expect(years[1]!.centres).toEqual({
      Austria: 3,
      England: 4,
      France: 4,
      Germany: 4,
      Italy: 3,
      Russia: 4,
      Turkey: 3,
    });
    // Once Spring 1902 is played, the year is not over: no point named 1902 (its centres are still 1901's).
    const spring = play(classic, positions.at(-1)!, [{}], PLAYERS)[0]!.adjudication!.position;
    const running = scHistory([...positions, spring], { ...labels, underWay: 'Fall 1902' });
    expect(running.map((y) => y.label)).toEqual(['start', '1901']);
    // A game that ended there has its last year, read from its final board.
    const over = scHistory([...positions, spring], { ...labels, underWay: null });
    expect(over.map((y) => y.label)).toEqual(['start', '1901', '1902']);
  });

  it('a year under way whose centres changed is named by the phase it reached, never by the year', () => {
    const positions = classicGame().phases.map((p) => p.position);
    // The game stands at Winter 1901: the Fall's captures are in, the year is not over.
    const winter = positions.slice(0, 4);
    expect(winter.at(-1)!.phase).toEqual({ season: 'winter', year: 1901, type: 'adjustment' });
    const years = scHistory(winter, { ...labels, underWay: 'Winter 1901' });
    expect(years.map((y) => y.label)).toEqual(['start', 'Winter 1901']);
    expect(years[1]!.centres).toMatchObject({ Germany: 4, France: 4, England: 4 });
  });
});
