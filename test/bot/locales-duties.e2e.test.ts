/**
 * Names, what a seat holds and what is left to order, in the reader's language (docs/locales.md "Names"), through the
 * real bot and the Discord stand-in: a Warring States game in traditional Chinese names its variant 戰國 v2 and its
 * substitute call lists its units by their Chinese names; a card table's call in French counts its round, cards and
 * armies in French; a French Classic adjustment lists the builds left by their centres' names, with the French word;
 * a Chinese one says what is left to order, and then that nothing is, without calling a build a unit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishWords } from '../support/english-left.js';
import { createHarness, slashConfirmed, type Harness } from './harness.js';

describe('holdings and duties in the reader’s language', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({
      users: ['gm', 'ann', 'bob', 'cat', 'dan', 'eve'],
      channels: ['zhanguo', 'cartes', 'hiver', 'dianming', 'dongji'],
    });
    await h.start();
  });
  afterAll(async () => {
    await h?.close();
  });

  const calls = (channel: string) =>
    h.fake.channelMessages(channel).filter((m) => m.content.startsWith('🪑') && h.fake.buttons(m).length > 0);

  it('a Warring States substitute call in Chinese names its units in Chinese', async () => {
    for (const u of ['gm', 'ann', 'bob']) h.fake.setLocale(u, 'zh-TW');
    const created = await h.fake.slash('gm', 'zhanguo', 'game create', {
      variant: 'warring-states',
      movement: '1h',
      locale: 'zh-TW',
      'vacate-after': 1,
    });
    await h.fake.slash('ann', 'zhanguo', 'game join', { power: 'Qin' });
    await h.fake.slash('bob', 'zhanguo', 'game join', { power: 'Chu' });
    await h.fake.slash('gm', 'zhanguo', 'game start');
    // The variant by its name there (docs/locales.md "Names"), in replies, the status and the posts.
    expect(created.text).toContain('**戰國 v2**');
    expect((await h.fake.slash('ann', 'zhanguo', 'game status')).text).toContain('**戰國 v2**');
    await slashConfirmed(h, 'gm', 'zhanguo', 'gm advance');
    await h.bot!.outbox.idle();
    const posts = h.fake.channelMessages('zhanguo').map((m) => m.content);
    expect(posts.filter((p) => p.includes('戰國 v2')).length).toBeGreaterThan(0);
    expect(posts.filter((p) => p.includes('Warring States'))).toEqual([]);
    const chu = calls('zhanguo').find((m) => m.content.includes('楚'));
    expect(chu?.content).toMatch(/單位：A 郢、A 江夏和 A 壽春|單位：A [^a-z、]+、A [^a-z、]+和 A [^a-z、]+/);
    expect(chu!.content).not.toMatch(/A [a-z]{3}\b/);
    expect(englishWords(chu!.content)).toEqual([]);
  });

  it('a muster in Chinese waits for the powers by their Chinese names', async () => {
    await h.fake.slash('gm', 'dianming', 'game create', { variant: 'warring-states', movement: '1h', locale: 'zh-TW' });
    await h.fake.slash('gm', 'dianming', 'gm set', { setting: 'muster', value: '12h' });
    await h.fake.slash('ann', 'dianming', 'game join', { power: 'Qin' });
    await h.fake.slash('bob', 'dianming', 'game join', { power: 'Chu' });
    await h.fake.slash('gm', 'dianming', 'game start');
    const status = (await h.fake.slash('ann', 'dianming', 'game status')).text;
    expect(status).toMatch(/點名：等待(楚|秦)（<@\d+>）、(楚|秦)（<@\d+>）按/);
    expect(status).not.toMatch(/Qin|Chu/);
  });

  it('a card table’s substitute call in French counts the round, the hand and the armies in French', async () => {
    for (const u of ['cat', 'dan']) h.fake.setLocale(u, 'fr');
    await h.fake.slash('cat', 'cartes', 'game create', {
      variant: 'warring-states-cards',
      seats: 2,
      preset: 'live',
      locale: 'fr',
      'vacate-after': 1,
    });
    await h.fake.slash('cat', 'cartes', 'game join');
    await h.fake.slash('dan', 'cartes', 'game join');
    await h.fake.slash('cat', 'cartes', 'game start');
    // The setup's defaults, then a live turn (2 min) runs out with nobody playing it.
    for (let i = 0; i < 4 && calls('cartes').length === 0; i++) {
      h.clock.offset += 5 * 60_000;
      await new Promise((r) => setTimeout(r, 2_500)); // the scheduler's next sweep (at most 1 s apart here)
      await h.bot!.outbox.idle();
    }
    const call = calls('cartes')[0]!.content;
    expect(call).toMatch(/cartes? en main, \d+ armées? en réserve\. Manche \d+/);
    expect(englishWords(call)).toEqual([]);
  });

  it('a French Classic adjustment lists the builds left by their centres’ names, with the French order word', async () => {
    h.fake.setLocale('eve', 'fr');
    h.fake.setLocale('gm', 'fr');
    await h.fake.slash('gm', 'hiver', 'game create', {
      variant: 'classic',
      movement: '1h',
      locale: 'fr',
      'vacate-after': 0,
    });
    await h.fake.slash('eve', 'hiver', 'game join', { power: 'France' });
    await h.fake.slash('gm', 'hiver', 'game start');
    await slashConfirmed(h, 'gm', 'hiver', 'gm edit remove', { place: 'bre' });
    await slashConfirmed(h, 'gm', 'hiver', 'gm advance'); // spring
    await slashConfirmed(h, 'gm', 'hiver', 'gm advance'); // fall: the winter's adjustments
    await h.bot!.outbox.idle();
    const shown = await h.fake.slash('eve', 'hiver', 'orders show');
    expect(shown.text).toContain('1 construction (à Brest) ou renonce');
    expect(englishWords(shown.text)).toEqual([]);
    const given = await h.fake.slash('eve', 'hiver', 'order', { orders: 'A par H' });
    expect(given.text).toContain('1 construction (à Brest) ou renonce');
  });

  it('a Chinese Classic adjustment says what is left to order and that nothing is, never calling a build a unit', async () => {
    for (const u of ['gm', 'dan']) h.fake.setLocale(u, 'zh-CN');
    await h.fake.slash('gm', 'dongji', 'game create', {
      variant: 'classic',
      movement: '1h',
      locale: 'zh-CN',
      'vacate-after': 0,
    });
    await h.fake.slash('dan', 'dongji', 'game join', { power: 'France' });
    await h.fake.slash('gm', 'dongji', 'game start');
    await slashConfirmed(h, 'gm', 'dongji', 'gm edit remove', { place: 'bre' });
    await slashConfirmed(h, 'gm', 'dongji', 'gm advance'); // spring
    await slashConfirmed(h, 'gm', 'dongji', 'gm advance'); // fall: the winter's adjustments
    await h.bot!.outbox.idle();
    const shown = await h.fake.slash('dan', 'dongji', 'orders show');
    expect(shown.text).toContain('\n尚未下令：可建造 1 支部队（于 Brest）或放弃');
    const built = await h.fake.slash('dan', 'dongji', 'order', { orders: 'A bre B' });
    expect(built.text).toContain('✅ 已保存：`A bre 建造`');
    expect((await h.fake.slash('dan', 'dongji', 'orders show')).text).toMatch(/`A bre 建造`\n指令已全部下达。$/);
    await h.bot!.outbox.idle();
    const texts = [shown.text, built.text, ...h.fake.dms('dan').map((m) => m.content)].join('\n');
    expect(texts).not.toMatch(/的单位：|所有单位都已下令/);
  });

  it('autocomplete in French: powers, past phases and the games a sandbox copies, by their French names', async () => {
    const ac = (command: string, option: string, value: string) =>
      h.fake.autocomplete('eve', 'hiver', command, { [option]: value }, option);
    expect(await ac('concede', 'to', 'allem')).toEqual([{ name: 'Allemagne', value: 'Germany' }]);
    expect((await ac('history show', 'phase', 'print'))[0]).toEqual({
      name: 'S1901M — Printemps 1901, mouvements',
      value: 'S1901M',
    });
    const games = await ac('sandbox start', 'game', '');
    expect(games.map((g) => g.name)).toContainEqual(
      expect.stringMatching(/^Partie n°\d+ · Diplomatie classique · Hiver 1901, ajustements · vous : France$/),
    );
    const phases = await ac('sandbox start', 'phase', '');
    expect(phases[0]!.name).toBe('W1901A — Hiver 1901, ajustements (en cours)');
  });
});
