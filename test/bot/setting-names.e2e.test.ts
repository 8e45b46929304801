/**
 * `/gm set`'s autocomplete in the member's language (docs/table.md "Deadlines by the clock"): `timezone:` shows each
 * zone with its name as the member reads it, found by that name or by a Chinese city (`上海`, `台北`), which the IANA
 * names do not contain; `days:` shows each value with its weekdays in the member's words, as the deadline rule reads
 * them afterwards (`mon,wed,fri — 周一、周三、周五`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness.js';

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

const offered = async (user: string, setting: string, value: string) =>
  (await h.fake.autocomplete(user, 'game', 'gm set', { setting, value }, 'value')).map((c) => [c.name, c.value]);

describe('time zones as Chinese-speaking game masters look them up', () => {
  const zones = (user: string, value: string) => offered(user, 'timezone', value);

  it('finds Beijing time by 上海, 北京 or 中国, named in the member’s script', async () => {
    for (const typed of ['上海', '北京'])
      expect(await zones('cn', typed)).toEqual([['Asia/Shanghai — 中国标准时间', 'Asia/Shanghai']]);
    // By its name in a language once the bot has named every zone (in short slices from the first keystroke).
    await expect
      .poll(() => zones('cn', '中国标准'), { timeout: 20_000 })
      .toEqual([['Asia/Shanghai — 中国标准时间', 'Asia/Shanghai']]);
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

describe('weekdays offered in the member’s words', () => {
  const days = async (user: string, value: string) =>
    Object.fromEntries((await offered(user, 'days', value)).map(([name, value]) => [value, name]));

  it('names the days of each value, the value itself unchanged', async () => {
    expect((await days('cn', ''))['mon,wed,fri']).toBe('mon,wed,fri — 周一、周三、周五');
    expect((await days('cn', '')).every).toBe('every — 每天');
    expect((await days('tw', 'sat'))['sat,sun']).toBe('sat,sun — 週六、週日');
    expect((await days('en', ''))['mon,wed,fri']).toBe('mon,wed,fri — Mon, Wed, Fri');
  });
});
