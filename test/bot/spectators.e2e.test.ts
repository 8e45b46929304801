/**
 * Spectators through the bot and the Discord stand-in (docs/table.md "Spectators"): `/spectate power:` asks the
 * power's player by DM (Allow / Allow with orders / Deny); an allowed spectator receives the results by DM, never the
 * orders before them (unless allowed), until `/spectate stop:True`, and nothing after; a denied request waits before
 * it may be asked again; in a gunboat game the request and the answer name nobody; `/game status` tells the player
 * privately how many watch them.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHarness, joinSeats, waitForResults, type Harness } from './harness.js';
import { PROGRESS_EVERY_MS } from '../../src/game/outbox/index.js';
import type { FakeMessage } from '../support/fake-discord/index.js';

const HOUR = 3_600_000;

describe('spectators', () => {
  let h: Harness;
  const mention = (user: string) => `<@${h.fake.user(user).id}>`;
  const requestDm = (user: string, power: string) =>
    h.fake.waitForDm(user, (m) => m.content.includes(`asks to watch **${power}**`));
  /** The clock to the next mark (docs/decisions.md "Hidden identities"), and what falls due there out. */
  const toNextMark = async () => {
    h.clock.offset += PROGRESS_EVERY_MS - (h.clock.now() % PROGRESS_EVERY_MS) + 1000;
    h.bot!.outbox.kick();
    await h.bot!.outbox.idle();
  };

  beforeAll(async () => {
    h = await createHarness({
      users: ['gm', 'alice', 'bob', 'carol', 'dave', 'erin', 'gina', 'hal', 'ivan', 'judy', 'marie', 'kim', 'leo'],
      channels: ['main', 'gunboat', 'closed', 'fog', 'ended'],
    });
    await h.start();
    h.fake.setLocale('marie', 'fr');
    // Nobody is vacated for missing orders here (vacate-after 0): the seats stay with their players.
    await h.fake.slash('gm', 'main', 'game create', {
      variant: 'classic',
      movement: '1h',
      computer: 'Italy',
      'vacate-after': 0,
    });
    await joinSeats(h, 'main', { alice: 'England', bob: 'France' });
    await h.fake.slash('gm', 'main', 'game start');
  });

  afterAll(async () => {
    await h?.close();
  });

  it('refuses a player, a computer seat and a seat nobody plays, saying why', async () => {
    expect((await h.fake.slash('alice', 'main', 'spectate', { power: 'France' })).text).toContain(
      'You play **England**',
    );
    expect((await h.fake.slash('dave', 'main', 'spectate', { power: 'Italy' })).text).toContain('computer player');
    expect((await h.fake.slash('dave', 'main', 'spectate', { power: 'Russia' })).text).toContain('Nobody plays');
    const choices = await h.fake.autocomplete('dave', 'main', 'spectate', { power: '' }, 'power');
    expect(choices.map((c) => c.value)).toEqual(['England', 'France']);
    // A French member reads the powers by their French names, and finds them by either name (docs/locales.md "Names").
    expect(await h.fake.autocomplete('marie', 'main', 'spectate', { power: '' }, 'power')).toEqual([
      { name: 'Angleterre', value: 'England' },
      { name: 'France', value: 'France' },
    ]);
    expect(await h.fake.autocomplete('marie', 'main', 'spectate', { power: 'angl' }, 'power')).toEqual([
      { name: 'Angleterre', value: 'England' },
    ]);
  });

  it('an allowed spectator gets the results by DM, never the orders before them, and nothing once stopped', async () => {
    const asked = await h.fake.slash('dave', 'main', 'spectate', { power: 'England' });
    expect(asked.ephemeral).toBe(true);
    expect(asked.text).toContain('the player of **England** decides');
    const request = await requestDm('alice', 'England');
    expect(request.content).toContain(mention('dave'));
    expect(h.fake.buttons(request).map((b) => b.label)).toEqual(['Allow', 'Allow with orders', 'Deny']);
    const again = await h.fake.slash('dave', 'main', 'spectate', { power: 'England' });
    expect(again.text).toContain('has not answered yet');

    const allowed = await h.fake.click('alice', request, { label: 'Allow' });
    expect(allowed.ephemeral).toBe(false);
    expect(h.fake.message(request.id).content).toContain('You allowed a spectator to watch **England**');
    expect(h.fake.buttons(request).map((b) => b.label)).toEqual(['Revoke']);
    const told = await h.fake.waitForDm('dave', (m) => m.content.includes('you now watch **England**'));
    expect(told.content).not.toContain(mention('alice'));
    const status = await h.fake.slash('alice', 'main', 'game status');
    expect(status.text).toContain('1 spectator watches **England**');
    expect((await h.fake.slash('bob', 'main', 'game status')).text).toContain('nobody watches **France**');

    await h.fake.slash('alice', 'main', 'order', { orders: 'F lon - nth; F edi - nwg; A lvp - yor' });
    await h.fake.waitForDm('alice', (m) => m.content.includes('lon'));
    await h.bot!.outbox.idle();
    expect(h.fake.dms('dave').filter((m) => /lon|nwg|yor/.test(m.content))).toEqual([]);

    h.clock.offset += HOUR + 1000;
    await h.bot!.scheduler.poke();
    await waitForResults(h, 'main', 'Spring 1901 movement');
    const copy = await h.fake.waitForDm('dave', (m) => m.content.includes('Watching **England**'));
    expect(copy.content).toContain('Spring 1901 movement');
    expect(copy.content).toContain('F lon - nth');
    expect(copy.attachments.some((a) => a.contentType === 'image/png')).toBe(true);
    await h.bot!.outbox.idle();
    expect(h.fake.dms('dave').filter((m) => m.content.includes('Watching **England**'))).toHaveLength(1);

    // Typed as the contract names it (`/spectate stop`): the client sends the option `stop: true`.
    const stopped = await h.fake.slash('alice', 'main', 'spectate stop');
    expect(stopped.text).toContain('1 spectator no longer watches **England**.');
    await h.fake.waitForDm('dave', (m) => m.content.includes('You no longer watch **England**'));
    const before = h.fake.dms('dave').length;
    h.clock.offset += HOUR + 1000;
    await h.bot!.scheduler.poke();
    await waitForResults(h, 'main', 'Fall 1901 movement');
    await h.bot!.outbox.idle();
    expect(h.fake.dms('dave')).toHaveLength(before);
    expect((await h.fake.slash('alice', 'main', 'game status')).text).toContain('nobody watches **England**');
  });

  it('a denied request is told without naming the player, and may not be asked again at once', async () => {
    await h.fake.slash('erin', 'main', 'spectate', { power: 'France' });
    const request = await requestDm('bob', 'France');
    const dave = await h.fake.click('dave', request, { label: 'Deny' }).catch((e: Error) => e);
    expect(dave).toBeInstanceOf(Error); // a DM is visible to its recipient only
    await h.fake.click('bob', request, { label: 'Deny' });
    expect(h.fake.message(request.id).content).toContain('You refused the request to watch **France**');
    expect(h.fake.buttons(request)).toEqual([]);
    const told = await h.fake.waitForDm('erin', (m) => m.content.includes('was declined'));
    expect(told.content).not.toContain(mention('bob'));
    const again = await h.fake.slash('erin', 'main', 'spectate', { power: 'France' });
    expect(again.text).toMatch(/was declined; you may ask again <t:\d+:R>/);
    await h.bot!.outbox.idle();
    expect(h.fake.dms('bob').filter((m) => m.content.includes('watch **France**'))).toHaveLength(1);
  });

  it('a spectator stops watching with /spectate stop:True', async () => {
    const asked = await h.fake.slash('hal', 'main', 'spectate', { power: 'France' });
    expect(asked.text).toContain('decides');
    const request = await requestDm('bob', 'France');
    await h.fake.click('bob', request, { label: 'Allow with orders' });
    await h.fake.waitForDm(
      'hal',
      (m) => m.content.includes('you now watch **France**') && m.content.includes('its orders included'),
    );
    // The test before ended Fall 1901: a winter the computer player (Italy) builds in may still be under way on a
    // loaded machine, refusing a move; the order goes in once Spring 1902 is open.
    await vi.waitFor(
      async () =>
        expect((await h.fake.slash('bob', 'main', 'order', { orders: 'A par H' })).text).toContain('Stored: `A par H`'),
      { timeout: 30_000, interval: 250 },
    );
    const confirmation = await h.fake.waitForDm('hal', (m) => m.content.includes('A par'));
    expect(confirmation.content).toContain('Watching **France**');
    expect(confirmation.content).toMatch(/\nThe orders of France, \*\*Spring 1902 movement\*\* \(game in <#\d+>\):\n/);
    const stopped = await h.fake.slash('hal', 'main', 'spectate', { stop: true });
    expect(stopped.text).toContain('You stopped watching (1 power)');
    // With `power:`, only that power: nothing says the member receives nothing more from the game. A request still
    // waiting was never a watch: it is withdrawn.
    await h.fake.slash('hal', 'main', 'spectate', { power: 'France' });
    const one = await h.fake.slash('hal', 'main', 'spectate', { stop: true, power: 'France' });
    expect(one.text).toBe('👁 You withdrew your request to watch **France**.');
    expect((await h.fake.slash('bob', 'main', 'game status')).text).toContain('nobody watches **France**');
  });

  it('in a gunboat game the request names no member to the player, the answer none to the spectator', async () => {
    await h.fake.slash('gm', 'gunboat', 'game create', { variant: 'classic', movement: '1h', press: 'gunboat' });
    await joinSeats(h, 'gunboat', { carol: 'Germany' });
    await h.fake.slash('gm', 'gunboat', 'game start');
    await h.fake.slash('gina', 'gunboat', 'spectate', { power: 'Germany' });
    const request = await requestDm('carol', 'Germany');
    expect(request.content).toMatch(/^👁 Someone asks to watch/);
    expect(request.content).not.toMatch(/<@\d+>/);
    await h.fake.click('carol', request, { label: 'Allow' });
    // The answer reaches the spectator at the next mark of the clock, not right after the player's press (which the
    // spectator, knowing the power, could pair with the member seen pressing).
    await h.bot!.outbox.idle();
    expect(h.fake.dms('gina').some((m) => m.content.includes('you now watch **Germany**'))).toBe(false);
    await toNextMark();
    const told = await h.fake.waitForDm('gina', (m) => m.content.includes('you now watch **Germany**'));
    expect(told.content).not.toMatch(/<@\d+>/);
    expect(told.content).not.toContain('carol');
    // A spectator whose DMs are closed is no player: the channel's notice about a player's DMs is not posted.
    await h.fake.slash('hal', 'gunboat', 'spectate', { power: 'Germany' });
    h.fake.closeDms('hal');
    const second = await h.fake.waitForDm('carol', (m) => m.content.includes('asks to watch') && m.id !== request.id);
    await h.fake.click('carol', second, { label: 'Allow' });
    await toNextMark(); // the answer to hal is tried, and fails
    await toNextMark(); // where a notice about a player's closed DMs would be posted
    expect(h.fake.channelMessages('gunboat').filter((m) => m.content.startsWith('📪'))).toEqual([]);
  });

  it('in a gunboat game a request to watch a power whose player closed DMs announces nothing in the channel', async () => {
    await h.fake.slash('gm', 'closed', 'game create', { variant: 'classic', movement: '1h', press: 'gunboat' });
    await joinSeats(h, 'closed', { erin: 'Italy' });
    await h.fake.slash('gm', 'closed', 'game start');
    await h.bot!.outbox.idle();
    // Italy's player closes their DMs after the start: a member's request to watch Italy must not make the channel say
    // at once that one player's DMs are closed (with a member known to have closed DMs, that pairs them with Italy).
    h.fake.closeDms('erin');
    const asked = await h.fake.slash('gina', 'closed', 'spectate', { power: 'Italy' });
    expect(asked.text).toContain('decides');
    await h.bot!.outbox.idle();
    expect(h.fake.channelMessages('closed').filter((m) => m.content.startsWith('📪'))).toEqual([]);
  });

  it("a request ended otherwise than by its buttons loses them in the player's DM, saying how it ended", async () => {
    await h.fake.slash('gm', 'ended', 'game create', { variant: 'classic', movement: '1h' });
    await joinSeats(h, 'ended', { judy: 'Austria' });
    await h.fake.slash('gm', 'ended', 'game start');
    const asked = async (user: string) => {
      await h.fake.slash(user, 'ended', 'spectate', { power: 'Austria' });
      return await h.fake.waitForDm('judy', (m) => m.content.includes(`${mention(user)} asks to watch **Austria**`));
    };
    const settled = async (request: FakeMessage, said: string) =>
      await vi.waitFor(
        () => {
          expect(h.fake.message(request.id).content).toContain(said);
          expect(h.fake.buttons(request)).toEqual([]);
        },
        { timeout: 10_000, interval: 100 },
      );
    // The asker withdraws: the player's buttons go, the request kept above the line that says so.
    const withdrawn = await asked('ivan');
    expect(h.fake.buttons(withdrawn)).toHaveLength(3);
    const withdrew = await h.fake.slash('ivan', 'ended', 'spectate', { stop: true });
    expect(withdrew.text).toBe(
      '👁 You withdrew your request to watch a power in this game; you will receive nothing from it.',
    );
    await settled(withdrawn, 'was withdrawn by the member who asked');
    expect(h.fake.message(withdrawn.id).content).toContain('asks to watch **Austria**');
    // The player ends a request unanswered with /spectate stop:True: said as a request, not as a spectator.
    const ended = await asked('kim');
    const stop = await h.fake.slash('judy', 'ended', 'spectate', { stop: true });
    expect(stop.text).toBe('👁 1 request to watch **Austria** was declined.');
    await settled(ended, 'You ended this request to watch **Austria** without answering it.');
    // The game ends with a request waiting.
    const waiting = await asked('leo');
    await h.fake.slash('judy', 'ended', 'draw');
    await h.fake.waitForChannelMessage('ended', (m) => m.content.startsWith('🏁'), 20_000);
    await settled(waiting, 'ended unanswered: the game is over');
  });

  it('once the game is over, /spectate says so and where the finished game is, not that there is no game', async () => {
    await h.fake.slash('erin', 'closed', 'draw');
    await h.fake.waitForChannelMessage('closed', (m) => m.content.startsWith('🏁'), 20_000);
    const over = await h.fake.slash('gina', 'closed', 'spectate', { power: 'Italy' });
    expect(over.text).toBe(
      '⚠️ This game is over: the finished game is open to everyone, see it with `/history` in the channel.',
    );
  });

  it('in a fog game a French spectator gets by DM that power’s view and maps, worded as a view of that power', async () => {
    await h.fake.slash('gm', 'fog', 'game create', {
      variant: 'classic',
      movement: '1h',
      fog: 'on',
      'vacate-after': 0,
    });
    await joinSeats(h, 'fog', { ivan: 'England', judy: 'Turkey' });
    await h.fake.slash('gm', 'fog', 'game start');
    const asked = await h.fake.slash('marie', 'fog', 'spectate', { power: 'England' });
    // The power with its article, as every French text names it (docs/locales.md "French place names").
    expect(asked.text).toBe(
      '👁 Demande envoyée : le joueur de l’**Angleterre** décide, vous aurez la réponse en message privé.',
    );
    await h.fake.click('ivan', await requestDm('ivan', 'England'), { label: 'Allow' });
    await h.fake.waitForDm('marie', (m) => m.content.includes('vous observez désormais l’**Angleterre**'));
    await h.fake.slash('ivan', 'fog', 'order', { orders: 'F lon - nth; F edi - nwg; A lvp - yor' });
    await h.fake.slash('judy', 'fog', 'order', { orders: 'F ank - bla; A con - bul; A smy - arm' });
    await h.bot!.outbox.idle();
    expect(h.fake.dms('marie').filter((m) => /Londres|Edimbourg|Édimbourg/.test(m.content))).toEqual([]);

    h.clock.offset += HOUR + 1000;
    await h.bot!.scheduler.poke();
    await waitForResults(h, 'fog', 'Spring 1901 movement');
    await h.bot!.outbox.idle();
    const view = h.fake.dms('marie').find((m) => m.content.includes('Ce que voit l’**Angleterre**'))!;
    expect(view.content.split('\n')[0]).toMatch(/^👁 Vous observez l’\*\*Angleterre\*\* dans <#\d+>/);
    expect(view.content).toContain('`F Londres - Mer du Nord`');
    // England's view: Turkey's moves, far out of its sight, are not there; and it is not the spectator's power.
    expect(view.content).not.toMatch(/Ankara|Constantinople|Smyrne|Turquie/);
    expect(view.content).not.toContain('votre puissance');
    expect(view.attachments.map((a) => a.filename)).toEqual(['spring-1901-movement-orders-england.png']);
    const after = h.fake.dms('marie').filter((m) => m.attachments.some((a) => a.filename.includes('after-england')));
    expect(after).toHaveLength(1);
    const player = h.fake.dms('ivan').find((m) => m.content.includes("**England**'s view"))!;
    expect(player.content).toContain('only what this power sees');
  });
});

describe('a spectator allowed the orders, with order confirmations that wait for a quiet moment', () => {
  let h: Harness;

  beforeAll(async () => {
    // The bot's real quiet period: a burst of changes sends one confirmation, with the newest orders.
    h = await createHarness(
      { users: ['gm', 'bob', 'hal'], channels: ['main'] },
      { limits: { confirmationQuietMs: 15_000 } },
    );
    await h.start();
    await h.fake.slash('gm', 'main', 'game create', { variant: 'classic', movement: '1h' });
    await joinSeats(h, 'main', { bob: 'France' });
    await h.fake.slash('gm', 'main', 'game start');
  });

  afterAll(async () => {
    await h?.close();
  });

  it('reads the newest set, as the player does, never an earlier one', async () => {
    await h.fake.slash('hal', 'main', 'spectate', { power: 'France' });
    const request = await h.fake.waitForDm('bob', (m) => m.content.includes('asks to watch **France**'));
    await h.fake.click('bob', request, { label: 'Allow with orders' });
    await h.bot!.outbox.idle();
    // Two changes within the quiet period: one DM, with the second set, to the player and to the spectator.
    await h.fake.slash('bob', 'main', 'order', { orders: 'F bre - mao' });
    await h.fake.slash('bob', 'main', 'order', { orders: 'F bre - eng' });
    await h.bot!.outbox.idle();
    const shown = () => h.fake.dms('hal').filter((m) => m.content.includes('F bre'));
    expect(shown()).toEqual([]);
    h.clock.offset += 20_000;
    h.bot!.outbox.kick();
    await h.bot!.outbox.idle();
    const mine = await h.fake.waitForDm('bob', (m) => m.content.includes('F bre - eng'));
    expect(h.fake.dms('bob').filter((m) => m.content.includes('F bre'))).toHaveLength(1);
    expect(shown()).toHaveLength(1);
    expect(shown()[0]!.content).toContain('Watching **France**');
    // The player's confirmation, its first line worded for a reader who gave no order: not "Your orders".
    const [head, first, ...rest] = shown()[0]!.content.split('\n');
    expect(head).toMatch(/^👁 Watching \*\*France\*\* in <#\d+>:$/);
    expect(first).toBe(mine.content.split('\n')[0]!.replace('Your orders for France', 'The orders of France'));
    expect(rest.join('\n')).toBe(mine.content.split('\n').slice(1).join('\n'));
    expect(shown()[0]!.content).not.toContain('Your');
  });

  it("a request's button forged on a public post is answered privately and leaves the post as it was", async () => {
    const revoke = h.fake.buttons(await h.fake.waitForDm('bob', (m) => m.content.includes('watch **France**')));
    const id = revoke.find((b) => b.label === 'Revoke')!.customId!;
    const post = h.fake.channelMessages('main').at(-1)!;
    const before = { content: post.content, edits: post.history.length };
    const forged = await h.fake.forge('bob', post, id);
    expect(forged.responses.map((r) => r.kind)).toEqual(['reply']);
    expect(forged.ephemeral).toBe(true);
    const now = h.fake.message(post.id);
    expect({ content: now.content, edits: now.history.length }).toEqual(before);
  });
});
