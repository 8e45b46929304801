/**
 * Fog of war in French and Chinese (docs/table.md "Fog of war", docs/locales.md): a fog game created in French whose
 * players' clients are French and traditional Chinese: the public results post is in the game's language, each
 * player's results DM, `/map` and refusals in their own, with no English left.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishWords } from '../support/english-left.js';
import type { FakeMessage } from '../support/fake-discord/index.js';
import { gameOfChannel, setTableColumns } from '../support/table-columns.js';
import { createHarness, type Harness } from './harness.js';

const CHANNEL = 'brouillard';

/** A message's text as its reader reads it (file names are English everywhere, as for every map). */
const seen = (m: FakeMessage) => m.content;
const english = (texts: string[]) =>
  texts.map((text) => ({ text, words: englishWords(text) })).filter((x) => x.words.length > 0);

describe('a fog game in French and Chinese', () => {
  let h: Harness;
  const replies = new Map<string, string[]>();
  async function run(user: string, command: string, options: Record<string, string> = {}) {
    const i = await h.fake.slash(user, CHANNEL, command, options);
    replies.set(user, [...(replies.get(user) ?? []), i.text]);
    return i;
  }

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'alice', 'mei', 'eve'], channels: [CHANNEL] });
    await h.start();
    for (const user of ['gm', 'alice', 'eve']) h.fake.setLocale(user, 'fr');
    h.fake.setLocale('mei', 'zh-TW');
    await h.fake.slash('gm', CHANNEL, 'game create', { variant: 'classic', movement: '1h', locale: 'fr' });
    await h.fake.slash('alice', CHANNEL, 'game join', { power: 'France' });
    await h.fake.slash('mei', CHANNEL, 'game join', { power: 'Germany' });
    await setTableColumns(h.store, (await gameOfChannel(h.store, h.fake.channel(CHANNEL).id)).id, { fog: true });
    await h.fake.slash('gm', CHANNEL, 'game start');
    await h.bot!.outbox.idle();
    await run('alice', 'order', { orders: 'A par - bur; A mar - spa; F bre - mao' });
    await run('mei', 'order', { orders: 'A mun - ruh; F kie - den; A ber - kie' });
    await run('alice', 'map');
    await run('eve', 'map');
    await run('eve', 'history show', { phase: 'S1901M' });
    h.clock.offset += 60_000;
    h.bot!.outbox.kick();
    await h.bot!.outbox.idle();
    await run('alice', 'ready');
    await run('mei', 'ready');
    await h.bot!.outbox.idle();
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  it('the channel reads the results in French without a board; each player their view in their language', () => {
    const post = h.fake
      .channelMessages(CHANNEL)
      .find((m) => m.content.includes('Printemps 1901, mouvements : résultats'));
    expect(post?.content).toContain('Brouillard de guerre');
    expect(post?.attachments).toEqual([]);
    const alice = h.fake.dms('alice').map(seen).join('\n');
    expect(alice).toContain('Ce que voit **France**');
    const mei = h.fake.dms('mei').map(seen).join('\n');
    expect(mei).toContain('的視野');
    expect(replies.get('eve')!.join('\n')).toContain('brouillard de guerre');
  });

  it('no English is left in what the French and Chinese players read', () => {
    const posts = h.fake.channelMessages(CHANNEL).filter((m) => m.interactionId === undefined && m.type !== 6);
    for (const user of ['alice', 'mei', 'eve'])
      expect(english([...h.fake.dms(user).map(seen), ...(replies.get(user) ?? [])]), user).toEqual([]);
    expect(english(posts.map(seen))).toEqual([]);
  });
});
