/**
 * The players' and game masters' experience through the real bot and the
 * stand-in: replies within Discord's limits that say what was replaced, one confirmation DM per burst (also
 * after `/orders clear`), pasting many orders in a modal, confirmations with Cancel and a timeout, handing the
 * game-master role over and removing a player before the start, and orders closed at the deadline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, expectResultsPost, type Harness, realMaps, slashConfirmed, waitForResults } from './harness.js';

describe("players' and game masters' experience", () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness(
      { users: ['gm', 'alice', 'bob', 'carol', 'dave'], channels: ['main', 'forming', 'notify'] },
      { limits: { confirmationQuietMs: 15_000 }, maps: realMaps() },
    );
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

  const flushDms = async () => {
    h.clock.offset += 50_000;
    h.bot!.outbox.kick();
    await h.bot!.outbox.idle();
  };

  it('answers /order within 2,000 characters whatever is typed, always with the stored order set', async () => {
    const junk = Array.from({ length: 55 }, (_, i) => `xyzzy${i} ${'q'.repeat(60)}`).join('; ');
    expect(junk.length).toBeLessThan(4000);
    const reply = await h.fake.slash('alice', 'main', 'order', { orders: `A par - bur; ${junk}` });
    expect(reply.finalText.length).toBeLessThanOrEqual(2000);
    expect(reply.finalText).toContain('✅ Stored: `A par - bur`');
    expect(reply.finalText).toContain('Your orders now (1): `A par - bur`');
    expect(reply.finalText).toMatch(/… \d+ more lines not shown \(1 stored, 0 replaced, 55 refused in all\)/);
  });

  it('says which earlier orders were replaced, in this text or stored before', async () => {
    const reply = await h.fake.slash('alice', 'main', 'order', { orders: 'A par - pic; F bre - mao; F bre - eng' });
    expect(reply.text).toContain('🔁 Replaced `A par - bur` with `A par - pic`');
    expect(reply.text).toContain('🔁 Replaced `F bre - mao` with `F bre - eng`');
    expect(reply.text).toMatch(/Your orders now \(2\): (`A par - pic`, `F bre - eng`|`F bre - eng`, `A par - pic`)/);
    const nothing = await h.fake.slash('alice', 'main', 'order', { orders: 'F kie - hol' });
    expect(nothing.text).toContain('Nothing was stored, so your orders are as they were.');
    expect(nothing.text).not.toContain('A DM confirms');
  });

  it('sends one confirmation DM per burst, and another after /orders clear, each showing the orders as they are', async () => {
    await flushDms();
    // Everything earlier has arrived: the start DM and the confirmation of the orders above.
    await h.fake.waitForDm('alice', (m) => m.content.includes('You play **France**'));
    await h.fake.waitForDm('alice', (m) => m.content.includes('`F bre - eng`'));
    const before = h.fake.dms('alice').length;
    await h.fake.slash('alice', 'main', 'order', { orders: 'A mar - spa' });
    await h.fake.slash('alice', 'main', 'order', { orders: 'A mar - bur' });
    await flushDms();
    await h.fake.waitForDm('alice', (m) => m.content.includes('`A mar - bur`'));
    const burst = h.fake.dms('alice').slice(before);
    expect(burst).toHaveLength(1);
    expect(burst[0]!.content).toContain('`A mar - bur`');
    expect(burst[0]!.content).not.toContain('A mar - spa');

    const cancel = await h.fake.slash('alice', 'main', 'orders clear');
    expect(cancel.text).toMatch(/Delete all 3 orders of France/);
    const kept = await h.fake.click('alice', cancel, { label: 'Cancel' });
    expect(kept.text).toBe('Cancelled; nothing was changed.');
    expect((await h.fake.slash('alice', 'main', 'orders show')).text).toContain('`A mar - bur`');

    const cleared = await slashConfirmed(h, 'alice', 'main', 'orders clear');
    expect(cleared.text).toMatch(/Cleared 3 orders of France/);
    await flushDms();
    await h.fake.waitForDm('alice', (m) => m.content.includes('after `/orders clear`'));
    const after = h.fake.dms('alice').slice(before + 1);
    expect(after).toHaveLength(1);
    expect(after[0]!.content).toMatch(/after `\/orders clear`:\n\(no orders\)/);
  });

  it('takes many orders pasted into a modal, one per line', async () => {
    const opened = await h.fake.slash('bob', 'main', 'orders paste');
    expect(opened.modal?.title).toBe('Orders for Germany');
    const submitted = await h.fake.submitModal('bob', opened, { orders: 'A ber - kie\nA mun - ruh\nF kie - den' });
    expect(submitted.ephemeral).toBe(true);
    expect(submitted.text).toContain('Your orders now (3)');
  });

  it('asks before /gm advance; Cancel changes nothing and a confirmation expires after its timeout', async () => {
    const asked = await h.fake.slash('gm', 'main', 'gm advance');
    expect(asked.ephemeral).toBe(true);
    expect(h.fake.buttons(asked).map((b) => b.label)).toEqual(['Resolve now', 'Cancel']);
    const outsider = await h.fake.slash('alice', 'main', 'gm advance');
    expect(outsider.text).toMatch(/Only the game master/);
    h.clock.offset += 61_000;
    const late = await h.fake.click('gm', asked, { label: 'Resolve now' });
    expect(late.text).toBe('This confirmation has expired and nothing was changed; run the command again.');
    expect(h.fake.buttons(asked)).toEqual([]);
    expect((await h.fake.slash('gm', 'main', 'game status')).text).toContain('Spring 1901 movement');
  });

  it('hands the game-master role over and removes a player before the start', async () => {
    await h.fake.slash('carol', 'forming', 'game create', { variant: 'classic' });
    await h.fake.slash('dave', 'forming', 'game join', { power: 'Italy' });
    const notMaster = await h.fake.slash('dave', 'forming', 'gm kick', { power: 'Italy' });
    expect(notMaster.text).toMatch(/Only the game master/);
    const kicked = await h.fake.slash('carol', 'forming', 'gm kick', { power: 'Italy' });
    expect(kicked.text).toContain(`Removed <@${h.fake.user('dave').id}> from **Italy**`);
    await h.fake.waitForChannelMessage('forming', (m) => m.content.startsWith('👢 The game master removed'));
    const handed = await h.fake.slash('carol', 'forming', 'gm transfer', { user: 'dave' });
    expect(handed.text).toContain('is now the game master');
    await h.fake.waitForChannelMessage('forming', (m) =>
      m.content.startsWith(`👑 <@${h.fake.user('dave').id}> is now the game master`),
    );
    expect((await h.fake.slash('carol', 'forming', 'game start')).text).toMatch(/Only the game master/);
    expect((await h.fake.slash('dave', 'forming', 'gm cancel')).text).toMatch(
      /Cancel the \*\*Classic Diplomacy\*\* game/,
    );
  });

  it('pings the role chosen with /game create notify: in the start and results posts, and nothing else; never @everyone', async () => {
    const role = h.fake.addRole('Diplomats');
    const everyone = await h.fake.slash('alice', 'notify', 'game create', { variant: 'classic', notify: '@everyone' });
    expect(everyone.text).toMatch(/never pings @everyone/);
    const created = await h.fake.slash('alice', 'notify', 'game create', { variant: 'classic', notify: 'Diplomats' });
    expect(created.text).toContain(`The start and results posts will ping <@&${role.id}>`);
    expect(h.fake.pings(h.fake.replyMessage(created))).toEqual({ users: [], roles: [], everyone: false });
    await h.fake.slash('bob', 'notify', 'game join', { power: 'Austria' });
    await h.fake.slash('alice', 'notify', 'game start');
    const started = await h.fake.waitForChannelMessage('notify', (m) => m.content.includes('has started'));
    expect(h.fake.pings(started).roles).toEqual([role.id]);
    await h.fake.slash('bob', 'notify', 'order', { orders: 'A vie - gal' });
    await slashConfirmed(h, 'alice', 'notify', 'gm advance');
    const results = await waitForResults(h, 'notify', 'Spring 1901 movement');
    expect(results.content.startsWith(`<@&${role.id}> **Spring 1901 movement: results**`)).toBe(true);
    expect(h.fake.allowedMentions(results)).toEqual({ parse: [], users: [], roles: [role.id] });
    expect(h.fake.pings(results)).toEqual({ users: [], roles: [role.id], everyone: false });
    // The board after follows alone (the role's mention counted in the parts), and pings nobody.
    const parts = await expectResultsPost(h, results);
    expect(h.fake.pings(parts.at(-1)!)).toEqual({ users: [], roles: [], everyone: false });
    await h.bot!.outbox.idle();
    for (const m of h.fake.channelMessages('notify')) expect(h.fake.pings(m).everyone).toBe(false);
  });

  it('refuses orders once the deadline has passed, even before the sweep resolves the phase', async () => {
    await h.bot!.scheduler.stop();
    h.clock.offset += 2 * 3_600_000;
    const late = await h.fake.slash('bob', 'main', 'order', { orders: 'A mun H' });
    expect(late.text).toMatch(/The deadline passed <t:\d+:R> .*orders for this phase are closed/);
    const mine = await h.fake.slash('bob', 'main', 'orders show');
    expect(mine.text).toContain('`A mun - ruh`');
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });
});
