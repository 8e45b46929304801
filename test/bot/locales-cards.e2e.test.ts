/**
 * The Warring States card game in French and Chinese through the real bot and the Discord stand-in
 * (docs/locales.md): a table created with `locale:fr` and one with `locale:zh-CN`, whose players' clients are French or
 * Chinese, play their first turns (the setup give and the turns run out; the player to act looks at their hand, the
 * board, the rules and the play wizard; the other is refused). Nothing a player reads — the table message and its
 * buttons, the turn pings, the log thread, the round summary, DMs, private replies with their buttons and menus — has
 * English left in it, and the names read as the locale writes them (symbols in French, Chinese names in Chinese).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardGameState } from '../../src/cardgame/index.js';
import { buttonsOf, type FakeInteraction, type FakeMessage } from '../support/fake-discord/index.js';
import { englishLeft, seen } from './cards-support.js';
import { createHarness, type Harness } from './harness.js';

const TABLES = [
  { channel: 'cartes', locale: 'fr', players: ['jean', 'marie'] },
  { channel: 'kapai', locale: 'zh-CN', players: ['chen', 'lin'] },
] as const;

describe('the card game in the reader’s language', () => {
  let h: Harness;
  /** The tables whose fall-back wizard a player walked through. */
  const walked = new Set<string>();
  /** What each member read in private (replies to their clicks and commands). */
  const replies = new Map<string, string[]>();

  function keep(user: string, i: FakeInteraction): FakeInteraction {
    const texts = [i.text];
    try {
      texts.push(seen(h.fake.replyMessage(i)));
    } catch {
      // a reply without a message of its own (a modal, a deferred update): its text is enough
    }
    replies.set(user, [...(replies.get(user) ?? []), ...texts]);
    return i;
  }

  const sql = () => h.database.sqlite;
  const gameOf = (channel: string) =>
    sql().prepare('SELECT id FROM games WHERE channel_id = ? ORDER BY id DESC').get(h.fake.channel(channel).id) as {
      id: number;
    };
  const cardRow = (channel: string) =>
    sql().prepare('SELECT state, thread_id AS threadId FROM card_games WHERE game_id = ?').get(gameOf(channel).id) as {
      state: string;
      threadId: string | null;
    };
  const stateOf = (channel: string) => JSON.parse(cardRow(channel).state) as CardGameState;
  const holder = (channel: string, seat: number) => {
    const r = sql()
      .prepare('SELECT user_id AS userId FROM card_seats WHERE game_id = ? AND seat = ?')
      .get(gameOf(channel).id, seat) as { userId: string };
    return TABLES.flatMap((t) => t.players).find((u) => h.fake.user(u).id === r.userId)!;
  };
  const toAct = (s: CardGameState) => (s.phase === 'choose' ? s.chooser!.seat : s.turnSeat!);
  const tableMessage = (channel: string) =>
    h.fake
      .channelMessages(channel)
      .filter((m) => buttonsOf(m).some((b) => b.customId?.startsWith('cards:t:')) && h.fake.pings(m).users.length === 0)
      .at(-1)!;
  const button = (m: FakeMessage, what: string) =>
    buttonsOf(m).find((b) => b.customId?.endsWith(`:${what}`))!.customId!;

  beforeAll(async () => {
    h = await createHarness({ users: TABLES.flatMap((t) => [...t.players]), channels: TABLES.map((t) => t.channel) });
    await h.start();
    for (const t of TABLES) {
      for (const user of t.players) h.fake.setLocale(user, t.locale);
      const [first, second] = t.players;
      keep(
        first,
        await h.fake.slash(first, t.channel, 'game create', {
          variant: 'warring-states-cards',
          seats: 2,
          preset: 'live',
          locale: t.locale,
          'vacate-after': 0,
        }),
      );
      keep(first, await h.fake.slash(first, t.channel, 'game join'));
      keep(second, await h.fake.slash(second, t.channel, 'game join'));
      keep(first, await h.fake.slash(first, t.channel, 'game start'));
    }
    await h.bot!.outbox.idle();
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  /** The turn's player looks at everything the table offers them; the other one is refused a play. */
  async function look(channel: string): Promise<void> {
    const s = stateOf(channel);
    const me = holder(channel, toAct(s));
    const other = holder(channel, 1 - toAct(s));
    const table = tableMessage(channel);
    for (const what of ['hand', 'board', 'rules'])
      if (buttonsOf(table).some((b) => b.customId?.endsWith(`:${what}`)))
        keep(me, await h.fake.click(me, table, button(table, what)));
    keep(me, await h.fake.slash(me, channel, 'cards hand'));
    const main = s.phase === 'choose' ? 'choose' : 'wage';
    // The turn ran out meanwhile (a loaded machine): the table offers the next turn's buttons; look again.
    if (!buttonsOf(table).some((b) => b.customId?.endsWith(`:${main}`))) return;
    keep(me, await h.fake.click(me, table, button(table, main)));
    keep(other, await h.fake.click(other, table, button(table, main)));
    if (s.phase === 'battle' && !walked.has(channel)) {
      await fallBackWizard(me, table);
      walked.add(channel);
    }
  }

  /** The fall-back wizard opened, its board previewed, a screen's defaults kept (Next), then cancelled: nothing stored. */
  async function fallBackWizard(me: string, table: FakeMessage): Promise<void> {
    const open = keep(me, await h.fake.click(me, table, button(table, 'fall')));
    const wizard = () => h.fake.replyMessage(open);
    const step = (code: string) => buttonsOf(wizard()).find((b) => b.customId?.startsWith(`cards:${code}:`))?.customId;
    const preview = step('fv');
    if (preview) keep(me, await h.fake.click(me, wizard(), preview));
    const next = step('fN');
    if (next) keep(me, await h.fake.click(me, wizard(), next));
    replies.set(me, [...(replies.get(me) ?? []), seen(wizard())]);
    keep(me, await h.fake.click(me, wizard(), step('fx')!));
  }

  /**
   * What is refused or asked at a started table, each in the member's words: joining, leaving, starting again, a game
   * master's command by a player, a duration that is none, the skip and concession confirmations, the private status.
   */
  async function refusals(channel: string, gm: string, player: string): Promise<void> {
    keep(player, await h.fake.slash(player, channel, 'game join'));
    keep(player, await h.fake.slash(player, channel, 'game leave'));
    keep(player, await h.fake.slash(player, channel, 'game start'));
    keep(player, await h.fake.slash(player, channel, 'gm pause'));
    keep(player, await h.fake.slash(player, channel, 'game status'));
    keep(gm, await h.fake.slash(gm, channel, 'gm extend', { duration: 'soon' }));
    keep(gm, await h.fake.slash(gm, channel, 'gm kick', { power: 'rome' }));
    for (const ask of ['gm advance', 'concede']) {
      const asked = keep(gm, await h.fake.slash(gm, channel, ask));
      const decline = buttonsOf(h.fake.replyMessage(asked)).find((b) => b.customId?.endsWith(':decline'))!;
      keep(gm, await h.fake.click(gm, h.fake.replyMessage(asked), decline.customId!));
    }
  }

  /**
   * Until the table's fall-back wizard was walked through: the chooser takes the default battle, then the player to
   * act opens the wizard (the turns of a table whose players timed out may have run by before anyone looked).
   */
  async function walkWizard(channel: string): Promise<void> {
    for (let i = 0; i < 6 && !walked.has(channel); i++) {
      await h.bot!.outbox.idle(); // the table message as the state is
      const s = stateOf(channel);
      const me = holder(channel, toAct(s));
      const table = tableMessage(channel);
      if (s.phase === 'choose') {
        const open = keep(me, await h.fake.click(me, table, button(table, 'choose')));
        const pick = buttonsOf(h.fake.replyMessage(open)).find((b) => b.customId?.startsWith('cards:cD:'));
        // The turn ran out meanwhile (a loaded machine): look at the table again.
        if (!pick) continue;
        keep(me, await h.fake.click(me, h.fake.replyMessage(open), pick.customId!));
        await h.bot!.outbox.idle();
      } else if (s.phase === 'battle') await look(channel);
    }
    expect(walked.has(channel)).toBe(true);
  }

  /** Turns run out until the first round is over (the round summary posted). */
  async function playRound(channel: string): Promise<void> {
    // Nobody gives at the setup: the defaults apply, and the first chooser's turn begins.
    h.clock.offset += 100_000;
    await expect.poll(() => stateOf(channel).phase, { timeout: 10_000 }).not.toBe('give');
    await h.bot!.outbox.idle();
    for (let i = 0; i < 12 && stateOf(channel).round === 1; i++) {
      if (i < 3 || !walked.has(channel)) await look(channel);
      const before = JSON.stringify(stateOf(channel));
      h.clock.offset += 5 * 60_000;
      await expect.poll(() => JSON.stringify(stateOf(channel)), { timeout: 15_000 }).not.toBe(before);
      await h.bot!.outbox.idle();
    }
    await h.bot!.outbox.idle();
  }

  /** What a player of the table in `channel` read: its posts, its log thread, their DMs and their replies. */
  function readBy(user: string, channel: string): string[] {
    const thread = cardRow(channel).threadId;
    return [
      ...h.fake.channelMessages(channel).map(seen),
      ...(thread ? h.fake.channelMessages(thread).map(seen) : []),
      ...h.fake.dms(user).map(seen),
      ...(replies.get(user) ?? []),
    ];
  }

  it('a French table: table, pings, log, summary and replies in French', async () => {
    const t = TABLES[0];
    await refusals(t.channel, t.players[0], t.players[1]);
    await playRound(t.channel);
    await walkWizard(t.channel);
    const read = t.players.flatMap((user) => readBy(user, t.channel)).join('\n');
    expect(read).toContain('Manche 1');
    expect(read).toContain('Livrer bataille');
    expect(read).toContain('La manche 1 est terminée');
    expect(read).toMatch(/Cavalerie|Infanterie|Arbalète|Espion|Char\b/);
    expect(read).toContain('La partie a déjà commencé');
    expect(read).toContain('Seul le maître du jeu peut faire cela.');
    expect(read).toContain('Rien n’est public tant que vous ne vous êtes pas replié.');
    expect(read).toContain('Repli annulé');
    expect(read).toMatch(/Royaumes combattants · le plateau, manche \d+/);
    expect(read).toContain('Royaumes combattants · Manche 1 terminée');
    for (const user of t.players) expect(englishLeft(readBy(user, t.channel))).toEqual([]);
  }, 120_000);

  it('a Chinese table: the same in simplified Chinese, with the Chinese names alone', async () => {
    const t = TABLES[1];
    await refusals(t.channel, t.players[0], t.players[1]);
    await playRound(t.channel);
    await walkWizard(t.channel);
    const read = t.players.flatMap((user) => readBy(user, t.channel)).join('\n');
    expect(read).toContain('第 1 轮');
    expect(read).toContain('交战');
    expect(read).toMatch(/骑兵|步兵|弩兵|间谍|战车/);
    expect(read).toContain('对局已经开始');
    expect(read).toContain('只有主持人可以这样做。');
    expect(read).toContain('在你退兵之前，一切都不会公开。');
    expect(read).toContain('已取消退兵');
    expect(read).toMatch(/战国 · 第 \d+ 轮的棋盘/);
    expect(read).not.toMatch(/\b(Qin|Chu|Yan|Jin|Qi) [秦楚燕晉齊]/);
    for (const user of t.players) expect(englishLeft(readBy(user, t.channel))).toEqual([]);
  }, 120_000);
});
