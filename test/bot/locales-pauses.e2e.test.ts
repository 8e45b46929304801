/**
 * Pauses in French and in Chinese, through the real bot and the Discord stand-in (docs/locales.md, docs/table.md
 * "Pauses that cannot freeze a game"): a playing game master's limited pause that ends by itself and is then refused,
 * a pause vote to unanimity and its end, a proposal that lapses, and a seat changing hands. Nothing the members read
 * (their replies) nor what the channel reads (in the game's locale) has English left.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishWords } from '../support/english-left.js';
import { gameOfChannel, setTableColumns } from '../support/table-columns.js';
import { createHarness, type Harness } from './harness.js';

const HOUR = 3_600_000;
/** Words French writes as English does: not English left in a French text. */
const FRENCH_TOO = new Set(['phase', 'phases', 'pause', 'message']);

describe('pauses in French and in Chinese', () => {
  let h: Harness;
  const read = new Map<string, string[]>();

  async function run(user: string, channel: string, command: string, options: Record<string, string | number> = {}) {
    const i = await h.fake.slash(user, channel, command, options);
    read.set(user, [...(read.get(user) ?? []), i.text]);
    return i;
  }

  const posts = (channel: string) =>
    h.fake
      .channelMessages(channel)
      .filter((m) => m.interactionId === undefined && m.type !== 6)
      .map((m) => m.content);

  const englishLeft = (texts: string[], french: boolean) =>
    texts
      .map((text) => ({ text, words: englishWords(text).filter((w) => !(french && FRENCH_TOO.has(w))) }))
      .filter((x) => x.words.length > 0);

  const settle = async () => {
    await h.bot!.scheduler.sweep();
    await h.bot!.outbox.idle();
  };

  beforeAll(async () => {
    h = await createHarness({
      users: ['mj', 'alice', 'bob', 'carl', 'zhu', 'chen', 'lin', 'wu'],
      channels: ['fr', 'zh'],
    });
    await h.start();
    for (const user of ['mj', 'alice', 'bob', 'carl']) h.fake.setLocale(user, 'fr');
    for (const user of ['zhu', 'chen', 'lin', 'wu']) h.fake.setLocale(user, 'zh-CN');
  });

  afterAll(async () => {
    await h?.close();
  });

  /** The whole flow in `channel`: `gm` plays France, `a` Germany, `b` England; `c` takes England over at the end. */
  async function flow(channel: string, locale: string, [gm, a, b, c]: string[], reason: string) {
    await run(gm!, channel, 'game create', { variant: 'classic', movement: '20d', locale });
    await run(gm!, channel, 'game join', { power: 'France' });
    await run(a!, channel, 'game join', { power: 'Germany' });
    await run(b!, channel, 'game join', { power: 'England' });
    await run(gm!, channel, 'game start');
    const game = await gameOfChannel(h.store, h.fake.channel(channel).id);
    await setTableColumns(h.store, game.id, { pauseLimitMs: HOUR });
    await run(gm!, channel, 'gm pause', { reason });
    await run(a!, channel, 'game status');
    await run(a!, channel, 'game pause-vote');
    h.clock.offset += HOUR + 1000;
    await settle();
    await run(gm!, channel, 'gm pause');
    await run(a!, channel, 'game pause-vote');
    await run(b!, channel, 'game pause-vote');
    await run(b!, channel, 'game pause-vote');
    await run(b!, channel, 'game pause-vote');
    await run(gm!, channel, 'game pause-vote');
    await run(b!, channel, 'game status');
    await run(b!, channel, 'game pause-vote');
    await run(a!, channel, 'game pause-vote');
    h.clock.offset += 24 * HOUR + 1000;
    await settle();
    await run(gm!, channel, 'gm replace', { power: 'England', user: c! });
    await settle();
  }

  it('French: every reply and post reads French', async () => {
    await flow('fr', 'fr', ['mj', 'alice', 'bob', 'carl'], 'rendez-vous chez le dentiste');
    const channel = posts('fr').join('\n');
    expect(channel).toContain('la partie reprendra d’elle-même');
    expect(channel).toContain('Raison donnée : « rendez-vous chez le dentiste »');
    expect(channel).toContain('La pause est écoulée');
    expect(channel).toContain('Une pause a été proposée');
    expect(channel).toContain('Tous les joueurs encore en lice ont voté la pause');
    expect(channel).toContain('Un joueur a mis fin à la pause');
    expect(channel).toContain('La proposition de pause a expiré');
    expect(channel).toContain('L’Angleterre a changé de mains');
    for (const user of ['mj', 'alice', 'bob']) expect(englishLeft(read.get(user)!, true)).toEqual([]);
    expect(englishLeft(posts('fr'), true)).toEqual([]);
  });

  it('Chinese: every reply and post reads simplified Chinese', async () => {
    await flow('zh', 'zh-CN', ['zhu', 'chen', 'lin', 'wu'], '看牙医');
    const channel = posts('zh').join('\n');
    expect(channel).toContain('自动继续');
    expect(channel).toContain('原因：“看牙医”');
    expect(channel).toContain('有人提议暂停对局');
    expect(channel).toContain('暂停提议已失效');
    for (const user of ['zhu', 'chen', 'lin']) expect(englishLeft(read.get(user)!, false)).toEqual([]);
    expect(englishLeft(posts('zh'), false)).toEqual([]);
  });
});
