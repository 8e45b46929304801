/**
 * The end of a Warring States card game in French and Chinese through the real bot and the Discord stand-in
 * (docs/locales.md, docs/cardgame.md "The end of the game"): a French, a simplified and a traditional Chinese table are
 * each brought to the last fall back of a game (the stored state constructed while the bot is stopped: a dynasty
 * holding enough states, or tied leaders at the last round, who then play a tie-break round), the turns run out, and
 * everything posted from then on — the round summary, the end post, the table message, the log thread and the
 * players' DMs — reads in the table's language with no English left, the winner's reason included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CardGameState, STATE_ORDER } from '../../src/cardgame/index.js';
import { englishLeft, seen } from './cards-support.js';
import { createHarness, type Harness } from './harness.js';

const TABLES = [
  { channel: 'fin', locale: 'fr', players: ['jean', 'marie'], end: 'victory' },
  { channel: 'jieshu', locale: 'zh-CN', players: ['chen', 'lin'], end: 'tie' },
  { channel: 'jiesu', locale: 'zh-TW', players: ['wang', 'zhao'], end: 'victory' },
] as const;
type Table = (typeof TABLES)[number];

describe('the end of a card game in the reader’s language', () => {
  let h: Harness;
  const sql = () => h.database.sqlite;
  const gameOf = (channel: string) =>
    (
      sql().prepare('SELECT id FROM games WHERE channel_id = ? ORDER BY id DESC').get(h.fake.channel(channel).id) as {
        id: number;
      }
    ).id;
  const cardRow = (channel: string) =>
    sql().prepare('SELECT state, thread_id AS threadId FROM card_games WHERE game_id = ?').get(gameOf(channel)) as {
      state: string;
      threadId: string | null;
    };
  const stateOf = (channel: string) => JSON.parse(cardRow(channel).state) as CardGameState;

  beforeAll(async () => {
    h = await createHarness({ users: TABLES.flatMap((t) => [...t.players]), channels: TABLES.map((t) => t.channel) });
    await h.start();
    await h.bot!.outbox.idle();
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  /**
   * The table created and started, then its stored state set while the bot is stopped: seat 1 has fallen back, seat 0 is the last to act in the battle
   * for Gu; with `victory` seat 0 holds 7 states (enough with 2 seats), with `tie` each seat holds 3 in the last round.
   */
  async function lastFallBack(t: Table): Promise<void> {
    // Each table is created when its test begins, so no other table's turns run out meanwhile.
    for (const user of t.players) h.fake.setLocale(user, t.locale);
    const [first, second] = t.players;
    await h.fake.slash(first, t.channel, 'game create', {
      variant: 'warring-states-cards',
      seats: 2,
      preset: 'live',
      locale: t.locale,
      'vacate-after': 0,
    });
    await h.fake.slash(first, t.channel, 'game join');
    await h.fake.slash(second, t.channel, 'game join');
    await h.fake.slash(first, t.channel, 'game start');
    // Nobody gives at the setup: the defaults apply, and the first chooser's turn begins.
    h.clock.offset += 100_000;
    await expect.poll(() => stateOf(t.channel).phase, { timeout: 10_000 }).not.toBe('give');
    await h.bot!.outbox.idle();
    await h.stop();
    h.database = (await import('../../src/store/db.js')).openDatabase(h.dbPath);
    const { emptyBattle } = await import('../../src/cardgame/setup.js');
    const s = stateOf(t.channel);
    const isOpen = (c: string) => c.startsWith('B') || c.startsWith('W');
    // every seat can open a tie-break round: one bright or wild card each
    for (const seat of s.seats)
      if (!seat.hand.some(isOpen)) seat.hand.push(...s.deck.splice(s.deck.findIndex(isOpen), 1));
    STATE_ORDER.forEach((st, i) => {
      if (t.end === 'victory') s.states[st] = i < 7 ? [0] : ['neutral'];
      else s.states[st] = i < 3 ? [0] : i < 6 ? [1] : ['neutral'];
    });
    if (t.end === 'tie') s.round = s.settings.roundCap;
    s.phase = 'battle';
    s.battle = emptyBattle(2);
    s.battle.fallen = [1];
    Object.assign(s, { currentState: 'gu', chooser: null, startSeat: 0, turnSeat: 0, winner: null, endReason: null });
    sql()
      .prepare('update card_games set state = ?, phase = ?, round = ?, version = version + 1, deadline_ms = ?')
      .run(JSON.stringify(s), 'battle', s.round, h.clock.now() + 60_000);
    sql().prepare('delete from card_drafts').run();
    h.database.close();
    await h.start();
    await h.bot!.outbox.idle();
  }

  /** Turns run out (default fall backs, and in a tie-break round default plays) until the game is over. */
  async function playOut(channel: string): Promise<void> {
    for (let i = 0; i < 20 && stateOf(channel).phase !== 'finished'; i++) {
      const before = JSON.stringify(stateOf(channel));
      h.clock.offset += 5 * 60_000;
      await expect.poll(() => JSON.stringify(stateOf(channel)), { timeout: 15_000 }).not.toBe(before);
      await h.bot!.outbox.idle();
    }
    expect(stateOf(channel).phase).toBe('finished');
    await h.bot!.outbox.idle();
  }

  /** What the players of the table read: its posts and log thread, and their DMs. */
  function readAt(t: Table): string[] {
    const thread = cardRow(t.channel).threadId;
    return [
      ...h.fake.channelMessages(t.channel).map(seen),
      ...(thread ? h.fake.channelMessages(thread).map(seen) : []),
      ...t.players.flatMap((user) => h.fake.dms(user).map(seen)),
    ];
  }

  it.each(TABLES)(
    '$locale: the end ($end) is told with no English left',
    async (t) => {
      await lastFallBack(t);
      await playOut(t.channel);
      const read = readAt(t);
      const all = read.join('\n');
      // the winner and why, in the log thread's last line (in English: "(Yan controls the most states (7))")
      if (t.locale === 'fr')
        expect(all).toMatch(/unifie la Chine et fonde le premier Empire \(\S+ contrôle le plus d’États \(7\)\)/);
      if (t.locale === 'zh-CN') {
        expect(all).toMatch(/共享胜利（加赛轮无人出牌；据点数和军队数仍然相同）。/);
        // the end post says why after the tie on states (src/game/cards/outbox.ts `overEvents`)
        const posts = h.fake.channelMessages(t.channel).map(seen);
        expect(posts.find((m) => m.includes('控制国数打平后'))).toMatch(
          /共享胜利：.+\n控制国数打平后：加赛轮无人出牌；据点数和军队数仍然相同。/s,
        );
      }
      if (t.locale === 'zh-TW') expect(all).toMatch(/統一天下，成為始皇帝（\S+控制的國最多（7））。/);
      expect(englishLeft(read)).toEqual([]);
      expect(h.fake.unexpectedErrors()).toEqual([]);
    },
    120_000,
  );
});
