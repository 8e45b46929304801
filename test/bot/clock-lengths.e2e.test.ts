/**
 * `/gm set` says when turning the clock on or off moved the phase lengths the game master did not give (docs/table.md
 * "Deadlines by the clock"): the creation post showed `movement 1d`, and the clock's 12h minimums replace it silently
 * otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness.js';

describe('phase lengths that follow the clock', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'fr', 'ed'], channels: ['cn', 'given', 'en'] });
    await h.start();
    h.fake.setLocale('gm', 'zh-CN');
  });

  afterAll(async () => {
    await h?.close();
  });

  it('turning the clock on and off: the reply gives the lengths that moved, and only then', async () => {
    await h.fake.slash('gm', 'cn', 'game create', { variant: 'mandate-of-heaven' });
    const on = await h.fake.slash('gm', 'cn', 'gm set', { setting: 'deadline-at', value: '21:00' });
    expect(on.text).toContain('⏱️ 你未指定的阶段时长已随固定截止时间调整：行动12小时，撤退12小时，调整12小时。');
    const zone = await h.fake.slash('gm', 'cn', 'gm set', { setting: 'timezone', value: 'Asia/Shanghai' });
    expect(zone.text).not.toContain('⏱️');
    const off = await h.fake.slash('gm', 'cn', 'gm set', { setting: 'deadline-at', value: 'off' });
    expect(off.text).toContain('⏱️ 你未指定的阶段时长已随固定截止时间调整：行动1天，撤退12小时，调整12小时。');
  });

  it('a length the game master gave stays: nothing moved, nothing said; in English too when something moves', async () => {
    await h.fake.slash('fr', 'given', 'game create', { variant: 'classic', movement: '2d' });
    const on = await h.fake.slash('fr', 'given', 'gm set', { setting: 'deadline-at', value: '20:00' });
    expect(on.text).not.toContain('⏱️');
    await h.fake.slash('ed', 'en', 'game create', { variant: 'classic' });
    const moved = await h.fake.slash('ed', 'en', 'gm set', { setting: 'deadline-at', value: '20:00' });
    expect(moved.text).toContain(
      '⏱️ The phase lengths you did not give changed with the clock: movement 12h, retreat 12h, adjustment 12h.',
    );
  });
});
