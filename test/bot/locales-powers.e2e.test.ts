/**
 * The powers the game layer names, in French (docs/locales.md "Names"): in a French Classic game, press to all, a seat
 * left and claimed from its substitute call, the game master's replacement and substitute call, and refusals that
 * name the caller's power. What the French readers get of them (their DMs, replies, the call and the claim's notice)
 * names the powers in French (`Allemagne`), never in English (`Germany`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeInteraction, FakeMessage } from '../support/fake-discord/index.js';
import { createHarness, joinSeats, type Harness } from './harness.js';
import { PROGRESS_EVERY_MS } from '../../src/game/outbox/index.js';

const FR = 'partie';
const LOBBY = 'salon';
const ENGLISH = /\b(Austria|England|Germany|Italy|Russia|Turkey)\b/;

describe('the powers a French Classic game names', () => {
  let h: Harness;
  const replies: string[] = [];

  const keep = (i: FakeInteraction) => {
    replies.push(i.text);
    return i;
  };
  const run = async (user: string, command: string, options: Record<string, string> = {}) =>
    keep(await h.fake.slash(user, FR, command, options));
  /** The clock to the next mark, where an anonymous game's channel learns a seat left or claimed. */
  const toNextMark = async () => {
    h.clock.offset += PROGRESS_EVERY_MS - (h.clock.now() % PROGRESS_EVERY_MS) + 1000;
    h.bot!.outbox.kick();
    await h.bot!.outbox.idle();
  };
  const dms = (user: string) => h.fake.dms(user).map((m: FakeMessage) => m.content);

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'alice', 'bob', 'carol', 'dave', 'erin'], channels: [FR, LOBBY] });
    await h.start();
    for (const user of ['gm', 'alice', 'bob', 'carol', 'dave', 'erin']) h.fake.setLocale(user, 'fr');
    await h.fake.slash('gm', FR, 'game create', {
      variant: 'classic',
      movement: '1h',
      locale: 'fr',
      'vacate-after': 0,
      press: 'anonymous',
    });
    await joinSeats(h, FR, { alice: 'France', bob: 'Germany', carol: 'Italy' });
    await h.fake.slash('gm', FR, 'game start');
    await h.bot!.outbox.idle();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('names them in French in what the French readers get', async () => {
    // Press to every other power: the copy lists them, each recipient reads whom it came from.
    await run('bob', 'press send', { to: 'all', text: 'Bonjour' });
    // The seat left: its DM, the substitute call; claimed: the claim's DM and the channel's notice.
    // (The replies to the leave and the claim are the bot's own: src/bot/commands/game.ts.)
    await h.fake.slash('bob', FR, 'game leave').then((i) => h.fake.click('bob', i, h.fake.buttons(i)[0]!.customId!));
    await toNextMark();
    const call = h.fake
      .channelMessages(FR)
      .find((m) => m.interactionId === undefined && h.fake.buttons(m).length === 1)!;
    await h.fake.click('dave', call, h.fake.buttons(call)[0]!.customId!);
    // A claim too late: the call is closed (its button not yet disabled).
    keep(await h.fake.click('erin', call, h.fake.buttons(call)[0]!.customId!));
    await toNextMark();
    // The game master: a substitute called for a held seat, a member who plays another power, a replacement.
    await run('gm', 'gm substitute', { power: 'Italy' });
    await run('gm', 'gm replace', { power: 'Italy', user: 'dave' });
    await run('gm', 'gm replace', { power: 'Italy', user: 'erin' });
    // A forming game: the game master removes a player, and names a power nobody plays.
    await h.fake.slash('gm', LOBBY, 'game create', { variant: 'classic', movement: '1h', locale: 'fr' });
    await joinSeats(h, LOBBY, { bob: 'Austria' });
    await h.fake.slash('gm', LOBBY, 'gm kick', { power: 'Turkey' }).then(keep);
    await h.fake.slash('gm', LOBBY, 'gm kick', { power: 'Austria' }).then(keep);
    await toNextMark();
    const kicked = h.fake.channelMessages(LOBBY).filter((m) => m.interactionId === undefined && /<@/.test(m.content));
    const notices = h.fake
      .channelMessages(FR)
      .filter((m) => m.interactionId === undefined && /Remplaçant|a pris|prend/.test(m.content))
      .map((m) => m.content);
    const texts = [
      ...replies,
      ...notices,
      ...kicked.map((m) => m.content),
      ...['alice', 'bob', 'carol', 'dave', 'erin'].flatMap(dms),
    ];
    const english = texts.filter((t) => ENGLISH.test(t));
    expect(english).toEqual([]);
    const all = texts.join('\n');
    for (const name of ['Allemagne', 'Italie', 'Autriche', 'Angleterre', 'Russie', 'Turquie'])
      expect(all).toContain(name);
  });

  it('the press’s autocompletes name the powers in French and read French or English typed', async () => {
    const to = (typed: string) => h.fake.autocomplete('alice', FR, 'press send', { to: typed, text: 'x' }, 'to');
    const all = await to('');
    expect(all.map((c) => c.name)).toContain('Allemagne');
    expect(all.map((c) => c.name)).not.toContain('Germany');
    expect(await to('Alle')).toEqual([{ name: 'Allemagne', value: 'Germany' }]);
    expect(await to('Ger')).toEqual([{ name: 'Allemagne', value: 'Germany' }]);
    const w = await h.fake.autocomplete('alice', FR, 'press thread', { with: 'Allemagne, Ita' }, 'with');
    expect(w).toEqual([{ name: 'Allemagne, Italie', value: 'Germany,Italy' }]);
  });
});
