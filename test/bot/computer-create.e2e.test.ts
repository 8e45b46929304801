/**
 * `/game create computer:` and `demonstration:` through the bot and the Discord stand-in: the
 * autocomplete, the refusals a game master reads, the computer seats named as computer players in the create reply,
 * the status and the start post, and never mentioned or sent a DM.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, slashConfirmed, type Harness } from './harness.js';

const CHANNEL = 'main';
const OTHER = 'second';

describe('/game create with computer players', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'alice', 'gm2', 'lin'], channels: [CHANNEL, OTHER, 'zh'] });
    await h.start();
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  it('autocompletes `all` and the chosen variant\u2019s powers, one at a time', async () => {
    const first = await h.fake.autocomplete(
      'gm',
      CHANNEL,
      'game create',
      { variant: 'classic', computer: '' },
      'computer',
    );
    expect(first.map((c) => c.value)).toEqual([
      'all',
      'Austria',
      'England',
      'France',
      'Germany',
      'Italy',
      'Russia',
      'Turkey',
    ]);
    const more = await h.fake.autocomplete(
      'gm',
      CHANNEL,
      'game create',
      { variant: 'classic', computer: 'Italy, tu' },
      'computer',
    );
    expect(more.map((c) => c.value)).toEqual(['Italy, Turkey']);
  });

  it('names the powers in the member\u2019s language, found by either name, and seats what it offers', async () => {
    h.fake.setLocale('lin', 'zh-TW');
    const offered = (computer: string) =>
      h.fake.autocomplete('lin', 'zh', 'game create', { variant: 'warring-states', computer }, 'computer');
    const first = await offered('');
    expect(first.slice(0, 3)).toEqual([
      { name: 'all：開局時所有無人佔據的座位', value: 'all' },
      { name: '秦', value: '秦' },
      { name: '楚', value: '楚' },
    ]);
    expect(await offered('秦, yan')).toEqual([{ name: '秦, 燕', value: '秦, 燕' }]);
    expect(await offered('qin, 燕')).toEqual([{ name: '秦, 燕', value: '秦, 燕' }]);
    const created = await h.fake.slash('lin', 'zh', 'game create', { variant: 'warring-states', computer: '秦, 燕' });
    expect(created.text).toContain('🤖 電腦玩家：秦、燕。');
  });

  it('refuses what it cannot seat, naming why', async () => {
    const unknown = await h.fake.slash('gm', CHANNEL, 'game create', { variant: 'classic', computer: 'Italy, Narnia' });
    expect(unknown.text).toContain('"Narnia" is not a power in Classic');
    const every = await h.fake.slash('gm', CHANNEL, 'game create', {
      variant: 'classic',
      computer: 'Austria, England, France, Germany, Italy, Russia, Turkey',
    });
    expect(every.text).toContain('the `demonstration` option');
    // a card table reads the same option, naming its seats by dynasty (test/bot/cards-computer-create.e2e.test.ts)
    const cards = await h.fake.slash('gm', CHANNEL, 'game create', {
      variant: 'warring-states-cards',
      computer: 'Qin, Narnia',
    });
    expect(cards.text).toContain('Unknown dynasty "Narnia"');
  });

  it('seats named computer players at once; nobody joins as them; they are named, never mentioned', async () => {
    const created = await h.fake.slash('gm', CHANNEL, 'game create', { variant: 'classic', computer: 'Italy, Turkey' });
    expect(created.text).toContain('🤖 Computer players: Italy, Turkey.');
    const taken = await h.fake.slash('alice', CHANNEL, 'game join', { power: 'Italy' });
    expect(taken.text).toContain('Italy is played by a computer player');
    await h.fake.slash('alice', CHANNEL, 'game join', { power: 'France' });
    await h.fake.slash('gm', CHANNEL, 'game start');
    const start = await h.fake.waitForChannelMessage(CHANNEL, (m) => m.content.includes('has started!'));
    expect(start.content).toContain('Italy: a computer player (normal)');
    expect(start.content).toContain('Turkey: a computer player (normal)');
    expect(start.content).not.toContain('computer:');
    const status = await h.fake.slash('alice', CHANNEL, 'game status');
    expect(status.text).toContain('Italy (computer player, normal)');
  });

  it('a game of only computer players needs `demonstration: True`; a demonstration table seats every power', async () => {
    const fill = await h.fake.slash('gm2', OTHER, 'game create', { variant: 'classic', computer: 'all' });
    expect(fill.text).toContain('Computer players take every power nobody has joined as when the game starts.');
    const alone = await h.fake.slash('gm2', OTHER, 'game start');
    expect(alone.text).toContain('a game of only computer players is a demonstration table');
    await slashConfirmed(h, 'gm2', OTHER, 'gm cancel');
    const demo = await h.fake.slash('gm2', OTHER, 'game create', { variant: 'classic', demonstration: true });
    expect(demo.text).toContain('🤖 **Demonstration table**: computer players play every power; nobody joins.');
    const join = await h.fake.slash('alice', OTHER, 'game join');
    expect(join.text).toContain('This is a demonstration table');
  });
});
