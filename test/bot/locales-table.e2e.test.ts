/**
 * Mustering and spectators in French and Chinese (docs/locales.md): the start post's muster line and its button in
 * the game's locale, each member's private answers and DMs in their own, and no English left in what they read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishWords } from '../support/english-left.js';
import { gameIdOfChannel, setTableColumns } from '../support/table-columns.js';
import { createHarness, type Harness } from './harness.js';

const MINUTE = 60_000;

describe('mustering and spectators in French and Chinese', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'anne', 'bruno', 'lin', 'wei'], channels: ['paris'] });
    await h.start();
    for (const user of ['gm', 'anne', 'bruno']) h.fake.setLocale(user, 'fr');
    h.fake.setLocale('lin', 'zh-TW');
    h.fake.setLocale('wei', 'zh-CN');
    await h.fake.slash('gm', 'paris', 'game create', { variant: 'classic', movement: '2h', locale: 'fr' });
    await h.fake.slash('anne', 'paris', 'game join', { power: 'France' });
    await h.fake.slash('bruno', 'paris', 'game join', { power: 'Germany' });
    await h.fake.slash('lin', 'paris', 'game join', { power: 'Italy' });
    await setTableColumns(h.store, await gameIdOfChannel(h.store, h.fake.channel('paris').id), {
      musterMs: 30 * MINUTE,
    });
    await h.fake.slash('gm', 'paris', 'game start');
  });

  afterAll(async () => {
    await h?.close();
  });

  it('the muster speaks the game’s and each member’s language', async () => {
    await h.fake.waitForChannelMessage('paris', (m) => m.content.includes('**Appel**'));
    await h.bot!.outbox.idle();
    const post = h.fake.channelMessages('paris').find((m) => h.fake.buttons(m).some((b) => b.label === 'Présent'))!;
    expect(englishWords(post.content)).toEqual([]);
    const fr = await h.fake.click('anne', post, { label: 'Présent' });
    expect(fr.text).toContain('vous êtes présent pour **France**');
    const zh = await h.fake.click('lin', post, { label: 'Présent' });
    expect(zh.text).toContain('已為 **Italy** 報到');
    h.clock.offset += 31 * MINUTE;
    await h.bot!.scheduler.sweep();
    const over = await h.fake.waitForChannelMessage('paris', (m) => m.content.includes('Appel terminé'));
    expect(over.content).toContain('Allemagne');
    expect(englishWords(over.content)).toEqual([]);
    const dm = await h.fake.waitForDm('bruno', (m) => m.content.includes('Présent'));
    expect(englishWords(dm.content)).toEqual([]);
  });

  it('a player who closed their DMs is told so in the game’s language', async () => {
    h.fake.closeDms('anne');
    await h.fake.slash('anne', 'paris', 'order', { orders: 'A par H' });
    const notice = await h.fake.waitForChannelMessage('paris', (m) => m.content.startsWith('📪'));
    expect(notice.content).toContain(`<@${h.fake.user('anne').id}>, je ne peux pas vous envoyer de messages privés`);
    expect(englishWords(notice.content)).toEqual([]);
    h.fake.openDms('anne');
  });

  it('a Chinese spectator and player read the request, the answer and the status in their own script', async () => {
    const asked = await h.fake.slash('wei', 'paris', 'spectate', { power: 'Italy' });
    expect(asked.text).toContain('由 **Italy** 的玩家决定');
    const request = await h.fake.waitForDm('lin', (m) => m.content.includes('請求觀看'));
    expect(h.fake.buttons(request).map((b) => b.label)).toEqual(['允許', '允許並公開指令', '拒絕']);
    await h.fake.click('lin', request, { label: '允許' });
    const told = await h.fake.waitForDm('wei', (m) => m.content.includes('你的请求已获同意'));
    for (const text of [asked.text, request.content, told.content, h.fake.message(request.id).content])
      expect(englishWords(text)).toEqual([]);
    const status = await h.fake.slash('lin', 'paris', 'game status');
    expect(status.text).toContain('有 1 位觀戰者在觀看 **Italy**');
  });
});
