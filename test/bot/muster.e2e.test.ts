/**
 * Mustering through the bot and the Discord stand-in (docs/table.md "Mustering"): `/game start` with a muster opens
 * it with an **I'm here** button on the start post; a seated member's press is confirmed privately, anyone else's
 * refused; at its end every unconfirmed seat is vacated with a substitute call (once, on two sweeps at once), the
 * channel told once which powers; when everyone answers early it ends at once; in a gunboat game nobody is named.
 * The muster's length is set in the store (the settings surface, `/gm set muster`, is tested with it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, joinSeats, type Harness } from './harness.js';
import type { FakeMessage } from '../support/fake-discord/index.js';
import { gameIdOfChannel, gameRow } from '../support/table-columns.js';
import { nextMusterAt } from '../../src/game/muster/index.js';
import { PROGRESS_EVERY_MS, nextProgressMark } from '../../src/game/outbox/marks.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('mustering', () => {
  let h: Harness;
  const channelId = (name: string) => h.fake.channel(name).id;
  const notices = (channel: string, text: string) =>
    h.fake.channelMessages(channel).filter((m) => m.content.includes(text));

  /** Creates a game in `channel`, seats the members, sets the muster and starts it; answers the start post. */
  async function startWithMuster(
    channel: string,
    seats: Record<string, string>,
    options: Record<string, string> = {},
  ): Promise<{ post: FakeMessage; gameId: number }> {
    await h.fake.slash('gm', channel, 'game create', { variant: 'classic', movement: '2h', ...options });
    await joinSeats(h, channel, seats);
    const gameId = await gameIdOfChannel(h.store, channelId(channel));
    // The muster as the game master gives it before the start (`/gm set setting:muster`).
    const set = await h.fake.slash('gm', channel, 'gm set', { setting: 'muster', value: '30m' });
    expect(set.text).toContain('30m');
    await h.fake.slash('gm', channel, 'game start');
    await h.fake.waitForChannelMessage(channel, (m) => m.content.includes('has started'));
    await h.bot!.outbox.idle();
    const post = h.fake.channelMessages(channel).find((m) => h.fake.buttons(m).some((b) => b.label === "I'm here"))!;
    expect(post.content).toContain('has started');
    return { post, gameId };
  }

  beforeAll(async () => {
    h = await createHarness({
      users: ['gm', 'alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'gina', 'ivy', 'jack'],
      channels: ['open', 'early', 'gunboat', 'hidden', 'twice', 'short'],
    });
    await h.start();
    h.fake.setLocale('frank', 'fr');
  });

  afterAll(async () => {
    await h?.close();
  });

  it('a seat not confirmed by the end is vacated with a substitute call, the channel told once', async () => {
    const { post, gameId } = await startWithMuster(
      'open',
      { alice: 'England', bob: 'France', carol: 'Germany' },
      { computer: 'Italy' },
    );
    expect(post.content).toMatch(/Muster\*\*: every player presses \*\*I'm here\*\* below before <t:\d+:f>/);
    const deadline = (await gameRow(h.store, gameId)).deadlineMs;

    const outsider = await h.fake.click('dave', post, { label: "I'm here" });
    expect(outsider.ephemeral).toBe(true);
    expect(outsider.text).toContain('you play no power in this game');
    const here = await h.fake.click('alice', post, { label: "I'm here" });
    expect(here.ephemeral).toBe(true);
    expect(here.text).toContain('you are here for **England**');
    expect((await h.fake.click('alice', post, { label: "I'm here" })).text).toContain('already said');
    await h.fake.click('bob', post, { label: "I'm here" });

    const status = await h.fake.slash('dave', 'open', 'game status');
    expect(status.text).toMatch(/Muster: waiting for \*\*I'm here\*\* from Germany \(<@\d+>\)/);
    expect(status.text).not.toMatch(/from[^\n]*(England|France|Italy)/);

    h.clock.offset += 30 * MINUTE + 1000;
    // Two sweeps at once (two processes' timers): the muster is settled once.
    await Promise.all([h.bot!.scheduler.sweep(), h.bot!.scheduler.sweep()]);
    await h.bot!.outbox.idle();
    await h.fake.waitForChannelMessage('open', (m) => m.content.includes('Muster over'));
    await h.fake.waitForChannelMessage('open', (m) => m.content.includes('Substitute wanted for Germany'));
    await h.bot!.scheduler.sweep();
    await h.bot!.outbox.idle();
    const over = notices('open', 'Muster over');
    expect(over).toHaveLength(1);
    expect(over[0]!.content).toContain('1 seat was not confirmed and goes to a substitute: Germany.');
    const calls = notices('open', 'Substitute wanted for');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.content).toContain('its player did not answer the muster');
    expect(h.fake.buttons(calls[0]!).map((b) => b.label)).toEqual(['Claim']);
    expect(h.fake.dms('carol').filter((m) => m.content.includes("You did not press **I'm here**"))).toHaveLength(1);
    // Phase one did not wait for the muster.
    const row = await gameRow(h.store, gameId);
    expect(row.status).toBe('active');
    expect(row.deadlineMs).toBe(deadline);
    expect(row.musterEndsAt).toBeNull();
    // The start post's button is disabled by an edit, saying the muster is over.
    expect(h.fake.buttons(post).map((b) => [b.label, b.disabled])).toEqual([['Muster over', true]]);
    expect((await h.fake.slash('dave', 'open', 'game status')).text).not.toContain('Muster');
  });

  it('when every seat answers early, the muster ends at once and nobody is vacated', async () => {
    const { post, gameId } = await startWithMuster('early', { erin: 'England', frank: 'France' });
    await h.fake.click('erin', post, { label: "I'm here" });
    expect(notices('early', 'Muster over')).toHaveLength(0);
    await h.fake.click('frank', post, { label: "I'm here" });
    const over = await h.fake.waitForChannelMessage('early', (m) => m.content.includes('Muster over'));
    expect(over.content).toContain('every player is here');
    expect((await gameRow(h.store, gameId)).musterEndsAt).toBeNull();
    h.clock.offset += 31 * MINUTE;
    await h.bot!.scheduler.sweep();
    await h.bot!.outbox.idle();
    expect(notices('early', 'Muster over')).toHaveLength(1);
    expect(notices('early', 'Substitute wanted')).toHaveLength(0);
    expect(h.fake.buttons(post).map((b) => [b.label, b.disabled])).toEqual([['Muster over', true]]);
  });

  it('every player pressing twice at once: each told they are here, never that the muster is over', async () => {
    const { post } = await startWithMuster('twice', { ivy: 'England', jack: 'France' });
    // Both press twice before the start post's button is disabled: the last first press ends the muster.
    const presses = await Promise.all(
      ['ivy', 'ivy', 'jack', 'jack'].map((user) => h.fake.click(user, post, { label: "I'm here" })),
    );
    for (const press of presses) {
      expect(press.ephemeral).toBe(true);
      expect(press.text).toMatch(
        /^✅ (Noted: you are here|You had already said you are here) for \*\*(England|France)\*\*/,
      );
    }
    expect(presses.filter((p) => p.text.startsWith('✅ Noted'))).toHaveLength(2);
    await h.bot!.outbox.idle();
    expect(notices('twice', 'Muster over')).toHaveLength(1);
    expect(notices('twice', 'Substitute wanted')).toHaveLength(0);
  });

  it('refuses a muster too short for anyone to see the start post (1s, 1m), naming it, storing nothing', async () => {
    // A muster that ends before a player can read the start post would vacate every seat at the start.
    const created = await h.fake.slash('frank', 'short', 'game create', { variant: 'classic', muster: '1s' });
    expect(created.text).toMatch(
      /^⚠️ `1s` n’est pas une valeur possible pour `muster` : il faut une durée de 10 minutes/,
    );
    expect((await h.fake.slash('frank', 'short', 'game status')).text).toMatch(/pas de partie/i);
    await h.fake.slash('dave', 'short', 'game create', { variant: 'classic' });
    const set = await h.fake.slash('dave', 'short', 'gm set', { setting: 'muster', value: '1m' });
    expect(set.text).toMatch(/^⚠️ `1m` is not a value for `muster`: it takes a duration from 10 minutes to 30 days/);
    expect((await h.fake.slash('dave', 'short', 'gm set', { setting: 'muster', value: '10m' })).text).toContain(
      '**10m**',
    );
    expect((await h.fake.slash('dave', 'short', 'gm set', { setting: 'muster', value: '9m59s' })).text).toMatch(/^⚠️/);
    expect((await gameRow(h.store, await gameIdOfChannel(h.store, channelId('short')))).musterMs).toBe(10 * MINUTE);
  });

  it('in a gunboat game the muster names powers only, never a member', async () => {
    const { post } = await startWithMuster('gunboat', { gina: 'Austria', alice: 'Russia' }, { press: 'gunboat' });
    await h.fake.click('gina', post, { label: "I'm here" });
    const status = await h.fake.slash('dave', 'gunboat', 'game status');
    expect(status.text).toMatch(/Muster: waiting for \*\*I'm here\*\* from/);
    expect(status.text).not.toMatch(/<@\d+>/);
    h.clock.offset += HOUR;
    await h.bot!.scheduler.sweep();
    await h.bot!.outbox.idle();
    const over = await h.fake.waitForChannelMessage('gunboat', (m) => m.content.includes('Muster over'));
    expect(over.content).toContain('1 seat was not confirmed and goes to a substitute: Russia.');
    await h.fake.waitForChannelMessage('gunboat', (m) => m.content.includes('Substitute wanted for Russia'));
    await h.bot!.outbox.idle();
    for (const m of h.fake.channelMessages('gunboat').filter((m) => /Muster|Substitute/.test(m.content)))
      expect(m.content).not.toMatch(/<@\d+>|alice|gina/);
  });

  it('in a gunboat game the last press changes nothing another member reads before the next mark', async () => {
    const { post, gameId } = await startWithMuster(
      'hidden',
      { gina: 'Austria', alice: 'Russia' },
      { press: 'gunboat' },
    );
    const toNextMark = async () => {
      h.clock.offset += PROGRESS_EVERY_MS - (h.clock.now() % PROGRESS_EVERY_MS) + 1000;
      await h.bot!.scheduler.sweep();
      h.bot!.outbox.kick();
      await h.bot!.outbox.idle();
    };
    await h.fake.click('gina', post, { label: "I'm here" });
    await toNextMark();
    const pin = () => h.fake.channelMessages('hidden').find((m) => m.content.includes('Muster: waiting'));
    const before = await h.fake.slash('dave', 'hidden', 'game status');
    const pinBefore = pin()?.content;
    expect(before.text).toMatch(/Muster: waiting for \*\*I'm here\*\* from Russia \(it ends <t:\d+:R>\)/);
    expect(pinBefore).toBeDefined();
    const channelBefore = h.fake.channelMessages('hidden').length;
    // Russia's player presses last: whoever is seen pressing must not be paired with Russia by what changes now.
    await h.fake.click('alice', post, { label: "I'm here" });
    await h.bot!.outbox.idle();
    // The scheduler wakes for it at the next mark.
    expect(await nextMusterAt({ store: h.store, now: () => h.clock.now() })).toBe(nextProgressMark(h.clock.now()));
    expect((await h.fake.slash('dave', 'hidden', 'game status')).text).toBe(before.text);
    expect(pin()?.content).toBe(pinBefore);
    expect(h.fake.channelMessages('hidden')).toHaveLength(channelBefore);
    expect(h.fake.buttons(post).map((b) => b.label)).toEqual(["I'm here"]);
    // At the next mark the muster ends, every player here, and nobody is vacated.
    await toNextMark();
    const over = await h.fake.waitForChannelMessage('hidden', (m) => m.content.includes('Muster over'));
    expect(over.content).toContain('every player is here');
    expect((await gameRow(h.store, gameId)).musterEndsAt).toBeNull();
    expect(notices('hidden', 'Substitute wanted')).toHaveLength(0);
    expect((await h.fake.slash('dave', 'hidden', 'game status')).text).not.toContain('Muster');
  });
});
