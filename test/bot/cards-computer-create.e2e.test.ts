/**
 * `/game create computer:` and `demonstration:` at a card table, through the bot and the Discord stand-in: the same option semantics as a Diplomacy game — named seats (dynasties) taken at once, `all` empty seats filled
 * at the start, a table of only computer players only as a demonstration — with the channel told, the computer seats
 * shown as "a computer player" wherever a seat's holder is named (never a raw `computer:` id, never pinged), and the
 * AI worker started as soon as a card table has a computer seat, before its first turn.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardGameState } from '../../src/cardgame/index.js';
import { aiWorkerState, askComputerPlayer } from '../../src/game/ai-pool/pool.js';
import { textOf } from '../support/fake-discord/index.js';
import { createHarness, type Harness } from './harness.js';

describe('computer players seated when a card table is created', () => {
  let h: Harness;

  beforeAll(async () => {
    let seed = 20_261_123;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    // A small search budget keeps the test quick; the worker and the use-cases are the production ones.
    h = await createHarness(
      { users: ['gm', 'ann', 'bob', 'cid'], channels: ['named', 'fill', 'demo'] },
      { random, kindComputerAsk: (job) => askComputerPlayer(job.kind === 'cards' ? { ...job, playouts: 4 } : job) },
    );
    await h.start();
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  const sql = () => h.database.sqlite;
  const gameIn = (channel: string) =>
    sql()
      .prepare(
        'SELECT id, status, computer_fill AS fill, demonstration FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1',
      )
      .get(h.fake.channel(channel).id) as
      | { id: number; status: string; fill: number; demonstration: number }
      | undefined;
  const seats = (channel: string) =>
    sql()
      .prepare('SELECT user_id AS userId, dynasty, notify FROM card_seats WHERE game_id = ? ORDER BY id')
      .all(gameIn(channel)!.id) as { userId: string; dynasty: string | null; notify: string }[];
  const state = (channel: string) =>
    JSON.parse(
      (sql().prepare('SELECT state FROM card_games WHERE game_id = ?').get(gameIn(channel)!.id) as { state: string })
        .state,
    ) as CardGameState;
  const idle = () => h.bot!.outbox.idle();

  it('offers `all` and the dynasties in `computer:` autocomplete for a card table', async () => {
    const first = await h.fake.autocomplete(
      'gm',
      'named',
      'game create',
      { variant: 'warring-states-cards', computer: '' },
      'computer',
    );
    expect(first[0]).toEqual({ name: 'all: every seat nobody has taken when the game starts', value: 'all' });
    expect(first.map((c) => c.value)).toContain('Qin 秦');
    const more = await h.fake.autocomplete(
      'gm',
      'named',
      'game create',
      { variant: 'warring-states-cards', computer: 'Qin 秦, ch' },
      'computer',
    );
    expect(more.map((c) => c.value)).toEqual(['Qin 秦, Chu 楚']);
  });

  it('refuses what it cannot seat, storing nothing', async () => {
    const every = await h.fake.slash('gm', 'named', 'game create', {
      variant: 'warring-states-cards',
      seats: 2,
      computer: 'qin, chu',
    });
    expect(every.text).toContain(
      'a table of only computer players is a demonstration table; create it with the `demonstration` option',
    );
    const both = await h.fake.slash('gm', 'named', 'game create', {
      variant: 'warring-states-cards',
      demonstration: true,
      computer: 'qin',
    });
    expect(both.text).toContain('A demonstration table gives every seat to a computer player');
    expect(gameIn('named')).toBeUndefined();
  });

  it('named dynasties: seated at once, the channel told, nobody joins as them, the worker warmed before their first turn', async () => {
    expect(aiWorkerState().running).toBe(false);
    const created = await h.fake.slash('gm', 'named', 'game create', {
      variant: 'warring-states-cards',
      seats: 3,
      computer: 'qin',
    });
    expect(created.ephemeral).toBe(false);
    expect(created.text).toContain('🤖 Computer players: Qin 秦.');
    expect(seats('named')).toEqual([{ userId: 'computer:normal:qin', dynasty: 'qin', notify: 'off' }]);
    // the AI worker starts while the table is still forming: its first question finds it up
    await expect.poll(() => aiWorkerState().running, { timeout: 10_000 }).toBe(true);
    await idle();
    const lobby = h.fake
      .channelMessages('named')
      .filter((m) => textOf(m).includes('lobby'))
      .at(-1)!;
    expect(textOf(lobby)).toContain('a computer player (normal, Qin 秦)');
    const asQin = await h.fake.slash('bob', 'named', 'game join', { power: 'Qin 秦' });
    expect(asQin.text).toContain('Qin 秦 is played by a computer player (the game master chose it)');
    await h.fake.slash('ann', 'named', 'game join');
    await h.fake.slash('bob', 'named', 'game join');
    expect((await h.fake.slash('gm', 'named', 'game start')).text).toContain('starts with 3 players');
    // the computer seat gives its 2 cards at once; the people are still to give
    await expect.poll(() => state('named').gives[0] !== null, { timeout: 30_000, interval: 50 }).toBe(true);
    expect(state('named').gives.slice(1)).toEqual([null, null]);
  }, 60_000);

  it('`all`: refused to start with nobody, then the empty seats are filled at the start', async () => {
    const created = await h.fake.slash('gm', 'fill', 'game create', {
      variant: 'warring-states-cards',
      seats: 3,
      computer: 'all',
    });
    expect(created.text).toContain('🤖 Computer players take every seat nobody has joined when the game starts.');
    expect(gameIn('fill')).toMatchObject({ fill: 1, demonstration: 0 });
    const alone = await h.fake.slash('gm', 'fill', 'game start');
    expect(alone.text).toContain(
      'a table of only computer players is a demonstration table (`/game create` with the `demonstration` option)',
    );
    await h.fake.slash('cid', 'fill', 'game join', { power: 'Yan 燕' });
    await h.fake.slash('gm', 'fill', 'game start');
    const seated = seats('fill');
    expect(seated.map((s) => s.userId.startsWith('computer:'))).toEqual([false, true, true]);
    for (const s of seated.slice(1))
      expect(s).toEqual({ userId: `computer:normal:${s.dynasty}`, dynasty: s.dynasty, notify: 'off' });
    await idle();
    // the log thread's start line names them as computer players
    const thread = (
      sql().prepare('SELECT thread_id AS t FROM card_games WHERE game_id = ?').get(gameIn('fill')!.id) as { t: string }
    ).t;
    const start = h.fake.channelMessages(thread).find((m) => m.content.startsWith('The game starts'))!;
    expect(start.content.match(/a computer player/g)).toHaveLength(2);
  }, 60_000);

  it('a demonstration table: every seat a computer player, nobody joins, and it plays to its end by itself', async () => {
    const created = await h.fake.slash('gm', 'demo', 'game create', {
      variant: 'warring-states-cards',
      seats: 2,
      preset: 'live',
      demonstration: true,
    });
    expect(created.text).toContain('🤖 **Demonstration table**: computer players play every seat; nobody joins.');
    expect(created.text).toContain('The game master starts it with `/game start`.');
    const join = await h.fake.slash('ann', 'demo', 'game join');
    expect(join.text).toContain('This is a demonstration table');
    expect(seats('demo').every((s) => s.userId.startsWith('computer:'))).toBe(true);
    await h.fake.slash('gm', 'demo', 'game start');
    await expect.poll(() => state('demo').phase, { timeout: 240_000, interval: 200 }).toBe('finished');
    await idle();
    expect(
      h.fake.channelMessages('demo').some((m) => m.attachments.some((a) => a.filename === 'final-board.png')),
    ).toBe(true);
    const actors = sql()
      .prepare('SELECT DISTINCT actor FROM card_events WHERE game_id = ?')
      .all(gameIn('demo')!.id) as { actor: string }[];
    expect(actors.every((a) => a.actor.startsWith('user:computer:'))).toBe(true);
  }, 300_000);

  it('never shows a raw computer id, and never pings or DMs a computer seat', async () => {
    await idle();
    // (a computer seat's id is `computer:<dynasty>`; the option's name `computer:` may appear in a refusal)
    for (const d of h.fake.deliveries) expect(textOf(d)).not.toMatch(/computer:[a-z]/);
    for (const m of ['named', 'fill', 'demo'].flatMap((c) => h.fake.channelMessages(c))) {
      for (const u of h.fake.pings(m).users) expect(u).not.toMatch(/^computer/);
    }
  });
});
