/**
 * Computer players chosen at `/game create` (issue 22 §5): named seats taken at once, `all` empty seats filled at the
 * start, demonstration tables (computer players only, asked for explicitly), and the refusals a game master reads.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createGame,
  gameStatus,
  getServerLimits,
  gmReplace,
  joinGame,
  leaveGame,
  startGame,
} from '../../src/game/index.js';
import {
  computerLevelOf,
  computerSeatSuggestions,
  parseComputerSeats,
  playerName,
} from '../../src/game/computer-seat.js';
import { gameSeatDuties } from '../../src/game/computer.js';
import { games, players } from '../../src/store/schema.js';
import { getVariant } from '../../src/variants/index.js';
import { CHANNEL, CLASSIC_POWERS, GM, err, internalErrors, makeEnv, ok, outboxRows, type TestEnv } from './helpers.js';

let env: TestEnv;
beforeEach(() => {
  env = makeEnv();
  internalErrors.length = 0;
});
afterEach(() => {
  env.close();
  expect(internalErrors).toEqual([]);
});

const create = (extra: Partial<Parameters<typeof createGame>[1]> = {}) =>
  createGame(env.deps, { channelId: CHANNEL, guildId: 'g1', userId: GM, variantId: 'classic', ...extra });
const seats = () =>
  Object.fromEntries(
    env.deps.db
      .select()
      .from(players)
      .all()
      .map((p) => [p.power, p.userId]),
  );
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
      error: expect.stringContaining('demonstration: True'),
    });
    // Mandate of Heaven's neutrals are moved by the players' votes: named, not unknown.
    expect(parseComputerSeats(getVariant('mandate-of-heaven')!, 'Qin, Song')).toEqual({
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

  it('named powers are computer seats at once: nobody joins as them; the status names them', () => {
    const r = ok(create({ computer: 'Italy, Turkey' }));
    expect(r.computerPowers).toEqual(['Italy', 'Turkey']);
    expect(seats()).toEqual({ Italy: 'computer:normal:Italy', Turkey: 'computer:normal:Turkey' });
    expect(err(joinGame(env.deps, { channelId: CHANNEL, userId: 'alice', power: 'Italy' }))).toMatch(
      /Italy is played by a computer player \(the game master chose it\)/,
    );
    ok(joinGame(env.deps, { channelId: CHANNEL, userId: 'alice', power: 'France' }));
    const status = ok(gameStatus(env.deps, CHANNEL)).status;
    expect(status.text).toContain('Italy a computer player');
    expect(status.freePowers).not.toContain('Italy');
    const started = ok(startGame(env.deps, { channelId: CHANNEL, userId: GM }));
    expect(started.civilDisorder).toEqual(['Austria', 'England', 'Germany', 'Russia']);
    const start = outboxRows(env.deps).find((o) => o.kind === 'game_started')!;
    expect(JSON.stringify(start.payload)).toContain('Italy: a computer player');
    // No DM is queued for a computer player.
    expect(outboxRows(env.deps).filter((o) => o.target.startsWith('computer:'))).toEqual([]);
  });

  it('`all`: computer players take the powers still free at the start; people may still join until then', () => {
    const r = ok(create({ computer: 'all' }));
    expect(r.computerFill).toBe(true);
    expect(seats()).toEqual({});
    expect(ok(gameStatus(env.deps, CHANNEL)).status.text).toContain(
      '(computer players take those still free at the start)',
    );
    ok(joinGame(env.deps, { channelId: CHANNEL, userId: 'alice', power: 'France' }));
    ok(joinGame(env.deps, { channelId: CHANNEL, userId: 'bob', power: 'England' }));
    ok(leaveGame(env.deps, { channelId: CHANNEL, userId: 'bob' }));
    const started = ok(startGame(env.deps, { channelId: CHANNEL, userId: GM }));
    expect(started.civilDisorder).toEqual([]);
    expect(seats()).toEqual(
      Object.fromEntries(CLASSIC_POWERS.map((p) => [p, p === 'France' ? 'alice' : `computer:normal:${p}`])),
    );
  });

  it('a game of only computer players is refused unless it is a demonstration table', () => {
    ok(create({ computer: 'all' }));
    expect(err(startGame(env.deps, { channelId: CHANNEL, userId: GM }))).toMatch(
      /No person has joined yet, and a game of only computer players is a demonstration table/,
    );
    expect(env.deps.db.select().from(games).get()!.status).toBe('forming');
    expect(seats()).toEqual({});
  });

  it('a demonstration table seats a computer player in every power, refuses joins, starts, and counts once toward the live-game limit', () => {
    expect(err(create({ demonstration: true, computer: 'Italy' }))).toMatch(/leave `computer:` out/);
    const r = ok(create({ demonstration: true }));
    expect(r.demonstration).toBe(true);
    expect(Object.keys(seats()).sort()).toEqual([...CLASSIC_POWERS].sort());
    expect(err(joinGame(env.deps, { channelId: CHANNEL, userId: 'alice' }))).toMatch(/demonstration table/);
    expect(ok(gameStatus(env.deps, CHANNEL)).status.text).toContain('Demonstration table');
    ok(startGame(env.deps, { channelId: CHANNEL, userId: GM }));
    expect(ok(getServerLimits(env.deps, 'g1')).liveGames).toBe(1);
    // The game master may still hand a power to a person and back: it stays a demonstration table.
    ok(gmReplace(env.deps, { channelId: CHANNEL, userId: GM, power: 'France', newUserId: 'alice' }));
    ok(gmReplace(env.deps, { channelId: CHANNEL, userId: GM, power: 'France', computer: true }));
    expect(ok(getServerLimits(env.deps, 'g1')).liveGames).toBe(1);
  });
});

describe('/game create computer-level: and /gm replace level:', () => {
  it('seats every computer player at the game’s level, named with it, and asks the AI at that level', () => {
    ok(create({ computer: 'Italy', computerLevel: 'easy' }));
    expect(seats()).toEqual({ Italy: 'computer:easy:Italy' });
    ok(joinGame(env.deps, { channelId: CHANNEL, userId: 'alice', power: 'France' }));
    ok(startGame(env.deps, { channelId: CHANNEL, userId: GM }));
    expect(ok(gameStatus(env.deps, CHANNEL)).status.text).toContain('a computer player (easy)');
    const duties = gameSeatDuties(env.deps, 1);
    expect(duties.map((d) => [d.power, d.job.kind === 'cards' ? null : d.job.level])).toEqual([['Italy', 'easy']]);
  });

  it('`all` fills the free seats at the start at the game’s level; the default level is normal', () => {
    ok(create({ computer: 'all' }));
    ok(joinGame(env.deps, { channelId: CHANNEL, userId: 'alice', power: 'France' }));
    ok(startGame(env.deps, { channelId: CHANNEL, userId: GM }));
    expect(seats().Germany).toBe('computer:normal:Germany');
  });

  it('the game master sets one seat’s level; `level:` without `computer:` and an unknown level are refused', () => {
    ok(create({ computerLevel: 'hard' }));
    ok(joinGame(env.deps, { channelId: CHANNEL, userId: 'alice', power: 'France' }));
    ok(startGame(env.deps, { channelId: CHANNEL, userId: GM }));
    const at = { channelId: CHANNEL, userId: GM };
    expect(ok(gmReplace(env.deps, { ...at, power: 'Italy', computer: true })).newUserId).toBe('computer:hard:Italy');
    ok(gmReplace(env.deps, { ...at, power: 'Turkey', computer: true, level: 'easy' }));
    expect(seats().Turkey).toBe('computer:easy:Turkey');
    expect(err(gmReplace(env.deps, { ...at, power: 'Russia', newUserId: 'bob', level: 'easy' }))).toMatch(
      /`level:` is how well a computer player plays/,
    );
    expect(err(gmReplace(env.deps, { ...at, power: 'Russia', computer: true, level: 'expert' }))).toBe(
      '"expert" is not a level of computer player. Levels: easy, normal, hard.',
    );
    expect(err(create({ channelId: 'other', computerLevel: 'genius' }))).toMatch(/Levels: easy, normal, hard/);
  });

  it('a seat taken before levels existed plays hard, as it did', () => {
    expect(computerLevelOf('computer:Italy')).toBe('hard');
    expect(computerLevelOf('computer:easy:Italy')).toBe('easy');
    expect(playerName('computer:Chaos Dwarves')).toBe('a computer player (hard)');
  });
});
