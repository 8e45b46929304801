/**
 * `/draw`'s reply names the powers a draw would be shared by (README "Commands"): in Mandate of Heaven not the
 * neutral powers the players' vote moves (src/game/phase/status.ts `drawPowers`), never "all surviving powers".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, joinSeats, type Harness } from './harness.js';

describe('/draw names the powers of the draw', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'alice', 'bob'], channels: ['classic', 'mandate'] });
    await h.start();
    await h.fake.slash('gm', 'classic', 'game create', { variant: 'classic', movement: '1h', computer: 'all' });
    await joinSeats(h, 'classic', { alice: 'England', bob: 'France' });
    await h.fake.slash('gm', 'classic', 'game start');
    await h.fake.slash('gm', 'mandate', 'game create', {
      variant: 'mandate-of-heaven',
      movement: '1h',
      computer: 'all',
    });
    await joinSeats(h, 'mandate', { alice: 'Qin', bob: 'Chu' });
    await h.fake.slash('gm', 'mandate', 'game start');
  }, 120_000);

  afterAll(async () => {
    await h?.close();
  });

  it('in Classic, every surviving power', async () => {
    const r = await h.fake.slash('alice', 'classic', 'draw');
    expect(r.text).toContain('a draw between Austria, England, France, Germany, Italy, Russia, Turkey.');
  });

  it("in Mandate of Heaven, the players' powers, not the neutrals the players' vote moves", async () => {
    const r = await h.fake.slash('alice', 'mandate', 'draw');
    expect(r.text).toMatch(/a draw between Qin, Chu, Qi, Yan, Zhao, Wei, Han\./);
    for (const neutral of ['Zhou', 'Song', 'Zhongshan']) expect(r.text).not.toContain(neutral);
    expect(r.text).not.toContain('surviving powers');
    // in Chinese too (bob's vote would end the game: alice withdraws and votes again, in Chinese)
    h.fake.setLocale('alice', 'zh-TW');
    await h.fake.slash('alice', 'mandate', 'draw');
    const zh = await h.fake.slash('alice', 'mandate', 'draw');
    expect(zh.text).toMatch(/對局將以和局結束，由.+共享。/);
    expect(zh.text).not.toContain('所有存活國家');
  });
});
