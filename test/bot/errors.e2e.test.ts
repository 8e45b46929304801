/**
 * Bad input and hostile conditions through the real bot: commands in a channel with no
 * game, an unknown variant, malformed durations, orders for someone else's units, game-master-only
 * commands, DMs closed, and a deleted game channel. Each gets a clear reply; the stored game stays intact.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, partsOfPost, slashConfirmed, type Harness } from './harness.js';

const HOUR = 3_600_000;

describe('the bot refuses bad input clearly and keeps the game intact', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'alice', 'bob', 'carol'], channels: ['main', 'empty', 'doomed'] });
    await h.start();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('answers every command in a channel without a game with the same clear sentence', async () => {
    for (const [command, options] of [
      ['order', { orders: 'A par - bur' }],
      ['orders show', {}],
      ['orders clear', {}],
      ['ready', {}],
      ['game join', {}],
      ['game status', {}],
      ['gm advance', {}],
      ['draw', {}],
      ['why', { province: 'par' }],
      ['history list', {}],
      ['history replay', {}],
      ['map', {}],
    ] as const) {
      const reply = await h.fake.slash('alice', 'empty', command, options);
      expect(reply.ephemeral, command).toBe(true);
      expect(reply.text, command).toMatch(/no game in this channel/i);
    }
    expect(await h.fake.autocomplete('alice', 'empty', 'order', { orders: 'A' }, 'orders')).toEqual([]);
  });

  it('refuses an unknown variant and malformed durations, and creates nothing', async () => {
    const unknown = await h.fake.slash('gm', 'main', 'game create', { variant: 'atlantis' }, { unchecked: true });
    expect(unknown.ephemeral).toBe(true);
    expect(unknown.text).toMatch(/Unknown variant "atlantis".*classic/);
    for (const bad of ['ten minutes', '0s', '45d', '10']) {
      const reply = await h.fake.slash('gm', 'main', 'game create', { variant: 'classic', movement: bad });
      expect(reply.ephemeral, bad).toBe(true);
      expect(reply.text, bad).toMatch(/movement duration/);
    }
    const status = await h.fake.slash('gm', 'main', 'game status');
    expect(status.text).toMatch(/no game in this channel/i);
  });

  it('answers a 6,000-character option in one short message, repeating a few dozen characters of it', async () => {
    await h.fake.slash('gm', 'empty', 'game create', { variant: 'classic' });
    const huge = `${'Prussia'.repeat(850)}end`;
    const reply = await h.fake.slash('alice', 'empty', 'game join', { power: huge }, { unchecked: true });
    expect(reply.ephemeral).toBe(true);
    expect(reply.responses).toHaveLength(1);
    expect(reply.text).toMatch(/^⚠️ "(Prussia){5}Prus…" is not a power in Classic Diplomacy\. Powers: /);
    expect(reply.text.length).toBeLessThan(300);
    await slashConfirmed(h, 'gm', 'empty', 'gm cancel');
  });

  it('refuses orders for units the caller does not own, naming the owner, and keeps the stored orders', async () => {
    await h.fake.slash('gm', 'main', 'game create', { variant: 'classic', movement: '1h' });
    await h.fake.slash('alice', 'main', 'game join', { power: 'France' });
    await h.fake.slash('bob', 'main', 'game join', { power: 'Germany' });
    const twice = await h.fake.slash('gm', 'main', 'game create', { variant: 'classic' });
    expect(twice.text).toMatch(/already has/);
    const notGm = await h.fake.slash('alice', 'main', 'game start');
    expect(notGm.text).toMatch(/Only the game master/);
    await h.fake.slash('gm', 'main', 'game start');

    const first = await h.fake.slash('alice', 'main', 'order', { orders: 'A par - bur' });
    expect(first.text).toContain('`A par - bur`');
    const theirs = await h.fake.slash('alice', 'main', 'order', { orders: 'A mun - ruh; A par - gas; gibberish here' });
    expect(theirs.ephemeral).toBe(true);
    expect(theirs.text).toMatch(/❌ `A mun - ruh`: .*Germany/);
    expect(theirs.text).toMatch(/❌ `gibberish here`: /);
    expect(theirs.text).toContain('✅ Stored: `A par - gas`');
    const mine = await h.fake.slash('alice', 'main', 'orders show');
    expect(mine.text).toContain('`A par - gas`');
    expect(mine.text).not.toContain('A mun');
    const bobs = await h.fake.slash('bob', 'main', 'orders show');
    expect(bobs.text).not.toContain('A par');

    const outsider = await h.fake.slash('carol', 'main', 'order', { orders: 'A mun - ruh' });
    expect(outsider.text).toMatch(/not playing in this game/);
    const gm = await h.fake.slash('alice', 'main', 'gm advance');
    expect(gm.text).toMatch(/game master/);
    const extend = await h.fake.slash('gm', 'main', 'gm extend', { duration: 'soon' });
    expect(extend.text).toMatch(/not a duration/);
  });

  it('posts a new status message when a moderator deleted the old one', async () => {
    await h.bot!.outbox.idle();
    const isStatus = (m: { content: string }) => m.content.startsWith('**Classic Diplomacy** · game master');
    const old = h.fake.channelMessages('main').find(isStatus)!;
    h.fake.deleteMessage(old.id);
    await h.fake.slash('alice', 'main', 'order', { orders: 'A mar H' });
    const fresh = await h.fake.waitForChannelMessage(
      'main',
      (m) => m.id !== old.id && isStatus(m) && m.content.includes('France'),
    );
    expect(fresh.content).not.toContain('A mar');
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });

  it('still stores orders when the player closed their DMs, and says so in the channel once', async () => {
    h.fake.closeDms('bob');
    const reply = await h.fake.slash('bob', 'main', 'order', { orders: 'A mun - ruh' });
    expect(reply.text).toContain('✅ Stored: `A mun - ruh`');
    const notice = await h.fake.waitForChannelMessage('main', (m) =>
      m.content.includes('cannot send you direct messages'),
    );
    expect(notice.content).toContain(`<@${h.fake.user('bob').id}>`);
    expect(notice.content).not.toContain('A mun');
    await h.fake.slash('bob', 'main', 'order', { orders: 'F kie - den' });
    await h.bot!.outbox.idle();
    const notices = h.fake.channelMessages('main').filter((m) => m.content.includes('cannot send you direct messages'));
    expect(notices).toHaveLength(1);
    expect(h.fake.requests.some((r) => r.errorCode === 50007 && r.expected)).toBe(true);
    h.fake.openDms('bob');
  });

  it('survives its game channel being deleted: deliveries to it are dropped, other games go on', async () => {
    await h.fake.slash('gm', 'doomed', 'game create', { variant: 'classic', movement: '1h' });
    await h.fake.slash('carol', 'doomed', 'game join', { power: 'Italy' });
    await h.fake.slash('gm', 'doomed', 'game start');
    await h.fake.waitForChannelMessage('doomed', (m) => m.content.includes('has started'));
    h.fake.deleteChannel('doomed');

    // Both games' deadlines pass; the scheduler resolves both; only the live channel gets a post.
    h.clock.offset += 2 * HOUR;
    await h.bot!.scheduler.sweep();
    const results = await h.fake.waitForChannelMessage('main', (m) =>
      m.content.startsWith('**Spring 1901 movement: results**'),
    );
    // The orders with their results; the board after follows in a message of its own.
    expect((await partsOfPost(h.fake, h.store.db, results)).flatMap((m) => m.attachments)).toHaveLength(2);
    await h.bot!.outbox.idle();
    const failed = h.database.sqlite
      .prepare(
        `SELECT count(*) AS n FROM outbox WHERE target = ? AND failed_at IS NOT NULL AND last_error LIKE 'channel_gone%'`,
      )
      .get(h.fake.channel('doomed').id) as { n: number };
    expect(failed.n).toBeGreaterThan(0);
    const pending = h.database.sqlite
      .prepare(`SELECT count(*) AS n FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL`)
      .get() as { n: number };
    expect(pending.n).toBe(0);

    const after = await h.fake.slash('alice', 'main', 'orders show');
    expect(after.text).toContain('Fall 1901');
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });

  it('announces the end of a game decided by a unanimous draw vote, and the channel can host a new game', async () => {
    const channel = h.fake.addChannel('drawn');
    await h.fake.slash('gm', channel, 'game create', { variant: 'classic' });
    await h.fake.slash('alice', channel, 'game join', { power: 'England' });
    await h.fake.slash('bob', channel, 'game join', { power: 'Turkey' });
    await h.fake.slash('gm', channel, 'game start');
    const first = await h.fake.slash('alice', channel, 'draw');
    expect(first.ephemeral).toBe(true);
    expect(first.text).toMatch(/England votes for a draw\. Votes are secret/);
    // the reply names the powers the draw would include, never who has voted
    expect(first.text).toContain('a draw between Austria, England, France, Germany, Italy, Russia, Turkey.');
    expect(first.text).not.toMatch(/Turkey (votes|has voted)/);
    const last = await h.fake.slash('bob', channel, 'draw');
    expect(last.text).toMatch(/draw/);
    const announcement = await h.fake.waitForChannelMessage(
      channel,
      (m) => /draw/i.test(m.content) && m.content.includes('England') && m.content.includes('Turkey'),
    );
    expect(announcement.content).not.toMatch(/votes for a draw/);
    const order = await h.fake.slash('alice', channel, 'order', { orders: 'F lon H' });
    expect(order.text).toMatch(/⚠️/);
    const again = await h.fake.slash('gm', channel, 'game create', { variant: 'classic' });
    expect(again.text).toContain('created');
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });
});
