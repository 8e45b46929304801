/**
 * Confirmations (src/bot/components.ts) live on the caller's own private message: a click forged on a public post (a
 * modified client sends any custom id from any message it sees) never rewrites that post; the answer is private.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness.js';

describe('confirmation clicks forged on a public post', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'alice', 'bob'], channels: ['main'] });
    await h.start();
    await h.fake.slash('gm', 'main', 'game create', { variant: 'classic', movement: '1h' });
    await h.fake.slash('alice', 'main', 'game join', { power: 'France' });
    await h.fake.slash('bob', 'main', 'game join', { power: 'Germany' });
    await h.fake.slash('gm', 'main', 'game start');
    await h.bot!.outbox.idle();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('a refusal, an expired or a declined confirmation is answered privately and the public post stays as it was', async () => {
    const asked = await h.fake.slash('gm', 'main', 'gm advance');
    const confirm = h.fake.buttons(asked).find((b) => b.label !== 'Cancel')!.customId!;
    const post = h.fake.channelMessages('main').at(-1)!;
    const before = { content: post.content, edits: post.history.length };
    const expired = confirm.replace(/:\d+:/, ':1:');
    for (const [user, id] of [
      ['alice', confirm],
      ['gm', expired],
      ['alice', 'gm:decline'],
    ] as const) {
      const forged = await h.fake.forge(user, post, id);
      expect(
        forged.responses.map((r) => r.kind),
        `${user} ${id}`,
      ).toEqual(['reply']);
      expect(forged.ephemeral).toBe(true);
      const now = h.fake.channelMessages('main').find((m) => m.id === post.id)!;
      expect({ content: now.content, edits: now.history.length }).toEqual(before);
    }
    const refused = await h.fake.forge('alice', post, confirm);
    expect(refused.text).toContain('Only the game master');
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });
});
