/**
 * The game master's tools and the read-only commands through the real bot: /gm pause, resume, extend,
 * replace, advance and rollback, then /history, /why and /map.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAIN_MEMBER, SERVER_MANAGER } from '../support/fake-discord/index.js';
import { createHarness, slashConfirmed, type Harness } from './harness.js';

describe('game master tools and read-only commands', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'alice', 'bob', 'dave', 'erin'], channels: ['main'] });
    await h.start();
    await h.fake.slash('gm', 'main', 'game create', { variant: 'classic', movement: '1h' });
    await h.fake.slash('alice', 'main', 'game join', { power: 'France' });
    await h.fake.slash('bob', 'main', 'game join', { power: 'Germany' });
    await h.fake.slash('gm', 'main', 'game start');
  });

  afterAll(async () => {
    await h?.close();
  });

  it('pauses and resumes the clock, and extends the deadline, each announced once in the channel with true text', async () => {
    await h.bot!.outbox.idle();
    const before = h.fake.channelMessages('main').length;
    const paused = await h.fake.slash('gm', 'main', 'gm pause');
    expect(paused.ephemeral).toBe(true);
    expect(paused.text).toMatch(/Paused with [\dhms ]+ left on the clock/);
    const twice = await h.fake.slash('gm', 'main', 'gm pause');
    expect(twice.text).toMatch(/⚠️/);
    const resumed = await h.fake.slash('gm', 'main', 'gm resume');
    expect(resumed.text).toMatch(/Resumed; the deadline is <t:\d+:R>/);
    const extended = await h.fake.slash('gm', 'main', 'gm extend', { duration: '2h' });
    expect(extended.text).toMatch(/Extended: the deadline is now <t:\d+:R>/);
    // Each target's messages go out in order: once the last notice is there, the others are too.
    await h.fake.waitForChannelMessage('main', (m) => m.content.startsWith('⏱️'));
    const notices = h.fake
      .channelMessages('main')
      .slice(before)
      .map((m) => m.content)
      .filter((c) => !c.startsWith('**Classic Diplomacy** · game master'));
    expect(notices, notices.join('\n')).toHaveLength(3);
    expect(notices[0]).toMatch(/^⏸️ The game master paused the game with (1h|59m \d+s) left on the clock/);
    expect(notices[1]).toMatch(/^▶️ The game master resumed the game/);
    expect(notices[2]).toMatch(/^⏱️ The game master extended the deadline by 2h/);
  });

  it('a pause reason that mentions a member, a role or everyone notifies nobody; the notice shows it', async () => {
    const bob = h.fake.user('bob').id;
    await h.fake.slash('gm', 'main', 'gm pause', { reason: `@everyone <@&${h.fake.state.guildId}> <@${bob}> look` });
    const notice = await h.fake.waitForChannelMessage('main', (m) => m.content.includes('Reason given'));
    // shown as typed, escaped: a mention nobody can click, a role nobody sees pinged
    expect(notice.content).toContain(`\\@everyone \\<\\@&${h.fake.state.guildId}\\> \\<\\@${bob}\\> look`);
    expect(h.fake.pings(notice)).toEqual({ users: [], roles: [], everyone: false });
    await h.fake.slash('gm', 'main', 'gm resume');
    // a notice naming a member by the game's own reference still notifies them
    await h.fake.slash('gm', 'main', 'gm replace', { power: 'Austria', user: 'erin' });
    const handed = await h.fake.waitForChannelMessage('main', (m) => m.content.startsWith('🔁 Austria'));
    expect(h.fake.pings(handed).users).toEqual([h.fake.user('erin').id]);
  });

  it('hands a power in civil disorder to a new player, who can then order for it', async () => {
    const choices = await h.fake.autocomplete('gm', 'main', 'gm replace', { power: 'ita' }, 'power');
    expect(choices.map((c) => c.value)).toEqual(['Italy']);
    const replaced = await h.fake.slash('gm', 'main', 'gm replace', { power: 'Italy', user: 'dave' });
    expect(replaced.text).toContain(`<@${h.fake.user('dave').id}> now plays **Italy**`);
    // A seat in civil disorder had no orders: the reply clears none and says none were.
    expect(replaced.text).not.toContain('cleared');
    await h.fake.waitForChannelMessage(
      'main',
      (m) => m.content === `🔁 Italy is now played by <@${h.fake.user('dave').id}>.`,
    );
    const order = await h.fake.slash('dave', 'main', 'order', { orders: 'F nap - ion' });
    expect(order.text).toContain('✅ Stored: `F nap - ion`');
    await h.fake.waitForDm('dave', (m) => m.content.includes('Italy'));
  });

  it('refuses /gm rollback before a phase has been played, without asking first', async () => {
    const early = await h.fake.slash('gm', 'main', 'gm rollback');
    expect(early.text).toBe('⚠️ There is no previous phase to go back to.');
    expect(early.originalMessageId ? h.fake.buttons(early) : []).toEqual([]);
  });

  it('resolves at once with /gm advance, and /history, /why and /map show the result', async () => {
    await h.fake.slash('alice', 'main', 'order', { orders: 'A par - bur' });
    const advanced = await slashConfirmed(h, 'gm', 'main', 'gm advance');
    expect(advanced.text).toContain('Spring 1901 movement');
    const results = await h.fake.waitForChannelMessage('main', (m) =>
      m.content.startsWith('**Spring 1901 movement: results**'),
    );
    expect(results.content).toContain('`A par - bur`');
    // Announced once, before the results, and only the click (not the question) changed anything.
    expect(advanced.ephemeral).toBe(true);
    const posts = h.fake.channelMessages('main');
    const notices = posts.filter((m) => m.content.startsWith('⏩'));
    expect(notices.map((m) => m.content)).toEqual([
      '⏩ The game master resolved **Spring 1901 movement** before its deadline; the results follow.',
    ]);
    expect(posts.indexOf(notices[0]!)).toBeLessThan(posts.indexOf(results));

    const list = await h.fake.slash('bob', 'main', 'history list');
    expect(list.ephemeral).toBe(true);
    expect(list.text).toContain('S1901M');
    const phases = await h.fake.autocomplete('bob', 'main', 'history show', { phase: 's19' }, 'phase');
    expect(phases.map((c) => c.value)).toEqual(['S1901M']);
    const detail = await h.fake.slash('bob', 'main', 'history show', { phase: 'S1901M' });
    expect(detail.text).toContain('`F nap - ion`');
    const why = await h.fake.slash('bob', 'main', 'why', { province: 'bur' });
    expect(why.text).toContain('A par - bur');
    const provinces = await h.fake.autocomplete('bob', 'main', 'why', { province: 'burg' }, 'province');
    expect(provinces.map((c) => c.value)).toContain('bur');

    const map = await h.fake.slash('alice', 'main', 'map');
    expect(map.ephemeral).toBe(true);
    expect(map.responses.map((r) => r.kind)).toEqual(['defer', 'edit']);
    expect(map.attachments[0]?.contentType).toBe('image/png');
    expect(map.finalText).toContain('Fall 1901 movement');
    const outsider = await h.fake.slash('gm', 'main', 'map');
    expect(outsider.attachments).toHaveLength(1);
  });

  it('rolls back to the start of the previous phase', async () => {
    // The question names the phase it goes back to.
    const asked = await h.fake.slash('gm', 'main', 'gm rollback');
    expect(asked.text).toContain('⏪ Go back to the start of **Spring 1901 movement**?');
    const rolled = await slashConfirmed(h, 'gm', 'main', 'gm rollback');
    expect(rolled.text).toContain('Rolled back to the start of Spring 1901 movement; its orders are kept');
    const notice = await h.fake.waitForChannelMessage('main', (m) => m.content.startsWith('⏪'));
    expect(notice.content).toMatch(
      /rolled the game back to \*\*Spring 1901 movement\*\*\. Orders given in that phase are kept/,
    );
    expect(h.fake.channelMessages('main').filter((m) => m.content.startsWith('⏪'))).toHaveLength(1);
    const mine = await h.fake.slash('alice', 'main', 'orders show');
    expect(mine.text).toContain('Spring 1901');
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });

  it('lets a member with Manage Server take or hand over the role of a game whose master left', async () => {
    h.fake.setPermissions('bob', PLAIN_MEMBER);
    h.fake.setPermissions('dave', SERVER_MANAGER);
    const refused = await h.fake.slash('bob', 'main', 'gm transfer', { user: 'bob' });
    expect(refused.text).toMatch(/Only the game master, or a member with Manage Server, can hand/);
    await h.bot!.outbox.idle();
    const before = h.fake.channelMessages('main').length;
    const taken = await h.fake.slash('dave', 'main', 'gm transfer', { user: 'dave' });
    const [gm, dave] = [h.fake.user('gm').id, h.fake.user('dave').id];
    expect(taken.ephemeral).toBe(true);
    expect(taken.text).toBe(`👑 You are now the game master in place of <@${gm}>. The channel has been told.`);
    await h.fake.waitForChannelMessage('main', (m) => m.content.startsWith('👑'));
    await h.bot!.outbox.idle();
    const told = h.fake
      .channelMessages('main')
      .slice(before)
      .filter((m) => m.content.startsWith('👑'));
    expect(told.map((m) => m.content)).toEqual([
      `👑 <@${dave}> is now the game master in place of <@${gm}> (handed over by <@${dave}>, a server manager).`,
    ]);
    // dave is the game master now, with every /gm command
    expect((await h.fake.slash('dave', 'main', 'gm extend', { duration: '1h' })).text).toMatch(/Extended/);
    expect((await h.fake.slash('gm', 'main', 'gm extend', { duration: '1h' })).text).toMatch(/Only the game master/);
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });
});
