/**
 * A game that hides who plays whom draws its powers at the start (docs/decisions.md "Hidden identities"): a join takes
 * a place, names no power and refuses a chosen one; nothing before the start tells which powers are taken (the join's
 * autocomplete, the status); `/game start` gives the members their powers by a random permutation, which the start
 * DMs then tell. An open game keeps the choice of power and the live list of free ones.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { t } from '../../../src/i18n/index.js';
import { createGame, freePowers, joinGame, leaveGame, startGame } from '../../../src/game/lobby/index.js';
import { gameStatus } from '../../../src/game/history/index.js';
import { gmKick, gmReplace } from '../../../src/game/gm/index.js';
import { auditLog, players } from '../../../src/store/schema.js';
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

const MEMBERS = ['ana', 'ben', 'cleo', 'dov'];
const at = (userId: string) => ({ channelId: CHANNEL, userId });
const create = async (e: TestEnv, extra: Partial<Parameters<typeof createGame>[1]> = {}) =>
  ok(await createGame(e.deps, { ...at(GM), guildId: 'g1', variantId: 'classic', press: 'gunboat', ...extra }));
const seats = async (e: TestEnv) =>
  Object.fromEntries((await e.deps.store.db.select().from(players)).map((p) => [p.userId, p.power]));
/** Every power name of the variant, in English, found in a text. */
const powersIn = (text: string) => CLASSIC_POWERS.filter((p) => text.includes(p));

describe('joining a game that hides who plays whom', () => {
  it('takes a place: the answer names no power, a chosen power is refused with the reason', async () => {
    await create(env);
    const joined = ok(await joinGame(env.deps, at('ana')));
    expect(joined).toMatchObject({ drawn: true });
    expect(joined.power).toBeUndefined();
    expect(joined.name).toBeUndefined();
    const chosen = await joinGame(env.deps, { ...at('ben'), power: 'France' });
    expect(err(chosen)).toBe(
      'This game hides who plays whom, so the powers are drawn at random when it starts: join without choosing one ' +
        '(`/game join`).',
    );
    if (chosen.ok) throw new Error('expected a refusal');
    expect(t('fr', chosen.message!)).toContain('`/partie rejoindre`');
    const again = err(await joinGame(env.deps, at('ana')));
    expect(again).toBe('You have already joined this game; your power is drawn at random when it starts.');
    const left = ok(await leaveGame(env.deps, at('ana')));
    expect(left).toMatchObject({ drawn: true });
    expect(left.power).toBeUndefined();
    // The record of the join and the leave keeps no power either: the place had none that means anything.
    const audit = await env.deps.store.db.select().from(auditLog).where(eq(auditLog.userId, 'ana'));
    expect(audit.map((a) => [a.action, a.detail])).toEqual([
      ['join', { drawn: true }],
      ['leave', { drawn: true }],
    ]);
  });

  it('offers no power to choose and shows how many places are free, never which powers', async () => {
    await create(env, { computer: 'Russia' });
    for (const m of MEMBERS.slice(0, 3)) ok(await joinGame(env.deps, at(m)));
    expect(await freePowers(env.deps, CHANNEL)).toEqual([]);
    const status = ok(await gameStatus(env.deps, CHANNEL)).status;
    expect(status.freePowers).toEqual([]);
    const forming = status.lines.map((line) => t('en', line));
    expect(forming).toContain('Joined: 3 players; computer players: Russia');
    expect(forming).toContain('3 places free; the powers are drawn at random when the game starts.');
    // The computer seat is public (named at the creation); no member's place names a power.
    expect(powersIn(status.text)).toEqual(['Russia']);
    expect(t('zh-TW', status.lines.find((l) => l.key === 'status.free.hidden')!)).toBe(
      '空缺位置：3 個；國家在開局時隨機抽籤分配。',
    );
  });

  it('a member the game master removes leaves a place: the channel’s notice names no power', async () => {
    await create(env);
    ok(await joinGame(env.deps, at('ana')));
    const power = (await seats(env)).ana!;
    ok(await gmKick(env.deps, { ...at(GM), power }));
    const notices = (await outboxRows(env.deps)).filter((o) => o.kind === 'notice');
    expect(notices.map((o) => (o.payload as { text?: string }).text)).toEqual([
      '👢 The game master removed a player; their place is free again.',
    ]);
  });

  it('a member the game master seats takes a place: the channel’s notice names no power', async () => {
    await create(env);
    ok(await joinGame(env.deps, at('ana')));
    ok(await gmReplace(env.deps, { ...at(GM), power: 'Turkey', newUserId: 'ben' }));
    const notices = (await outboxRows(env.deps)).filter((o) => o.kind === 'notice');
    expect(notices.map((o) => (o.payload as { text?: string }).text)).toEqual([
      '🪑 The game master gave a player a place; the powers are drawn at random when the game starts.',
    ]);
  });

  it('refuses the full game by count', async () => {
    await create(env);
    for (const [i, _] of CLASSIC_POWERS.entries()) ok(await joinGame(env.deps, at(`m${i}`)));
    expect(err(await joinGame(env.deps, at('late')))).toBe('Every power is taken.');
  });
});

describe('the start of a game that hides who plays whom', () => {
  /** A gunboat game with a computer seat: four members join, the game starts; answers the seats before and after. */
  async function drawn(e: TestEnv) {
    await create(e, { computer: 'Russia' });
    for (const m of MEMBERS) ok(await joinGame(e.deps, at(m)));
    const before = await seats(e);
    const started = ok(await startGame(e.deps, at(GM)));
    return { before, after: await seats(e), started };
  }

  it('draws the members’ powers by a permutation, the computer keeping its own, alike under one seed', async () => {
    const { before, after, started } = await drawn(env);
    const memberPowers = (s: Record<string, string>) => MEMBERS.map((m) => s[m]!);
    expect(memberPowers(after).sort()).toEqual(memberPowers(before).sort());
    expect(after).not.toEqual(before);
    expect(after[Object.keys(after).find((u) => u.startsWith('computer'))!]).toBe('Russia');
    expect(started.players.filter((p) => MEMBERS.includes(p.userId)).map((p) => [p.userId, p.power])).toEqual(
      expect.arrayContaining(MEMBERS.map((m) => [m, after[m]])),
    );
    // The test's seed decides the draw: a second table with the same seed draws alike.
    const twin = await makeEnv();
    try {
      const again = await drawn(twin);
      expect(again.before).toEqual(before);
      expect(again.after).toEqual(after);
    } finally {
      await twin.close();
    }
    const draw = await env.deps.store.db.select().from(auditLog).where(eq(auditLog.action, 'draw'));
    expect(draw.map((d) => d.detail)).toEqual([{ drawn: Object.fromEntries(MEMBERS.map((m) => [m, after[m]])) }]);
  });

  it('draws every member’s power with the same chance', async () => {
    const counts = new Map<string, number>();
    for (let seed = 1; seed <= 40; seed++) {
      const e = await makeEnv(':memory:', seed);
      try {
        await create(e);
        for (const m of MEMBERS.slice(0, 2)) ok(await joinGame(e.deps, at(m)));
        await e.deps.store.db.update(players).set({ power: '~' }).where(eq(players.userId, 'ana'));
        await e.deps.store.db.update(players).set({ power: 'Austria' }).where(eq(players.userId, 'ben'));
        await e.deps.store.db.update(players).set({ power: 'England' }).where(eq(players.userId, 'ana'));
        ok(await startGame(e.deps, at(GM)));
        const power = (await seats(e)).ana!;
        counts.set(power, (counts.get(power) ?? 0) + 1);
      } finally {
        await e.close();
      }
    }
    // Two members on Austria and England: each gets either about half the time (40 draws).
    expect([...counts.keys()].sort()).toEqual(['Austria', 'England']);
    for (const n of counts.values()) expect(n).toBeGreaterThan(10);
  });

  it('tells each member their drawn power by DM', async () => {
    const { after } = await drawn(env);
    const dms = (await outboxRows(env.deps)).filter((o) => o.kind === 'dm');
    for (const m of MEMBERS) {
      const text = JSON.stringify(dms.filter((d) => d.target === m).map((d) => d.payload));
      expect(powersIn(text.replace(/Russia/g, ''))).toEqual([after[m]]);
      expect(text).toContain(`You play **${after[m]}**`);
    }
  });
});

describe('joining an open game', () => {
  it('still chooses a power, and the free ones are listed live', async () => {
    await create(env, { press: 'open' });
    const joined = ok(await joinGame(env.deps, { ...at('ana'), power: 'France' }));
    expect(joined).toMatchObject({ drawn: false, power: 'France' });
    expect(await freePowers(env.deps, CHANNEL)).not.toContain('France');
    expect(err(await joinGame(env.deps, { ...at('ben'), power: 'France' }))).toMatch(/France is already taken/);
    expect(ok(await gameStatus(env.deps, CHANNEL)).status.freePowers).toHaveLength(6);
    ok(await startGame(env.deps, at(GM)));
    expect((await seats(env)).ana).toBe('France');
  });
});
