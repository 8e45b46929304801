/**
 * Mustering and spectators in French and Chinese (docs/locales.md): the start post's muster line and its button in
 * the game's locale, each member's private answers and DMs in their own, and no English left in what they read; in an
 * anonymous game, a request to watch a seat its player left and the press kept for that seat's next player too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishWords } from '../support/english-left.js';
import { gameIdOfChannel, setTableColumns } from '../support/table-columns.js';
import { createHarness, joinSeats, slashConfirmed, type Harness } from './harness.js';

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
    await joinSeats(h, 'paris', { anne: 'France', bruno: 'Germany', lin: 'Italy' });
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
    expect(fr.text).toContain('vous êtes présent pour la **France**');
    const zh = await h.fake.click('lin', post, { label: 'Présent' });
    expect(zh.text).toContain('已為**義大利**報到');
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
    expect(asked.text).toContain('由**意大利**的玩家决定');
    const request = await h.fake.waitForDm('lin', (m) => m.content.includes('請求觀看'));
    expect(h.fake.buttons(request).map((b) => b.label)).toEqual(['允許', '允許並公開指令', '拒絕']);
    await h.fake.click('lin', request, { label: '允許' });
    const told = await h.fake.waitForDm('wei', (m) => m.content.includes('你的请求已获同意'));
    for (const text of [asked.text, request.content, told.content, h.fake.message(request.id).content])
      expect(englishWords(text)).toEqual([]);
    const status = await h.fake.slash('lin', 'paris', 'game status');
    expect(status.text).toContain('有 1 位觀戰者在觀看**義大利**');
  });
});

describe('a seat left in an anonymous game, in French and Chinese', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'anne', 'bruno', 'lin', 'wei'], channels: ['lyon'] });
    await h.start();
    for (const user of ['gm', 'anne', 'bruno']) h.fake.setLocale(user, 'fr');
    h.fake.setLocale('lin', 'zh-TW');
    h.fake.setLocale('wei', 'zh-CN');
    await h.fake.slash('gm', 'lyon', 'game create', {
      variant: 'classic',
      movement: '2h',
      press: 'anonymous',
      locale: 'fr',
    });
    await joinSeats(h, 'lyon', { anne: 'France', bruno: 'Germany' });
    await h.fake.slash('gm', 'lyon', 'game start');
    await h.bot!.outbox.idle();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('the request and the press read as for a held seat, and reach its next player in their own script', async () => {
    await slashConfirmed(h, 'anne', 'lyon', 'game leave');
    const asked = await h.fake.slash('wei', 'lyon', 'spectate', { power: 'France' });
    expect(asked.text).toContain('若该座位目前无人');
    const sent = await h.fake.slash('bruno', 'lyon', 'press send', { to: 'France', text: 'Partageons la Belgique ?' });
    expect(sent.text).toMatch(/France/);
    for (const text of [asked.text, sent.text]) expect(englishWords(text)).toEqual([]);
    h.clock.offset += 5 * MINUTE;
    h.bot!.outbox.kick();
    await h.bot!.outbox.idle();
    const call = await h.fake.waitForChannelMessage('lyon', (m) => h.fake.buttons(m).some((b) => !b.disabled));
    await h.fake.click('lin', call, { label: h.fake.buttons(call).find((b) => !b.disabled)!.label });
    const kept = await h.fake.waitForDm('lin', (m) => m.content.includes('Partageons la Belgique'));
    expect(kept.content).toContain('傳送時該座位無人');
    const request = await h.fake.waitForDm('lin', (m) => m.content.includes('請求觀看'));
    for (const text of [kept.content, request.content]) expect(englishWords(text)).toEqual([]);
  });
});
