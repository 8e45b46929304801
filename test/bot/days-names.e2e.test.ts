/**
 * `days:`'s autocomplete shows each value with its weekdays in the member's words (docs/table.md "Deadlines by the
 * clock"), as the deadline rule reads them afterwards: `mon,wed,fri — 周一、周三、周五`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness.js';

describe('weekdays offered in the member’s words', () => {
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

  const days = async (user: string, value: string) =>
    Object.fromEntries(
      (await h.fake.autocomplete(user, 'game', 'gm set', { setting: 'days', value }, 'value')).map((c) => [
        c.value,
        c.name,
      ]),
    );

  it('names the days of each value, the value itself unchanged', async () => {
    expect((await days('cn', ''))['mon,wed,fri']).toBe('mon,wed,fri — 周一、周三、周五');
    expect((await days('cn', '')).every).toBe('every — 每天');
    expect((await days('tw', 'sat'))['sat,sun']).toBe('sat,sun — 週六、週日');
    expect((await days('en', ''))['mon,wed,fri']).toBe('mon,wed,fri — Mon, Wed, Fri');
  });
});
