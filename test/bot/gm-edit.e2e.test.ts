/**
 * `/gm edit` through the real bot (docs/bot.md "Editing the board"): the game master adds, removes and moves units and
 * sets a centre's owner before anyone orders; each edit is announced once in the channel, is the board the phase is
 * adjudicated on, and is in the phase's `/history show` and the game's export; what cannot be is refused with its
 * reason and changes nothing.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjudicateCommand } from '../../src/cli/commands/adjudicate.js';
import { replay } from '../../src/cli/commands/replay.js';
import { auditLog } from '../../src/store/schema.js';
import { createHarness, slashConfirmed, waitForResults, type Harness } from './harness.js';

describe('/gm edit', () => {
  let h: Harness;
  const edits = () => h.fake.channelMessages('main').filter((m) => m.content.startsWith('🛠️'));

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'alice', 'bob'], channels: ['main', 'lobby'] });
    await h.start();
    await h.fake.slash('gm', 'main', 'game create', { variant: 'classic', movement: '1h' });
    await h.fake.slash('alice', 'main', 'game join', { power: 'France' });
    await h.fake.slash('bob', 'main', 'game join', { power: 'Germany' });
    await h.fake.slash('gm', 'main', 'game start');
  });

  afterAll(async () => {
    await h?.close();
  });

  it('refuses before the start and to anyone but the game master', async () => {
    await h.fake.slash('gm', 'lobby', 'game create', { variant: 'classic' });
    const early = await h.fake.slash('gm', 'lobby', 'gm edit add', { power: 'France', unit: 'army', place: 'ruh' });
    expect(early.ephemeral).toBe(true);
    expect(early.text).toContain('The board can be edited only once the game has started');
    const player = await h.fake.slash('alice', 'main', 'gm edit remove', { place: 'par' });
    expect(player.text).toContain('Only the game master can use `/gm` commands.');
  });

  it('offers the places by their names in the game master’s language, found by either name', async () => {
    h.fake.setLocale('gm', 'fr');
    const offered = (typed: string) => h.fake.autocomplete('gm', 'main', 'gm edit remove', { place: typed }, 'place');
    try {
      expect(await offered('bourgo')).toEqual([{ name: 'Bourgogne (bur)', value: 'bur' }]);
      expect(await offered('burgu')).toEqual([{ name: 'Bourgogne (bur)', value: 'bur' }]);
      expect((await offered('espagne')).map((c) => c.name)).toEqual(['Espagne (spa)', 'Espagne (nc)', 'Espagne (sc)']);
    } finally {
      h.fake.setLocale('gm', 'en-US');
    }
  });

  it('adds, removes and moves units and sets owners, each announced once', async () => {
    const added = await h.fake.slash('gm', 'main', 'gm edit add', { power: 'France', unit: 'army', place: 'Ruhr' });
    expect(added.ephemeral).toBe(true);
    expect(added.text).toContain('🛠️ The game master placed an army of France in Ruhr.');
    expect(added.text).toContain('Done: the board is changed for Spring 1901 movement');
    const fleet = await h.fake.slash('gm', 'main', 'gm edit add', { power: 'France', unit: 'fleet', place: 'spa/sc' });
    expect(fleet.text).toContain('placed a fleet of France in Spain (sc)');
    const removed = await h.fake.slash('gm', 'main', 'gm edit remove', { place: 'ruh' });
    expect(removed.text).toContain('removed the army of France from Ruhr');
    const moved = await h.fake.slash('gm', 'main', 'gm edit move', { from: 'mun', to: 'Tyrolia' });
    expect(moved.text).toContain('moved the army of Germany from Munich to Tyrolia');
    const owner = await h.fake.slash('gm', 'main', 'gm edit owner', { place: 'bel', power: 'France' });
    expect(owner.text).toContain('gave the supply centre of Belgium to France');
    const neutral = await h.fake.slash('gm', 'main', 'gm edit owner', { place: 'kie' });
    expect(neutral.text).toContain('made the supply centre of Kiel neutral');
    await h.bot!.outbox.idle();
    await h.fake.waitForChannelMessage('main', (m) => m.content.includes('Kiel neutral'));
    expect(edits().map((m) => m.content)).toEqual([
      '🛠️ The game master placed an army of France in Ruhr.',
      '🛠️ The game master placed a fleet of France in Spain (sc).',
      '🛠️ The game master removed the army of France from Ruhr.',
      '🛠️ The game master moved the army of Germany from Munich to Tyrolia.',
      '🛠️ The game master gave the supply centre of Belgium to France.',
      '🛠️ The game master made the supply centre of Kiel neutral.',
    ]);
  });

  it('refuses what cannot stand on the board, naming why, and changes nothing', async () => {
    const cases: [string, Record<string, string>, string][] = [
      ['gm edit add', { power: 'Germany', unit: 'army', place: 'ber' }, 'Berlin already holds the army of Germany'],
      [
        'gm edit add',
        { power: 'France', unit: 'fleet', place: 'bur' },
        'A fleet cannot stand in Burgundy: it is inland.',
      ],
      ['gm edit add', { power: 'France', unit: 'army', place: 'nth' }, 'An army cannot stand in North Sea: it is sea.'],
      [
        'gm edit add',
        { power: 'France', unit: 'fleet', place: 'stp' },
        'St Petersburg has several coasts: say which, like `stp/nc`.',
      ],
      ['gm edit add', { power: 'Atlantis', unit: 'army', place: 'bur' }, '“Atlantis” is not a power of this game.'],
      ['gm edit remove', { place: 'Atlantis' }, 'There is no province “Atlantis” on this map.'],
      ['gm edit remove', { place: 'bur' }, 'There is no unit in Burgundy.'],
      ['gm edit move', { from: 'par', to: 'mar' }, 'Marseilles already holds the army of France'],
      ['gm edit move', { from: 'bre', to: 'par' }, 'A fleet cannot stand in Paris: it is inland.'],
      ['gm edit move', { from: 'par', to: 'par' }, 'The unit is already in Paris.'],
      ['gm edit owner', { place: 'bur', power: 'France' }, 'Burgundy is not a supply centre.'],
      ['gm edit owner', { place: 'bel', power: 'France' }, 'France already owns Belgium.'],
      ['gm edit owner', { place: 'kie' }, 'The supply centre of Kiel is already neutral.'],
    ];
    for (const [command, options, reason] of cases) {
      const r = await h.fake.slash('gm', 'main', command, options);
      expect(r.ephemeral, command).toBe(true);
      expect(r.text, JSON.stringify(options)).toContain(`⚠️ ${reason}`);
    }
    await h.bot!.outbox.idle();
    expect(edits()).toHaveLength(6);
  });

  it('refuses once orders are stored; the phase is adjudicated on the edited board, which the export keeps', async () => {
    expect((await h.fake.slash('alice', 'main', 'order', { orders: 'F spa/sc - wes' })).text).toContain('✅ Stored');
    const late = await h.fake.slash('gm', 'main', 'gm edit remove', { place: 'par' });
    expect(late.text).toContain('Orders are already stored for Spring 1901 movement');
    await slashConfirmed(h, 'gm', 'main', 'gm advance');
    const results = await waitForResults(h, 'main', 'Spring 1901 movement');
    expect(results.content).toContain('`F spa/sc - wes`');
    // The phase's history tells of its edits, once each, before its results.
    const shown = (await h.fake.slash('bob', 'main', 'history show', { phase: 'S1901M' })).finalText;
    const told = shown.split('\n').filter((l) => l.startsWith('🛠️'));
    expect(told).toEqual(edits().map((m) => m.content));
    expect(told).toHaveLength(6);
    expect(shown.indexOf('🛠️')).toBeLessThan(shown.indexOf('spa/sc - wes'));
    const exported = await h.fake.slash('bob', 'main', 'history export');
    const cases = JSON.parse(exported.attachments[0]!.data.toString('utf8')) as {
      id: string;
      units: { power: string; type: string; province: string; coast?: string | null }[];
      supplyCenters: Record<string, string[]>;
      edits?: unknown[];
    }[];
    const spring = cases.find((c) => c.id === 'S1901M')!;
    expect(spring.units).toContainEqual(
      expect.objectContaining({ power: 'France', type: 'F', province: 'spa', coast: 'sc' }),
    );
    expect(spring.units).toContainEqual(expect.objectContaining({ power: 'Germany', province: 'tyr' }));
    expect(spring.units.some((u) => u.province === 'mun')).toBe(false);
    expect(spring.supplyCenters.France).toContain('bel');
    expect(spring.supplyCenters.Germany).not.toContain('kie');
    // The edits themselves, in order and in ids (the contract: each edit is kept in the game's export).
    expect(spring.edits).toEqual([
      { kind: 'add', power: 'France', unit: 'A', place: 'ruh' },
      { kind: 'add', power: 'France', unit: 'F', place: 'spa/sc' },
      { kind: 'remove', place: 'ruh' },
      { kind: 'move', from: 'mun', to: 'tyr' },
      { kind: 'owner', place: 'bel', power: 'France' },
      { kind: 'owner', place: 'kie', power: null },
    ]);
    // The file with its edits still opens where such files open: a sandbox, `adjudicate`, `replay`.
    const text = exported.attachments[0]!.data.toString('utf8');
    const opened = await h.fake.slash('alice', 'lobby', 'sandbox start', {
      file: { upload: true as const, filename: 'edited.json', data: Buffer.from(text) },
    });
    expect(opened.finalText).toContain('**Fall 1901 movement**');
    const cli = await adjudicateCommand([], text);
    expect(cli.stderr).toBe('');
    expect(cli.code).toBe(0);
    expect(JSON.parse(cli.stdout)[0].results).toContainEqual(
      expect.objectContaining({ unit: 'F spa/sc', order: 'F spa/sc - wes', result: 'success' }),
    );
    const gif = join(mkdtempSync(join(tmpdir(), 'zhanguo-gm-edit-')), 'edited.gif');
    const drawn = await replay(['--out', gif, '--width', '400'], text);
    expect(drawn.stderr).toBe('');
    expect(drawn.code).toBe(0);
  });

  it('an edit audited before the applied edit was kept is exported as the game master typed it', async () => {
    const rows = await h.store.db.select().from(auditLog).where(eq(auditLog.action, 'gm_edit'));
    for (const row of rows) {
      const { applied: _, ...typed } = row.detail as Record<string, unknown>;
      await h.store.db.update(auditLog).set({ detail: typed }).where(eq(auditLog.id, row.id));
    }
    const exported = await h.fake.slash('bob', 'main', 'history export');
    const cases = JSON.parse(exported.attachments[0]!.data.toString('utf8')) as { id: string; edits?: unknown[] }[];
    expect(cases.find((c) => c.id === 'S1901M')!.edits).toEqual([
      { kind: 'add', power: 'France', unit: 'A', place: 'Ruhr' },
      { kind: 'add', power: 'France', unit: 'F', place: 'spa/sc' },
      { kind: 'remove', place: 'ruh' },
      { kind: 'move', from: 'mun', to: 'Tyrolia' },
      { kind: 'owner', place: 'bel', power: 'France' },
      { kind: 'owner', place: 'kie', power: null },
    ]);
    expect(cases.filter((c) => c.edits)).toHaveLength(1);
  });
});
