/**
 * `/game list` through the bot and the Discord stand-in (docs/bot.md "Finding a game"): the server's forming games
 * with free powers and running games with vacant seats, each with its channel, only for the caller and in their
 * language; a full game and a demonstration table are not listed, nor a game whose channel the caller cannot see.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, slashConfirmed, type Harness } from './harness.js';

describe('/game list', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({
      users: ['gm', 'alice', 'bob', 'carol', 'marie', 'wei'],
      channels: ['lobby', 'running', 'full', 'demo', 'secret'],
    });
    await h.start();
    h.fake.setLocale('marie', 'fr');
    h.fake.setLocale('wei', 'zh-TW');
  });

  afterAll(async () => {
    await h?.close();
  });

  it('says so when no game has a seat to take', async () => {
    const none = await h.fake.slash('carol', 'lobby', 'game list');
    expect(none.ephemeral).toBe(true);
    expect(none.text).toBe('No game of this server has a free or vacant seat. Start one with `/game create`.');
  });

  it('lists forming games with their free powers and running games with their vacant seats, nothing else', async () => {
    // A running game whose player left: one vacant seat.
    await h.fake.slash('carol', 'running', 'game create', { variant: 'classic', 'vacate-after': 0 });
    await h.fake.slash('bob', 'running', 'game join', { power: 'England' });
    await h.fake.slash('carol', 'running', 'game join', { power: 'Germany' });
    await h.fake.slash('carol', 'running', 'game start');
    await slashConfirmed(h, 'bob', 'running', 'game leave');
    // A running game whose seats are all held (the free powers in civil disorder) and a demonstration table.
    await h.fake.slash('alice', 'full', 'game create', { variant: 'classic' });
    await h.fake.slash('alice', 'full', 'game join', { power: 'Italy' });
    await h.fake.slash('alice', 'full', 'game start');
    await h.fake.slash('bob', 'demo', 'game create', { variant: 'classic', demonstration: true });
    // A forming game with one power taken.
    await h.fake.slash('gm', 'lobby', 'game create', { variant: 'classic', movement: '12h' });
    await h.fake.slash('alice', 'lobby', 'game join', { power: 'France' });
    await h.bot!.outbox.idle();

    const listed = await h.fake.slash('carol', 'full', 'game list');
    expect(listed.ephemeral).toBe(true);
    const lobby = h.fake.channel('lobby').id;
    const running = h.fake.channel('running').id;
    expect(listed.text.split('\n')).toEqual([
      '**Games with a seat to take** (only you see this)',
      `<#${running}> · **Classic Diplomacy** · under way: 1 vacant seat · phases 1d / 12h / 12h — press **Claim** on its substitute call`,
      `<#${lobby}> · **Classic Diplomacy** · forming: 6 powers of 7 free · phases 12h / 12h / 12h — \`/game join\` there`,
    ]);
    const full = h.fake.channel('full').id;
    expect(listed.text).not.toContain(full);
  });

  it('reads in the member’s language', async () => {
    const fr = await h.fake.slash('marie', 'lobby', 'game list');
    expect(fr.text).toContain('**Parties avec une place à prendre**');
    expect(fr.text).toContain('en préparation : 6 puissances libres sur 7');
    expect(fr.text).toContain('en cours : 1 place vacante');
    const zh = await h.fake.slash('wei', 'lobby', 'game list');
    expect(zh.text).toContain('籌備中：7 個國家中有 6 個空位');
    expect(zh.text).toContain('進行中：1 個空缺座位');
  });

  it('names no game in a channel hidden from the caller (only what they could see anyway)', async () => {
    // A moderator's private channel: carol and marie cannot see it; alice can.
    const secret = h.fake.channel('secret').id;
    h.fake.state.hideFrom(secret, h.fake.user('carol').id);
    h.fake.state.hideFrom(secret, h.fake.user('marie').id);
    await h.fake.slash('alice', 'secret', 'game create', { variant: 'classic' });
    await h.bot!.outbox.idle();

    expect((await h.fake.slash('alice', 'lobby', 'game list')).text).toContain(`<#${secret}>`);
    const carol = await h.fake.slash('carol', 'lobby', 'game list');
    expect(carol.text).not.toContain(secret);
    expect(carol.text.split('\n')).toHaveLength(3); // the heading, the running game and the lobby, no "more"
    const marie = await h.fake.slash('marie', 'lobby', 'game list');
    expect(marie.text).toContain('**Parties avec une place à prendre**');
    expect(marie.text).not.toContain(secret);
  });
});
