/**
 * A game's history as files through the Discord stand-in (docs/bot.md, "Export and import"): `/history export` gives
 * a JSON file the CLI's `adjudicate` decides as the game did and a sandbox could read back, without the phase under
 * way (its stored order is nowhere in it); `/history chart` gives the supply-centre chart in the caller's palette or
 * the game's; the final post of the game carries the chart.
 */
import { sqliteStoreOf } from '../../src/store/sqlite-store.js';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjudicateCommand } from '../../src/cli/commands/adjudicate.js';
import { readGameFile } from '../../src/game/history/export.js';
import { scChartForGame } from '../../src/game/history/index.js';
import { renderScChart, SC_CHART_WIDTH, scChartLayout } from '../../src/render/sc-chart.js';
import { games, phases } from '../../src/store/schema.js';
import { createHarness, slashConfirmed, waitForResults, type Harness } from './harness.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG's width and height from its IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('/history export and /history chart', () => {
  let h: Harness;
  let gameId: number;

  /** The chart the game layer gives for the game now, drawn here (the bot draws it in the render worker). */
  const expectedChart = async (palette?: 'standard' | 'colorblind') => {
    const file = (await scChartForGame({ store: sqliteStoreOf(h.database) }, gameId))!;
    return (await renderScChart(palette ? { ...file.input, palette } : file.input)).png;
  };

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'alice', 'bob', 'carol'], channels: ['main', 'lounge'] });
    await h.start();
    await h.fake.slash('gm', 'main', 'game create', { variant: 'classic', movement: '1h', palette: 'colorblind' });
    await h.fake.slash('alice', 'main', 'game join', { power: 'France' });
    await h.fake.slash('bob', 'main', 'game join', { power: 'Germany' });
    await h.fake.slash('gm', 'main', 'game start');
    gameId = (await h.database.db.select().from(games))[0]!.id;
  });

  afterAll(async () => {
    await h?.close();
  });

  it('refuses privately, saying why: no game here, nothing played yet', async () => {
    const none = await h.fake.slash('carol', 'lounge', 'history export');
    expect(none.ephemeral).toBe(true);
    expect(none.text).toMatch(/^⚠️ There is no game in this channel/);
    expect((await h.fake.slash('carol', 'lounge', 'history chart')).text).toMatch(
      /^⚠️ There is no game in this channel/,
    );
    const early = await h.fake.slash('carol', 'main', 'history export');
    expect(early.ephemeral).toBe(true);
    expect(early.text).toMatch(/^⚠️ No phase has been resolved yet, so there is nothing to export/);
    expect(early.attachments).toEqual([]);
  });

  it('/history export: the played phases as the CLI reads them, never the phase under way', async () => {
    await h.fake.slash('alice', 'main', 'order', { orders: 'A par - bur; A mar - spa' });
    await h.fake.slash('bob', 'main', 'order', { orders: 'A mun - ruh' });
    await slashConfirmed(h, 'gm', 'main', 'gm advance');
    await waitForResults(h, 'main', 'Spring 1901 movement');
    // Fall 1901 is under way: France's stored order there is secret.
    const stored = await h.fake.slash('alice', 'main', 'order', { orders: 'F bre - pic' });
    expect(stored.text).toContain('F bre - pic');

    const reply = await h.fake.slash('carol', 'main', 'history export');
    expect(reply.ephemeral).toBe(true);
    expect(reply.finalText).toContain('1 played phase');
    expect(reply.attachments.map((a) => a.filename)).toEqual([`game-${gameId}-classic.json`]);
    const text = reply.attachments[0]!.data.toString('utf8');
    expect(text).not.toContain('F bre - pic');
    expect(text).not.toContain('F1901M');
    const cases = JSON.parse(text) as { id: string; orders: { power: string; text: string }[] }[];
    expect(cases.map((c) => c.id)).toEqual(['S1901M']);
    expect(cases[0]!.orders).toEqual(
      expect.arrayContaining([
        { power: 'France', text: 'A par - bur' },
        { power: 'Germany', text: 'A mun - ruh' },
      ]),
    );

    // The CLI's `adjudicate` decides the phase as the game did: its next board is the game's current one.
    const rows = await h.database.db.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(asc(phases.idx));
    const cli = await adjudicateCommand([], text);
    expect(cli.stderr).toBe('');
    expect(cli.code).toBe(0);
    const [out] = JSON.parse(cli.stdout) as { units: unknown; supplyCenters: unknown; results: unknown }[];
    expect(out!.units).toEqual(rows[1]!.position.units);
    expect(out!.results).toEqual(rows[0]!.adjudication!.results);
    // And a sandbox could open it: read back, it ends on the board of the phase under way.
    const read = await readGameFile(text);
    if (!read.ok) throw new Error(read.error);
    expect(read.last).toEqual(rows[1]!.position);
  });

  it('/sandbox start file: opens the exported file on the board after its last phase; a bad file is refused', async () => {
    const exported = (await h.fake.slash('carol', 'main', 'history export')).attachments[0]!;
    const upload = (filename: string, data: Buffer) => ({ upload: true as const, filename, data });
    const opened = await h.fake.slash('carol', 'lounge', 'sandbox start', {
      file: upload(exported.filename, exported.data),
    });
    expect(opened.ephemeral).toBe(true);
    // The file names its game, which carol may copy from here: the sandbox follows it.
    // Its source inside the head line's bracket has none of its own (docs/locales.md "Brackets").
    expect(opened.finalText).toContain(`(copied from game-${gameId}-classic.json · F1901M of the game in <#`);
    expect(opened.finalText).not.toMatch(/\([^)]*\(/);
    expect(opened.finalText).toContain('**Fall 1901 movement**');
    expect(opened.attachments.map((a) => a.contentType)).toEqual(['image/png']);
    // Its board is the game's Fall 1901 board: an order for the army that reached Burgundy is legal there.
    const order = await h.fake.slash('carol', 'lounge', 'sandbox order', { orders: 'A bur - bel' });
    expect(order.finalText).toContain('A bur - bel');
    expect(order.finalText).not.toMatch(/refused/i);
    for (const [data, problem] of [
      [Buffer.from('not json'), /That file cannot be opened: .*JSON/],
      [
        Buffer.from(
          '[{"variant":"classic","phase":{"season":"spring","year":1901,"type":"movement"},"units":[{"power":"France","type":"A","province":"nth"}]}]',
        ),
        /That file cannot be opened: .*nth/,
      ],
      // A stray object after the last phase is no phase; a board with nothing on it is nothing to play.
      [
        Buffer.from(exported.data.toString('utf8').replace(/\]\s*$/, ',\n{"note": "end"}\n]\n')),
        /That file cannot be opened: case #\d+: not a case/,
      ],
      [
        Buffer.from(
          '[{"variant":"classic","phase":{"season":"spring","year":1903,"type":"retreat"},"units":[],"supplyCenters":{}}]',
        ),
        /That file cannot be opened: case #1: the board has no unit and no owned supply centre/,
      ],
    ] as const) {
      const refused = await h.fake.slash('carol', 'lounge', 'sandbox start', { file: upload('bad.json', data) });
      expect(refused.ephemeral).toBe(true);
      expect(refused.finalText).toMatch(problem);
    }
    const both = await h.fake.slash('carol', 'main', 'sandbox start', {
      phase: 'S1901M',
      file: upload(exported.filename, exported.data),
    });
    expect(both.finalText).toMatch(/give `file:` alone/);
  });

  it("/history chart: a 1200 px PNG in the game's palette, or in the one asked for", async () => {
    const chart = await h.fake.slash('bob', 'main', 'history chart');
    expect(chart.ephemeral).toBe(true);
    expect(chart.finalText).toContain('Classic Diplomacy · supply centres');
    expect(chart.attachments.map((a) => a.filename)).toEqual([`game-${gameId}-classic-supply-centres.png`]);
    const png = chart.attachments[0]!.data;
    expect(pngSize(png)).toEqual({ width: SC_CHART_WIDTH, height: scChartLayout(7).height });
    // Bob chose no palette: the game's colour-blind one, the very chart the game layer gives.
    expect(png.equals(await expectedChart('colorblind'))).toBe(true);
    const standard = await h.fake.slash('bob', 'main', 'history chart', { palette: 'standard' });
    expect(standard.attachments[0]!.data.equals(await expectedChart('standard'))).toBe(true);
    expect(standard.attachments[0]!.data.equals(png)).toBe(false);
  });

  it('the final post of the game carries the chart, in the game’s palette', async () => {
    for (const user of ['alice', 'bob']) await h.fake.slash(user, 'main', 'draw');
    const over = await h.fake.waitForChannelMessage('main', (m) => m.content.startsWith('🏁 **Game over**'), 20_000);
    expect(over.attachments.map((a) => a.filename)).toEqual([`game-${gameId}-classic-supply-centres.png`]);
    const png = over.attachments[0]!.data;
    expect(pngSize(png)).toEqual({ width: SC_CHART_WIDTH, height: scChartLayout(7).height });
    expect(png.equals(await expectedChart())).toBe(true);
    // After the end the file still holds only the played phases (the last one was never played).
    const file = await h.fake.slash('carol', 'main', 'history export');
    expect(file.attachments[0]!.data.toString('utf8')).not.toContain('F bre - pic');
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });
});
