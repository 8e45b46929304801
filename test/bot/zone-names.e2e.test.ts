/**
 * `timezone:`'s autocomplete in the member's language (docs/table.md "Deadlines by the clock"): each zone shown with
 * its name as the member reads it, and found by that name or by a Chinese city (`上海`, `台北`), which the IANA names
 * do not contain.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness.js';

describe('time zones as Chinese-speaking game masters look them up', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({ users: ['cn', 'tw', 'en'], channels: ['game'] });
    await h.start();
    h.fake.setLocale('cn', 'zh-CN');
    h.fake.setLocale('tw', 'zh-TW');
    await h.fake.slash('cn', 'game', 'game create', { variant: 'mandate-of-heaven' });
  });

  afterAll(async () => {
    await h?.close();
  });

  const zones = async (user: string, value: string) =>
    (await h.fake.autocomplete(user, 'game', 'gm set', { setting: 'timezone', value }, 'value')).map((c) => [
      c.name,
      c.value,
    ]);

  it('finds Beijing time by 上海, 北京 or 中国, named in the member’s script', async () => {
    for (const typed of ['上海', '北京', '中国标准'])
      expect(await zones('cn', typed)).toEqual([['Asia/Shanghai — 中国标准时间', 'Asia/Shanghai']]);
    expect(await zones('tw', '台北')).toEqual([['Asia/Taipei — 台北標準時間', 'Asia/Taipei']]);
    expect(await zones('tw', 'Asia/Sh')).toEqual([['Asia/Shanghai — 中國標準時間', 'Asia/Shanghai']]);
  });

  it('names the zone in English for an English member, who still finds it by its IANA name', async () => {
    expect(await zones('en', 'asia/sh')).toEqual([['Asia/Shanghai — China Standard Time', 'Asia/Shanghai']]);
  });

  it('the chosen zone is the IANA one, as before', async () => {
    const set = await h.fake.slash('cn', 'game', 'gm set', { setting: 'timezone', value: 'Asia/Shanghai' });
    expect(set.text).toContain('**Asia/Shanghai**');
  });
});
