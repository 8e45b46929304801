/**
 * Seats that never stall, through the bot and the Discord stand-in, by the contract's names only
 * (docs/bot.md "Seats that never stall"): `/game create nmr:computer vacate-after: min-reliability:`, the computer
 * player's missing orders in the results and one DM each, a silent seat's substitute call with its **Claim** button,
 * two simultaneous claims, `/game leave` during a game, `/gm substitute`, `/server player`, a join refused below the
 * bar. Every post and DM about seats is counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seatRecords } from '../../src/store/schema.js';
import { createHarness, slashConfirmed, waitForResults, type Harness } from './harness.js';

const HOUR = 3_600_000;

describe('seats that never stall', () => {
  let h: Harness;
  const id = (user: string) => h.fake.user(user).id;
  const calls = () => h.fake.channelMessages('main').filter((m) => m.content.includes('Substitute wanted for'));

  beforeAll(async () => {
    h = await createHarness({
      users: ['gm', 'alice', 'bob', 'carol', 'sub1', 'sub2', 'weak', 'dave'],
      channels: ['main', 'other'],
    });
    await h.start();
    const created = await h.fake.slash('gm', 'main', 'game create', {
      variant: 'classic',
      movement: '1h',
      nmr: 'computer',
      'vacate-after': 1,
      'computer-level': 'easy',
    });
    expect(created.text).toContain(
      'Missing orders at a deadline: a computer player gives them, playing to win for the absent player; the orders the player gave stand.',
    );
    expect(created.text).toContain(
      'A computer player plays a vacant seat from the start of each phase until someone claims it.',
    );
    expect(created.text).toContain('A seat without any order for 1 phase in a row goes to a substitute.');
    await h.fake.slash('alice', 'main', 'game join', { power: 'England' });
    await h.fake.slash('bob', 'main', 'game join', { power: 'France' });
    await h.fake.slash('carol', 'main', 'game join', { power: 'Germany' });
    await h.fake.slash('gm', 'main', 'game start');
  });

  afterAll(async () => {
    await h?.close();
  });

  it('nmr:computer gives exactly the missing orders; the results show them and each player gets one DM', async () => {
    await h.fake.slash('alice', 'main', 'order', { orders: 'F lon - nth; F edi - nwg; A lvp - yor' });
    await h.fake.slash('bob', 'main', 'order', { orders: 'A par - bur' });
    h.clock.offset += HOUR + 1000;
    await h.bot!.scheduler.poke();
    const results = await waitForResults(h, 'main', 'Spring 1901 movement');
    // The computer player's orders are marked 🤖 where they stand, beside the player's own.
    expect(results.content).toMatch(/\n(✅|❌) `A par - bur`/);
    expect(results.content).toContain('__France__ · 🤖 2 given by the computer player\n');
    expect(results.content).toMatch(/\n\S+ 🤖 `F bre[^`]*`/);
    expect(results.content).toMatch(/\n\S+ 🤖 `A mar[^`]*`/);
    expect(results.content).toContain('__Germany__ · 🤖 3 given by the computer player\n');
    expect(results.content).toContain('__England__\n');
    await h.bot!.outbox.idle();
    const robot = (user: string) => h.fake.dms(user).filter((m) => m.content.startsWith('🤖'));
    expect(robot('bob')).toHaveLength(1);
    expect(robot('bob')[0]!.content).toMatch(/F bre.*A mar|A mar.*F bre/s);
    expect(robot('bob')[0]!.content).not.toContain('A par');
    expect(robot('carol')).toHaveLength(1);
    expect(robot('alice')).toHaveLength(0);
  });

  it('a seat silent for vacate-after phases is vacant: its player is told once, the channel gets one call', async () => {
    await h.fake.waitForChannelMessage('main', (m) => m.content.includes('Substitute wanted for Germany'));
    await h.bot!.outbox.idle();
    expect(calls()).toHaveLength(1);
    const call = calls()[0]!;
    expect(call.content).toMatch(/Substitute wanted for Germany\*\* \(its player stopped giving orders\)/);
    expect(call.content).toMatch(/3 supply centres; units: /);
    expect(call.content).toMatch(/deadline <t:\d+:R>/);
    expect(h.fake.buttons(call).map((b) => b.label)).toEqual(['Claim']);
    expect(h.fake.dms('carol').filter((m) => m.content.includes('no longer hold the seat'))).toHaveLength(1);
    const refused = await h.fake.slash('carol', 'main', 'order', { orders: 'A ber H' });
    expect(refused.text).toMatch(/not playing/);
  });

  it('an open call keeps saying what is true: /gm extend rewrites its deadline in place, Claim still offered', async () => {
    const call = calls()[0]!;
    const before = Number(/deadline <t:(\d+):R>/.exec(call.content)![1]);
    await h.fake.slash('gm', 'main', 'gm extend', { duration: '2h' });
    await h.bot!.outbox.idle();
    const now = h.fake.channelMessages('main').find((m) => m.id === call.id)!;
    expect(Number(/deadline <t:(\d+):R>/.exec(now.content)![1])).toBe(before + 2 * 3600);
    expect(now.content.replace(/<t:\d+:R>/, '')).toBe(call.content.replace(/<t:\d+:R>/, ''));
    expect(h.fake.buttons(now).map((b) => [b.label, b.disabled ?? false])).toEqual([['Claim', false]]);
    expect(calls()).toHaveLength(1);
  });

  it('two members press Claim at the same moment: exactly one gets the seat, the other is told privately', async () => {
    const call = calls()[0]!;
    // A unit the call names (the computer player moved Germany's units last phase: which ones depends on its play);
    // read before the claim, whose edit replaces the call's text.
    const unit = /units: ([AF] [a-z]{3})/.exec(call.content)![1]!;
    const [a, b] = await Promise.all([
      h.fake.click('sub1', call, { label: 'Claim' }),
      h.fake.click('sub2', call, { label: 'Claim' }),
    ]);
    expect(a.ephemeral && b.ephemeral).toBe(true);
    const winners = [a, b].filter((i) => i.text.includes('You now play **Germany**'));
    const losers = [a, b].filter((i) => i.text.includes('already been taken'));
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    const winner = winners[0] === a ? 'sub1' : 'sub2';
    const dm = await h.fake.waitForDm(winner, (m) => m.content.includes('You now play **Germany**'));
    expect(dm.attachments).toHaveLength(1);
    expect(dm.attachments[0]!.contentType).toBe('image/png');
    expect(dm.content).toMatch(/Fall 1901 movement\*\*: deadline <t:\d+:R>/);
    await h.fake.waitForChannelMessage(
      'main',
      (m) => m.content.startsWith('🪑') && m.content.includes('took over **Germany**'),
    );
    const order = await h.fake.slash(winner, 'main', 'order', { orders: `${unit} H` });
    expect(order.text).toContain(`✅ Stored: \`${unit} H\``);
    // The call's post no longer offers the seat: its button is disabled and says so (an edit, no new post).
    await h.bot!.outbox.idle();
    expect(h.fake.buttons(call).map((b) => [b.label, b.disabled])).toEqual([['Taken', true]]);
    expect(h.fake.channelMessages('main').find((m) => m.id === call.id)?.content).toBe(
      '🪑 **Substitute wanted for Germany**: the seat is taken.',
    );
    expect(
      h.fake.channelMessages('main').filter((m) => m.content.includes('Substitute wanted for Germany')),
    ).toHaveLength(1);
    expect(h.fake.channelMessages('main').filter((m) => m.content.includes('took over **Germany**'))).toHaveLength(1);
    expect(h.fake.dms(winner).filter((m) => m.content.includes('You now play **Germany**'))).toHaveLength(1);
  });

  it('/game leave during a game asks first, then calls a substitute; /gm substitute calls one for a held seat', async () => {
    const left = await slashConfirmed(h, 'alice', 'main', 'game leave');
    expect(left.text).toMatch(/You left \*\*England\*\*/);
    await h.fake.waitForChannelMessage('main', (m) =>
      m.content.includes('Substitute wanted for England** (its player left the game)'),
    );
    const asked = await h.fake.slash('gm', 'main', 'gm substitute', { power: 'France' });
    expect(asked.ephemeral).toBe(true);
    await h.fake.waitForChannelMessage('main', (m) =>
      m.content.includes('Substitute wanted for France** (the game master asked'),
    );
    await h.fake.waitForDm('bob', (m) => m.content.includes('opened a substitute call for **France**'));
    const twice = await h.fake.slash('gm', 'main', 'gm substitute', { power: 'France' });
    expect(twice.text).toMatch(/already open/);
    const notGm = await h.fake.slash('bob', 'main', 'gm substitute', { power: 'France' });
    expect(notGm.text).toMatch(/Only the game master/);
  });

  it('a Claim forged outside the game’s channel takes nothing', async () => {
    const call = calls().find((m) => m.content.includes('Substitute wanted for England'))!;
    const claimId = h.fake.buttons(call)[0]!.customId!;
    // a public post of the bot in another channel: the create post of a table of dave's own
    const host = await h.fake.slash('dave', 'other', 'game create', { variant: 'classic' });
    expect(host.ephemeral, host.text).toBe(false);
    const forged = await h.fake.forge('dave', host, claimId);
    expect(forged.ephemeral).toBe(true);
    expect(forged.text).toContain('This button is no longer in use.');
    const status = await h.fake.slash('dave', 'main', 'game status');
    expect(status.text).toContain('England (vacant');
    expect(status.text).not.toContain(id('dave'));
    await slashConfirmed(h, 'dave', 'other', 'gm cancel');
  });

  it('/server player shows a record in numbers, never an order', async () => {
    const mine = await h.fake.slash('carol', 'main', 'server player');
    expect(mine.ephemeral).toBe(true);
    expect(mine.text).toContain('Phases seated (with something to decide): 1');
    expect(mine.text).toContain('Missed (no order at all): 1 (100%)');
    expect(mine.text).toContain('Seats vacated: 1');
    const bobs = await h.fake.slash('alice', 'main', 'server player', { user: 'bob' });
    expect(bobs.text).toContain('Some orders missing: 1');
    expect(bobs.text).not.toMatch(/A par|bur/);
  });

  it('min-reliability refuses a join below the bar, privately, saying why', async () => {
    // 10 phases on record for "weak" on this server, 5 complete.
    const gameId = h.database.sqlite.prepare('SELECT id FROM games LIMIT 1').get() as { id: number };
    for (let i = 0; i < 10; i++)
      await h.database.db.insert(seatRecords).values({
        gameId: gameId.id,
        turn: `t${i}`,
        power: 'Italy',
        userId: id('weak'),
        outcome: i < 5 ? 'complete' : 'missed',
        recordedAt: 0,
      });
    await h.fake.slash('gm', 'other', 'game create', { variant: 'classic', 'min-reliability': 60 });
    const refused = await h.fake.slash('weak', 'other', 'game join');
    expect(refused.ephemeral).toBe(true);
    expect(refused.text).toMatch(/at least 60%, and yours on this server is 50%/);
    const fine = await h.fake.slash('dave', 'other', 'game join');
    expect(fine.text).toContain('joined the game');
  });
});
