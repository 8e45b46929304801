/**
 * The start DM says what the first phase asks of each player (docs/bot.md "The start DM says what the first phase asks
 * of the player"): in Mandate of Heaven's placement only the Hsiung-Nu decide, so every other player is told they have
 * nothing to do until the next phase, in their language, never asked for orders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness.js';

describe('the start DM of a first phase that asks nothing of some powers', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'cn', 'tw', 'en', 'nomad'], channels: ['mandate', 'zh', 'none'] });
    await h.start();
    h.fake.setLocale('cn', 'zh-CN');
    h.fake.setLocale('tw', 'zh-TW');
    await h.fake.slash('gm', 'mandate', 'game create', { variant: 'mandate-of-heaven', movement: '1d' });
    await h.fake.slash('cn', 'mandate', 'game join', { power: 'Qin' });
    await h.fake.slash('tw', 'mandate', 'game join', { power: 'Chu' });
    await h.fake.slash('en', 'mandate', 'game join', { power: 'Qi' });
    await h.fake.slash('nomad', 'mandate', 'game join', { power: 'Hsiung-Nu' });
    await h.fake.slash('gm', 'mandate', 'game start');
    // A Chinese channel where only the Hsiung-Nu decide, and one where no seated power decides at all.
    await h.fake.slash('gm', 'zh', 'game create', { variant: 'mandate-of-heaven', movement: '1d', locale: 'zh-CN' });
    await h.fake.slash('cn', 'zh', 'game join', { power: 'Qin' });
    await h.fake.slash('nomad', 'zh', 'game join', { power: 'Hsiung-Nu' });
    await h.fake.slash('gm', 'zh', 'game start');
    await h.fake.slash('gm', 'none', 'game create', { variant: 'mandate-of-heaven', movement: '1d' });
    await h.fake.slash('cn', 'none', 'game join', { power: 'Qin' });
    await h.fake.slash('tw', 'none', 'game join', { power: 'Chu' });
    await h.fake.slash('gm', 'none', 'game start');
    await h.bot!.outbox.idle();
  });

  const startPost = (channel: string) => h.fake.channelMessages(channel).find((m) => m.content.includes('🎲'))!.content;

  it('the start post asks only the Hsiung-Nu for orders, in the channel’s language', () => {
    expect(startPost('mandate')).toMatch(/orders with `\/order` from Hsiung-Nu only, deadline <t:\d+:R>/);
    expect(startPost('mandate')).toContain('the other powers have nothing to decide in it.');
    expect(startPost('zh')).toMatch(/只有匈奴需要用 `\/下令` 下达指令/);
    expect(startPost('zh')).toContain('其他国家在这一阶段无需行动');
  });

  it('the start post asks no one for orders when no seated power decides', () => {
    expect(startPost('none')).toContain('none of the seated powers has anything to decide in it');
    expect(startPost('none')).not.toContain('/order');
  });

  afterAll(async () => {
    await h?.close();
  });

  const startDm = (user: string) => h.fake.dms(user).find((m) => m.content.includes('**'))!.content;

  it('the Hsiung-Nu, who place their armies, are asked for orders before the deadline', () => {
    expect(startDm('nomad')).toMatch(/send orders with `\/order` in that channel before <t:\d+:f>/);
  });

  it('the other powers are told they have nothing to decide, in their language, and asked for nothing', () => {
    expect(startDm('en')).toContain('Qi has nothing to decide in this phase; a DM tells you when the next one begins.');
    expect(startDm('en')).not.toContain('/order');
    expect(startDm('cn')).toContain('**部署阶段：公元前369年冬（猪年）**：你在这一阶段无需行动');
    expect(startDm('cn')).not.toContain('下令');
    expect(startDm('tw')).toContain('**部署階段：公元前369年冬（豬年）**：你在這一階段無需行動');
    expect(startDm('tw')).not.toContain('下令');
  });
});
