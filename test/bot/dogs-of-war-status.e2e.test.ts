/**
 * A seated Dogs of War power in Warhammer's `/game status` before it musters (src/variants/warhammer/dogs-of-war.ts):
 * it has no unit and no centre yet, and its player still finds it listed, with what it has to do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness.js';

describe('/game status lists a Dogs of War power before it musters', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'alice', 'bob', 'carol'], channels: ['wh'] });
    await h.start();
    await h.fake.slash('gm', 'wh', 'game create', { variant: 'warhammer', movement: '1h' });
    for (const [user, power] of [
      ['alice', 'Bretonnia'],
      ['bob', 'Empire'],
      ['carol', 'Tilea'],
    ] as const)
      await h.fake.slash(user, 'wh', 'game join', { power });
    await h.fake.slash('gm', 'wh', 'game start');
    await h.bot!.outbox.idle();
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  it('lists Tilea, held by its player, during the muster', async () => {
    const status = await h.fake.slash('carol', 'wh', 'game status');
    // the step's word for it (it has not chosen yet), not "nothing to do"
    expect(status.text).toContain(`Tilea (<@${h.fake.user('carol').id}>) · 0 centres, 0 units · waiting`);
  });

  it('after the muster Tilea is listed with its unit', async () => {
    await h.fake.slash('carol', 'wh', 'act', { action: 'muster', choice: 'mira', detail: 'army' });
    await h.bot!.outbox.idle();
    const status = await h.fake.slash('carol', 'wh', 'game status');
    expect(status.text).toMatch(/Tilea \(<@\d+>\) · 1 centre, 1 unit/);
  });
});
