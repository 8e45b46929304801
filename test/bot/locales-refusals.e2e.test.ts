/**
 * Refusals a game master meets at `/game create` in French and Chinese (docs/locales.md): one forming game per member,
 * the server's cap on live games, and the `computer:` seats, each in the member's locale with no English left.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishWords } from '../support/english-left.js';
import { createHarness, GENEROUS_BUDGETS, type Harness } from './harness.js';

describe('game creation refusals in French and Chinese', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness(
      { users: ['gm', 'wei', 'lin'], channels: ['paris', 'lyon', 'beijing'] },
      { limits: { confirmationQuietMs: 0, budgets: GENEROUS_BUDGETS, maxLiveGamesPerServer: 1 } },
    );
    await h.start();
    h.fake.setLocale('gm', 'fr');
    h.fake.setLocale('wei', 'zh-CN');
    h.fake.setLocale('lin', 'zh-TW');
  });

  afterAll(async () => {
    await h?.close();
  });

  const create = async (user: string, channel: string, options: Record<string, string>) =>
    (await h.fake.slash(user, channel, 'game create', { variant: 'classic', ...options })).text;

  it('names the `computer:` mistakes in the member’s language', async () => {
    const both = await create('gm', 'paris', { computer: 'all, Italy' });
    expect(both).toContain('soit une liste de puissances, pas les deux');
    const cards = await create('gm', 'paris', { variant: 'warring-states-cards', computer: 'all, qin' });
    expect(cards).toContain('soit une liste de dynasties, pas les deux');
    const every = await create('wei', 'paris', {
      computer: 'Austria, England, France, Germany, Italy, Russia, Turkey',
    });
    expect(every).toContain('所有国家都将由电脑玩家执掌');
    const neutral = await create('lin', 'paris', { variant: 'mandate-of-heaven', computer: 'Song' });
    expect(neutral).toContain('是中立國家');
    const unknown = await create('gm', 'paris', { computer: 'Narnia' });
    expect(unknown).toContain('« Narnia »');
    for (const text of [both, cards, every, neutral, unknown]) expect(englishWords(text)).toEqual([]);
    const suggested = await h.fake.autocomplete(
      'gm',
      'paris',
      'game create',
      { variant: 'classic', computer: '' },
      'computer',
    );
    expect(suggested[0]).toEqual({
      name: 'all : toutes les places que personne n’a prises au début de la partie',
      value: 'all',
    });
  });

  it('one forming game per member, and the server’s cap on live games', async () => {
    expect(await create('gm', 'paris', {})).toContain('a créé ici une partie');
    const second = await create('gm', 'lyon', {});
    expect(second).toContain(`Vous avez déjà une partie en formation dans <#${h.fake.channel('paris').id}>`);
    const capped = await create('wei', 'beijing', {});
    expect(capped).toContain('本服务器已有 1 局进行中的对局');
    for (const text of [second, capped]) expect(englishWords(text)).toEqual([]);
    expect(h.fake.channelMessages('lyon')).toEqual([]);
  });
});

describe('a seat’s holder named in the game’s language', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'anne', 'bruno'], channels: ['paris'] });
    await h.start();
    for (const user of ['gm', 'anne', 'bruno']) h.fake.setLocale(user, 'fr');
  });

  afterAll(async () => {
    await h?.close();
  });

  it('the start post and the status name a computer player in French', async () => {
    await h.fake.slash('gm', 'paris', 'game create', { variant: 'classic', locale: 'fr', computer: 'Italy' });
    await h.fake.slash('anne', 'paris', 'game join', { power: 'France' });
    await h.fake.slash('bruno', 'paris', 'game join', { power: 'Germany' });
    await h.fake.slash('gm', 'paris', 'game start');
    const start = await h.fake.waitForChannelMessage('paris', (m) => m.content.includes('a commencé'));
    expect(start.content).toContain('un joueur ordinateur (normal)');
    expect(start.content).not.toContain('a computer player');
    const status = await h.fake.slash('anne', 'paris', 'game status');
    // one pair of brackets, never nested: "Italie (joueur ordinateur, normal)"
    expect(status.text).toContain('Italie (joueur ordinateur, normal)');
    expect(status.text).not.toContain('a computer player');
    h.fake.setLocale('bruno', 'zh-TW');
    expect((await h.fake.slash('bruno', 'paris', 'game status')).text).toContain('（電腦玩家，普通）');
    h.fake.setLocale('bruno', 'en-US');
    expect((await h.fake.slash('bruno', 'paris', 'game status')).text).toContain('Italy (computer player, normal)');
    h.fake.setLocale('bruno', 'fr');
  });
});
