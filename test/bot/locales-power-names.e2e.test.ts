/**
 * Powers named in the reader's language in the replies and DMs the bot words itself (docs/locales.md "Names"): a
 * French Classic game's start acknowledgement (the powers left in civil disorder), the concession's question, its
 * choice of powers and its standing, a press thread's name, `/gm substitute`'s seats, `/gm seats`, the DM that opens
 * the next phase, the final post's threads; in an anonymous one the pause vote, `/map`, leaving, claiming the seat and
 * `/history press` after the end. No English power name is left where French has its own (`Allemagne`, `Autriche`).
 * (Classic has no Chinese names: a Chinese reader reads the English ones, docs/locales.md.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { powerName } from '../../src/variants/names.js';
import { classic } from '../../src/variants/classic/index.js';
import { componentsOf, type FakeInteraction } from '../support/fake-discord/index.js';
import { createHarness, joinSeats, type Harness } from './harness.js';

/** Classic's powers whose English name differs from the French one (France is France in both). */
const ENGLISH = ['Austria', 'England', 'Germany', 'Italy', 'Russia', 'Turkey'];

describe('powers in the reader’s language, in what the bot words itself', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({ users: ['mj', 'alice', 'bob', 'carl', 'dave'], channels: ['fr', 'anon'] });
    await h.start();
  });

  afterAll(async () => {
    await h?.close();
  });

  /** What a reply shows: its text and its components' labels (buttons, a select menu's options). */
  function shown(i: FakeInteraction): string {
    const reply = i.originalMessageId ? h.fake.message(i.originalMessageId) : null;
    const labels = (reply ? componentsOf(reply) : [])
      .flatMap((row) => row.components)
      .flatMap((c) => (c.type === 2 ? [c.label ?? ''] : c.type === 3 ? c.options.map((o) => o.label) : []));
    return [i.text, ...labels].join('\n');
  }

  it('start, concession, seats and the next phase’s DM', async () => {
    const [locale, channel] = ['fr', 'fr'] as const;
    for (const user of ['mj', 'alice', 'bob', 'carl']) h.fake.setLocale(user, locale);
    const name = (power: string) => powerName(classic, locale, power);
    await h.fake.slash('mj', channel, 'game create', { variant: 'classic', movement: '1h', locale, 'vacate-after': 0 });
    await joinSeats(h, channel, { alice: 'France', bob: 'Germany', carl: 'Italy' });
    const texts: string[] = [];
    const started = await h.fake.slash('mj', channel, 'game start');
    texts.push(started.text);
    expect(started.text).toContain(name('Austria'));
    // `to:` offers what the menu of a bare `/concede` offers: the surviving powers but the member's own.
    const offered = await h.fake.autocomplete('bob', channel, 'concede', { to: '' }, 'to');
    expect(offered.map((c) => c.value)).not.toContain('Germany');
    expect(offered).toContainEqual({ name: name('Italy'), value: 'Italy' });
    expect(offered).toHaveLength(6);
    const question = await h.fake.slash('bob', channel, 'concede', { to: 'France' });
    texts.push(shown(question));
    expect(question.text).toContain(name('Germany'));
    await h.fake.click('bob', question, h.fake.buttons(question)[0]!.customId!);
    const choice = await h.fake.slash('bob', channel, 'concede');
    texts.push(shown(choice));
    expect(shown(choice)).toContain(name('Italy'));
    // Open press: the thread's name is read in the channel's list, in the game's language.
    await h.fake.slash('bob', channel, 'press thread', { with: 'Italy' });
    await h.bot!.outbox.idle();
    const parent = h.fake.channel(channel).id;
    const threads = [...h.fake.state.channels.values()].filter((c) => c.type === 12 && c.parentId === parent);
    expect(threads.map((t) => t.name)).toEqual([`Négociation · ${name('Germany')}, ${name('Italy')}`]);
    const notSeated = await h.fake.slash('mj', channel, 'gm substitute', { power: 'Nowhere' });
    texts.push(notSeated.text);
    expect(notSeated.text).toContain(`${name('Germany')}, ${name('Italy')}`);
    const seats = await h.fake.slash('mj', channel, 'gm seats');
    texts.push(seats.text);
    expect(seats.text).toContain(name('Turkey'));
    await h.fake.slash('alice', channel, 'ready');
    await h.fake.slash('bob', channel, 'ready');
    await h.fake.slash('carl', channel, 'ready');
    await h.bot!.outbox.idle();
    const begun = h.fake.dms('bob').map((m) => m.content);
    texts.push(...begun);
    expect(begun.join('\n')).toContain(name('Germany'));
    // A draw ends it: the final post lists the press threads with their powers.
    for (const user of ['alice', 'bob', 'carl']) await h.fake.slash(user, channel, 'draw');
    await h.bot!.outbox.idle();
    const final = h.fake.channelMessages(channel).find((m) => m.content.includes('🧵'));
    expect(final?.content).toMatch(new RegExp(`\\(${name('Germany')}, ${name('Italy')}\\)`));
    texts.push(final!.content);
    for (const text of texts)
      for (const english of ENGLISH) expect(text, text).not.toMatch(new RegExp(`\\b${english}\\b`));
  });

  it('pause vote, /map, leaving and claiming a seat, and the press history after the end', async () => {
    const channel = 'anon';
    for (const user of ['mj', 'alice', 'bob', 'carl', 'dave']) h.fake.setLocale(user, 'fr');
    const name = (power: string) => powerName(classic, 'fr', power);
    await h.fake.slash('mj', channel, 'game create', {
      variant: 'classic',
      movement: '1h',
      locale: 'fr',
      press: 'anonymous',
      'vacate-after': 0,
    });
    await joinSeats(h, channel, { alice: 'France', bob: 'Germany', carl: 'Italy' });
    await h.fake.slash('mj', channel, 'game start');
    const texts: string[] = [];
    const said = async (user: string, command: string, options: Record<string, string> = {}) => {
      const i = await h.fake.slash(user, channel, command, options);
      texts.push(shown(i));
      return i;
    };
    await said('bob', 'press send', { to: 'Italy', text: 'bonjour' });
    expect((await said('bob', 'game pause-vote')).text).toContain(name('Germany'));
    await said('bob', 'game pause-vote');
    expect((await said('bob', 'map')).text).toContain(name('Germany'));
    const leave = await said('bob', 'game leave');
    const left = await h.fake.click('bob', leave, h.fake.buttons(leave)[0]!.customId!);
    texts.push(left.text);
    expect(left.text).toContain(name('Germany'));
    // An anonymous game: the call reaches the channel at the next mark of the clock.
    h.clock.offset += 5 * 60_000;
    h.bot!.outbox.kick();
    await h.bot!.outbox.idle();
    const call = await h.fake.waitForChannelMessage(channel, (m) => h.fake.buttons(m).some((b) => !b.disabled));
    const claimed = await h.fake.click('dave', call, { label: h.fake.buttons(call).find((b) => !b.disabled)!.label });
    texts.push(claimed.text);
    expect(claimed.text).toContain(name('Germany'));
    for (const user of ['alice', 'carl', 'dave']) await said(user, 'draw');
    await h.bot!.outbox.idle();
    const press = await said('carl', 'history press');
    expect(press.text).toContain(`${name('Germany')} → ${name('Italy')}`);
    for (const text of texts)
      for (const english of ENGLISH) expect(text, text).not.toMatch(new RegExp(`\\b${english}\\b`));
  });
});
