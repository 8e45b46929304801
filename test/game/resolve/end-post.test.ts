/**
 * The end of a game remembers everyone who played (src/game/resolve/end-post.ts, src/game/scores/seat-history.ts and
 * final.ts): the final post lists every power's players in order (substitutes, members who left, computer players) with
 * its centres, its result and each rated member's change, and carries the final board; every one of them gets the
 * game-over DM; a member who walked away is rated as a loss at the time they left, and only the members who held a seat
 * at the end count the game as finished (docs/bot.md "The end of a game", "Ratings").
 */
import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimSeat, gmSubstitute, leaveSeat, memberRecord } from '../../../src/game/seats/index.js';
import { createGame, joinGame, startGame } from '../../../src/game/lobby/index.js';
import { gmReplace } from '../../../src/game/gm/index.js';
import { resolveDuePhases, toggleReady } from '../../../src/game/resolve/index.js';
import { computerUserId } from '../../../src/game/core/index.js';
import { submitOrders } from '../../../src/game/orders/index.js';
import { voteDraw } from '../../../src/game/votes/index.js';
import { first } from '../../../src/store/store.js';
import { games, ratings, substituteCalls } from '../../../src/store/schema.js';
import { t, type Msg } from '../../../src/i18n/index.js';
import { englishWords } from '../../support/english-left.js';
import { CHANNEL, GM, internalErrors, joinPowers, makeEnv, ok, outboxRows, userOf, type TestEnv } from '../helpers.js';

let env: TestEnv;
beforeEach(async () => {
  internalErrors.length = 0;
  env = await makeEnv();
});
afterEach(async () => {
  expect(internalErrors).toEqual([]);
  await env.close();
});

const at = (userId: string) => ({ channelId: CHANNEL, userId });
const row = async () => first(await env.deps.store.db.select().from(games).limit(1))!;
const HOLDS: Record<string, string> = {
  England: 'F lon H; F edi H; A lvp H',
  France: 'A par H; F bre H; A mar H',
  Germany: 'A ber H; F kie H; A mun H',
  Italy: 'A rom H; A ven H; F nap H',
  Austria: 'A vie H; A bud H; F tri H',
};

/**
 * England, France, Germany and Austria are people, Italy a computer player, `vacate-after: 1`. France falls silent in
 * Spring 1901 (vacated, then claimed by `user-sub`), Germany leaves in Fall 1901 (claimed by nobody: the game master
 * gives it to `user-new`), and Austria's seat goes to `user-late` through the game master's substitute call.
 */
async function playedGame(press = 'open') {
  ok(
    await createGame(env.deps, {
      channelId: CHANNEL,
      guildId: 'guild-1',
      userId: GM,
      variantId: 'classic',
      durations: { movement: '1h', retreat: '1h', adjustment: '1h' },
      computer: 'Italy',
      vacateAfter: 1,
      press,
    }),
  );
  await joinPowers(env.deps, CHANNEL, ['England', 'France', 'Germany', 'Austria']);
  ok(await startGame(env.deps, at(GM)));
  // The computer seat plays as the bot's computer player would before the deadline (its units hold).
  const italy = computerUserId('Italy', 'normal');
  const orderAll = async (holders: Record<string, string>) => {
    for (const [power, user] of Object.entries(holders))
      ok(await submitOrders(env.deps, { ...at(user), text: HOLDS[power]! }));
    ok(await toggleReady(env.deps, at(italy)));
  };
  await orderAll({ England: userOf('England'), Germany: userOf('Germany'), Austria: userOf('Austria'), Italy: italy });
  env.clock.t = (await row()).deadlineMs!;
  await resolveDuePhases(env.deps); // Spring 1901: France silent, vacated at the start of Fall 1901
  const france = first(await env.deps.store.db.select().from(substituteCalls).limit(1))!;
  env.clock.advance(60_000);
  ok(await claimSeat(env.deps, { channelId: CHANNEL, callId: france.id, userId: 'user-sub' }));
  env.clock.advance(60_000);
  ok(await leaveSeat(env.deps, at(userOf('Germany'))));
  env.clock.advance(60_000);
  ok(await gmReplace(env.deps, { ...at(GM), power: 'Germany', newUserId: 'user-new' }));
  const austria = ok(await gmSubstitute(env.deps, { ...at(GM), power: 'Austria' }));
  ok(await claimSeat(env.deps, { channelId: CHANNEL, callId: austria.callId, userId: 'user-late' }));
  await orderAll({
    England: userOf('England'),
    France: 'user-sub',
    Germany: 'user-new',
    Austria: 'user-late',
    Italy: italy,
  });
  env.clock.t = (await row()).deadlineMs!;
  await resolveDuePhases(env.deps); // Fall 1901
  env.clock.advance(60_000);
  for (const user of [userOf('England'), 'user-sub', 'user-new', 'user-late']) ok(await voteDraw(env.deps, at(user)));
  expect((await row()).end).toMatchObject({ kind: 'draw' });
}

const finalPost = async () => {
  const posts = (await outboxRows(env.deps)).filter((r) => r.kind === 'game_over');
  expect(posts).toHaveLength(1);
  return posts[0]!.payload as { text: string; phaseId?: number };
};
const lineOf = (text: string, power: string) =>
  text.split('\n').find((l) => /^(#\d+ · )?__/.test(l) && l.includes(`__${power}__ ·`)) ?? '';
const member = (userId: string) => `⟦member:${userId}⟧`;

describe('the final post', () => {
  it('lists every power with its centres, its result and all its players in order, with rating changes', async () => {
    await playedGame();
    const post = await finalPost();
    expect(post.text).toMatch(/^🏁 \*\*Game over\*\*: a draw between /);
    expect(post.text).toContain('**Final standings**');
    expect(lineOf(post.text, 'France')).toMatch(
      new RegExp(
        `^__France__ · 3 centres · 🤝 shares the draw · ${member(userOf('France'))} \\(stopped giving orders; the seat was vacated in Fall 1901 movement; counted as a loss; rating 0\\.00 → -?\\d+\\.\\d\\d\\), then ${member('user-sub')} \\(substitute from Fall 1901 movement; rating 0\\.00 → -?\\d+\\.\\d\\d\\)$`,
      ),
    );
    expect(lineOf(post.text, 'Germany')).toMatch(
      new RegExp(
        `^__Germany__ · 3 centres · 🤝 shares the draw · ${member(userOf('Germany'))} \\(left in Fall 1901 movement; counted as a loss; rating [^)]+\\), then ${member('user-new')} \\(substitute from Fall 1901 movement; rating [^)]+\\)$`,
      ),
    );
    expect(lineOf(post.text, 'Austria')).toMatch(
      new RegExp(
        `^__Austria__ · 3 centres · 🤝 shares the draw · ${member(userOf('Austria'))} \\(replaced in Fall 1901 movement; rating [^)]+\\), then ${member('user-late')} \\(substitute from Fall 1901 movement; rating [^)]+\\)$`,
      ),
    );
    expect(lineOf(post.text, 'Italy')).toBe('__Italy__ · 3 centres · 🤝 shares the draw · a computer player (normal)');
    expect(lineOf(post.text, 'Russia')).toBe('__Russia__ · 4 centres · 🤝 shares the draw · nobody (civil disorder)');
    // The final board goes with it.
    expect(post.phaseId).toBe((await row()).currentPhaseId);
  });

  it('every member who played gets the game-over DM, the earlier holders too, with their own result', async () => {
    await playedGame();
    const dms = (await outboxRows(env.deps)).filter(
      (r) => r.kind === 'dm' && (r.payload as { reason: string }).reason === 'game_over',
    );
    expect(dms.map((d) => d.target).sort()).toEqual(
      [userOf('England'), userOf('France'), userOf('Germany'), userOf('Austria'), 'user-sub', 'user-new', 'user-late']
        .slice()
        .sort(),
    );
    const france = (dms.find((d) => d.target === userOf('France'))!.payload as { text: string }).text;
    expect(france).toMatch(/^🏁 \*\*Game over\*\* in ⟦channel:chan-1⟧: a draw between/);
    expect(france).toContain(
      'You played **France** until its seat was vacated in Fall 1901 movement, after phases without your orders; at the end it had 3 centres and shared the draw. It counts as a loss for you. Your rating 0.00 →',
    );
    const sub = (dms.find((d) => d.target === 'user-sub')!.payload as { text: string }).text;
    expect(sub).toContain('You played **France**; at the end it had 3 centres and shared the draw. Your rating 0.00 →');
  });

  it('a game that hides who played whom reveals every holder at the end, not only the last', async () => {
    await playedGame('gunboat');
    const text = (await finalPost()).text;
    for (const user of [userOf('France'), 'user-sub', userOf('Germany'), 'user-new', userOf('Austria'), 'user-late'])
      expect(text).toContain(member(user));
  });
});

describe('walk-aways in the ratings and the record', () => {
  const mu = async (userId: string) =>
    (
      await env.deps.store.db.select().from(ratings).where(eq(ratings.memberId, userId)).orderBy(asc(ratings.pool))
    ).find((r) => r.pool === 'diplomacy')?.mu;

  it('leaving or falling silent counts as a loss; a replaced member is rated with the seat', async () => {
    await playedGame();
    // The draw is a tie: its members keep their mean (and grow surer); the two who walked away lose, as if their power had been eliminated when they left.
    for (const user of [userOf('England'), 'user-sub', 'user-new', 'user-late', userOf('Austria')])
      expect(await mu(user), user).toBeGreaterThanOrEqual(25 - 1e-9);
    for (const user of [userOf('France'), userOf('Germany')]) expect(await mu(user), user).toBeLessThan(25);
  });

  it('only the members who held a seat at the end finished the game', async () => {
    await playedGame();
    const finished = async (userId: string) =>
      ok(await memberRecord(env.deps, { guildId: 'guild-1', userId, viewerId: userId })).record.gamesFinished;
    expect(await finished(userOf('England'))).toBe(1);
    expect(await finished('user-sub')).toBe(1);
    // Replaced by the game master's substitute call, or walked away: not finished.
    expect(await finished(userOf('Austria'))).toBe(0);
    expect(await finished(userOf('France'))).toBe(0);
    expect(await finished(userOf('Germany'))).toBe(0);
  });
});

describe('a 21-power final post', () => {
  it('names both members of every Warhammer seat and goes out in whole lines of at most 2,000 characters', async () => {
    const { getVariant } = await import('../../../src/variants/index.js');
    const { postParts } = await import('../../../src/bot/send.js');
    const { seatablePowers } = await import('../../../src/game/core/variant-of-game.js');
    const powers = seatablePowers(getVariant('warhammer')!);
    expect(powers).toHaveLength(21);
    ok(await createGame(env.deps, { channelId: CHANNEL, guildId: 'guild-1', userId: GM, variantId: 'warhammer' }));
    const first = (power: string) => `user-${power.toLowerCase().replace(/\W+/g, '-')}`;
    const newcomer = (power: string) => `${first(power)}-2`;
    for (const power of powers) ok(await joinGame(env.deps, { ...at(first(power)), power }));
    ok(await startGame(env.deps, at(GM)));
    for (const power of powers) ok(await gmReplace(env.deps, { ...at(GM), power, newUserId: newcomer(power) }));
    // Every power with a unit or a centre votes (the Dogs of War have none before they muster).
    for (const power of powers) if ((await row()).status === 'active') await voteDraw(env.deps, at(newcomer(power)));
    expect((await row()).end).toMatchObject({ kind: 'draw' });
    const text = (await finalPost()).text;
    // One heading: the standings follow the seed's final places (centres, then Sepoys, then Mercenaries), numbered.
    expect(text).toContain('**Final standings** (centres, then Sepoys, then Mercenaries)');
    expect(text).not.toContain('Final ranking');
    const placed = text.split('\n').filter((l) => /^#\d+ · __/.test(l));
    // The two Dogs of War (Tilea, Estalia) never mustered: on no place, they follow the last one, unnumbered.
    expect(placed).toHaveLength(19);
    const unplaced = text.split('\n').filter((l) => /^__/.test(l));
    expect(unplaced.map((l) => /^__([^_]+)__/.exec(l)![1])).toEqual(['Tilea', 'Estalia']);
    const centres = placed.map((l) => Number(/ · (\d+) centres?/.exec(l)![1]));
    expect(centres).toEqual([...centres].sort((a, b) => b - a));
    for (const power of powers) {
      const line = lineOf(text, power);
      expect(line, power).toContain(member(first(power)));
      expect(line, power).toContain(member(newcomer(power)));
    }
    // As the bot sends it: the members' mentions at their longest, cut at line boundaries.
    const shown = text.replace(/⟦member:[^⟧]+⟧/g, '<@123456789012345678>');
    const parts = postParts(shown, null, { pingUsers: false }).map((m) => m.body.content);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(2000);
    for (const power of powers) expect(parts.some((p) => p.includes(lineOf(shown, power)))).toBe(true);
  });
});

describe('the end in French and Chinese', () => {
  it('words the final post and every game-over DM in the reader language, with no English left', async () => {
    await playedGame();
    const post = (await finalPost()) as { text: string; lines?: Msg[] };
    const dms = (await outboxRows(env.deps)).filter(
      (r) => r.kind === 'dm' && (r.payload as { reason: string }).reason === 'game_over',
    );
    const texts = [post.lines!, ...dms.map((d) => (d.payload as { lines: Msg[] }).lines)];
    for (const lines of texts) {
      const fr = lines.map((l) => t('fr', l)).join('\n');
      expect(englishWords(fr), fr).toEqual([]);
      const zh = lines.map((l) => t('zh-CN', l)).join('\n');
      expect(englishWords(zh), zh).toEqual([]);
      // A draw is 和局, the glossary's word (docs/locales.md "Glossary: commands"), as `/和局` names it.
      expect(zh, zh).not.toContain('平局');
      // Ratings and scores as French writes numbers (docs/locales.md "Numbers"): `0,00 → 0,85`, `14,29`.
      expect(fr, fr).not.toMatch(/\d\.\d/);
      expect(fr, fr).toMatch(/\d,\d\d\b/);
    }
    const fr = post.lines!.map((l) => t('fr', l));
    // The powers in brackets: French names them with an article in a sentence ("entre l’Autriche…"), not in a list.
    expect(fr[0]).toMatch(/^🏁 \*\*Partie terminée\*\* : partie nulle \([^)]+\)\.$/);
    expect(t('zh-CN', post.lines![0]!)).toMatch(/共享和局。$/);
    expect(fr.find((l) => l.startsWith('__Russie__'))).toBe(
      '__Russie__ · 4 centres · 🤝 partage la partie nulle · personne (désordre civil)',
    );
    expect(post.lines!.map((l) => t('en', l)).join('\n')).toBe(post.text);
    // A DM names the game by its channel: the game in that channel has ended, never "this game" (本局) of a DM.
    const dm = (dms[0]!.payload as { lines: Msg[] }).lines[0]!;
    expect(t('zh-CN', dm)).toMatch(/^🏁 ⟦channel:[^⟧]+⟧ 中的对局\*\*已结束\*\*：.+共享和局。$/);
    expect(t('zh-TW', dm)).toMatch(/^🏁 ⟦channel:[^⟧]+⟧ 中的對局\*\*已結束\*\*：/);
  });
});
