/**
 * Pauses that cannot freeze a game, through the bot and the Discord stand-in by the contract's names
 * (docs/table.md "Pauses that cannot freeze a game"): `/gm pause [reason]` by a game master who plays (limited, ends
 * by itself and says so once) and by one who does not (unlimited), `/game pause-vote` (secret, unanimity of the
 * people, a proposal that lapses after 24 h and says so once), and a draw vote cleared by a change of hands.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepPauses } from '../../src/game/pauses/index.js';
import { gameOfChannel, setTableColumns } from '../support/table-columns.js';
import { createHarness, joinSeats, slashConfirmed, type Harness } from './harness.js';

const MINUTE = 60_000;
const HOUR = 3_600_000;

describe('pauses that cannot freeze a game', () => {
  let h: Harness;
  const posts = (channel: string, start: string) =>
    h.fake
      .channelMessages(channel)
      .map((m) => m.content)
      .filter((c) => c.startsWith(start));
  const settle = async () => {
    await h.bot!.scheduler.poke();
    await h.bot!.scheduler.sweep();
    await h.bot!.outbox.idle();
  };
  /** `pauseLimit`: given before the start with `/gm set setting:pause-limit`, as the game master does. */
  const create = async (
    channel: string,
    gm: string,
    seats: Record<string, string>,
    extra = {},
    pauseLimit?: string,
  ) => {
    await h.fake.slash(gm, channel, 'game create', { variant: 'classic', movement: '20d', ...extra });
    await joinSeats(h, channel, seats);
    if (pauseLimit) {
      const set = await h.fake.slash(gm, channel, 'gm set', { setting: 'pause-limit', value: pauseLimit });
      expect(set.text).toContain(pauseLimit);
    }
    await h.fake.slash(gm, channel, 'game start');
    return await gameOfChannel(h.store, h.fake.channel(channel).id);
  };

  beforeAll(async () => {
    h = await createHarness({
      users: ['gm', 'gm2', 'gm3', 'alice', 'bob', 'carol', 'dave'],
      channels: ['pm', 'nm', 'pv', 'rs', 'hp', 'hn', 'dl', 'dl2', 'dl3', 'lm', 'z0'],
    });
    await h.start();
  });

  afterAll(async () => {
    await h?.close();
  });

  it("a playing master's pauses count against the limit; at the limit the game resumes by itself, said once", async () => {
    const game = await create('pm', 'gm', { gm: 'France', alice: 'Germany' }, {}, '2h');
    const first = await h.fake.slash('gm', 'pm', 'gm pause', { reason: 'dentist' });
    expect(first.ephemeral).toBe(true);
    expect(first.text).toMatch(/resumes by itself <t:\d+:R> at the latest/);
    const notice = await h.fake.waitForChannelMessage('pm', (m) => m.content.startsWith('⏸️'));
    expect(notice.content).toMatch(/the game resumes by itself <t:\d+:R>/);
    expect(notice.content).toContain('Reason given: “dentist”');
    const status = await h.fake.slash('alice', 'pm', 'game status');
    expect(status.text).toMatch(/Paused by the game master; resumes by itself <t:\d+:R>/);
    // Half an hour, closed by /gm resume: it counts.
    h.clock.offset += 30 * MINUTE;
    expect((await h.fake.slash('gm', 'pm', 'gm resume')).text).toMatch(/Resumed/);
    expect((await gameOfChannel(h.store, game.channelId)).pauseUsedMs).toBeGreaterThanOrEqual(30 * MINUTE);
    // The second pause gets what is left (1 h 30 m) and ends by itself.
    await h.fake.slash('gm', 'pm', 'gm pause');
    const paused = await gameOfChannel(h.store, game.channelId);
    expect(paused.pausedBy).toBe('player-master');
    expect(paused.resumeAt! - paused.pausedAt!).toBe(2 * HOUR - paused.pauseUsedMs);
    const left = paused.pausedRemainingMs!;
    h.clock.offset += 90 * MINUTE + 1000;
    await settle();
    const lapse = await h.fake.waitForChannelMessage('pm', (m) => m.content.startsWith('▶️ The pause has run out'));
    expect(lapse.content).toContain('may pause at most 2h in all');
    const resumed = await gameOfChannel(h.store, game.channelId);
    expect(resumed.status).toBe('active');
    expect(resumed.pauseUsedMs).toBe(2 * HOUR);
    expect([resumed.pausedBy, resumed.pausedAt, resumed.resumeAt]).toEqual([null, null, null]);
    expect(Math.abs(resumed.deadlineMs! - (h.clock.now() + left))).toBeLessThan(60_000);
    await settle();
    expect(posts('pm', '▶️ The pause has run out')).toHaveLength(1);
    // The allowance is spent: refused, and the game stays running.
    const refused = await h.fake.slash('gm', 'pm', 'gm pause');
    expect(refused.text).toMatch(/⚠️.*you may pause it at most 2h in all, and that time is spent/);
    expect((await gameOfChannel(h.store, game.channelId)).status).toBe('active');
  });

  it('with no pause-limit given, a playing master may pause 72 h in all, then the game resumes by itself', async () => {
    const game = await create('dl', 'gm3', { gm3: 'Italy', carol: 'Austria' });
    await h.fake.slash('gm3', 'dl', 'gm pause');
    const paused = await gameOfChannel(h.store, game.channelId);
    expect(paused.resumeAt! - paused.pausedAt!).toBe(72 * HOUR);
    h.clock.offset += 72 * HOUR - MINUTE;
    await settle();
    expect((await gameOfChannel(h.store, game.channelId)).status).toBe('paused');
    h.clock.offset += 2 * MINUTE;
    await settle();
    const lapse = await h.fake.waitForChannelMessage('dl', (m) => m.content.startsWith('▶️ The pause has run out'));
    expect(lapse.content).toContain('may pause at most 3d in all');
    expect((await gameOfChannel(h.store, game.channelId)).status).toBe('active');
  });

  it('pause-limit:0 forbids a playing master any pause, and the refusal says so', async () => {
    await h.fake.slash('gm', 'z0', 'game create', { variant: 'classic', movement: '20d' });
    await joinSeats(h, 'z0', { gm: 'France', alice: 'Germany' });
    const bad = await h.fake.slash('gm', 'z0', 'gm set', { setting: 'pause-limit', value: 'soon' });
    expect(bad.text).toContain('or 0 so that a game master who plays may not pause at all');
    const set = await h.fake.slash('gm', 'z0', 'gm set', { setting: 'pause-limit', value: '0' });
    expect(set.text).toContain('0 (a game master who plays may not pause)');
    await h.fake.slash('gm', 'z0', 'game start');
    const refused = await h.fake.slash('gm', 'z0', 'gm pause');
    expect(refused.text).toContain('allows a game master who plays no pause at all');
    expect(refused.text).not.toContain('that time is spent');
    expect((await gameOfChannel(h.store, h.fake.channel('z0').id)).status).toBe('active');
  });

  it('a seat its player leaves is told as a leave, never as a change of hands nobody made', async () => {
    await slashConfirmed(h, 'alice', 'z0', 'game leave');
    const told = await h.fake.waitForChannelMessage('z0', (m) => m.content.startsWith('🗳️ Germany'));
    expect(told.content).toContain('Germany has no player now (its player left the game)');
    expect(told.content).toContain('any draw vote, concession or pause vote it had no longer stands');
    await h.bot!.outbox.idle();
    expect(posts('z0', '🗳️ Germany changed hands')).toHaveLength(0);
  });

  it('a master who plays no power pauses without a limit', async () => {
    const game = await create('nm', 'gm2', { alice: 'France', bob: 'Germany' }, {}, '1h');
    const paused = await h.fake.slash('gm2', 'nm', 'gm pause');
    expect(paused.text).toMatch(/Paused with .* left on the clock/);
    expect(paused.text).not.toMatch(/by itself/);
    h.clock.offset += 5 * HOUR;
    await settle();
    const row = await gameOfChannel(h.store, game.channelId);
    expect([row.status, row.pausedBy, row.resumeAt]).toEqual(['paused', 'master', null]);
    expect((await h.fake.slash('bob', 'nm', 'game status')).text).toContain('⏸️ Paused by the game master.');
    expect((await h.fake.slash('gm2', 'nm', 'gm resume')).text).toMatch(/Resumed/);
    expect((await gameOfChannel(h.store, game.channelId)).pauseUsedMs).toBe(0);
    expect(posts('nm', '▶️ The pause has run out')).toHaveLength(0);
  });

  it('/game pause-vote: secret votes, the people unanimous pause the game, a computer never blocks', async () => {
    const game = await create('pv', 'gm', { alice: 'France', bob: 'Germany', carol: 'England' }, { computer: 'Italy' });
    const proposed = await h.fake.slash('alice', 'pv', 'game pause-vote');
    expect(proposed.ephemeral).toBe(true);
    expect(proposed.text).toMatch(/France proposes a pause/);
    await h.fake.waitForChannelMessage('pv', (m) => m.content.startsWith('🗳️ A pause has been proposed'));
    expect((await h.fake.slash('bob', 'pv', 'game pause-vote')).text).toMatch(/Germany votes for the pause/);
    expect((await h.fake.slash('bob', 'pv', 'game pause-vote')).text).toMatch(/Germany no longer votes/);
    expect((await h.fake.slash('bob', 'pv', 'game pause-vote')).text).toMatch(/Germany votes for the pause/);
    expect((await gameOfChannel(h.store, game.channelId)).status).toBe('active');
    const last = await h.fake.slash('carol', 'pv', 'game pause-vote');
    expect(last.text).toMatch(/Your vote was the last one needed/);
    await h.fake.waitForChannelMessage('pv', (m) => m.content.startsWith('⏸️ Every surviving player voted'));
    const row = await gameOfChannel(h.store, game.channelId);
    expect([row.status, row.pausedBy, row.resumeAt]).toEqual(['paused', 'vote', null]);
    expect((await h.fake.slash('dave', 'pv', 'game status')).text).toContain("Paused by the players' vote");
    // What the pause refuses meanwhile says who paused it: the players, not the game master.
    const ready = await h.fake.slash('alice', 'pv', 'ready');
    expect(ready.text).toContain("The game is paused by the players' vote");
    expect(ready.text).not.toContain('game master');
    // Any player ends it; the channel is told, naming nobody.
    const ended = await h.fake.slash('bob', 'pv', 'game pause-vote');
    expect(ended.text).toMatch(/You ended the players' pause/);
    await h.fake.waitForChannelMessage('pv', (m) => m.content.startsWith('▶️ A player ended the pause'));
    expect((await gameOfChannel(h.store, game.channelId)).pauseUsedMs).toBe(0);
    await h.bot!.outbox.idle();
    const ids = ['alice', 'bob', 'carol'].map((u) => h.fake.user(u).id);
    const pauseTexts = h.fake
      .channelMessages('pv')
      .map((m) => m.content)
      .filter((c) => /pause/i.test(c));
    expect(pauseTexts).toHaveLength(3);
    for (const text of pauseTexts) for (const id of ids) expect(text).not.toContain(id);
    expect(pauseTexts.join('\n')).not.toMatch(/France|Germany|England/);
  });

  it('a pause proposal lapses 24 h after it was made, said once in the channel', async () => {
    await h.fake.slash('carol', 'pv', 'game pause-vote');
    await h.fake.slash('alice', 'pv', 'game pause-vote');
    await h.bot!.outbox.idle();
    expect(posts('pv', '🗳️ A pause has been proposed')).toHaveLength(2);
    h.clock.offset += 23 * HOUR;
    await settle();
    expect(posts('pv', '⌛')).toHaveLength(0);
    h.clock.offset += HOUR + 1000;
    await settle();
    await h.fake.waitForChannelMessage('pv', (m) => m.content.startsWith('⌛ The pause proposal has lapsed'));
    await settle();
    expect(posts('pv', '⌛')).toHaveLength(1);
    // The lapsed votes are gone: a vote now opens a new proposal.
    expect((await h.fake.slash('carol', 'pv', 'game pause-vote')).text).toMatch(/England proposes a pause/);
    expect((await h.fake.slash('carol', 'pv', 'game pause-vote')).text).toMatch(/no longer votes/);
  });

  it("a proposal lapsing during the game master's pause says the game stays paused, not that it goes on", async () => {
    const game = await create('lm', 'gm3', { alice: 'France', bob: 'Germany' });
    await h.fake.slash('alice', 'lm', 'game pause-vote');
    await h.fake.waitForChannelMessage('lm', (m) => m.content.startsWith('🗳️ A pause has been proposed'));
    expect((await h.fake.slash('gm3', 'lm', 'gm pause')).text).toMatch(/Paused with/);
    h.clock.offset += 24 * HOUR + 1000;
    await settle();
    const lapsed = await h.fake.waitForChannelMessage('lm', (m) => m.content.startsWith('⌛ The pause proposal'));
    expect(lapsed.content).toContain('The game stays paused by the game master');
    expect(lapsed.content).not.toContain('The game goes on');
    expect((await gameOfChannel(h.store, game.channelId)).status).toBe('paused');
  });

  it('a draw vote cleared by a change of hands is announced once, naming no member and not how it voted', async () => {
    expect((await h.fake.slash('alice', 'pv', 'draw')).text).toMatch(/France votes for a draw/);
    await h.fake.slash('gm', 'pv', 'gm replace', { power: 'France', user: 'dave' });
    const cleared = await h.fake.waitForChannelMessage('pv', (m) => m.content.startsWith('🗳️ France changed hands'));
    expect(cleared.content).toContain('any draw vote, concession or pause vote it had no longer stands');
    expect(cleared.content).not.toContain(h.fake.user('alice').id);
    // Said for a seat that never voted too: the notice cannot tell how it voted.
    await h.fake.slash('gm', 'pv', 'gm replace', { power: 'Germany', user: 'alice' });
    await h.fake.waitForChannelMessage('pv', (m) => m.content.startsWith('🗳️ Germany changed hands'));
    await h.bot!.outbox.idle();
    expect(posts('pv', '🗳️ France changed hands')).toHaveLength(1);
    expect(posts('pv', '🗳️ Germany changed hands')).toHaveLength(1);
  });

  it('a pause vote cast after the deadline, before the sweep resolves it, is refused: orders stay closed', async () => {
    const game = await create('dl2', 'gm', { alice: 'France', bob: 'Germany' });
    await h.fake.slash('alice', 'dl2', 'game pause-vote');
    // The deadline passes; the sweep that resolves the phase has not run yet.
    h.clock.offset += 20 * 24 * HOUR + 1000;
    const late = await h.fake.slash('bob', 'dl2', 'game pause-vote');
    expect(late.text).toContain('orders for this phase are closed');
    const row = await gameOfChannel(h.store, game.channelId);
    expect([row.status, row.deadlineMs]).toEqual(['active', game.deadlineMs]);
    await settle();
    const after = await gameOfChannel(h.store, game.channelId);
    expect(after.status).toBe('active');
    expect(after.deadlineMs).toBeGreaterThan(game.deadlineMs!);
    expect(posts('dl2', '⏸️')).toHaveLength(0);
  });

  it("a game master's pause after the deadline, before the sweep resolves it, is refused alike", async () => {
    const game = await create('dl3', 'gm', { alice: 'France', bob: 'Germany' });
    h.clock.offset += 20 * 24 * HOUR + 1000;
    const late = await h.fake.slash('gm', 'dl3', 'gm pause');
    expect(late.text).toContain('orders for this phase are closed');
    const row = await gameOfChannel(h.store, game.channelId);
    expect([row.status, row.deadlineMs]).toEqual(['active', game.deadlineMs]);
    await settle();
    expect((await gameOfChannel(h.store, game.channelId)).deadlineMs).toBeGreaterThan(game.deadlineMs!);
    expect(posts('dl3', '⏸️')).toHaveLength(0);
  });

  it('a limited pause ends exactly once across racing sweeps and a restart', async () => {
    const game = await create('rs', 'gm', { gm: 'Austria', alice: 'Russia' });
    const ended = () => posts('rs', '▶️ The pause has run out');
    await setTableColumns(h.store, game.id, { pauseLimitMs: HOUR });
    await h.fake.slash('gm', 'rs', 'gm pause');
    // Three sweeps at once (two as other processes would run them, and the bot's own) share one end.
    h.clock.offset += HOUR + 1000;
    const deps = { store: h.store, now: () => h.clock.now() };
    const raced = await Promise.all([sweepPauses(deps), sweepPauses(deps), h.bot!.scheduler.sweep()]);
    expect(raced.flatMap((r) => r.failures)).toEqual([]);
    await h.fake.waitForChannelMessage('rs', (m) => m.content.startsWith('▶️ The pause has run out'));
    await settle();
    expect(ended()).toHaveLength(1);
    expect((await gameOfChannel(h.store, game.channelId)).pauseUsedMs).toBe(HOUR);
    // A larger limit gives another hour; the bot is down while that pause runs out, and its restart ends it.
    await setTableColumns(h.store, game.id, { pauseLimitMs: 2 * HOUR });
    await h.fake.slash('gm', 'rs', 'gm pause');
    await h.bot!.outbox.idle();
    await h.stop();
    h.clock.offset += HOUR + 1000;
    await h.start();
    await settle();
    await h.fake.waitForChannelMessage('rs', (m) => ended().length === 2 && m.content.startsWith('▶️'));
    await h.stop();
    await h.start();
    await settle();
    expect(ended()).toHaveLength(2);
    const row = await gameOfChannel(h.store, game.channelId);
    expect([row.status, row.pauseUsedMs]).toEqual(['active', 2 * HOUR]);
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });

  it('in a gunboat game a pause says nothing of whether the game master plays: both are limited alike', async () => {
    // The same seats taken, Austria by the game master in one game and by another member in the other.
    await create('hp', 'gm', { gm: 'Austria', alice: 'France' }, { press: 'gunboat' }, '2h');
    await create('hn', 'gm2', { bob: 'Austria', alice: 'France' }, { press: 'gunboat' }, '2h');
    // The two games started moments apart: their instants and the time left differ by that, nothing else may.
    const norm = (text: string) =>
      text.replace(/<t:\d+(:[a-zA-Z])?>/g, '<t>').replace(/with [\dd hms]+ left/g, 'with … left');
    const seen = async (channel: string, master: string) => {
      const reply = await h.fake.slash(master, channel, 'gm pause', { reason: 'travel' });
      const notice = await h.fake.waitForChannelMessage(channel, (m) => m.content.startsWith('⏸️'));
      const status = await h.fake.slash('carol', channel, 'game status');
      return { reply: norm(reply.text), notice: norm(notice.content), status: norm(status.text) };
    };
    const playing = await seen('hp', 'gm');
    const notPlaying = await seen('hn', 'gm2');
    expect(notPlaying).toEqual(playing);
    expect(playing.notice).toMatch(/resumes by itself <t>/);
    expect(playing.notice).not.toMatch(/plays a power/);
    expect(playing.reply).not.toMatch(/You play a power/);
    // Both pauses run out at the same time, said alike.
    h.clock.offset += 2 * HOUR + 1000;
    await settle();
    const ended = await Promise.all(
      ['hp', 'hn'].map((c) => h.fake.waitForChannelMessage(c, (m) => m.content.startsWith('▶️ The pause has run out'))),
    );
    expect(norm(ended[1]!.content)).toBe(norm(ended[0]!.content));
    expect(ended[0]!.content).not.toMatch(/plays a power/);
    const refused = await Promise.all([h.fake.slash('gm', 'hp', 'gm pause'), h.fake.slash('gm2', 'hn', 'gm pause')]);
    expect(refused[1]!.text).toBe(refused[0]!.text);
    expect(refused[0]!.text).toMatch(/⚠️.*at most 2h in all, whether they play or not, and that time is spent/);
  });
});
