import { afterEach, describe, expect, it } from 'vitest';
import { createGame } from '../../../src/game/lobby/index.js';
import {
  cardComputerSeatsExist,
  createCardGame,
  freeDynasties,
  joinCardGame,
  leaveCardGame,
  startCardGame,
  CARD_PRESETS,
} from '../../../src/game/cards/index.js';
import { internalErrors, makeEnv, type TestEnv } from '../helpers.js';
import { at, CH, GM, info, ok, outboxRows, storedState, USERS } from './helpers.js';

let env: TestEnv;
afterEach(async () => {
  await env?.close();
  expect(internalErrors).toEqual([]);
});

const create = async (over: Record<string, unknown> = {}) =>
  await createCardGame(env.deps, { channelId: CH, guildId: 'guild-1', userId: GM, ...over });

describe('card game lobby', () => {
  it('creates a game with a preset; the creator is the game master', async () => {
    env = await makeEnv();
    const g = ok(await create({ seats: 3, preset: 'live', dynastyCards: true })).game;
    expect(g.gmUserId).toBe(GM);
    expect(g.status).toBe('forming');
    expect(g.phase).toBe('lobby');
    expect(g.settings).toEqual({
      seats: 3,
      preset: 'live',
      turnMs: CARD_PRESETS.live.turnMs,
      setupMs: 90_000,
      dynastyCards: true,
    });
    // the lobby message is the table message, edited in place
    const status = (await outboxRows(env)).filter((r) => r.kind === 'status');
    expect(status).toHaveLength(1);
  });

  it.each([
    [{ seats: 1 }, 'The card game is for 2 to 5 players, not 1.'],
    [{ seats: 6 }, 'The card game is for 2 to 5 players, not 6.'],
    [{ preset: 'blitz' }, 'Unknown turn preset "blitz". Presets: live (2 min a turn), standard (1 h), async (12 h).'],
    [{ turn: '30s' }, 'A card-game turn cannot be shorter than 1m (you gave 30s).'],
    [{ turn: '8d' }, 'A card-game turn cannot be longer than 7d (you gave 8d).'],
    [
      { turn: 'soon' },
      'The turn duration: "soon" is not a duration: write a number followed by s, m, h or d, like 90s, 10m, 24h or 2d.',
    ],
  ])('refuses %j with a sentence and stores nothing', async (over, error) => {
    env = await makeEnv();
    expect(await create(over)).toMatchObject({ ok: false, error });
    expect(await outboxRows(env)).toEqual([]);
  });

  it('the table’s Join and Leave buttons tell the channel by a notice, as /game join and leave tell it by their public reply', async () => {
    env = await makeEnv();
    ok(await create({ seats: 3 }));
    const notices = async () =>
      (await outboxRows(env)).filter(
        (r) => r.dedupeKey.startsWith('cards:join:') || r.dedupeKey.startsWith('cards:leave:'),
      );
    // the command's path: its reply is the public word, no notice besides
    ok(await joinCardGame(env.deps, at(USERS[0]!), 'Qin'));
    expect(await notices()).toEqual([]);
    // the buttons' path: a private reply, so one notice each in the channel
    ok(await joinCardGame(env.deps, at(USERS[1]!), 'Yan', { notice: true }));
    ok(await joinCardGame(env.deps, at(USERS[2]!), null, { notice: true }));
    ok(await leaveCardGame(env.deps, at(USERS[2]!), { notice: true }));
    const rows = await notices();
    expect(rows.map((r) => r.targetKind)).toEqual(['channel', 'channel', 'channel']);
    const keys = rows.map((r) => JSON.stringify(r.payload));
    expect(keys[0]).toContain('cards.join.done');
    expect(keys[1]).toContain('cards.join.drawn');
    expect(keys[2]).toContain('cards.leave.done');
    // a member's own act: told, not a ping (as the command's public reply does not ping)
    for (const k of keys) expect(k).toMatch(/quiet\\?":true/);
  });

  it('a custom turn overrides the preset', async () => {
    env = await makeEnv();
    expect(ok(await create({ turn: '5m' })).game.settings).toMatchObject({
      preset: 'custom',
      turnMs: 300_000,
      setupMs: 300_000,
    });
  });

  it('one game of any kind per channel: a Diplomacy game blocks a card game and the other way round', async () => {
    env = await makeEnv();
    ok(await createGame(env.deps, { channelId: CH, guildId: 'guild-1', userId: 'someone', variantId: 'classic' }));
    expect(await create()).toMatchObject({
      ok: false,
      error: 'This channel already has a forming game (Classic Diplomacy); one game per channel. Use another channel.',
    });
    ok(await create({ channelId: 'other' }));
    const r = await createGame(env.deps, {
      channelId: 'other',
      guildId: 'guild-1',
      userId: 'someone-else',
      variantId: 'classic',
    });
    expect(r).toMatchObject({
      ok: false,
      error:
        'This channel already has a forming game (Warring States card game); one game per channel. Use another channel.',
    });
  });

  it('joins with a free dynasty, refuses a taken one, leaves', async () => {
    env = await makeEnv();
    ok(await create({ seats: 3 }));
    expect(ok(await joinCardGame(env.deps, at(USERS[0]!), 'Qin')).dynasty).toBe('qin');
    expect(await freeDynasties(env.deps, CH)).toEqual(['chu', 'jin', 'qi', 'yan']);
    expect(await joinCardGame(env.deps, at(USERS[1]!), '秦')).toMatchObject({
      ok: false,
      error: 'Qin 秦 is taken. Free: Chu 楚, Jin 晉, Qi 齊, Yan 燕.',
    });
    expect(await joinCardGame(env.deps, at(USERS[1]!), 'wei')).toMatchObject({
      ok: false,
      error: expect.stringContaining('Unknown dynasty "wei"'),
    });
    ok(await joinCardGame(env.deps, at(USERS[1]!)));
    expect(await joinCardGame(env.deps, at(USERS[1]!))).toMatchObject({ ok: false, error: 'You are already seated.' });
    // joining again with a dynasty changes it
    ok(await joinCardGame(env.deps, at(USERS[1]!), 'yan'));
    ok(await joinCardGame(env.deps, at(USERS[2]!)));
    expect(await joinCardGame(env.deps, at(USERS[3]!))).toMatchObject({
      ok: false,
      error: 'The table is full (3 seats).',
    });
    ok(await leaveCardGame(env.deps, at(USERS[2]!)));
    expect((await info(env)).seats.map((s) => s.userId)).toEqual([USERS[0], USERS[1]]);
    expect(await leaveCardGame(env.deps, at(USERS[2]!))).toMatchObject({
      ok: false,
      error: 'You are not seated in this game.',
    });
  });

  it('starts (game master only, 2+ players): seats in joining order, missing dynasties drawn, 8 cards each, give deadline set', async () => {
    env = await makeEnv();
    ok(await create({ seats: 4, preset: 'live' }));
    ok(await joinCardGame(env.deps, at(USERS[0]!)));
    expect(await startCardGame(env.deps, at(GM))).toMatchObject({
      ok: false,
      error: 'The card game needs at least 2 players; 1 joined.',
    });
    ok(await joinCardGame(env.deps, at(USERS[1]!), 'chu'));
    ok(await joinCardGame(env.deps, at(USERS[2]!)));
    expect(await startCardGame(env.deps, at(USERS[0]!))).toMatchObject({
      ok: false,
      error: 'Only the game master can start the game.',
    });
    const g = ok(await startCardGame(env.deps, at(GM))).game;
    expect(g.status).toBe('active');
    expect(g.phase).toBe('give');
    expect(g.seats.map((s) => [s.seat, s.userId])).toEqual([
      [0, USERS[0]],
      [1, USERS[1]],
      [2, USERS[2]],
    ]);
    expect(g.seats[1]!.dynasty).toBe('chu');
    expect(new Set(g.seats.map((s) => s.dynasty)).size).toBe(3);
    expect(g.deadline).toBe(env.clock.t + 90_000);
    const s = await storedState(env);
    expect(s.seats.map((x) => x.hand.length)).toEqual([8, 8, 8]);
    expect(s.seats.map((x) => x.dynasty)).toEqual(g.seats.map((x) => x.dynasty));
    expect(await startCardGame(env.deps, at(GM))).toMatchObject({ ok: false, error: 'The game has already started.' });
    expect(await joinCardGame(env.deps, at(USERS[3]!))).toMatchObject({ ok: false });
    expect(await leaveCardGame(env.deps, at(USERS[0]!))).toMatchObject({
      ok: false,
      error: expect.stringContaining('/concede'),
    });
  });
});

describe('card game lobby: computer seats at creation', () => {
  const seatsOf = async () => (await info(env)).seats.map((s) => [s.userId, s.dynasty]);

  it('seats named dynasties at once, refuses a person joining as one, and plays the start with them', async () => {
    env = await makeEnv();
    const r = ok(await create({ seats: 3, computer: 'Qin, chu' }));
    expect(r.computer).toEqual({ fill: 'dynasties', dynasties: ['qin', 'chu'] });
    expect(await seatsOf()).toEqual([
      ['computer:normal:qin', 'qin'],
      ['computer:normal:chu', 'chu'],
    ]);
    expect(await joinCardGame(env.deps, at(USERS[0]!), 'qin')).toMatchObject({
      ok: false,
      error: expect.stringContaining('is played by a computer player (the game master chose it)'),
    });
    ok(await joinCardGame(env.deps, at(USERS[0]!)));
    expect(await joinCardGame(env.deps, at(USERS[1]!))).toMatchObject({
      ok: false,
      error: 'The table is full (3 seats).',
    });
    ok(await startCardGame(env.deps, at(GM)));
    const g = await info(env);
    expect(g.status).toBe('active');
    expect(g.seats.filter((s) => s.userId.startsWith('computer:'))).toHaveLength(2);
    // a computer seat is never pinged, and nobody is DMed for it
    expect((await outboxRows(env)).filter((r) => r.target.startsWith('computer:'))).toEqual([]);
  });

  it('`all` fills the seats nobody took at the start with computer players, their dynasties among the free ones', async () => {
    env = await makeEnv();
    expect(ok(await create({ seats: 4, computer: 'all' })).computer).toEqual({ fill: 'all' });
    expect(await startCardGame(env.deps, at(GM))).toMatchObject({
      ok: false,
      error: expect.stringContaining('a table of only computer players is a demonstration table'),
    });
    ok(await joinCardGame(env.deps, at(USERS[0]!), 'yan'));
    expect(await seatsOf()).toEqual([[USERS[0], 'yan']]);
    ok(await startCardGame(env.deps, at(GM)));
    const seats = (await info(env)).seats;
    expect(seats).toHaveLength(4);
    const computers = seats.filter((s) => s.userId.startsWith('computer:'));
    expect(computers).toHaveLength(3);
    for (const c of computers) expect(c.userId).toBe(`computer:normal:${c.dynasty}`);
    expect(new Set(seats.map((s) => s.dynasty)).size).toBe(4);
    expect((await storedState(env)).seats).toHaveLength(4);
  });

  it('a demonstration table: every seat a computer player at once, nobody joins, the game master starts it', async () => {
    env = await makeEnv();
    expect(await cardComputerSeatsExist(env.deps)).toBe(false);
    const r = ok(await create({ seats: 3, demonstration: true }));
    expect(r.demonstration).toBe(true);
    // the bot warms the AI worker up as soon as a table has a computer seat
    expect(await cardComputerSeatsExist(env.deps)).toBe(true);
    expect((await info(env)).seats.map((s) => s.userId.startsWith('computer:'))).toEqual([true, true, true]);
    expect(await joinCardGame(env.deps, at(USERS[0]!))).toMatchObject({
      ok: false,
      error: expect.stringContaining('This is a demonstration table'),
    });
    ok(await startCardGame(env.deps, at(GM)));
    expect((await info(env)).status).toBe('active');
  });

  it.each([
    [
      { computer: 'all, qin' },
      '`computer:` takes either `all` (every empty seat at the start) or a list of dynasties, not both.',
    ],
    [{ computer: 'rome' }, 'Unknown dynasty "rome". Dynasties: '],
    [{ seats: 2, computer: 'qin, chu' }, 'a table of only computer players is a demonstration table'],
    [{ demonstration: true, computer: 'qin' }, 'A demonstration table gives every seat to a computer player'],
  ])('refuses %o, storing nothing', async (over, error) => {
    env = await makeEnv();
    expect(await create(over)).toMatchObject({ ok: false, error: expect.stringContaining(error) });
    expect(await outboxRows(env)).toEqual([]);
  });

  it('without computer players nobody is seated, and a start with nobody is refused as before', async () => {
    env = await makeEnv();
    expect(ok(await create({ seats: 3 })).computer).toEqual({ fill: 'none' });
    expect(await cardComputerSeatsExist(env.deps)).toBe(false);
    expect(await startCardGame(env.deps, at(GM))).toMatchObject({
      ok: false,
      error: 'Nobody has joined yet: players join with `/game join`.',
    });
  });
});
