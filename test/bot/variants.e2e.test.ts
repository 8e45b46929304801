/**
 * A server's own variants through the real bot and the Discord stand-in (docs/variants.md "A server's variants"):
 * `/variant add` with a variant file the test writes itself and with a DiploGM folder it draws, `/variant list`,
 * `/game create variant:` offering the server's variant, a game of it played, the variant removed and the game still
 * playing (in a process that never loaded it), and the refusals: a broken file, a member without Manage Server, a
 * bundled name, an attachment over the limit.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjudicateCommand } from '../../src/cli/commands/adjudicate.js';
import { forgetStoredVariants } from '../../src/variants/stored.js';
import { SERVER_MANAGER } from '../support/fake-discord/index.js';
import { syntheticVariant } from '../support/synthetic-variant.js';
import { diplogmFolder } from '../support/variant-formats.js';
import { createHarness, slashConfirmed, waitForResults, type Harness } from './harness.js';

/** Two powers on four provinces (docs/variants.md's example), three centres, three to win. */
function marchesFile(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'twin-marches',
    name: 'Twin Marches',
    powers: [
      { name: 'Red', color: '#c53328', altColor: '#d55d01' },
      { name: 'Blue', color: '#20297f', altColor: '#0064a2' },
    ],
    provinces: [
      { id: 'sound', name: 'The Sound', abbreviation: 'Snd', kind: 'sea', supplyCenter: false, home: null },
      { id: 'red_march', name: 'Red March', abbreviation: 'Red', kind: 'coast', supplyCenter: true, home: 'Red' },
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
      { power: 'Red', type: 'F', province: 'red_march' },
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

const upload = (filename: string, data: string | Buffer) => ({
  upload: true as const,
  filename,
  data: typeof data === 'string' ? Buffer.from(data) : data,
});
const json = (v: unknown) => JSON.stringify(v, null, 2);

describe('a server brings its own variants', () => {
  let h: Harness;
  let twinId = '';

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'alice', 'bob', 'mallory'], channels: ['main', 'other', 'third'] });
    h.fake.setPermissions('gm', SERVER_MANAGER);
    await h.start();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('/variant add accepts a variant file: a private reply naming its powers and centres, with its starting map', async () => {
    const added = await h.fake.slash(
      'gm',
      'main',
      'variant add',
      { file: upload('twin.json', json(marchesFile())) },
      { deferredTimeoutMs: 60_000 },
    );
    expect(added.ephemeral).toBe(true);
    expect(added.finalText).toContain(
      '**Twin Marches** is now one of this server’s variants: 2 powers, 3 supply centres, 3 to win',
    );
    expect(added.finalText).toContain('Red: 1 home centre, 1 unit at the start');
    expect(added.finalText).toContain('Blue: 1 home centre, 1 unit at the start');
    expect(added.attachments.map((a) => a.filename)).toEqual(['starting-map.png']);
    expect(added.attachments[0]!.data.subarray(1, 4).toString()).toBe('PNG');
    const listed = await h.fake.slash('alice', 'main', 'variant list');
    expect(listed.ephemeral).toBe(true);
    expect(listed.finalText).toContain('**This server’s variants** (1 of 20)');
    expect(listed.finalText).toMatch(
      /\*\*Twin Marches\*\*: 2 powers, 3 centres, added by <@\d+> <t:\d+:R>; no unfinished game/,
    );
  });

  it('/game create variant: offers the server’s variant beside the bundled ones, and a game of it plays', async () => {
    const offered = await h.fake.autocomplete('gm', 'main', 'game create', { variant: 'twin' }, 'variant');
    expect(offered.map((c) => c.name)).toEqual(['Twin Marches']);
    twinId = String(offered[0]!.value);
    expect(twinId).toMatch(/^file-[0-9a-f]{16}$/);
    const all = await h.fake.autocomplete('gm', 'main', 'game create', { variant: '' }, 'variant');
    expect(all.map((c) => c.value)).toEqual(expect.arrayContaining(['classic', 'warring-states', twinId]));
    const created = await h.fake.slash('gm', 'main', 'game create', { variant: twinId, movement: '1h' });
    expect(created.text).toContain('created a **Twin Marches** game here');
    await h.fake.slash('alice', 'main', 'game join', { power: 'Red' });
    await h.fake.slash('bob', 'main', 'game join', { power: 'Blue' });
    await h.fake.slash('gm', 'main', 'game start');
    const choices = await h.fake.autocomplete('bob', 'main', 'order', { orders: 'A Blu - H' }, 'orders');
    expect(choices.map((c) => c.value)).toContain('A blue_march - hills');
    expect((await h.fake.slash('bob', 'main', 'order', { orders: 'A Blu - Hil' })).text).toContain('✅ Stored');
    expect((await h.fake.slash('alice', 'main', 'order', { orders: 'F Red - Snd' })).text).toContain('✅ Stored');
    await slashConfirmed(h, 'gm', 'main', 'gm advance');
    const results = await waitForResults(h, 'main', 'Spring 1901 movement');
    expect(results.content).toContain('✅ `A blue_march - hills`');
    expect(results.attachments.length).toBeGreaterThan(0);
  });

  it('/variant remove leaves the game playing, even in a process that never loaded the variant', async () => {
    const removed = await h.fake.slash('gm', 'main', 'variant remove', { name: 'twin marches' });
    expect(removed.finalText).toContain('**Twin Marches** is no longer one of this server’s variants');
    expect(removed.finalText).toContain('The unfinished game that plays it keeps playing it.');
    expect((await h.fake.slash('gm', 'main', 'variant list')).finalText).toContain('no variants of its own');
    expect(await h.fake.autocomplete('gm', 'main', 'game create', { variant: 'twin' }, 'variant')).toEqual([]);
    // A restarted bot (a new process): the variant is read from the game's stored copy.
    await h.stop();
    forgetStoredVariants();
    await h.start();
    const status = await h.fake.slash('bob', 'main', 'game status');
    expect(status.text).toContain('Twin Marches');
    expect(status.text, status.text).toContain('Fall 1901 movement');
    expect((await h.fake.slash('bob', 'main', 'order', { orders: 'A Hil H' })).text).toContain('✅ Stored');
    await slashConfirmed(h, 'gm', 'main', 'gm advance');
    const fall = await waitForResults(h, 'main', 'Fall 1901 movement');
    expect(fall.attachments.length).toBeGreaterThan(0);
    // The game's other features on its stored variant: the map, a sandbox, a replay, the export, the chart.
    const map = await h.fake.slash('bob', 'main', 'map');
    expect(map.attachments.length).toBe(1);
    const sandbox = await h.fake.slash('alice', 'main', 'sandbox start');
    expect(sandbox.finalText).toContain('Twin Marches · **Winter 1901 adjustment**');
    expect((await h.fake.slash('alice', 'main', 'sandbox order', { orders: 'build A blu' })).finalText).toContain(
      'Stored',
    );
    const replay = await h.fake.slash('bob', 'main', 'history replay');
    expect(replay.attachments.map((a) => a.contentType)).toEqual(['image/gif']);
    const exported = await h.fake.slash('bob', 'main', 'history export');
    const [gameFile, variantFile] = exported.attachments;
    const cases = JSON.parse(gameFile!.data.toString('utf8')) as { variant: string }[];
    expect(cases.map((c) => c.variant)).toEqual([twinId, twinId]);
    // The variant comes with it, and the CLI decides the game's phases with it, without the server.
    expect(variantFile!.filename).toMatch(/-variant\.json$/);
    expect(exported.finalText).toContain(`--variant-file ${variantFile!.filename}`);
    const dir = mkdtempSync(join(tmpdir(), 'zhanguo-variant-export-'));
    try {
      writeFileSync(join(dir, 'v.json'), variantFile!.data);
      const cli = await adjudicateCommand(['--variant-file', join(dir, 'v.json')], gameFile!.data.toString('utf8'));
      expect(cli.stderr).toBe('');
      expect(cli.code).toBe(0);
      const [spring] = JSON.parse(cli.stdout) as { units: { province: string }[] }[];
      expect(spring!.units.map((u) => u.province).sort()).toEqual(['hills', 'sound']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const chart = await h.fake.slash('bob', 'main', 'history chart');
    expect(chart.attachments.map((a) => a.contentType)).toEqual(['image/png']);
    // The same id in another server's library is not this game's to offer.
    const created = await h.fake.slash('gm', 'other', 'game create', { variant: twinId }, { unchecked: true });
    expect(created.text).toMatch(/Unknown variant/);
  });

  it('/variant add reads a DiploGM config with its SVG', async () => {
    const folder = diplogmFolder(syntheticVariant({ powers: 3, cols: 6, rows: 5, seed: 3 }));
    // An import reads the drawing and draws the starting map in a worker (8–12 s on a loaded 2-core machine).
    const added = await h.fake.slash(
      'gm',
      'main',
      'variant add',
      {
        file: upload('config.json', JSON.stringify(folder.config)),
        svg: upload('map.svg', folder.svg),
        name: 'Little Realms',
      },
      { deferredTimeoutMs: 60_000 },
    );
    expect(added.finalText).toContain('**Little Realms** is now one of this server’s variants: 3 powers');
    expect(added.attachments.map((a) => a.filename)).toEqual(['starting-map.png']);
    // Computer players play it: a demonstration table, every power a computer's, one phase.
    const [realms] = await h.fake.autocomplete('gm', 'other', 'game create', { variant: 'little' }, 'variant');
    const created = await h.fake.slash('gm', 'other', 'game create', {
      variant: String(realms!.value),
      demonstration: true,
    });
    expect(created.text).toContain('**Little Realms** game');
    await h.fake.slash('gm', 'other', 'game start');
    // Its first results map is the first drawing of that variant in the render worker (as long as the import's).
    const results = await waitForResults(h, 'other', 'Spring 1901 movement', 60_000);
    expect(results.content).toMatch(/✅ `[AF] /);
  }, 150_000);

  it('a map without starting units opens with the first builds, not an empty spring', async () => {
    const empty = marchesFile({ name: 'Empty Marches', startingUnits: [] });
    const added = await h.fake.slash('gm', 'third', 'variant add', { file: upload('empty.json', json(empty)) });
    expect(added.finalText).toContain('**Empty Marches** is now one of this server’s variants');
    const [choice] = await h.fake.autocomplete('gm', 'third', 'game create', { variant: 'empty' }, 'variant');
    await h.fake.slash('gm', 'third', 'game create', { variant: String(choice!.value), movement: '1h' });
    await h.fake.slash('alice', 'third', 'game join', { power: 'Red' });
    await h.fake.slash('bob', 'third', 'game join', { power: 'Blue' });
    await h.fake.slash('gm', 'third', 'game start');
    const status = await h.fake.slash('alice', 'third', 'game status');
    expect(status.text).toContain('Winter 1901 adjustment');
    expect((await h.fake.slash('alice', 'third', 'order', { orders: 'build F red_march' })).text).toContain(
      '✅ Stored',
    );
  });

  it('refuses a broken file naming each problem, and stores nothing', async () => {
    const broken = marchesFile({
      armyAdjacency: { red_march: ['blue_march', 'hills'], blue_march: ['red_march', 'hills'], hills: ['red_march'] },
      name: 'Broken Marches',
    });
    const refused = await h.fake.slash('gm', 'main', 'variant add', { file: upload('broken.json', json(broken)) });
    expect(refused.ephemeral).toBe(true);
    expect(refused.finalText).toContain('This variant was not added, and nothing was stored.');
    expect(refused.finalText).toMatch(/• .*blue_march -> hills/);
    const noDrawing = marchesFile({ geometry: undefined, name: 'Undrawn Marches' });
    const undrawn = await h.fake.slash('gm', 'main', 'variant add', { file: upload('undrawn.json', json(noDrawing)) });
    expect(undrawn.finalText).toContain('no drawing came with it');
    const notJson = await h.fake.slash('gm', 'main', 'variant add', { file: upload('x.json', '{ nope') });
    expect(notJson.finalText).toMatch(/x\.json: not JSON/);
    // A python map that uses another (the package's France–Austria uses standard.map) cannot come alone.
    const duel = await h.fake.slash('gm', 'main', 'variant add', {
      file: upload('duel.map', 'MAP standard.map\nUNPLAYED ENGLAND, GERMANY\n'),
      svg: upload('duel.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
    });
    expect(duel.finalText).toContain(
      '• duel.map line 1: standard.map: a map that uses another cannot be added alone: import the two with ' +
        '`variants import` and add the variant file it writes',
    );
    expect(duel.finalText).not.toContain('UNPLAYED');
    const other = await h.fake.slash('gm', 'main', 'variant add', { file: upload('notes.txt', 'hello') });
    expect(other.finalText).toContain('give a variant file (.json)');
    // A name that reverses the rest of a post's line, or passes for another with a Cyrillic lookalike.
    for (const name of ['Hidden\u202eMarches', 'M\u0430rches']) {
      const hidden = await h.fake.slash('gm', 'main', 'variant add', {
        file: upload('hidden.json', json(marchesFile({ name }))),
      });
      expect(hidden.finalText).toContain('This variant was not added, and nothing was stored.');
      expect(hidden.finalText).toMatch(
        /name: a name the bot shows in its posts may not hold (an invisible|a word mixing)/,
      );
    }
    const list = await h.fake.slash('gm', 'main', 'variant list');
    expect(list.finalText).not.toMatch(/Broken|Undrawn/);
  });

  it('reads a file saved with a byte-order mark (as Windows editors save UTF-8) like any other', async () => {
    const bom = `\uFEFF${json(marchesFile({ name: 'Notepad Marches' }))}`;
    const added = await h.fake.slash('gm', 'main', 'variant add', { file: upload('notepad.json', Buffer.from(bom)) });
    expect(added.finalText).toContain('**Notepad Marches** is now one of this server’s variants');
    await h.fake.slash('gm', 'main', 'variant remove', { name: 'Notepad Marches' });
  });

  it('refuses a member without Manage Server, a bundled variant’s name and an unknown name', async () => {
    const denied = await h.fake.slash('mallory', 'main', 'variant add', {
      file: upload('twin.json', json(marchesFile())),
    });
    expect(denied.finalText).toContain('Only members with the Manage Server permission');
    const deniedRemove = await h.fake.slash('mallory', 'main', 'variant remove', { name: 'Little Realms' });
    expect(deniedRemove.finalText).toContain('Only members with the Manage Server permission');
    const bundled = await h.fake.slash('gm', 'main', 'variant add', {
      file: upload('twin.json', json(marchesFile())),
      name: 'Classic',
    });
    expect(bundled.finalText).toContain('“Classic” is the name of a bundled variant');
    const unknown = await h.fake.slash('gm', 'main', 'variant remove', { name: 'Atlantis' });
    expect(unknown.finalText).toContain('This server has no variant named “Atlantis”');
  });

  it('refuses an attachment over the size limit before downloading it', async () => {
    const big = Buffer.alloc(8 * 1024 * 1024 + 1, 0x20);
    const refused = await h.fake.slash('gm', 'main', 'variant add', { file: upload('huge.json', big) });
    expect(refused.finalText).toMatch(/huge\.json is 8\.0 MiB; an uploaded file may be at most 8\.0 MiB/);
    // In French the sizes read as French writes them: a decimal comma and its own unit (`Mio`).
    h.fake.setLocale('gm', 'fr');
    const french = await h.fake.slash('gm', 'main', 'variant add', { file: upload('huge.json', big) });
    h.fake.setLocale('gm', 'en-US');
    expect(french.finalText).toContain('huge.json pèse 8,0 Mio ; un fichier envoyé ne peut dépasser 8,0 Mio.');
  });
});
