/**
 * Hidden identities (docs/bot.md "Press"): a whole anonymous game through the bot and the Discord stand-in — joins
 * (the game master plays too), the status, results, anonymous press, a player who leaves and the substitute who
 * claims the seat, the game master's replacement, `/history`, a `/sandbox share` attempt, the draw — and then every
 * view of every member is scanned for every other player's id, mention and names. The game master may know who plays
 * whom; their private views are not scanned, their public acts are. Until the final post, which reveals who played
 * which power, nothing else may. A planted leak proves the scan can fail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Delivery } from '../support/fake-discord/model.js';
import { createHarness, joinSeats, slashConfirmed, waitForResults, type Harness } from './harness.js';
import { PROGRESS_EVERY_MS } from '../../src/game/outbox/index.js';

const HOUR = 3_600_000;
const GM = 'ottokar';
const PLAYERS = ['anneliese', 'bartholomew', 'cordelia', 'desmond', 'evangeline'];

/** What a member saw, as text: a delivery's content, embeds and file names. */
function textOf(d: Pick<Delivery, 'content' | 'embeds' | 'attachments'>): string {
  return [d.content, JSON.stringify(d.embeds), ...d.attachments.map((a) => a.filename)].join('\n');
}

/**
 * Every place a member could read another player's identity before `until`: `views(member)` gives what the member saw;
 * `tokens(player)` how a player is named (id, mention, names). Returns one line per leak.
 */
function identityLeaks(
  members: string[],
  players: string[],
  views: (member: string) => { at: number; text: string }[],
  tokens: (player: string) => string[],
  until: number,
): string[] {
  const leaks: string[] = [];
  for (const member of members)
    for (const view of views(member).filter((v) => v.at < until))
      for (const player of players.filter((p) => p !== member))
        for (const token of tokens(player))
          if (view.text.toLowerCase().includes(token.toLowerCase()))
            leaks.push(`${member} saw "${token}" (${player}) in: ${view.text.slice(0, 120)}`);
  return leaks;
}

describe('hidden identities: an anonymous game, every view of every member', () => {
  let h: Harness;
  let endAt = 0;
  const id = (user: string) => h.fake.user(user).id;
  const tokens = (user: string) => {
    const u = h.fake.user(user);
    return [u.id, `<@${u.id}>`, u.username, u.globalName];
  };
  /** A member's views: deliveries they could read (the game master's private ones left out) and autocomplete choices. */
  const views = (member: string) => [
    ...h.fake
      .seenBy(member)
      .filter((d) => member !== GM || d.audience.kind === 'channel')
      .map((d) => ({ at: d.at, text: textOf(d) })),
    ...h.fake
      .interactions()
      .filter((i) => i.userId === id(member) && i.type === 4 && member !== GM)
      .map((i) => ({ at: i.dispatchedAt, text: i.choices.map((c) => `${c.name} ${c.value}`).join('\n') })),
  ];

  beforeAll(async () => {
    h = await createHarness({ users: [GM, ...PLAYERS], channels: ['main'] });
    await h.start();
    const created = await h.fake.slash(GM, 'main', 'game create', {
      variant: 'classic',
      movement: '1h',
      press: 'anonymous',
      computer: 'Russia',
    });
    expect(created.ephemeral).toBe(true);
    await h.fake.autocomplete('anneliese', 'main', 'game join', { power: 'En' }, 'power');
    await joinSeats(h, 'main', { anneliese: 'England', bartholomew: 'France', cordelia: 'Germany', [GM]: 'Austria' });
    for (const user of PLAYERS.slice(0, 3)) await h.fake.slash(user, 'main', 'game status');
    await h.fake.slash(GM, 'main', 'game start');
    await h.bot!.outbox.idle();
    // Spring 1901: orders, press, a status, a results post.
    await h.fake.slash('anneliese', 'main', 'order', { orders: 'F lon - nth' });
    await h.fake.autocomplete('anneliese', 'main', 'press send', { to: 'F' }, 'to');
    await h.fake.slash('anneliese', 'main', 'press send', { to: 'France', text: 'Belgium is yours' });
    await h.fake.slash('bartholomew', 'main', 'press send', { to: 'all', text: 'Peace to all' });
    await h.fake.slash('cordelia', 'main', 'game status');
    await h.fake.slash('anneliese', 'main', 'sandbox start');
    await h.fake.slash('anneliese', 'main', 'sandbox share');
    h.clock.offset += HOUR + 1000;
    await h.bot!.scheduler.poke();
    await waitForResults(h, 'main', 'Spring 1901 movement');
    // A player leaves; a member who plays no seat claims it; the game master replaces another. The call waits for the
    // next mark of the clock (docs/decisions.md "Hidden identities").
    await slashConfirmed(h, 'cordelia', 'main', 'game leave');
    h.clock.offset += PROGRESS_EVERY_MS - (h.clock.now() % PROGRESS_EVERY_MS) + 1000;
    h.bot!.outbox.kick();
    const call = await h.fake.waitForChannelMessage('main', (m) => m.content.includes('Substitute wanted for Germany'));
    await h.fake.click('evangeline', call, { label: 'Claim' });
    await h.fake.slash(GM, 'main', 'gm replace', { power: 'France', user: 'desmond' });
    await h.bot!.outbox.idle();
    await h.fake.slash('desmond', 'main', 'history list');
    await h.fake.slash('evangeline', 'main', 'game status');
    // The draw: every person's vote; the final post reveals who played whom.
    for (const user of ['anneliese', 'desmond', 'evangeline']) await h.fake.slash(user, 'main', 'draw');
    await h.bot!.outbox.idle();
    endAt = Date.now();
    await h.fake.slash(GM, 'main', 'draw');
    await h.fake.waitForChannelMessage('main', (m) => m.content.startsWith('🏁 **Game over**'));
    await h.bot!.outbox.idle();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('the game was really played: press relayed, a seat claimed, a seat replaced, a sandbox share refused', () => {
    expect(h.fake.dms('bartholomew').some((m) => m.content.includes('Belgium is yours'))).toBe(true);
    expect(h.fake.channelMessages('main').some((m) => m.content.includes('A substitute took over **Germany**'))).toBe(
      true,
    );
    expect(h.fake.channelMessages('main').some((m) => m.content.includes('**France** has a new player'))).toBe(true);
    const share = h.fake
      .interactions()
      .find((i) => i.command === 'sandbox share' && i.text.includes('hides who plays whom'));
    expect(share?.ephemeral).toBe(true);
  });

  it('no member sees another player named before the end, in any post, reply, DM, file name or choice', () => {
    const players = [GM, ...PLAYERS];
    expect(identityLeaks(players, players, views, tokens, endAt)).toEqual([]);
  });

  it('no player ran a command Discord would show under their name (every reply to a player is private)', () => {
    const players = new Set([GM, ...PLAYERS].map(id));
    const publicReplies = h.fake
      .interactions()
      .filter((i) => players.has(i.userId) && i.dispatchedAt < endAt && i.responses.some((r) => !r.ephemeral))
      .map((i) => `${i.command} by ${i.userId}`);
    expect(publicReplies).toEqual([]);
  });

  it('the final post reveals who played which power', () => {
    const over = h.fake.channelMessages('main').find((m) => m.content.startsWith('🏁 **Game over**'))!;
    expect(over.content).toContain('**Final standings**');
    const line = (power: string) => over.content.split('\n').find((l) => l.startsWith(`__${power}__`)) ?? '';
    for (const [power, user] of [
      ['England', 'anneliese'],
      ['France', 'desmond'],
      ['Germany', 'evangeline'],
      ['Austria', GM],
    ])
      expect(line(power)).toContain(`<@${id(user)}>`);
  });

  it('a planted leak is found (the scan can fail)', () => {
    const planted = (member: string) => [
      ...views(member),
      ...(member === 'anneliese'
        ? [{ at: endAt - 1, text: `✋ <@${id('bartholomew')}> joined the game as **France**.` }]
        : []),
    ];
    const leaks = identityLeaks([GM, ...PLAYERS], [GM, ...PLAYERS], planted, tokens, endAt);
    expect(leaks.length).toBeGreaterThan(0);
    expect(leaks[0]).toMatch(/^anneliese saw .*\(bartholomew\)/);
  });
});

describe('hidden identities under fog of war: a shared replay asked for while the fog is up', () => {
  let h: Harness;

  afterAll(async () => {
    await h?.close();
  });

  it('is refused privately, so the channel never reads whether its asker plays', async () => {
    h = await createHarness({ users: [GM, 'anneliese', 'bartholomew', 'desmond'], channels: ['main'] });
    await h.start();
    await h.fake.slash(GM, 'main', 'game create', { variant: 'classic', press: 'gunboat', fog: 'on' });
    await joinSeats(h, 'main', { anneliese: 'England', bartholomew: 'France' });
    await h.fake.slash(GM, 'main', 'game start');
    await h.bot!.outbox.idle();
    const before = h.fake.channelMessages('main').length;
    // A player (their replay would be their power's view) and a member who plays nothing (who gets none) are refused
    // for different reasons: a public refusal under "used /history replay" would tell the channel which one plays.
    for (const member of ['anneliese', 'desmond']) {
      const asked = await h.fake.slash(member, 'main', 'history replay', { share: true });
      expect(asked.ephemeral, member).toBe(true);
      expect(asked.finalText ?? asked.text).toMatch(/^⚠️ This game is played in fog of war/);
    }
    await h.bot!.outbox.idle();
    expect(h.fake.channelMessages('main')).toHaveLength(before);
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });
});
