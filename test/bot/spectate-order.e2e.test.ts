/**
 * `/spectate power:` offers the powers in the variant's order, named in the member's language (docs/table.md
 * "Spectators"): in Mandate of Heaven 秦, 楚, 齊, not the English alphabet's 楚, 齊, 秦.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness.js';

describe('the powers /spectate offers', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'qin', 'chu', 'qi', 'lin'], channels: ['mandate'] });
    await h.start();
    h.fake.setLocale('lin', 'zh-TW');
  });

  afterAll(async () => {
    await h?.close();
  });

  it('in the variant’s order', async () => {
    await h.fake.slash('gm', 'mandate', 'game create', { variant: 'mandate-of-heaven', movement: '1d' });
    for (const power of ['Qi', 'Chu', 'Qin'])
      await h.fake.slash(power.toLowerCase(), 'mandate', 'game join', { power });
    await h.fake.slash('gm', 'mandate', 'game start');
    const choices = await h.fake.autocomplete('lin', 'mandate', 'spectate', { power: '' }, 'power');
    expect(choices.map((c) => [c.name, c.value])).toEqual([
      ['秦', 'Qin'],
      ['楚', 'Chu'],
      ['齊', 'Qi'],
    ]);
  });
});
