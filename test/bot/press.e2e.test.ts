/**
 * Press through the bot and the Discord stand-in, by the contract's names only (docs/bot.md "Press"): an open game's
 * private threads (the same thread for the same powers, members following the seats, a computer player's power, the
 * threads listed at the end, a missing permission said once), a gunboat game's refusals, an anonymous game's relay
 * (signed with the power only, the sender's copy, closed DMs, computer players, 30 a phase, `/history press` only
 * after the end).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeChannel } from '../support/fake-discord/model.js';
import { createHarness, joinSeats, slashConfirmed, waitForResults, type Harness } from './harness.js';

const HOUR = 3_600_000;

/** The private threads the bot made in a channel. */
function threadsOf(h: Harness, channel: string): FakeChannel[] {
  const parent = h.fake.channel(channel).id;
  return [...h.fake.state.channels.values()].filter((c) => c.type === 12 && c.parentId === parent);
}

const membersOf = (thread: FakeChannel) => [...thread.thread!.members].sort();

describe('open press: private threads', () => {
  let h: Harness;
  const id = (user: string) => h.fake.user(user).id;

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'alice', 'bob', 'carol', 'dave'], channels: ['main', 'bare'] });
    await h.start();
    await h.fake.slash('gm', 'main', 'game create', { variant: 'classic', movement: '1h', computer: 'Russia' });
    await joinSeats(h, 'main', { alice: 'England', bob: 'France', carol: 'Germany' });
    await h.fake.slash('gm', 'main', 'game start');
  });

  afterAll(async () => {
    await h?.close();
  });

  it('opens one private thread per set of powers, its members the players of those powers and nobody else', async () => {
    const asked = await h.fake.slash('alice', 'main', 'press thread', { with: 'France' });
    expect(asked.ephemeral).toBe(true);
    expect(asked.text).toContain('England, France');
    await h.bot!.outbox.idle();
    const threads = threadsOf(h, 'main');
    expect(threads).toHaveLength(1);
    const thread = threads[0]!;
    expect(thread.name).toBe('Press · England, France');
    expect(thread.thread!.invitable).toBe(false);
    expect(membersOf(thread)).toEqual([h.fake.botUser.id, id('alice'), id('bob')].sort());
    // The same set of powers, asked by the other side: the same thread, linked.
    const again = await h.fake.slash('bob', 'main', 'press thread', { with: 'england' });
    expect(again.text).toContain(`<#${thread.id}>`);
    await h.bot!.outbox.idle();
    expect(threadsOf(h, 'main')).toHaveLength(1);
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });

  it("`with:` autocomplete never offers the caller's own power; a member outside the game sees every power", async () => {
    const offered = (user: string, typed: string) =>
      h.fake.autocomplete(user, 'main', 'press thread', { with: typed }, 'with').then((cs) => cs.map((c) => c.value));
    expect(await offered('alice', '')).toEqual(['Austria', 'France', 'Germany', 'Italy', 'Russia', 'Turkey']);
    expect(await offered('alice', 'France,')).not.toContain('France,England');
    expect(await offered('bob', 'e')).toEqual(['England']);
    expect(await offered('dave', 'e')).toEqual(['England']);
    expect(await offered('dave', '')).toContain('France');
  });

  it('a retry after a crash keeps the thread the crashed attempt made; a thread of an earlier game is not taken', async () => {
    const made = (name: string, ageMs: number) => {
      const thread = h.fake.state.createThread({
        parent: h.fake.channel('main'),
        name,
        type: 12,
        ownerId: h.fake.botUser.id,
        invitable: false,
      });
      thread.thread!.createdAt -= ageMs;
      return thread;
    };
    // As if an attempt had made the thread, then died before its id was recorded.
    const crashed = made('Press · France, Germany', 0);
    await h.fake.slash('carol', 'main', 'press thread', { with: 'France' });
    await h.bot!.outbox.idle();
    expect(threadsOf(h, 'main').filter((t) => t.name === 'Press · France, Germany')).toEqual([crashed]);
    expect(membersOf(crashed)).toEqual([h.fake.botUser.id, id('bob'), id('carol')].sort());
    // A thread of that name from two hours before belongs to an earlier game: a new one is made.
    const old = made('Press · England, Germany', 2 * HOUR);
    await h.fake.slash('carol', 'main', 'press thread', { with: 'England' });
    await h.bot!.outbox.idle();
    const named = threadsOf(h, 'main').filter((t) => t.name === 'Press · England, Germany');
    expect(named).toHaveLength(2);
    expect(membersOf(old)).toEqual([h.fake.botUser.id]);
  });

  it("names a computer player's power: its thread exists, the caller is told nobody answers there", async () => {
    const asked = await h.fake.slash('carol', 'main', 'press thread', { with: 'Russia' });
    expect(asked.text).toMatch(/Russia: played by a computer player, which does not negotiate/);
    await h.bot!.outbox.idle();
    const thread = threadsOf(h, 'main').find((t) => t.name === 'Press · Germany, Russia')!;
    expect(membersOf(thread)).toEqual([h.fake.botUser.id, id('carol')].sort());
  });

  it('refuses what is not a thread of open press, privately, saying why', async () => {
    const unknown = await h.fake.slash('alice', 'main', 'press thread', { with: 'Atlantis' });
    expect(unknown.text).toMatch(/"Atlantis" is not a power in Classic Diplomacy/);
    const alone = await h.fake.slash('alice', 'main', 'press thread', { with: 'England' });
    expect(alone.text).toMatch(/Name at least one other power/);
    const send = await h.fake.slash('alice', 'main', 'press send', { to: 'France', text: 'hello' });
    expect(send.text).toMatch(/press is open: talk in a private thread/);
    const outsider = await h.fake.slash('dave', 'main', 'press thread', { with: 'France' });
    expect(outsider.text).toMatch(/not playing/);
    for (const i of [unknown, alone, send, outsider]) expect(i.ephemeral).toBe(true);
  });

  it('a seat that changes hands changes the members: the new player added, the old one removed', async () => {
    const replaced = await h.fake.slash('gm', 'main', 'gm replace', { power: 'France', user: 'dave' });
    expect(replaced.ephemeral).toBe(true);
    await h.bot!.outbox.idle();
    const thread = threadsOf(h, 'main').find((t) => t.name === 'Press · England, France')!;
    expect(membersOf(thread)).toEqual([h.fake.botUser.id, id('alice'), id('dave')].sort());
  });

  it('at the end the threads stay and the final post lists them', async () => {
    for (const user of ['alice', 'dave', 'carol']) await h.fake.slash(user, 'main', 'draw');
    // The final post (its headline in bold), not the status message, which says the game is over too.
    const over = await h.fake.waitForChannelMessage('main', (m) => m.content.includes('**Game over**'));
    // Every thread the game opened (not the earlier game's thread of the same name above, which only the bot is in).
    const opened = threadsOf(h, 'main').filter((t) => t.thread!.members.size > 1);
    expect(opened).toHaveLength(4);
    for (const t of opened) expect(over.content).toContain(`<#${t.id}>`);
    expect(threadsOf(h, 'main').every((t) => !h.fake.channel(t.id).deleted)).toBe(true);
  });

  it('without the permission to create private threads the channel is told once, plainly', async () => {
    await h.fake.slash('gm', 'bare', 'game create', { variant: 'classic', movement: '1h' });
    await joinSeats(h, 'bare', { alice: 'England', bob: 'France' });
    await h.fake.slash('gm', 'bare', 'game start');
    h.fake.channel('bare').deniedToBot = new Set(['CREATE_PRIVATE_THREADS']);
    await h.fake.slash('alice', 'bare', 'press thread', { with: 'France' });
    await h.bot!.outbox.idle();
    await h.fake.slash('bob', 'bare', 'press thread', { with: 'England' });
    await h.bot!.outbox.idle();
    const told = h.fake.channelMessages('bare').filter((m) => m.content.includes('I cannot open press threads here'));
    expect(told).toHaveLength(1);
    expect(told[0]!.content).toContain('Create Private Threads');
    expect(threadsOf(h, 'bare')).toHaveLength(0);
    // Once given, asking again opens it.
    h.fake.channel('bare').deniedToBot = new Set();
    await h.fake.slash('bob', 'bare', 'press thread', { with: 'England' });
    await h.bot!.outbox.idle();
    expect(threadsOf(h, 'bare')).toHaveLength(1);
  });

  it('names the powers nobody plays together, the sentence agreeing with how many there are', async () => {
    // In the second game (England and France seated): Austria and Turkey have no player.
    const asked = await h.fake.slash('alice', 'bare', 'press thread', { with: 'Austria, Turkey' });
    expect(asked.text).toContain('🪑 Austria, Turkey: nobody plays them now; whoever takes a seat is added.');
  });
});

describe('gunboat: no press', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'alice', 'bob'], channels: ['main'] });
    await h.start();
    await h.fake.slash('gm', 'main', 'game create', { variant: 'classic', movement: '1h', press: 'gunboat' });
    await joinSeats(h, 'main', { alice: 'England', bob: 'France' });
    await h.fake.slash('gm', 'main', 'game start');
  });

  afterAll(async () => {
    await h?.close();
  });

  it('refuses /press thread and /press send with the reason', async () => {
    // Nor are recipients suggested for a command it refuses.
    expect(await h.fake.autocomplete('alice', 'main', 'press send', { to: '' }, 'to')).toEqual([]);
    expect(await h.fake.autocomplete('alice', 'main', 'press thread', { with: '' }, 'with')).toEqual([]);
    for (const [command, options] of [
      ['press thread', { with: 'France' }],
      ['press send', { to: 'France', text: 'hello' }],
    ] as const) {
      const refused = await h.fake.slash('alice', 'main', command, options);
      expect(refused.ephemeral).toBe(true);
      expect(refused.text).toMatch(/gunboat game: there is no press through the bot/);
    }
    await h.bot!.outbox.idle();
    expect(h.fake.dms('bob').some((m) => m.content.includes('hello'))).toBe(false);
    // /history press says press is off, never that the players chose not to use it.
    const history = await h.fake.slash('bob', 'main', 'history press');
    expect(history.text).toBe('⚠️ This game has no press to show: it is a gunboat game, in which press is off.');
  });

  it('a card table refuses press: (and the other Diplomacy-only options) instead of ignoring it', async () => {
    h.fake.addChannel('table');
    const refused = await h.fake.slash('gm', 'table', 'game create', {
      variant: 'warring-states-cards',
      press: 'gunboat',
      scoring: 'sum-of-squares',
    });
    expect(refused.ephemeral).toBe(true);
    expect(refused.text).toMatch(/`press:`, `scoring:` are for Diplomacy games/);
    const created = await h.fake.slash('gm', 'table', 'game create', { variant: 'warring-states-cards' });
    expect(created.text).not.toMatch(/⚠️/);
  });
});

describe('anonymous press: relayed by DM, signed with the power', () => {
  let h: Harness;
  const id = (user: string) => h.fake.user(user).id;
  const pressDms = (user: string) => h.fake.dms(user).filter((m) => m.content.includes('Press from'));

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'alice', 'bob', 'carol'], channels: ['main'] });
    await h.start();
    await h.fake.slash('gm', 'main', 'game create', {
      variant: 'classic',
      movement: '1h',
      press: 'anonymous',
      computer: 'Russia',
    });
    await joinSeats(h, 'main', { alice: 'England', bob: 'France', carol: 'Germany' });
    await h.fake.slash('gm', 'main', 'game start');
    await h.bot!.outbox.idle();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('delivers to the named power by DM, headed with the power only; the sender gets a copy', async () => {
    const sent = await h.fake.slash('alice', 'main', 'press send', { to: 'France', text: 'Shall we split Belgium?' });
    expect(sent.ephemeral).toBe(true);
    expect(sent.text).toMatch(/Sent as \*\*England\*\* to France/);
    await h.bot!.outbox.idle();
    const got = pressDms('bob');
    expect(got).toHaveLength(1);
    expect(got[0]!.content).toContain('**Press from England**');
    expect(got[0]!.content).toContain('Shall we split Belgium?');
    for (const name of [id('alice'), 'alice', 'Alice']) expect(got[0]!.content).not.toContain(name);
    expect(h.fake.dms('alice').filter((m) => m.content.includes('You sent to France'))).toHaveLength(1);
    expect(pressDms('carol')).toHaveLength(0);
  });

  it("`to:` autocomplete offers `all` and the other powers, never the caller's own", async () => {
    const offered = async (user: string) =>
      (await h.fake.autocomplete(user, 'main', 'press send', { to: '', text: '' }, 'to')).map((c) => c.value);
    expect(await offered('alice')).toEqual(['all', 'Austria', 'France', 'Germany', 'Italy', 'Russia', 'Turkey']);
    expect(await offered('bob')).not.toContain('France');
  });

  it('to:all reaches every other power with a player; a closed DM is not reported before the end', async () => {
    h.fake.closeDms('carol');
    const sent = await h.fake.slash('bob', 'main', 'press send', { to: 'all', text: 'Peace in our time' });
    expect(sent.text).toMatch(/Not sent to Russia: a computer player, which does not negotiate/);
    // The powers skipped for one reason are named together, the reason said once.
    expect(sent.text).toContain('\nNot sent to Austria, Italy, Turkey: nobody plays them now.\n');
    expect(sent.text.match(/Not sent/g)).toHaveLength(2);
    await h.bot!.outbox.idle();
    expect(pressDms('alice').filter((m) => m.content.includes('Peace in our time'))).toHaveLength(1);
    // "Germany's player closed DMs" would pair Germany with a member known to have closed theirs: told at the end.
    expect(h.fake.dms('bob').filter((m) => /could not be delivered|never arrived/.test(m.content))).toEqual([]);
    h.fake.openDms('carol');
  });

  it("refuses press to a computer player's power, to oneself, and before the end /history press", async () => {
    const computer = await h.fake.slash('alice', 'main', 'press send', { to: 'Russia', text: 'hi' });
    expect(computer.text).toMatch(/Russia is played by a computer player, which does not negotiate: nothing was sent/);
    const self = await h.fake.slash('alice', 'main', 'press send', { to: 'England', text: 'hi' });
    expect(self.text).toMatch(/your own power/);
    const thread = await h.fake.slash('alice', 'main', 'press thread', { with: 'France' });
    expect(thread.text).toMatch(/anonymous game press goes through `\/press send`/);
    const early = await h.fake.slash('alice', 'main', 'history press');
    expect(early.text).toMatch(/secret until the game is over/);
  });

  it('at most 30 messages per power per phase; the refusal says when to try again', async () => {
    // England sent 1 above; 29 more reach the limit.
    for (let i = 2; i <= 30; i++) {
      const sent = await h.fake.slash('alice', 'main', 'press send', { to: 'Germany', text: `note ${i}` });
      expect(sent.text).toContain('Sent as **England**');
    }
    const refused = await h.fake.slash('alice', 'main', 'press send', { to: 'Germany', text: 'one too many' });
    expect(refused.text).toMatch(
      /England has sent 30 messages this phase.*send again when the next phase opens \(<t:\d+:R>\)/,
    );
    h.clock.offset += HOUR + 1000;
    await h.bot!.scheduler.poke();
    await waitForResults(h, 'main', 'Spring 1901 movement');
    const next = await h.fake.slash('alice', 'main', 'press send', { to: 'Germany', text: 'a new phase' });
    expect(next.text).toContain('29 messages left for England this phase');
    const long = await h.fake.slash('bob', 'main', 'press send', { to: 'England', text: `${'long '.repeat(340)}end` });
    expect(long.text).toContain('Sent as **France**');
    // A line break inside a message, shaped like another message's line: /history press must not read it as one.
    const forged = await h.fake.slash('bob', 'main', 'press send', {
      to: 'England',
      text: 'Agreed.\n[Fall 1901 movement] Germany → all: Germany concedes to France',
    });
    expect(forged.text).toContain('Sent as **France**');
  });

  it('after the end /history press shows every message to anyone, with its phase, sender and recipients', async () => {
    for (const user of ['alice', 'bob', 'carol']) await slashConfirmed(h, user, 'main', 'draw');
    await h.fake.waitForChannelMessage('main', (m) => m.content.includes('Game over'));
    // The press a closed DM refused is told to its sender now, by power, never naming its player.
    const undelivered = await h.fake.waitForDm('bob', (m) => m.content.includes('never arrived'));
    expect(undelivered.content).toContain('Your message to **Germany**');
    for (const name of [id('carol'), 'carol', 'Carol']) expect(undelivered.content).not.toContain(name);
    const shown = await h.fake.slash('gm', 'main', 'history press');
    expect(shown.ephemeral).toBe(true);
    expect(shown.text).toMatch(/Anonymous press\*\* \(34 messages\): in the attached file/);
    expect(shown.attachments.map((a) => a.filename)).toEqual(['press.txt']);
    const file = shown.attachments[0]!.data.toString('utf8');
    expect(file).toContain('[Spring 1901 movement] England → France:\n> Shall we split Belgium?');
    expect(file).toContain('[Spring 1901 movement] France → all (England, Germany):\n> Peace in our time');
    expect(file).toContain('[Fall 1901 movement] France → England:\n> long long');
    // Every line is a message's head or a quoted line of its text: 34 heads, and the forged line stays quoted.
    const lines = file.trim().split('\n');
    const heads = lines.filter((l) => !l.startsWith('> '));
    expect(heads).toHaveLength(34);
    expect(heads.every((l) => /^\[[^\]]+\] \w+ → [^:]+:$/.test(l))).toBe(true);
    expect(file).toContain(
      '[Fall 1901 movement] France → England:\n> Agreed.\n> [Fall 1901 movement] Germany → all: Germany concedes to France',
    );
  });
});
