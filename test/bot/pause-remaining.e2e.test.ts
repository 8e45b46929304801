/**
 * The time a paused game has left is shown to the minute (docs/bot.md "Pauses"), in the channel's notice and the
 * replies, in every language: never the seconds the pause happened to fall on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness.js';

describe('the time left on a paused clock', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'ann', 'chen'], channels: ['vote', 'master'] });
    await h.start();
    h.fake.setLocale('chen', 'zh-CN');
  });

  afterAll(async () => {
    await h?.close();
  });

  it('a players’ pause: 23h 55m left, not 23h 54m 50s', async () => {
    await h.fake.slash('gm', 'vote', 'game create', { variant: 'classic', movement: '1d' });
    await h.fake.slash('ann', 'vote', 'game join', { power: 'France' });
    await h.fake.slash('chen', 'vote', 'game join', { power: 'Germany' });
    await h.fake.slash('gm', 'vote', 'game start');
    h.clock.offset += 5 * 60_000 + 10_000;
    await h.fake.slash('ann', 'vote', 'game pause-vote');
    const last = await h.fake.slash('chen', 'vote', 'game pause-vote');
    expect(last.text).toContain('计时还剩23小时55分钟。');
    const notice = await h.fake.waitForChannelMessage('vote', (m) => m.content.startsWith('⏸️'));
    expect(notice.content).toContain('with 23h 55m left on the clock');
  });

  it('a game master’s pause: the same, and seconds only under a minute', async () => {
    await h.fake.slash('gm', 'master', 'game create', { variant: 'classic', movement: '1h' });
    await h.fake.slash('ann', 'master', 'game join', { power: 'Italy' });
    await h.fake.slash('gm', 'master', 'game start');
    h.clock.offset += 59 * 60_000 + 20_000;
    const paused = await h.fake.slash('gm', 'master', 'gm pause');
    expect(paused.text).toContain('Paused with 40s left on the clock');
    await h.fake.slash('gm', 'master', 'gm resume');
  });
});
