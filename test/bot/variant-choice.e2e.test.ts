/**
 * `/game create variant:`'s autocomplete in the reader's language (docs/locales.md "Names"): a French or Chinese
 * member is offered the bundled variants and the card game by the names their client shows for the option's choices
 * (`Diplomatie classique`, `戰國 v2`), never the English ones, and finds them by typing either name; the value stays
 * the variant's id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness.js';

describe('/game create variant: in the reader’s language', () => {
  let h: Harness;
  const offered = (user: string, typed: string) =>
    h.fake.autocomplete(user, 'main', 'game create', { variant: typed }, 'variant');

  beforeAll(async () => {
    h = await createHarness({ users: ['anne', 'lin', 'chen', 'ed'], channels: ['main'] });
    await h.start();
    h.fake.setLocale('anne', 'fr');
    h.fake.setLocale('lin', 'zh-TW');
    h.fake.setLocale('chen', 'zh-CN');
  });

  afterAll(async () => {
    await h?.close();
  });

  it('names every bundled choice in French and Chinese, valued by its id', async () => {
    expect(await offered('anne', '')).toEqual([
      { name: 'Diplomatie classique', value: 'classic' },
      { name: 'Royaumes combattants v2', value: 'warring-states' },
      { name: 'Mandat du Ciel', value: 'mandate-of-heaven' },
      { name: 'Warhammer Diplomacy (fm05)', value: 'warhammer' },
      { name: 'Royaumes combattants — le jeu de cartes (2 à 5 joueurs)', value: 'warring-states-cards' },
    ]);
    expect((await offered('lin', '')).map((c) => c.name)).toEqual([
      '經典外交',
      '戰國 v2',
      '天命',
      '戰錘外交 (fm05)',
      '戰國卡牌遊戲（2–5 人）',
    ]);
    expect((await offered('ed', '')).map((c) => c.name)).toContain('Classic Diplomacy');
  });

  it('matches what is typed in the member’s words and in English', async () => {
    expect(await offered('anne', 'mandat')).toEqual([{ name: 'Mandat du Ciel', value: 'mandate-of-heaven' }]);
    expect(await offered('anne', 'heaven')).toEqual([{ name: 'Mandat du Ciel', value: 'mandate-of-heaven' }]);
    expect((await offered('chen', '战国')).map((c) => c.value)).toEqual(['warring-states', 'warring-states-cards']);
  });
});
