import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Msg, msg, t } from '../../../src/i18n/index.js';
import { channelRef, timeRef } from '../../../src/game/core/text-refs.js';
import { createGame, freePowers, joinGame, leaveGame, startGame } from '../../../src/game/lobby/index.js';
import { gameStatus } from '../../../src/game/history/index.js';
import { setServerLimits } from '../../../src/game/core/index.js';
import { games, players } from '../../../src/store/schema.js';
import {
  CHANNEL,
  CLASSIC_POWERS,
  GM,
  T0,
  err,
  internalErrors,
  makeEnv,
  ok,
  outboxRows,
  type TestEnv,
} from '../helpers.js';

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

describe('createGame', () => {
  it('creates a forming game with the caller as game master and parsed durations', async () => {
    const r = ok(await create({ durations: { movement: '10m', retreat: '90s' } }));
    expect(r.game).toMatchObject({ channelId: CHANNEL, gmUserId: GM, status: 'forming', variantId: 'classic' });
    expect(r.game.durations).toEqual({ movement: 600_000, retreat: 90_000, adjustment: 12 * 3_600_000 });
    expect((await outboxRows(env.deps)).map((o) => o.kind)).toEqual(['status']);
  });

  it('rejects an unknown variant, listing the variants, and changes nothing', async () => {
    expect(err(await create({ variantId: 'chess' }))).toMatch(/Unknown variant "chess".*classic/);
    expect(await env.deps.store.db.select().from(games)).toEqual([]);
  });

  it('rejects malformed, zero and too long durations', async () => {
    expect(err(await create({ durations: { movement: 'soon' } }))).toMatch(/movement duration.*not a duration/);
    expect(err(await create({ durations: { retreat: '0s' } }))).toMatch(/zero/);
    expect(err(await create({ durations: { adjustment: '45d' } }))).toMatch(/30 days/);
    expect(await env.deps.store.db.select().from(games)).toEqual([]);
  });

  it('allows one game per channel, one forming game per user per server, and caps live games per server', async () => {
    ok(await create());
    expect(err(await create())).toMatch(/already has a forming game/);
    expect(err(await create({ channelId: 'chan-2' }))).toContain(
      `already have a game forming in ${channelRef(CHANNEL)}:`,
    );
    ok(await create({ channelId: 'chan-2', guildId: 'g2' }));
    ok(await create({ channelId: 'chan-3', userId: 'other-gm' }));
    env.deps.limits = { maxLiveGamesPerServer: 2 };
    expect(err(await create({ channelId: 'chan-4', userId: 'third-gm' }))).toMatch(
      /already has 2 live games, its limit/,
    );
  });

  it('refuses phases shorter than the minimum (one minute, or what the server set)', async () => {
    expect(err(await create({ durations: { movement: '59s' } }))).toMatch(
      /movement phase cannot be shorter than 1m in this server \(you gave 59s\)/,
    );
    expect(err(await create({ durations: { retreat: '0.001s' } }))).toMatch(/zero|shorter than 1m/);
    expect(await env.deps.store.db.select().from(games)).toEqual([]);
    ok(await setServerLimits(env.deps, { guildId: 'g1', userId: 'admin', minPhase: '10m' }));
    expect(err(await create({ durations: { movement: '5m' } }))).toMatch(/shorter than 10m/);
    expect(err(await setServerLimits(env.deps, { guildId: 'g1', userId: 'admin', minPhase: '30s' }))).toMatch(
      /below the bot's own minimum of 1m/,
    );
    ok(await create({ durations: { movement: '10m', retreat: '10m', adjustment: '10m' } }));
  });
});

describe('joinGame / leaveGame', () => {
  beforeEach(async () => {
    ok(await create());
  });

  it('takes the named power (any case, adjective or prefix) or a random free one', async () => {
    expect(ok(await joinGame(env.deps, { channelId: CHANNEL, userId: 'a', power: 'france' })).power).toBe('France');
    expect(ok(await joinGame(env.deps, { channelId: CHANNEL, userId: 'b', power: 'Italian' })).power).toBe('Italy');
    expect(ok(await joinGame(env.deps, { channelId: CHANNEL, userId: 'c', power: 'tur' })).power).toBe('Turkey');
    const random = ok(await joinGame(env.deps, { channelId: CHANNEL, userId: 'd' })).power;
    expect(CLASSIC_POWERS).toContain(random);
    expect(['France', 'Italy', 'Turkey']).not.toContain(random);
    expect(await freePowers(env.deps, CHANNEL)).toHaveLength(3);
  });

  it('refuses a taken power, an unknown power, and a second power for the same user', async () => {
    ok(await joinGame(env.deps, { channelId: CHANNEL, userId: 'a', power: 'France' }));
    expect(err(await joinGame(env.deps, { channelId: CHANNEL, userId: 'b', power: 'France' }))).toMatch(
      /France is already taken/,
    );
    expect(err(await joinGame(env.deps, { channelId: CHANNEL, userId: 'b', power: 'Narnia' }))).toMatch(/not a power/);
    expect(err(await joinGame(env.deps, { channelId: CHANNEL, userId: 'a', power: 'Italy' }))).toMatch(
      /already joined as France/,
    );
    expect(await env.deps.store.db.select().from(players)).toHaveLength(1);
  });

  it('says when there is no game, and when every power is taken', async () => {
    expect(err(await joinGame(env.deps, { channelId: 'elsewhere', userId: 'a' }))).toMatch(/no game in this channel/);
    for (let i = 0; i < 7; i++) ok(await joinGame(env.deps, { channelId: CHANNEL, userId: `u${i}` }));
    expect(err(await joinGame(env.deps, { channelId: CHANNEL, userId: 'late' }))).toMatch(/Every power is taken/);
  });

  it('lets a player leave before the start, not after', async () => {
    ok(await joinGame(env.deps, { channelId: CHANNEL, userId: 'a', power: 'France' }));
    expect(ok(await leaveGame(env.deps, { channelId: CHANNEL, userId: 'a' })).power).toBe('France');
    expect(err(await leaveGame(env.deps, { channelId: CHANNEL, userId: 'a' }))).toMatch(/not in this game/);
    ok(await joinGame(env.deps, { channelId: CHANNEL, userId: 'a', power: 'France' }));
    ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM }));
    expect(err(await leaveGame(env.deps, { channelId: CHANNEL, userId: 'a' }))).toMatch(
      /asks you to confirm, then your seat goes to a substitute/,
    );
  });
});

describe('startGame', () => {
  beforeEach(async () => {
    ok(await create({ durations: { movement: '2h' } }));
  });

  it('is for the game master only and needs at least one player', async () => {
    expect(err(await startGame(env.deps, { channelId: CHANNEL, userId: GM }))).toMatch(/Nobody has joined/);
    ok(await joinGame(env.deps, { channelId: CHANNEL, userId: 'a', power: 'France' }));
    expect(err(await startGame(env.deps, { channelId: CHANNEL, userId: 'a' }))).toMatch(/Only the game master/);
  });

  it('starts Spring 1901 with a deadline, puts unclaimed powers in civil disorder, and queues the start post and DMs', async () => {
    ok(await joinGame(env.deps, { channelId: CHANNEL, userId: 'a', power: 'France' }));
    ok(await joinGame(env.deps, { channelId: CHANNEL, userId: 'b', power: 'Germany' }));
    const r = ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM }));
    expect(r.phase.label).toBe('Spring 1901 movement');
    expect(r.phase.code).toBe('S1901M');
    expect(r.game.status).toBe('active');
    expect(r.game.deadline).toBe(T0 + 2 * 3_600_000);
    expect(r.civilDisorder).toEqual(['Austria', 'England', 'Italy', 'Russia', 'Turkey']);
    const rows = await outboxRows(env.deps);
    const start = rows.find((o) => o.kind === 'game_started')!;
    expect(start).toMatchObject({ targetKind: 'channel', target: CHANNEL });
    expect(start.payload).toMatchObject({ type: 'game_started', phaseId: r.phase.id });
    const dms = rows.filter((o) => o.kind === 'dm');
    expect(dms.map((d) => d.target).sort()).toEqual(['a', 'b']);
    expect(JSON.stringify(dms.find((d) => d.target === 'a')!.payload)).toMatch(/You play \*\*France\*\*/);
    expect(err(await startGame(env.deps, { channelId: CHANNEL, userId: GM }))).toMatch(/already started/);
    expect(err(await create())).toMatch(
      /^This channel already has an active game \(Classic Diplomacy\); one game per channel/,
    );
    // The variant as each reader reads it, never its id.
    const taken = await create();
    expect(!taken.ok && taken.message && t('fr', taken.message)).toMatch(
      /^Ce salon a déjà une partie en cours \(Diplomatie classique\)/,
    );
    const status = ok(await gameStatus(env.deps, CHANNEL)).status;
    expect(status.powers.find((p) => p.power === 'Austria')).toMatchObject({
      userId: null,
      toAct: true,
      submitted: false,
    });
    expect(status.text).toMatch(/Spring 1901 movement/);
    expect(status.text).toContain(
      `Deadline ${timeRef(status.game.deadline!, 'R')} (${timeRef(status.game.deadline!, 'f')})`,
    );
  });
});

describe('the start post’s roster', () => {
  it('lists the seats in the variant’s order, as the status does, not by the powers’ English names', async () => {
    ok(await create({ variantId: 'warring-states' }));
    for (const [user, power] of [
      ['u1', 'Wei'],
      ['u2', 'Qin'],
      ['u3', 'Chu'],
    ])
      ok(await joinGame(env.deps, { channelId: CHANNEL, userId: user!, power: power! }));
    ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM }));
    const start = (await outboxRows(env.deps)).find((o) => o.kind === 'game_started')!;
    const lines = (start.payload as { lines: Msg[] }).lines.map((line) => t('zh-CN', line));
    // Warring States lists Qin, Chu, Zhao, Wei…: alphabetically by English name Chu came before Qin.
    expect(lines.filter((line) => /^[秦楚魏]：/.test(line)).map((line) => line[0])).toEqual(['秦', '楚', '魏']);
  });
});

describe('joining in the reader’s language', () => {
  it('takes a power by its French or Chinese name, and names it so in the join and in refusals', async () => {
    ok(await create());
    const joined = ok(await joinGame(env.deps, { channelId: CHANNEL, userId: 'u1', power: 'Allemagne' }));
    expect(joined.power).toBe('Germany');
    expect(t('fr', msg('lobby.joined', { player: 'Ana', power: joined.name! }))).toContain('**Allemagne**');
    const taken = await joinGame(env.deps, { channelId: CHANNEL, userId: 'u2', power: 'germany' });
    if (taken.ok) throw new Error('expected a refusal');
    expect(taken.message).toBeDefined();
    const french = t('fr', taken.message!);
    expect(french).toContain('Allemagne');
    expect(french).toContain('Angleterre');
    expect(french).not.toMatch(/England|Germany/);
    const zh = ok(
      await createGame(env.deps, { channelId: 'ws', guildId: 'g1', userId: 'gm2', variantId: 'warring-states' }),
    );
    expect(zh.game.variantId).toBe('warring-states');
    expect(ok(await joinGame(env.deps, { channelId: 'ws', userId: 'u3', power: '秦' })).power).toBe('Qin');
  });
});
