/**
 * `/sandbox` through the local Discord stand-in: a player's sandbox is seen by nobody else (every
 * message and every log line scanned) and leaves the real game's tables byte for byte as they were; bad input is
 * refused with a reason and changes nothing; sandboxes survive a restart; the limits per user and per server say
 * which limit; and a hostile member's sandbox maps cannot hold back another game's results post (order and counts,
 * never timings: the sandbox renders are held until the results post has arrived).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMapRenderer } from '../../src/bot/maps.js';
import { DEFAULT_LIMITS, type Limits } from '../../src/game/core/index.js';
import { createLogger } from '../../src/log.js';
import type { RenderOptions } from '../../src/render/index.js';
import { gameTables as tablesOfTheGame } from '../support/game-tables.js';
import { englishWords } from '../support/english-left.js';
import { createHarness, partsOfPost, waitForResults, type Harness } from './harness.js';

const HOUR = 3_600_000;
const GENEROUS = Object.fromEntries(
  Object.keys(DEFAULT_LIMITS.budgets).map((a) => [a, { uses: 10_000, windowMs: 1000 }]),
) as Limits['budgets'];

const gameTables = (h: Harness) => tablesOfTheGame(h.database.sqlite);

/** A Classic game in #diplomacy, alice as France and bob as Germany, started. */
async function startClassicGame(h: Harness): Promise<void> {
  const { fake } = h;
  await fake.slash('gm', 'diplomacy', 'game create', { variant: 'classic', movement: '1h' });
  await fake.slash('alice', 'diplomacy', 'game join', { power: 'France' });
  await fake.slash('bob', 'diplomacy', 'game join', { power: 'Germany' });
  await fake.slash('gm', 'diplomacy', 'game start');
  await fake.waitForChannelMessage('diplomacy', (m) => m.content.includes('has started'));
}

describe('a sandbox is private and never touches the game', () => {
  let h: Harness;
  const logLines: string[] = [];

  beforeAll(async () => {
    const log = createLogger('debug', { write: (line: string) => void logLines.push(line) });
    h = await createHarness({ users: ['gm', 'alice', 'bob', 'carol'], channels: ['diplomacy', 'lounge'] }, { log });
    await h.start();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('copies the board without the orders, orders every power, adjudicates, steps on, survives a restart; nobody else sees it', async () => {
    const { fake } = h;
    await startClassicGame(h);
    // France's real orders: a sandbox must never show them.
    await fake.slash('alice', 'diplomacy', 'order', { orders: 'A par - pic; F bre - mao' });
    await h.bot!.outbox.idle();
    const before = gameTables(h);
    const posts = fake.publicDeliveries().length;
    const startedAt = fake.state.deliveries.length;

    // An onlooker's copy has none of them.
    const carol = await fake.slash('carol', 'diplomacy', 'sandbox start');
    expect(carol.ephemeral).toBe(true);
    expect(carol.text).toContain('🧪 **Sandbox #1** · Classic Diplomacy · **Spring 1901 movement**');
    expect(carol.text).toContain('Orders: none yet');
    expect(carol.text).toContain(
      '⏳ Without orders (they hold, or the default applies): Austria (A bud, F tri, A vie), England (F edi, F lon, A lvp)',
    );
    expect(carol.text).not.toMatch(/pic|mao/);
    expect(carol.attachments).toHaveLength(1);
    expect(carol.attachments[0]!.data.subarray(1, 4).toString()).toBe('PNG');

    // The player's own sandbox, used from another channel: orders for any power, with /order's autocomplete.
    await fake.slash('alice', 'diplomacy', 'sandbox start');
    const choices = await fake.autocomplete('alice', 'lounge', 'sandbox order', { orders: 'A mun' }, 'orders');
    expect(choices.map((c) => c.value)).toContain('A mun - ruh');
    expect(choices.find((c) => c.value === 'A mun - ruh')!.name).toBe('A mun - ruh (Germany)');
    const ordered = await fake.slash('alice', 'lounge', 'sandbox order', {
      orders: 'A par - gas; A mun - ruh; F kie - hol; F lon - nth; A xyz - bur',
    });
    expect(ordered.ephemeral).toBe(true);
    expect(ordered.text).toContain(
      '✅ Stored: `A par - gas` (France), `A mun - ruh` (Germany), `F kie - hol` (Germany), `F lon - nth` (England)',
    );
    expect(ordered.text).toMatch(/❌ `A xyz - bur`: unknown place "xyz"/);
    const preview = await fake.slash('alice', 'lounge', 'sandbox adjudicate');
    expect(preview.ephemeral).toBe(true);
    expect(preview.text).toContain('If these orders were played now (nothing has moved on)');
    expect(preview.text).toContain('**Spring 1901 movement: results**');
    expect(preview.attachments).toHaveLength(1);
    const next = await fake.slash('alice', 'lounge', 'sandbox next');
    expect(next.text).toContain('Now: **Fall 1901 movement**');
    expect(next.attachments).toHaveLength(1);

    // Bad input: a reason, nothing changed.
    expect(
      (
        await fake.slash('alice', 'lounge', 'sandbox act', {
          action: 'battle',
          as: 'gm',
          choice: 'bur',
          detail: 'France',
        })
      ).text,
    ).toBe("⚠️ Classic Diplomacy has no game master's actions beyond the orders.");
    expect((await fake.slash('alice', 'lounge', 'sandbox end', { sandbox: 1 })).text).toBe(
      '⚠️ You have no sandbox #1; yours: #2.',
    );
    expect((await fake.slash('alice', 'lounge', 'sandbox start')).text).toMatch(/^⚠️ There is no game in this channel/);
    expect((await fake.slash('carol', 'lounge', 'sandbox order', { orders: 'x'.repeat(5000) })).text).toMatch(
      /^⚠️ That is too long/,
    );

    // A restart: the sandboxes are still there, where they were.
    await h.stop();
    await h.start();
    const map = await fake.slash('alice', 'lounge', 'sandbox map');
    expect(map.text).toContain('🧪 **Sandbox #2** · Classic Diplomacy · **Fall 1901 movement**');
    expect(map.attachments).toHaveLength(1);
    expect((await fake.slash('carol', 'diplomacy', 'sandbox list')).text).toContain(
      '**#1** · Classic Diplomacy · Spring 1901 movement',
    );
    await h.bot!.outbox.idle();

    // Nobody else saw any of it: no post, no DM, no reply to anyone else; no log line carries its orders.
    expect(fake.publicDeliveries().length).toBe(posts);
    const since = fake.state.deliveries.slice(startedAt);
    for (const d of since) {
      expect(d.audience.kind).toBe('user');
      const reader = d.audience.kind === 'user' ? d.audience.userId : '';
      if (/par - gas|mun - ruh|Sandbox #2/.test(d.content)) expect(reader).toBe(fake.user('alice').id);
      if (/Sandbox #1/.test(d.content)) expect(reader).toBe(fake.user('carol').id);
    }
    for (const user of ['bob', 'gm'])
      expect(
        fake
          .seenBy(user)
          .map((d) => d.content)
          .join('\n'),
      ).not.toMatch(/andbox|par - gas|mun - ruh/);
    const infoLines = logLines.map((l) => JSON.parse(l) as { level: number }).filter((l) => l.level >= 30);
    expect(infoLines.length).toBeGreaterThan(0);
    for (const line of infoLines)
      expect(JSON.stringify(line)).not.toMatch(/par - gas|mun - ruh|kie - hol|lon - nth|par - pic/);

    // The real game: every table byte for byte as it was, its orders still France's own.
    expect(gameTables(h)).toBe(before);
    expect(fake.unexpectedErrors()).toEqual([]);

    // Sharing is the owner's act alone: one post in the channel it is asked in, a snapshot without links.
    const shared = await fake.slash('alice', 'lounge', 'sandbox share');
    expect(shared.ephemeral).toBe(false);
    const post = fake.publicDeliveries().at(-1)!;
    expect(post.content).toMatch(
      /^🧪 \*\*Sandbox snapshot\*\* shared by alice: a what-if on Classic Diplomacy, copied from S1901M\. Not the game's orders or results\./,
    );
    expect(post.content).toContain('Spring 1901 movement: results');
    expect(post.content).not.toMatch(/https?:|<#|discord\.com/);
    expect(post.attachments).toHaveLength(1);
    expect(
      fake
        .seenBy('bob')
        .map((d) => d.content)
        .join('\n'),
    ).toContain('Sandbox snapshot');
    expect(gameTables(h)).toBe(before);

    // The game goes on; a sandbox copies the earlier phase from its history, on its board, without its orders.
    await fake.slash('carol', 'diplomacy', 'sandbox end', { sandbox: 1 });
    h.clock.offset += 2 * HOUR;
    await h.bot!.scheduler.sweep();
    await waitForResults(h, 'diplomacy', 'Spring 1901 movement');
    const phases = await fake.autocomplete('carol', 'diplomacy', 'sandbox start', { phase: '' }, 'phase');
    expect(phases.map((p) => p.value)).toEqual(['F1901M', 'S1901M']);
    expect(phases[0]!.name).toContain('(current)');
    const old = await fake.slash('carol', 'diplomacy', 'sandbox start', { phase: 'S1901M' });
    expect(old.text).toContain('· **Spring 1901 movement** (copied from S1901M of the game in');
    expect(old.text).toContain('Orders: none yet');
    const oldBoard = await fake.slash('carol', 'diplomacy', 'sandbox order', { orders: 'A par - bur' });
    expect(oldBoard.text).toContain('✅ Stored: `A par - bur` (France)');
  });

  it('names the powers in a French member’s words: the seats, the stored orders, the autocompletes, `power:`', async () => {
    const { fake } = h;
    fake.setLocale('carol', 'fr');
    const started = await fake.slash('carol', 'diplomacy', 'sandbox start');
    expect(started.text).toContain('Angleterre (F Édimbourg, F Londres, A Liverpool)');
    expect(started.text).not.toContain('England');
    // Proposed as `/order` proposes them, in the member's words, which `/sandbox order` reads back.
    const choices = await fake.autocomplete('carol', 'diplomacy', 'sandbox order', { orders: 'A mun' }, 'orders');
    expect(choices.find((c) => c.value === 'A Munich - Ruhr')!.name).toBe('A Munich - Ruhr (Allemagne)');
    const ordered = await fake.slash('carol', 'diplomacy', 'sandbox order', { orders: 'F lon - nth; A mun - ruh' });
    expect(ordered.text).toContain('`F Londres - Mer du Nord` (Angleterre)');
    const powers = await fake.autocomplete('carol', 'diplomacy', 'sandbox clear', { power: 'angl' }, 'power');
    expect(powers).toEqual([{ name: 'Angleterre', value: 'England' }]);
    await fake.slash('carol', 'diplomacy', 'sandbox clear', { power: 'Angleterre' });
    const after = await fake.slash('carol', 'diplomacy', 'sandbox order', { orders: 'A par - bur' });
    expect(after.text).toContain('Angleterre (F Édimbourg, F Londres, A Liverpool)');
    expect(fake.unexpectedErrors()).toEqual([]);
  });
});

describe('a Warhammer sandbox', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'bret', 'emp'], channels: ['old-world'] });
    await h.start();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('plays the Decisive Battle phase with /sandbox act and its autocomplete, as the game would', async () => {
    const { fake } = h;
    await fake.slash('gm', 'old-world', 'game create', { variant: 'warhammer' });
    await fake.slash('bret', 'old-world', 'game join', { power: 'Bretonnia' });
    await fake.slash('emp', 'old-world', 'game join', { power: 'Empire' });
    await fake.slash('gm', 'old-world', 'game start');
    await fake.waitForChannelMessage('old-world', (m) => m.content.includes('has started'));
    await h.bot!.outbox.idle();
    const posts = fake.publicDeliveries().length;
    const before = gameTables(h);
    await fake.slash('gm', 'old-world', 'sandbox start');
    await fake.slash('gm', 'old-world', 'sandbox order', { orders: 'A cour - wast; A altd - wast' });

    // The movement "deadline": what the channel would read, quoted, and the step's actions.
    const declaring = await fake.slash('gm', 'old-world', 'sandbox next');
    expect(declaring.ephemeral).toBe(true);
    expect(declaring.text).toContain(
      '📣 In the game, the channel would now read:\n> **Spring 2500 movement: provisional results**',
    );
    expect(declaring.text).toContain(
      '⚔️ Decisive Battle phase: orders are closed; players declare with `/sandbox act action:declare` until the deadline.',
    );
    expect(declaring.text).toContain('Waiting for: Bretonnia ⏳ may declare, Empire ⏳ may declare');
    expect(declaring.text).toContain('🎬 `/sandbox act`: `declare` (Bretonnia, Empire)');
    expect(declaring.text.length).toBeLessThanOrEqual(2000);
    expect(
      (await fake.autocomplete('gm', 'old-world', 'sandbox act', { action: '' }, 'action')).map((c) => c.value),
    ).toEqual(['declare']);
    expect(
      (await fake.autocomplete('gm', 'old-world', 'sandbox act', { action: 'declare', as: '' }, 'as')).map(
        (c) => c.value,
      ),
    ).toEqual(['Bretonnia', 'Empire']);
    const offered = await fake.autocomplete(
      'gm',
      'old-world',
      'sandbox act',
      { action: 'declare', as: 'Bretonnia', choice: '' },
      'choice',
    );
    expect(offered.map((c) => c.value)).toEqual(['move A cour', 'none']);
    const declared = await fake.slash('gm', 'old-world', 'sandbox act', {
      action: 'declare',
      as: 'Bretonnia',
      choice: 'move A cour',
    });
    expect(declared.text).toContain(
      '🎬 As Bretonnia: ⚔️ Stored for Bretonnia: decisive move A cour → The Wasteland (wast).',
    );
    await fake.slash('gm', 'old-world', 'sandbox act', { action: 'declare', as: 'Empire', choice: 'none' });

    // A restart in the middle of the step: the sandbox is where it was, with its declarations.
    await h.stop();
    await h.start();
    expect((await fake.slash('gm', 'old-world', 'sandbox map')).text).toContain(
      'Waiting for: Bretonnia ⚔️ answered, Empire ⚔️ answered',
    );

    // The battles: the owner reports the winner as the game master.
    const battles = await fake.slash('gm', 'old-world', 'sandbox next');
    expect(battles.text).toContain('> ⚔️ **Spring 2500 movement: decisive battles** (1)');
    const sides = await fake.autocomplete(
      'gm',
      'old-world',
      'sandbox act',
      { action: 'battle', as: 'gm', choice: 'wast', detail: '' },
      'detail',
    );
    expect(sides.map((c) => c.value).sort()).toEqual(['Bretonnia', 'Empire']);
    const reported = await fake.slash('gm', 'old-world', 'sandbox act', {
      action: 'battle',
      as: 'gm',
      choice: 'wast',
      detail: 'Bretonnia',
    });
    expect(reported.text).toContain(
      '🎬 As game master: ⚔️ Recorded: **Bretonnia** won the battle in The Wasteland (wast).',
    );
    expect(reported.text).toContain('Everyone has answered in this step: `/sandbox next` goes on');
    const next = await fake.slash('gm', 'old-world', 'sandbox next');
    expect(next.text).toContain('✅ `A cour - wast`');
    expect(next.text).toContain('> ⚔️ **Spring 2500 movement: battle outcomes**');
    expect(next.attachments).toHaveLength(1);
    await h.bot!.outbox.idle();
    expect(fake.publicDeliveries().length).toBe(posts);
    expect(
      fake
        .publicDeliveries()
        .map((d) => d.content)
        .join('\n'),
    ).not.toMatch(/andbox|cour - wast/);
    // Nothing of the steps reached the game: no record, no step, no post, no DM.
    expect(gameTables(h)).toBe(before);
    expect(fake.unexpectedErrors()).toEqual([]);
  });

  it('quotes what the channel would read under a head in the owner’s language', async () => {
    const { fake } = h;
    fake.setLocale('emp', 'zh-CN');
    await fake.slash('emp', 'old-world', 'sandbox start');
    await fake.slash('emp', 'old-world', 'sandbox order', { orders: 'A cour - wast; A altd - wast' });
    const declaring = await fake.slash('emp', 'old-world', 'sandbox next');
    expect(declaring.text).toContain('📣 在对局中，频道此时会显示：\n> ');
    expect(declaring.text).not.toContain('In the game');
  });
});

describe('a sandbox from a direct message with the bot ("anywhere the bot can reply")', () => {
  let h: Harness;
  beforeAll(async () => {
    // Commands registered for every server and DM, as in production (no development server).
    h = await createHarness(
      { users: ['gm', 'alice', 'bob', 'dave'], channels: ['diplomacy'] },
      { devGuildId: undefined },
    );
    await h.start();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('copies a game the member plays, named with game:, with its phases; share stays in servers; other commands stay in servers', async () => {
    const { fake } = h;
    await startClassicGame(h);
    await fake.slash('alice', 'diplomacy', 'order', { orders: 'A par - pic' });
    await h.bot!.outbox.idle();
    const before = gameTables(h);
    const posts = fake.publicDeliveries().length;
    const dm = fake.dmChannelOf('alice');

    expect((await fake.slash('alice', dm, 'sandbox start')).text).toBe(
      '⚠️ In a direct message, name the game to copy: `/sandbox start game:` lists the games you play or master.',
    );
    const games = await fake.autocomplete('alice', dm, 'sandbox start', { game: '' }, 'game');
    expect(games).toEqual([{ name: 'Game #1 · Classic Diplomacy · Spring 1901 movement · you: France', value: 1 }]);
    expect(await fake.autocomplete('alice', dm, 'sandbox start', { game: 1, phase: '' }, 'phase')).toEqual([
      { name: 'S1901M — Spring 1901 movement (current)', value: 'S1901M' },
    ]);
    // Someone who plays no game of the bot's sees none from a DM, and cannot name one.
    expect(await fake.autocomplete('dave', fake.dmChannelOf('dave'), 'sandbox start', { game: '' }, 'game')).toEqual(
      [],
    );
    expect((await fake.slash('dave', fake.dmChannelOf('dave'), 'sandbox start', { game: 1 })).text).toBe(
      '⚠️ No game #1 you can copy from here: `game:` takes a game you play or master.',
    );

    const started = await fake.slash('alice', dm, 'sandbox start', { game: 1 });
    expect(started.text).toContain('🧪 **Sandbox #1** · Classic Diplomacy · **Spring 1901 movement**');
    expect(started.text).not.toContain('pic');
    expect(started.attachments).toHaveLength(1);
    expect((await fake.slash('alice', dm, 'sandbox order', { orders: 'A par - bur' })).text).toContain(
      '✅ Stored: `A par - bur` (France)',
    );
    expect((await fake.slash('alice', dm, 'sandbox adjudicate')).text).toContain('A par - bur');
    expect((await fake.slash('alice', dm, 'sandbox share')).text).toBe(
      '⚠️ `/sandbox share` posts a snapshot for everyone in a server channel: run it there (here only you would see it).',
    );
    // In a server, game: may also name any game of that server (what its channels show every member).
    expect(
      (await fake.autocomplete('dave', 'diplomacy', 'sandbox start', { game: '' }, 'game')).map((c) => c.value),
    ).toEqual([1]);
    // The game's own commands are not offered in a DM (Discord shows there only the commands registered for DMs).
    expect(() => fake.slashNoWait('alice', dm, 'order', { orders: 'A par - bur' })).toThrow(
      /not available in a direct message/,
    );

    await h.bot!.outbox.idle();
    expect(fake.publicDeliveries().length).toBe(posts);
    expect(gameTables(h)).toBe(before);
    expect(fake.unexpectedErrors()).toEqual([]);
  });
});

describe('sandbox limits and a hostile member', () => {
  let h: Harness;
  /** The titles of the maps drawn, in the order the renderer was asked; sandbox maps wait for `release`. */
  const calls: string[] = [];
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  /** Render options that could not be sent to the render worker. */
  const uncloneable: string[] = [];

  beforeAll(async () => {
    const renderPng = async (_v: unknown, _p: unknown, opts: RenderOptions) => {
      calls.push(opts.title ?? '');
      // The options must cross to the render worker as they are (a variant object in them cannot, and would make
      // the scene be built on the bot's thread).
      try {
        structuredClone(opts);
      } catch (e) {
        uncloneable.push(`${opts.title}: ${String(e)}`);
      }
      if (opts.title?.includes('· sandbox ·')) await held;
      return { png: Buffer.from('stand-in png'), warnings: [] };
    };
    const maps = createMapRenderer(createLogger('silent'), { renderPng, skipPrepare: true, cacheSize: 0 });
    h = await createHarness(
      { users: ['gm', 'alice', 'bob', 'mallory', 'dave', 'erin'], channels: ['busy', 'quiet'] },
      { maps, limits: { confirmationQuietMs: 0, budgets: GENEROUS, sandboxesPerUser: 2, sandboxesPerServer: 3 } },
    );
    await h.start();
  });

  afterAll(async () => {
    release();
    await h?.close();
  });

  it("refuses beyond the limits, naming them, and sandbox maps wait behind another game's results post", async () => {
    const { fake } = h;
    for (const [channel, player, power] of [
      ['busy', 'alice', 'France'],
      ['quiet', 'bob', 'Germany'],
    ] as const) {
      await fake.slash('gm', channel, 'game create', { variant: 'classic', movement: '1h' });
      await fake.slash(player, channel, 'game join', { power });
      await fake.slash('gm', channel, 'game start');
      await fake.waitForChannelMessage(channel, (m) => m.content.includes('has started'));
    }
    await h.bot!.outbox.idle();

    // The limits (their maps are held: the replies come once released).
    const started = [
      fake.slashNoWait('mallory', 'busy', 'sandbox start'),
      fake.slashNoWait('mallory', 'busy', 'sandbox start'),
    ];
    await expect.poll(() => started.every((i) => i.deferred)).toBe(true);
    expect((await fake.slash('mallory', 'busy', 'sandbox start')).text).toBe(
      '⚠️ You already keep 2 sandboxes, the most one member may: end one with `/sandbox end` first (each also ends after 1d unused).',
    );
    const dave = fake.slashNoWait('dave', 'busy', 'sandbox start');
    await expect.poll(() => dave.deferred).toBe(true);
    expect((await fake.slash('erin', 'busy', 'sandbox start')).text).toBe(
      '⚠️ This server already has 3 sandboxes, the most a server may keep at once: try again when one ends (each ends after 1d unused).',
    );

    // The hostile member asks for many sandbox maps at once; then the other game's deadline passes.
    const storm = Array.from({ length: 6 }, () => fake.slashNoWait('mallory', 'busy', 'sandbox adjudicate'));
    await expect.poll(() => storm.every((i) => i.deferred)).toBe(true);
    h.clock.offset += 2 * HOUR;
    await h.bot!.scheduler.sweep();
    const results = await waitForResults(h, 'quiet', 'Spring 1901 movement');
    // The results post went out with both its maps while every sandbox map was still held: one sandbox map at a
    // time is ever with the renderer, and the games' maps never wait for it.
    expect((await partsOfPost(h.fake, h.store.db, results)).flatMap((m) => m.attachments)).toHaveLength(2);
    const sandboxCalls = () => calls.filter((t) => t.includes('· sandbox ·')).length;
    expect(sandboxCalls()).toBe(1);
    expect(storm.some((i) => i.responses.some((r) => r.kind === 'edit'))).toBe(false);

    release();
    const all = [...started, dave, ...storm];
    await expect
      .poll(() => all.every((i) => i.responses.some((r) => r.kind === 'edit')), { timeout: 15_000 })
      .toBe(true);
    // Every sandbox map was drawn once, after the games' maps.
    expect(sandboxCalls()).toBe(3 + 6);
    const heldAt = calls.flatMap((t, i) => (t.includes('· sandbox ·') ? [i] : []));
    const lastGameMap = Math.max(...calls.map((t, i) => (t.includes('· sandbox ·') ? -1 : i)));
    // Between the first sandbox map and the second, only the games' results maps (both games' posts show the same
    // pictures here, nobody ordered: drawn once each, or twice when the second post asks after the first is drawn).
    expect(calls[heldAt[0]!]).toBe('Classic Diplomacy · sandbox · Spring 1901 movement');
    expect(new Set(calls.slice(heldAt[0]! + 1, heldAt[1]!))).toEqual(
      new Set([
        'Classic Diplomacy · Spring 1901 movement · orders and results',
        'Classic Diplomacy · after Spring 1901 movement · Fall 1901 movement',
      ]),
    );
    expect(lastGameMap).toBeLessThan(heldAt[1]!);
    for (const i of storm) expect(i.ephemeral).toBe(true);
    expect(uncloneable).toEqual([]);
    expect(fake.unexpectedErrors()).toEqual([]);
  });

  it('draws the map of a French owner with its title in French', async () => {
    h.fake.setLocale('mallory', 'fr');
    const reply = await h.fake.slash('mallory', 'busy', 'sandbox map');
    expect(reply.attachments).toHaveLength(1);
    expect(calls.at(-1)).toMatch(/^Diplomatie classique · bac à sable · (Printemps|Automne) 1901, mouvements/);
    expect(uncloneable).toEqual([]);
  });
});

describe('/sandbox act refused in the member’s language', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(
      { users: ['gm', 'bret', 'emp', 'pierre', 'lin'], channels: ['old-world'] },
      { limits: { budgets: GENEROUS, sandboxesPerUser: 1, sandboxesPerServer: 2 } },
    );
    await h.start();
    h.fake.setLocale('pierre', 'fr');
    h.fake.setLocale('lin', 'zh-TW');
    h.fake.setLocale('emp', 'zh-CN');
  });
  afterAll(async () => {
    await h?.close();
  });

  /** The refusal `user` reads for `/sandbox act` with these options, with its English words (none expected). */
  async function refusal(user: string, options: Record<string, string>): Promise<string> {
    const r = await h.fake.slash(user, 'old-world', 'sandbox act', options);
    expect(r.ephemeral).toBe(true);
    expect(r.text).toMatch(/^⚠️ /);
    expect(englishWords(r.text)).toEqual([]);
    return r.text;
  }

  it('an unknown action, a missing slot, a seat nobody plays and the plug-in’s own refusal, in French and Chinese', async () => {
    const { fake } = h;
    await fake.slash('gm', 'old-world', 'game create', { variant: 'warhammer' });
    await fake.slash('bret', 'old-world', 'game join', { power: 'Bretonnia' });
    await fake.slash('emp', 'old-world', 'game join', { power: 'Empire' });
    await fake.slash('gm', 'old-world', 'game start');
    await fake.waitForChannelMessage('old-world', (m) => m.content.includes('has started'));
    for (const user of ['pierre', 'lin']) {
      await fake.slash(user, 'old-world', 'sandbox start');
      await fake.slash(user, 'old-world', 'sandbox order', { orders: 'A cour - wast; A altd - wast' });
    }

    expect(await refusal('pierre', { action: 'dance', as: 'Bretonnia' })).toMatch(
      /n’a pas d’action `dance`\. Ses actions : `declare`, /,
    );
    // The actions listed as Chinese lists them (`、`, the traditional script's `和` before the last), never `, `.
    const unknown = await refusal('lin', { action: 'dance', as: 'Bretonnia' });
    expect(unknown).toMatch(/沒有 `dance` 行動。它的行動：`declare`、(`[a-z]+`、)*`[a-z]+`和`[a-z]+`。$/);
    expect(unknown).not.toContain(', ');
    expect(await refusal('pierre', { action: 'declare', as: 'Kislev' })).toBe(
      '⚠️ Personne ne joue Kislev dans la partie que ce bac à sable copie : personne n’agit donc pour elle (les puissances jouées : Bretonnia, Empire).',
    );
    expect(await refusal('lin', { action: 'declare', as: 'Gondor' })).toContain('沒有「Gondor」這個國家');
    // Before its step the declaration is not open: the plug-in's refusal, in the member's words.
    await refusal('pierre', { action: 'declare', as: 'Bretonnia' });

    // The Decisive Battle phase: a declaration without its choice.
    const next: Record<string, string> = {};
    for (const user of ['pierre', 'lin']) next[user] = (await fake.slash(user, 'old-world', 'sandbox next')).text;
    // The step's actions: the powers in full-width brackets in Chinese, as every Chinese aside (docs/locales.md).
    expect(next.lin).toMatch(/`declare`（Bretonnia.*Empire）/);
    expect(next.lin).not.toMatch(/`declare` \(/);
    expect(next.pierre).toContain('`declare` (Bretonnia, Empire)');
    expect(await refusal('pierre', { action: 'declare', as: 'Bretonnia' })).toMatch(
      /^⚠️ `\/bac-à-sable agir action:declare` a besoin de sa valeur « .+ » dans `choix:`\.$/,
    );
    expect(await refusal('lin', { action: 'declare', as: 'Bretonnia' })).toMatch(
      /^⚠️ `\/沙盤 行動 行動:declare` 需要在 `選擇:` 中填寫：.+。$/,
    );
    // The plug-in's refusal of a value names the sandbox's command, not the game's.
    const wrong = await refusal('pierre', { action: 'declare', as: 'Bretonnia', choice: 'move A altd' });
    expect(wrong).not.toMatch(/`\/act /);
    expect(fake.unexpectedErrors()).toEqual([]);
  });

  it('orders closed by a step, no orders given and the limits, in French and Chinese', async () => {
    const { fake } = h;
    /** What `user` reads for `/sandbox <sub>`, with its English words (none expected). */
    const read = async (user: string, sub: string, options: Record<string, string> = {}) => {
      const r = await fake.slash(user, 'old-world', `sandbox ${sub}`, options);
      expect(r.ephemeral).toBe(true);
      expect(englishWords(r.finalText)).toEqual([]);
      return r.finalText;
    };
    // Both sandboxes are in the Decisive Battle phase: the game's own message, naming the sandbox's command.
    expect(await read('pierre', 'order', { orders: 'A altd H' })).toBe(
      '⚠️ Les ordres de cette phase sont clos : la phase des batailles décisives est en cours. Déclarez une bataille décisive avec `/bac-à-sable agir action:declare`.',
    );
    expect(await read('lin', 'clear')).toBe(
      '⚠️ 本階段的指令已截止：決戰階段正在進行。請用 `/沙盤 行動 行動:declare` 宣告決戰。',
    );
    expect(await read('pierre', 'order', { orders: '  ' })).toMatch(/^⚠️ Aucun ordre donné : /);
    expect(await read('lin', 'order', { orders: '  ' })).toMatch(/^⚠️ 沒有下達指令：/);
    // One sandbox each at most, two on the server.
    expect(await read('pierre', 'start')).toBe(
      '⚠️ Vous avez déjà 1 bac à sable, le maximum pour un membre : supprimez-en un avec `/bac-à-sable supprimer` d’abord (chacun est aussi supprimé après 1 j sans usage).',
    );
    expect(await read('lin', 'start')).toMatch(/^⚠️ 你已有 1 個沙盤，這是每位成員的上限/);
    expect(await read('emp', 'start')).toMatch(/^⚠️ 这个服务器已有 2 个沙盘，这是一个服务器同时能保留的上限/);
    expect(fake.unexpectedErrors()).toEqual([]);
  });

  it('an action and a choice typed in the member’s words, read back as `/act` reads them', async () => {
    // Both sandboxes are in the Decisive Battle phase (above): `déclarer` is `declare`, `passer` is `none`.
    const fr = await h.fake.slash('pierre', 'old-world', 'sandbox act', {
      action: 'déclarer',
      as: 'Bretonnia',
      choice: 'passer',
    });
    expect(fr.text).toContain('🎬 En tant que Bretonnia : ⚔️ Enregistré : Bretonnia passe.');
    expect(englishWords(fr.text)).toEqual([]);
    const zh = await h.fake.slash('lin', 'old-world', 'sandbox act', { action: '宣告', as: 'Empire', choice: '放棄' });
    expect(zh.text).not.toMatch(/^⚠️/);
    expect(zh.text).toContain('Empire');
    expect(englishWords(zh.text)).toEqual([]);
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });

  it('a file that cannot be opened: the frame in the member’s language, the file’s problem as the reader found it', async () => {
    const upload = { upload: true as const, filename: 'bad.json', data: Buffer.from('not json') };
    const fr = await h.fake.slash('pierre', 'old-world', 'sandbox start', { file: upload });
    expect(fr.finalText).toMatch(/^⚠️ Ce fichier ne peut pas être ouvert : the file is not JSON/);
    const zh = await h.fake.slash('lin', 'old-world', 'sandbox start', { file: upload });
    expect(zh.finalText).toMatch(/^⚠️ 無法開啟這個檔案：the file is not JSON/);
  });

  it('a file given with a phase: the option named as the member’s client names it, the sandbox by its name', async () => {
    const upload = { upload: true as const, filename: 'game.json', data: Buffer.from('[]') };
    const both = { file: upload, phase: 'S2500M' };
    const fr = await h.fake.slash('pierre', 'old-world', 'sandbox start', both);
    expect(fr.finalText).toBe('⚠️ Un bac à sable part d’une partie ou d’un fichier : donnez `fichier:` seul.');
    const zh = await h.fake.slash('lin', 'old-world', 'sandbox start', both);
    expect(zh.finalText).toBe('⚠️ 沙盤從一局對局或一個檔案開始：只給出 `檔案:`。');
  });
});

describe('/sandbox orders in the member’s language', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(
      { users: ['gm', 'anne', 'lin'], channels: ['classic', 'zhanguo'] },
      { limits: { budgets: GENEROUS } },
    );
    await h.start();
    h.fake.setLocale('anne', 'fr');
    h.fake.setLocale('lin', 'zh-TW');
    for (const [channel, variant] of [
      ['classic', 'classic'],
      ['zhanguo', 'warring-states'],
    ] as const) {
      await h.fake.slash('gm', channel, 'game create', { variant, computer: 'all', movement: '24h' });
      await h.fake.slash('gm', channel, 'game join', { power: variant === 'classic' ? 'Turkey' : 'Qi' });
      await h.fake.slash('gm', channel, 'game start');
    }
  });
  afterAll(async () => {
    await h?.close();
  });

  it('writes the stored orders and the units without one as /orders show does (docs/locales.md "Names")', async () => {
    await h.fake.slash('anne', 'classic', 'sandbox start');
    const fr = await h.fake.slash('anne', 'classic', 'sandbox order', { orders: 'A par - bur; F bre H' });
    expect(fr.text).toContain('✅ Enregistré : `A Paris - Bourgogne` (France), `F Brest tient` (France)');
    expect(fr.text).toContain('France (A Marseille)');
    expect(fr.text).not.toMatch(/`F bre H`|A mar\b/);
    await h.fake.slash('lin', 'zhanguo', 'sandbox start');
    const zh = await h.fake.slash('lin', 'zhanguo', 'sandbox order', { orders: 'A xia H' });
    expect(zh.text).toContain('✅ 已儲存：`A 咸陽 守`（秦）');
    expect(zh.text).toContain('秦（A 雍、A 南鄭）');
    expect(zh.text).not.toMatch(/`A xia H`|A yon/);
  });

  it('reads back the orders its autocomplete offers, in the member’s words, as /order does', async () => {
    const offered = await h.fake.autocomplete('lin', 'zhanguo', 'sandbox order', { orders: '雍' }, 'orders');
    expect(offered.map((c) => c.value)).toContain('A 雍 - 北地');
    const zh = await h.fake.slash('lin', 'zhanguo', 'sandbox order', { orders: 'A 南鄭 守; A 雍 - 北地' });
    expect(zh.text).toContain('✅ 已儲存：`A 南鄭 守`（秦）、`A 雍 - 北地`（秦）');
    expect(zh.text).not.toContain('❌');
    const fr = await h.fake.slash('anne', 'classic', 'sandbox order', { orders: 'A Marseille - Bourgogne' });
    expect(fr.text).toContain('✅ Enregistré : `A Marseille - Bourgogne` (France)');
    expect(fr.text).not.toContain('❌');
  });
});
