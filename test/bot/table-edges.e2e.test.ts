/**
 * The table's rules at the edges a game master meets (docs/table.md), through the Discord stand-in: a muster press
 * seconds before the end and a spectator claiming the seat the muster emptied; a fog game's substitute call and board
 * edits, which tell the channel no place, and its playing game master, who may not edit; a request to watch a player
 * whose DMs are closed; a pause vote, a draw or a concession whose last missing voter loses their vote, and a pause
 * proposal that lapses while the bot is down; `/game list` with a server’s 25 games.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FakeMessage } from '../support/fake-discord/index.js';
import { createHarness, slashConfirmed, waitForResults, type Harness } from './harness.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function moveBy(h: Harness, ms: number): Promise<void> {
  h.clock.offset += ms;
  await h.bot!.scheduler.poke();
  await Promise.all([h.bot!.scheduler.sweep(), h.bot!.scheduler.sweep()]);
  await h.bot!.outbox.idle();
}

describe('mustering: a last-second press, and a spectator claiming the mustered-out seat', () => {
  let h: Harness;
  let start: FakeMessage;
  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'pia', 'nat', 'oli', 'sam'], channels: ['m'] });
    await h.start();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('a press seconds before the end counts; the seat never pressed goes to a substitute, once', async () => {
    await h.fake.slash('gm', 'm', 'game create', { variant: 'classic', movement: '1d', muster: '1h' });
    await h.fake.slash('pia', 'm', 'game join', { power: 'France' });
    await h.fake.slash('nat', 'm', 'game join', { power: 'England' });
    await h.fake.slash('oli', 'm', 'game join', { power: 'Germany' });
    await h.fake.slash('gm', 'm', 'game start');
    start = await h.fake.waitForChannelMessage('m', (m) => h.fake.buttons(m).some((b) => b.label === "I'm here"));
    await h.fake.click('pia', start, { label: "I'm here" });
    // sam, who plays nothing yet, watches England with its player's consent.
    await h.fake.slash('sam', 'm', 'spectate', { power: 'England' });
    const request = await h.fake.waitForDm('nat', (m) => h.fake.buttons(m).some((b) => b.label === 'Allow'));
    await h.fake.click('nat', request, { label: 'Allow' });
    await h.fake.waitForDm('sam', (m) => m.content.includes('you now watch **England**'));
    expect((await h.fake.slash('nat', 'm', 'game status')).text).toContain('1 spectator watches **England**');

    // The clock runs on in real time under the moved offset: 20 s before the end leaves a slow machine room.
    await moveBy(h, HOUR - 20_000);
    expect((await h.fake.click('nat', start, { label: "I'm here" })).text).toContain('you are here for **England**');
    await moveBy(h, 40_000);
    const over = await h.fake.waitForChannelMessage('m', (m) => m.content.includes('Muster over'));
    expect(over.content).toContain('1 seat was not confirmed and goes to a substitute: Germany.');
    await moveBy(h, MINUTE);
    expect(h.fake.channelMessages('m').filter((m) => m.content.includes('Substitute wanted for'))).toHaveLength(1);
    expect(h.fake.dms('nat').filter((m) => m.content.includes("You did not press **I'm here**"))).toEqual([]);
  });

  it('the spectator claims the mustered-out seat: a player now, no longer counted nor copied as a spectator', async () => {
    const call = await h.fake.waitForChannelMessage('m', (m) => m.content.includes('Substitute wanted for Germany'));
    expect((await h.fake.click('sam', call, { label: 'Claim' })).text).toContain('You now play **Germany**');
    await h.bot!.outbox.idle();
    expect((await h.fake.slash('gm', 'm', 'game list')).text).toContain('No game of this server has a free');
    // England's player reads that nobody watches them any more: sam plays, and gets no copy of England's view.
    expect((await h.fake.slash('nat', 'm', 'game status')).text).toContain('nobody watches **England**');
    await h.fake.slash('nat', 'm', 'order', { orders: 'F lon - nth' });
    const before = h.fake.dms('sam').length;
    await moveBy(h, 24 * HOUR);
    await waitForResults(h, 'm', 'Spring 1901 movement');
    await h.bot!.outbox.idle();
    expect(
      h.fake
        .dms('sam')
        .slice(before)
        .filter((m) => m.content.includes('Watching **England**')),
    ).toEqual([]);
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });
});

describe('fog of war: a substitute call in the channel shows no board', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'ivy', 'jon', 'sub'], channels: ['fog'] });
    await h.start();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('the call gives the public counts, never where the units stand; the claimer’s DM lists them', async () => {
    await h.fake.slash('gm', 'fog', 'game create', { variant: 'classic', movement: '1h', fog: 'on' });
    await h.fake.slash('ivy', 'fog', 'game join', { power: 'England' });
    await h.fake.slash('jon', 'fog', 'game join', { power: 'Turkey' });
    await h.fake.slash('gm', 'fog', 'game start');
    await h.fake.slash('ivy', 'fog', 'order', { orders: 'F lon - nth; F edi - nwg; A lvp - yor' });
    await moveBy(h, HOUR + 1000);
    await waitForResults(h, 'fog', 'Spring 1901 movement');
    await h.fake.slash('gm', 'fog', 'gm substitute', { power: 'England' });
    const call = await h.fake.waitForChannelMessage('fog', (m) => m.content.includes('Substitute wanted for England'));
    expect(call.content).toContain('3 supply centres; 3 units, out of sight under the fog of war');
    expect(call.content).not.toMatch(/\b(?:nth|nwg|yor|North Sea|Norwegian Sea|Yorkshire)\b/);
    await h.fake.click('sub', call, { label: 'Claim' });
    const mine = await h.fake.waitForDm('sub', (m) => m.content.includes('You now play **England**'));
    expect(mine.content).toMatch(/F nth|North Sea/);
  });
});

describe('spectators: a request to a player whose DMs are closed', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'pia', 'nat', 'oli', 'wei'], channels: ['open'] });
    await h.start();
    h.fake.setLocale('wei', 'zh-CN');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('ends the request and tells its asker, who may ask again once the player opens their DMs', async () => {
    await h.fake.slash('gm', 'open', 'game create', { variant: 'classic', movement: '1d' });
    await h.fake.slash('pia', 'open', 'game join', { power: 'France' });
    await h.fake.slash('nat', 'open', 'game join', { power: 'England' });
    await h.fake.slash('gm', 'open', 'game start');
    await h.bot!.outbox.idle();
    h.fake.closeDms('pia');
    expect((await h.fake.slash('oli', 'open', 'spectate', { power: 'France' })).text).toContain('decides');
    const told = await h.fake.waitForDm('oli', (m) => m.content.includes('could not reach its player'));
    expect(told.content).not.toContain(h.fake.user('pia').id);
    // The open game's usual notice asks the player to open their DMs.
    await h.fake.waitForChannelMessage('open', (m) => m.content.startsWith('📪'));
    // A second asker, in Chinese, is told alike (the channel's notice about the player's DMs is not repeated).
    await h.fake.slash('wei', 'open', 'spectate', { power: 'France' });
    await h.fake.waitForDm('wei', (m) => m.content.includes('无法送达其玩家'));
    await h.bot!.outbox.idle();
    expect(h.fake.channelMessages('open').filter((m) => m.content.startsWith('📪'))).toHaveLength(1);
    // Nothing waits for France's answer any more: once the player opens their DMs, asking again reaches them.
    expect((await h.fake.slash('pia', 'open', 'game status')).text).toContain('nobody watches **France**.');
    h.fake.openDms('pia');
    expect((await h.fake.slash('oli', 'open', 'spectate', { power: 'France' })).text).toContain('decides');
    const request = await h.fake.waitForDm('pia', (m) => h.fake.buttons(m).some((b) => b.label === 'Allow'));
    await h.fake.click('pia', request, { label: 'Allow' });
    await h.fake.waitForDm('oli', (m) => m.content.includes('you now watch **France**'));
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });
});

describe('fog of war: the game master’s board edits', () => {
  let h: Harness;
  /** Where the edit was, by province and power names (Turkey's Bulgaria is out of England's sight). */
  const WHERE = /\b(?:bul|Bulgaria|Turkey)\b/;
  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'ivy', 'jon'], channels: ['fog'] });
    await h.start();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('the channel is told that the board changed, not where; a player’s history and file say no more', async () => {
    await h.fake.slash('gm', 'fog', 'game create', { variant: 'classic', movement: '1h', fog: 'on' });
    await h.fake.slash('ivy', 'fog', 'game join', { power: 'England' });
    await h.fake.slash('jon', 'fog', 'game join', { power: 'Russia' });
    await h.fake.slash('gm', 'fog', 'game start');
    const done = await h.fake.slash('gm', 'fog', 'gm edit add', { power: 'Turkey', unit: 'army', place: 'bul' });
    expect(done.text).toContain('Done');
    await h.bot!.outbox.idle();
    const notice = await h.fake.waitForChannelMessage('fog', (m) => m.content.startsWith('🛠️'));
    expect(notice.content).toContain('edited the board');
    expect(notice.content).not.toMatch(WHERE);
    await moveBy(h, HOUR + 1000);
    await waitForResults(h, 'fog', 'Spring 1901 movement');
    const shown = await h.fake.slash('ivy', 'fog', 'history show', { phase: 'S1901M' });
    expect(shown.text).toContain('🛠️');
    expect(shown.text).not.toMatch(WHERE);
    const file = (await h.fake.slash('ivy', 'fog', 'history export')).attachments[0]!;
    expect(file.data.toString()).not.toMatch(/"edits"/);
    // The game master who plays no power sees the whole board, and reads the edit as it was made.
    expect((await h.fake.slash('gm', 'fog', 'history show', { phase: 'S1901M' })).text).toMatch(/Bulgaria/);
  });
});

describe('fog of war: a game master who plays a power', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'jon'], channels: ['fog'] });
    await h.start();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('may not edit the board while the fog is up: its refusals would show what their power cannot see', async () => {
    await h.fake.slash('gm', 'fog', 'game create', { variant: 'classic', movement: '1h', fog: 'on' });
    await h.fake.slash('gm', 'fog', 'game join', { power: 'England' });
    await h.fake.slash('jon', 'fog', 'game join', { power: 'Turkey' });
    await h.fake.slash('gm', 'fog', 'game start');
    await h.bot!.outbox.idle();
    const before = h.fake.channelMessages('fog').length;
    // Were it answered, "Constantinople already holds an army of Turkey" would tell England what it cannot see.
    const probe = await h.fake.slash('gm', 'fog', 'gm edit add', { power: 'England', unit: 'army', place: 'con' });
    expect(probe.text).toMatch(/^⚠️ .*fog of war/);
    expect(probe.text).not.toMatch(/Turkey|Constantinople/);
    const removed = await h.fake.slash('gm', 'fog', 'gm edit remove', { place: 'smy' });
    expect(removed.text).toMatch(/^⚠️ .*fog of war/);
    await h.bot!.outbox.idle();
    expect(h.fake.channelMessages('fog')).toHaveLength(before);
    expect((await h.fake.slash('jon', 'fog', 'map')).attachments.length).toBe(1);
  });
});

describe('a pause vote whose last missing voter loses their vote', () => {
  let h: Harness;
  const said = (start: string) => h.fake.channelMessages('vote').filter((m) => m.content.startsWith(start));
  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'ann', 'ben', 'cat'], channels: ['vote'] });
    await h.start();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('pauses the game once everyone left with a vote has voted, never telling the channel the proposal lapsed', async () => {
    await h.fake.slash('gm', 'vote', 'game create', { variant: 'classic', movement: '1d', muster: '1h' });
    await h.fake.slash('ann', 'vote', 'game join', { power: 'Italy' });
    await h.fake.slash('ben', 'vote', 'game join', { power: 'Austria' });
    await h.fake.slash('cat', 'vote', 'game join', { power: 'Turkey' });
    await h.fake.slash('gm', 'vote', 'game start');
    const start = await h.fake.waitForChannelMessage('vote', (m) =>
      h.fake.buttons(m).some((b) => b.label === "I'm here"),
    );
    await h.fake.click('ann', start, { label: "I'm here" });
    await h.fake.click('ben', start, { label: "I'm here" });
    // Italy and Austria vote for a pause; Turkey's player never answers the muster, and loses the seat (and its vote).
    expect((await h.fake.slash('ann', 'vote', 'game pause-vote')).text).toContain('proposes a pause');
    await h.fake.slash('ben', 'vote', 'game pause-vote');
    expect((await h.fake.slash('gm', 'vote', 'game status')).text).not.toMatch(/Paused/);
    await moveBy(h, HOUR + 1000);
    await h.fake.waitForChannelMessage('vote', (m) => m.content.includes('Muster over'));
    await h.fake.waitForChannelMessage('vote', (m) => m.content.startsWith('⏸️ Every surviving player'));
    expect((await h.fake.slash('gm', 'vote', 'game status')).text).toContain("Paused by the players' vote");
    await moveBy(h, 25 * HOUR);
    expect(said('⌛ The pause proposal')).toEqual([]);
    expect(said('⏸️ Every surviving player')).toHaveLength(1);
  });
});

describe('/game list with more games than one reply shows', () => {
  const TABLES = Array.from({ length: 25 }, (_, i) => `t${i}`);
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'bob', 'marie', ...TABLES], channels: ['running', 'lobby', ...TABLES] });
    await h.start();
    h.fake.setLocale('marie', 'fr');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('lists the 25 games a server may run within Discord’s 2,000 characters a message, in the member’s language', async () => {
    // The oldest: a running game with a vacant seat. Then forming games, each with a clock, up to the server's 25.
    await h.fake.slash('gm', 'running', 'game create', { variant: 'classic', 'vacate-after': 0 });
    await h.fake.slash('bob', 'running', 'game join', { power: 'England' });
    await h.fake.slash('gm', 'running', 'game start');
    await slashConfirmed(h, 'bob', 'running', 'game leave');
    for (const t of TABLES)
      await h.fake.slash(t, t, 'game create', {
        variant: 'classic',
        'deadline-at': '21:00',
        timezone: 'America/Argentina/Buenos_Aires',
      });
    await h.bot!.outbox.idle();
    const list = await h.fake.slash('marie', 'lobby', 'game list');
    // The reply's parts come as a reply and follow-ups: wait for all 25 lines.
    const lines = () => list.text.split('\n').filter((l) => l.startsWith('<#'));
    await vi.waitFor(() => expect(lines()).toHaveLength(25), { timeout: 5000 });
    const parts = list.responses.filter((r) => r.kind === 'reply' || r.kind === 'followUp');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(part.content.length).toBeLessThanOrEqual(2000);
    expect(list.ephemeral).toBe(true);
    expect(lines()[0]).toContain(`<#${h.fake.channel('running').id}>`);
    expect(lines()[0]).toContain('en cours : 1 place vacante');
    expect(lines()[24]).toContain('21:00 America/Argentina/Buenos_Aires');
  });
});

describe('a pause proposal that lapses while the bot is down', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'ann', 'ben'], channels: ['down'] });
    await h.start();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('is told once after the restart, and a second restart tells nothing more', async () => {
    await h.fake.slash('gm', 'down', 'game create', { variant: 'classic', movement: '3d' });
    await h.fake.slash('ann', 'down', 'game join', { power: 'Italy' });
    await h.fake.slash('ben', 'down', 'game join', { power: 'Austria' });
    await h.fake.slash('gm', 'down', 'game start');
    await h.fake.slash('ann', 'down', 'game pause-vote');
    await h.fake.waitForChannelMessage('down', (m) => m.content.startsWith('🗳️ A pause has been proposed'));
    await h.bot!.outbox.idle();
    await h.stop();
    h.clock.offset += 30 * HOUR;
    for (let i = 0; i < 2; i++) {
      await h.start();
      await h.bot!.scheduler.sweep();
      await h.bot!.outbox.idle();
      await h.stop();
    }
    await h.start();
    await h.fake.waitForChannelMessage('down', (m) => m.content.startsWith('⌛ The pause proposal'));
    await h.bot!.outbox.idle();
    expect(h.fake.channelMessages('down').filter((m) => m.content.startsWith('⌛ The pause proposal'))).toHaveLength(1);
    expect((await h.fake.slash('ben', 'down', 'game pause-vote')).text).toContain('proposes a pause');
  });
});

describe('a draw whose last missing voter loses their vote', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'ann', 'ben', 'cat'], channels: ['draw'] });
    await h.start();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('ends the game in a draw once everyone left with a vote has voted for it, once', async () => {
    await h.fake.slash('gm', 'draw', 'game create', { variant: 'classic', movement: '1d', muster: '1h' });
    await h.fake.slash('ann', 'draw', 'game join', { power: 'Italy' });
    await h.fake.slash('ben', 'draw', 'game join', { power: 'Austria' });
    await h.fake.slash('cat', 'draw', 'game join', { power: 'Turkey' });
    await h.fake.slash('gm', 'draw', 'game start');
    const start = await h.fake.waitForChannelMessage('draw', (m) =>
      h.fake.buttons(m).some((b) => b.label === "I'm here"),
    );
    await h.fake.click('ann', start, { label: "I'm here" });
    await h.fake.click('ben', start, { label: "I'm here" });
    await h.fake.slash('ann', 'draw', 'draw');
    await h.fake.slash('ben', 'draw', 'draw');
    expect((await h.fake.slash('gm', 'draw', 'game status')).text).toContain('Spring 1901 movement');
    // Turkey's player never answers the muster: the seat falls vacant, and with it the one vote the draw waited for.
    await moveBy(h, HOUR + 1000);
    await h.fake.waitForChannelMessage('draw', (m) => m.content.includes('Muster over'));
    const over = await h.fake.waitForChannelMessage('draw', (m) => m.content.startsWith('🏁 **Game over**'));
    expect(over.content).toMatch(/draw/i);
    await moveBy(h, MINUTE);
    expect(h.fake.channelMessages('draw').filter((m) => m.content.startsWith('🏁 **Game over**'))).toHaveLength(1);
  });
});

describe('a concession whose last missing voter loses their vote', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'ann', 'ben', 'cat'], channels: ['yield'] });
    await h.start();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('ends the game with the winner everyone left conceded to, once', async () => {
    await h.fake.slash('gm', 'yield', 'game create', { variant: 'classic', movement: '1d', muster: '1h' });
    await h.fake.slash('ann', 'yield', 'game join', { power: 'Italy' });
    await h.fake.slash('ben', 'yield', 'game join', { power: 'Austria' });
    await h.fake.slash('cat', 'yield', 'game join', { power: 'Turkey' });
    await h.fake.slash('gm', 'yield', 'game start');
    const start = await h.fake.waitForChannelMessage('yield', (m) =>
      h.fake.buttons(m).some((b) => b.label === "I'm here"),
    );
    await h.fake.click('ann', start, { label: "I'm here" });
    await h.fake.click('ben', start, { label: "I'm here" });
    await slashConfirmed(h, 'ben', 'yield', 'concede', { to: 'Italy' });
    expect((await h.fake.slash('gm', 'yield', 'game status')).text).toContain('Spring 1901 movement');
    // Turkey's player never answers the muster: the seat falls vacant, and with it the one concession still missing.
    await moveBy(h, HOUR + 1000);
    await h.fake.waitForChannelMessage('yield', (m) => m.content.includes('Muster over'));
    const over = await h.fake.waitForChannelMessage('yield', (m) => m.content.startsWith('🏁 **Game over**'));
    expect(over.content).toContain('Italy');
    expect(over.content).toMatch(/conce/i);
    await moveBy(h, MINUTE);
    expect(h.fake.channelMessages('yield').filter((m) => m.content.startsWith('🏁 **Game over**'))).toHaveLength(1);
  });
});
