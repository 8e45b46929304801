/**
 * The status's muster line lists the seats still to press **I'm here** in the variant's order, as the status lists
 * its powers (docs/table.md "Mustering", "Where"): in Mandate of Heaven Qin, Chu, Qi, not the English alphabet's Chu, Qi, Qin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness.js';

describe('the muster line of the status', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'qin', 'chu', 'qi'], channels: ['mandate'] });
    await h.start();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('names the waiting seats in the variant’s order, in Chinese too', async () => {
    await h.fake.slash('gm', 'mandate', 'game create', { variant: 'mandate-of-heaven', movement: '1d', muster: '2h' });
    for (const power of ['Qi', 'Chu', 'Qin'])
      await h.fake.slash(power.toLowerCase(), 'mandate', 'game join', { power });
    await h.fake.slash('gm', 'mandate', 'game start');
    const line = (text: string) => text.split('\n').find((l) => l.startsWith('⏳'))!;
    const [qin, chu, qi] = ['qin', 'chu', 'qi'].map((u) => `<@${h.fake.user(u).id}>`);
    expect(line((await h.fake.slash('gm', 'mandate', 'game status')).text)).toContain(
      `from Qin (${qin}), Chu (${chu}), Qi (${qi})`,
    );
    h.fake.setLocale('gm', 'zh-TW');
    expect(line((await h.fake.slash('gm', 'mandate', 'game status')).text)).toContain(
      `等待秦（${qin}）、楚（${chu}）和齊（${qi}）`,
    );
  });
});
