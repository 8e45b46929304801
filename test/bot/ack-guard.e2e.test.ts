/**
 * Discord's 3 s window kept however slow a handler is (docs/bot.md "Acknowledged within 3 s"): with the guard
 * acknowledging at once, every kind of answer still reaches the member as it would have: a public answer in the
 * channel once (after a private line saying so), a private one privately, a confirmation and its button, a button's
 * private answer, an edit of the button's own message, a picture after a deferral; a form that can no longer open
 * is replaced by a private note.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness.js';

describe('the acknowledgement guard', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'alice', 'bob', 'erin', 'frank'], channels: ['slow'] }, { ackGuardMs: 0 });
    await h.start();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('a public answer goes to the channel once, after a private line saying where it went', async () => {
    const created = await h.fake.slash('gm', 'slow', 'game create', { variant: 'classic', 'vacate-after': 0 });
    expect(created.deferred).toBe(true);
    expect(created.ephemeral).toBe(true);
    await created.waitForResponse((r) => r.kind === 'followUp', 30_000);
    const [edit, followUp] = created.responses.slice(1);
    expect(edit).toMatchObject({ kind: 'edit', ephemeral: true });
    expect(created.finalText).toBe('Posted in the channel below.');
    expect(followUp).toMatchObject({ kind: 'followUp', ephemeral: false });
    const posted = h.fake.channelMessages('slow').filter((m) => m.id === followUp!.messageId);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.content).toContain('Classic');
    // Said once: no other message of the channel repeats it.
    expect(h.fake.channelMessages('slow').filter((m) => m.content === posted[0]!.content)).toHaveLength(1);
  });

  it('a private answer stays private, a confirmation keeps its buttons, a button its message', async () => {
    for (const [user, power] of [
      ['alice', 'France'],
      ['bob', 'Austria'],
      ['erin', 'Germany'],
    ] as const)
      await h.fake.slash(user, 'slow', 'game join', { power });
    await h.fake.slash('gm', 'slow', 'game start');
    const orders = await h.fake.slash('alice', 'slow', 'orders show');
    expect(orders.ephemeral).toBe(true);
    expect(orders.responses.every((r) => r.ephemeral)).toBe(true);
    expect(orders.text).toContain('France');
    // A confirmation asked privately; its button answers by editing that private message.
    const asked = await h.fake.slash('erin', 'slow', 'game leave');
    expect(asked.ephemeral).toBe(true);
    const confirm = h.fake.buttons(asked).find((b) => b.label !== 'Cancel')!;
    const left = await h.fake.click('erin', asked, confirm.customId!);
    expect(left.responses[0]!.kind).toBe('deferUpdate');
    expect(h.fake.replyMessage(asked).content).toContain('You left **Germany**');
    expect(h.fake.buttons(asked)).toEqual([]);
  });

  it('a button answering privately answers in a private follow-up', async () => {
    const call = await h.fake.waitForChannelMessage('slow', (m) => m.content.includes('Substitute wanted for Germany'));
    const claimed = await h.fake.click('frank', call, { label: 'Claim' });
    expect(claimed.responses.map((r) => r.kind)).toEqual(['deferUpdate', 'followUp']);
    expect(claimed.responses[1]!.ephemeral).toBe(true);
    expect(claimed.text).toContain('You now play **Germany**');
    // The call's post was not rewritten by the answer.
    expect(h.fake.message(call.id).content).toContain('Substitute wanted for Germany');
  });

  it('a picture follows its deferral; a form that can no longer open leaves a private note', async () => {
    const map = await h.fake.slash('bob', 'slow', 'map');
    expect(map.ephemeral).toBe(true);
    expect(map.attachments.some((a) => a.contentType === 'image/png')).toBe(true);
    const paste = await h.fake.slash('bob', 'slow', 'orders paste');
    expect(paste.modal).toBeNull();
    expect(paste.ephemeral).toBe(true);
    expect(paste.finalText).toBe('The bot was too busy to open this in time. Please try again.');
  });
});
