/**
 * `/gm transfer` in a gunboat game through the real bot (docs/bot.md "The game master's role"): a server manager who
 * plays cannot take the role and read every seat with `/gm seats`, and a manager's hand-over to another member reads
 * the same whether that member plays or not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MANAGER } from '../support/fake-discord/index.js';
import { createHarness, type Harness } from './harness.js';

describe('/gm transfer in a game that hides who plays whom', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'alice', 'bob', 'dave', 'erin'], channels: ['main'] });
    await h.start();
    await h.fake.slash('gm', 'main', 'game create', { variant: 'classic', movement: '1h', press: 'gunboat' });
    await h.fake.slash('alice', 'main', 'game join');
    await h.fake.slash('bob', 'main', 'game join');
    expect((await h.fake.slash('gm', 'main', 'game start')).text).not.toMatch(/⚠️/);
    for (const who of ['alice', 'erin']) h.fake.setPermissions(who, SERVER_MANAGER);
  });

  afterAll(async () => {
    await h?.close();
  });

  it('a manager who plays cannot take the role, and a manager learns nothing of who plays', async () => {
    const taken = await h.fake.slash('alice', 'main', 'gm transfer', { user: 'alice' });
    expect(taken.ephemeral).toBe(true);
    expect(taken.text).toMatch(/the role cannot go to you, as you play in it/);
    expect((await h.fake.slash('alice', 'main', 'gm seats')).text).toMatch(/Only the game master/);
    const toPlayer = await h.fake.slash('erin', 'main', 'gm transfer', { user: 'bob' });
    const toOther = await h.fake.slash('erin', 'main', 'gm transfer', { user: 'dave' });
    expect(toPlayer.text).toMatch(/a server manager can take its game-master role only for themselves/);
    expect(toOther.text).toBe(toPlayer.text);
    // A manager who does not play takes it, then hands it on as its master, never to a player.
    expect((await h.fake.slash('erin', 'main', 'gm transfer', { user: 'erin' })).text).toMatch(/You are now/);
    const bob = h.fake.user('bob').id;
    expect((await h.fake.slash('erin', 'main', 'gm transfer', { user: 'bob' })).text).toContain(
      `the role cannot go to <@${bob}>, who plays in it`,
    );
    await h.bot!.outbox.idle();
    const told = h.fake.channelMessages('main').filter((m) => m.content.startsWith('👑'));
    expect(told.map((m) => m.content)).toEqual([
      '👑 A server manager handed the game over to another member, who is now its game master.',
    ]);
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });
});
