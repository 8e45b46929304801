/**
 * Computer players chosen at `/game create`: named seats taken at once, `all` empty seats filled at the
 * start, demonstration tables (computer players only, asked for explicitly), and the refusals a game master reads.
 */
import { first } from '../../../src/store/store.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGame, joinGame, leaveGame, startGame } from '../../../src/game/lobby/index.js';
import { gameStatus } from '../../../src/game/history/index.js';
import { getServerLimits } from '../../../src/game/core/index.js';
import { gmReplace } from '../../../src/game/gm/index.js';
import {
  computerLevelOf,
  computerSeatSuggestions,
  parseComputerSeats,
  playerName,
} from '../../../src/game/core/holder.js';
import { gameSeatDuties } from '../../../src/game/computer/computer.js';
import { games, players } from '../../../src/store/schema.js';
import { getVariant } from '../../../src/variants/index.js';
import { CHANNEL, CLASSIC_POWERS, GM, err, internalErrors, makeEnv, ok, outboxRows, type TestEnv } from '../helpers.js';

let env: TestEnv;
beforeEach(async () => {
  env = await makeEnv();
  internalErrors.length = 0;
});
afterEach(async () => {
  await env.close();
  expect(internalErrors).toEqual([]);
});

const create = async (extra: Partial<Parameters<typeof createGame>[1]> = {}) =>
  await createGame(env.deps, { channelId: CHANNEL, guildId: 'g1', userId: GM, variantId: 'classic', ...extra });
const seats = async () =>
  Object.fromEntries((await env.deps.store.db.select().from(players)).map((p) => [p.power, p.userId]));
const classic = getVariant('classic')!;

describe('/game create computer:', () => {
  it('reads `all`, powers by name, adjective or prefix, and refuses what it cannot seat', () => {
    expect(parseComputerSeats(classic, '')).toEqual({ ok: true, request: { fill: 'none' } });
    expect(parseComputerSeats(classic, ' All ')).toEqual({ ok: true, request: { fill: 'all' } });
    expect(parseComputerSeats(classic, 'italy, Turkish,aus, Italy')).toEqual({
      ok: true,
      request: { fill: 'powers', powers: ['Italy', 'Turkey', 'Austria'] },
    });
    expect(parseComputerSeats(classic, 'Italy, Narnia')).toMatchObject({
      ok: false,
      error: expect.stringContaining('"Narnia" is not a power in Classic'),
    });
    expect(parseComputerSeats(classic, 'all, Italy')).toMatchObject({
      ok: false,
      error: expect.stringContaining('either `all`'),
    });
    expect(parseComputerSeats(classic, CLASSIC_POWERS.join(','))).toMatchObject({
      ok: false,
      error: expect.stringContaining('the `demonstration` option'),
    });
    // Mandate of Heaven's neutrals are moved by the players' votes: named, not unknown.
    expect(parseComputerSeats(getVariant('mandate-of-heaven')!, 'Qin, Song')).toMatchObject({
      ok: false,
      error: "Song is a neutral power: the players' votes move it, and no player (person or computer) takes it.",
    });
    expect(computerSeatSuggestions(getVariant('mandate-of-heaven')!, 'So').map((s) => s.text)).toEqual([]);
  });

  it('suggests `all` first, then the powers not yet written, each added to what is written', () => {
    expect(computerSeatSuggestions(classic, '').map((s) => s.text)).toEqual(['all', ...CLASSIC_POWERS]);
    expect(computerSeatSuggestions(classic, 'Italy, t').map((s) => s.text)).toEqual([
      'Italy, Austria',
      'Italy, Turkey',
    ]);
    expect(computerSeatSuggestions(classic, 'Italy, Turkey, ').map((s) => s.text)).not.toContain(
      'Italy, Turkey, Italy',
    );
    expect(computerSeatSuggestions(classic, 'xyz')).toEqual([]);
  });

  it('named powers are computer seats at once: nobody joins as them; the status names them', async () => {
    const r = ok(await create({ computer: 'Italy, Turkey' }));
    expect(r.computerPowers).toEqual(['Italy', 'Turkey']);
    expect(await seats()).toEqual({ Italy: 'computer:normal:Italy', Turkey: 'computer:normal:Turkey' });
    expect(err(await joinGame(env.deps, { channelId: CHANNEL, userId: 'alice', power: 'Italy' }))).toMatch(
      /Italy is played by a computer player \(the game master chose it\)/,
    );
    ok(await joinGame(env.deps, { channelId: CHANNEL, userId: 'alice', power: 'France' }));
    const status = ok(await gameStatus(env.deps, CHANNEL)).status;
    expect(status.text).toContain('Italy a computer player');
    expect(status.freePowers).not.toContain('Italy');
    const started = ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM }));
    expect(started.civilDisorder).toEqual(['Austria', 'England', 'Germany', 'Russia']);
    const start = (await outboxRows(env.deps)).find((o) => o.kind === 'game_started')!;
    expect(JSON.stringify(start.payload)).toContain('Italy: a computer player');
    // No DM is queued for a computer player.
    expect((await outboxRows(env.deps)).filter((o) => o.target.startsWith('computer:'))).toEqual([]);
  });

  it('`all`: computer players take the powers still free at the start; people may still join until then', async () => {
    const r = ok(await create({ computer: 'all' }));
    expect(r.computerFill).toBe(true);
    expect(await seats()).toEqual({});
    expect(ok(await gameStatus(env.deps, CHANNEL)).status.text).toContain(
      '(computer players take those still free at the start)',
    );
    ok(await joinGame(env.deps, { channelId: CHANNEL, userId: 'alice', power: 'France' }));
    ok(await joinGame(env.deps, { channelId: CHANNEL, userId: 'bob', power: 'England' }));
    ok(await leaveGame(env.deps, { channelId: CHANNEL, userId: 'bob' }));
    const started = ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM }));
    expect(started.civilDisorder).toEqual([]);
    expect(await seats()).toEqual(
      Object.fromEntries(CLASSIC_POWERS.map((p) => [p, p === 'France' ? 'alice' : `computer:normal:${p}`])),
    );
  });

  it('a game of only computer players is refused unless it is a demonstration table', async () => {
    ok(await create({ computer: 'all' }));
    expect(err(await startGame(env.deps, { channelId: CHANNEL, userId: GM }))).toMatch(
      /No person has joined yet, and a game of only computer players is a demonstration table/,
    );
    expect(first(await env.deps.store.db.select().from(games).limit(1))!.status).toBe('forming');
    expect(await seats()).toEqual({});
  });

  it('a demonstration table seats a computer player in every power, refuses joins, starts, and counts once toward the live-game limit', async () => {
    expect(err(await create({ demonstration: true, computer: 'Italy' }))).toMatch(/leave `computer:` out/);
    const r = ok(await create({ demonstration: true }));
    expect(r.demonstration).toBe(true);
    expect(Object.keys(await seats()).sort()).toEqual([...CLASSIC_POWERS].sort());
    expect(err(await joinGame(env.deps, { channelId: CHANNEL, userId: 'alice' }))).toMatch(/demonstration table/);
    expect(ok(await gameStatus(env.deps, CHANNEL)).status.text).toContain('Demonstration table');
    ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM }));
    expect(ok(await getServerLimits(env.deps, 'g1')).liveGames).toBe(1);
    // The game master may still hand a power to a person and back: it stays a demonstration table.
    ok(await gmReplace(env.deps, { channelId: CHANNEL, userId: GM, power: 'France', newUserId: 'alice' }));
    ok(await gmReplace(env.deps, { channelId: CHANNEL, userId: GM, power: 'France', computer: true }));
    expect(ok(await getServerLimits(env.deps, 'g1')).liveGames).toBe(1);
  });
});

describe('/game create computer-level: and /gm replace level:', () => {
  it('seats every computer player at the game’s level, named with it, and asks the AI at that level', async () => {
    ok(await create({ computer: 'Italy', computerLevel: 'easy' }));
    expect(await seats()).toEqual({ Italy: 'computer:easy:Italy' });
    ok(await joinGame(env.deps, { channelId: CHANNEL, userId: 'alice', power: 'France' }));
    ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM }));
    expect(ok(await gameStatus(env.deps, CHANNEL)).status.text).toContain('Italy (computer player, easy)');
    const duties = await gameSeatDuties(env.deps, 1);
    expect(duties.map((d) => [d.power, d.job.kind === 'cards' ? null : d.job.level])).toEqual([['Italy', 'easy']]);
  });

  it('`all` fills the free seats at the start at the game’s level; the default level is normal', async () => {
    ok(await create({ computer: 'all' }));
    ok(await joinGame(env.deps, { channelId: CHANNEL, userId: 'alice', power: 'France' }));
    ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM }));
    expect((await seats()).Germany).toBe('computer:normal:Germany');
  });

  it('the game master sets one seat’s level; `level:` without `computer:` and an unknown level are refused', async () => {
    ok(await create({ computerLevel: 'hard' }));
    ok(await joinGame(env.deps, { channelId: CHANNEL, userId: 'alice', power: 'France' }));
    ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM }));
    const at = { channelId: CHANNEL, userId: GM };
    expect(ok(await gmReplace(env.deps, { ...at, power: 'Italy', computer: true })).newUserId).toBe(
      'computer:hard:Italy',
    );
    ok(await gmReplace(env.deps, { ...at, power: 'Turkey', computer: true, level: 'easy' }));
    expect((await seats()).Turkey).toBe('computer:easy:Turkey');
    expect(err(await gmReplace(env.deps, { ...at, power: 'Russia', newUserId: 'bob', level: 'easy' }))).toMatch(
      /`level:` is how well a computer player plays/,
    );
    expect(err(await gmReplace(env.deps, { ...at, power: 'Russia', computer: true, level: 'expert' }))).toBe(
      '"expert" is not a level of computer player. Levels: easy, normal, hard.',
    );
    expect(err(await create({ channelId: 'other', computerLevel: 'genius' }))).toMatch(/Levels: easy, normal, hard/);
  });

  it('a seat taken before levels existed plays hard, as it did', () => {
    expect(computerLevelOf('computer:Italy')).toBe('hard');
    expect(computerLevelOf('computer:easy:Italy')).toBe('easy');
    expect(playerName('computer:Chaos Dwarves')).toBe('a computer player (hard)');
  });
});
