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
    h = await createHarness({ users: ['gm', 'cn', 'tw', 'en', 'nomad'], channels: ['mandate'] });
    await h.start();
    h.fake.setLocale('cn', 'zh-CN');
    h.fake.setLocale('tw', 'zh-TW');
    await h.fake.slash('gm', 'mandate', 'game create', { variant: 'mandate-of-heaven', movement: '1d' });
    await h.fake.slash('cn', 'mandate', 'game join', { power: 'Qin' });
    await h.fake.slash('tw', 'mandate', 'game join', { power: 'Chu' });
    await h.fake.slash('en', 'mandate', 'game join', { power: 'Qi' });
    await h.fake.slash('nomad', 'mandate', 'game join', { power: 'Hsiung-Nu' });
    await h.fake.slash('gm', 'mandate', 'game start');
    await h.bot!.outbox.idle();
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
