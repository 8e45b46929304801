/**
 * The status message kept findable: the bot pins each status message it posts, so it stays at
 * hand however many results posts follow; edits keep the pin, and the one posted after a moderator deleted the
 * old one is pinned in its place. Without the Pin Messages permission the game runs the same, its status message
 * simply unpinned, with one warning naming Discord's code (never a body) and no retries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MapRenderer } from '../../src/bot/maps.js';
import { createLogger } from '../../src/log.js';
import { createHarness, slashConfirmed, waitForResults, type Harness } from './harness.js';

interface Line {
  level: number;
  msg: string;
  code?: number;
  [key: string]: unknown;
}

const isStatus = (m: { content: string; type?: number }) =>
  m.type !== 6 && m.content.startsWith('**Classic Diplomacy** · game master');

describe('the status message is pinned', () => {
  let h: Harness;
  const raw: string[] = [];
  const lines = () => raw.map((l) => JSON.parse(l) as Line);
  const maps: MapRenderer = { render: async (_v, _p, _o, name) => ({ png: Buffer.from('stand-in png'), name }) };
  const pinned = (channel: string) => h.fake.state.pinnedMessages(h.fake.channel(channel).id).map((m) => m.id);
  const pinNotes = (channel: string) => h.fake.channelMessages(channel).filter((m) => m.type === 6);
  const statusOf = (channel: string) => h.fake.channelMessages(channel).filter(isStatus);

  async function startGame(channel: string): Promise<void> {
    await h.fake.slash('gm', channel, 'game create', { variant: 'classic', movement: '1h' });
    await h.fake.slash('alice', channel, 'game join', { power: 'France' });
    await h.fake.slash('bob', channel, 'game join', { power: 'Germany' });
    await h.fake.slash('gm', channel, 'game start');
    await h.bot!.outbox.idle();
  }

  async function advance(channel: string, label: string): Promise<void> {
    await slashConfirmed(h, 'gm', channel, 'gm advance');
    await waitForResults(h, channel, label);
    await h.bot!.outbox.idle();
  }

  beforeAll(async () => {
    const log = createLogger('info', { write: (s: string) => void raw.push(s) });
    h = await createHarness({ users: ['gm', 'alice', 'bob'], channels: ['main', 'nopins'] }, { log, maps });
    await h.start();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('pins the status message when it is posted, and it stays the pinned one through results posts', async () => {
    await startGame('main');
    const [status] = statusOf('main');
    expect(status).toBeDefined();
    expect(pinned('main')).toEqual([status!.id]);
    expect(pinNotes('main').map((m) => m.reference)).toEqual([status!.id]);

    await advance('main', 'Spring 1901 movement');
    await advance('main', 'Fall 1901 movement');
    // Edited in place, still the one pinned message; no second pin and no second "pinned a message" note.
    expect(statusOf('main').map((m) => m.id)).toEqual([status!.id]);
    expect(h.fake.channelMessages('main').find((m) => m.id === status!.id)!.history.length).toBeGreaterThan(0);
    expect(pinned('main')).toEqual([status!.id]);
    expect(pinNotes('main')).toHaveLength(1);
    expect(h.fake.unexpectedErrors()).toEqual([]);
  });

  it('pins the status message posted again after a moderator deleted the old one', async () => {
    const old = statusOf('main')[0]!;
    h.fake.deleteMessage(old.id);
    expect(pinned('main')).toEqual([]);
    await h.fake.slash('gm', 'main', 'gm pause');
    const fresh = await h.fake.waitForChannelMessage(
      'main',
      (m) => m.id !== old.id && isStatus(m) && m.content.includes('Paused'),
    );
    await h.bot!.outbox.idle();
    expect(pinned('main')).toEqual([fresh.id]);
    expect(pinNotes('main').map((m) => m.reference)).toEqual([old.id, fresh.id]);
    await h.fake.slash('gm', 'main', 'gm resume');
    await h.bot!.outbox.idle();
    expect(statusOf('main').map((m) => m.id)).toEqual([fresh.id]);
    expect(pinned('main')).toEqual([fresh.id]);
  });

  it('without the Pin Messages permission the game runs the same, its status unpinned, with one warning and no body', async () => {
    h.fake.state.denyToBot(h.fake.channel('nopins').id, 'PIN_MESSAGES');
    const before = raw.length;
    const requestsBefore = h.fake.state.requests.length;
    await startGame('nopins');
    const [status] = statusOf('nopins');
    expect(status).toBeDefined();
    expect(pinned('nopins')).toEqual([]);
    expect(pinNotes('nopins')).toEqual([]);

    await advance('nopins', 'Spring 1901 movement');
    expect(statusOf('nopins').map((m) => m.id)).toEqual([status!.id]);
    expect(status!.history.length).toBeGreaterThan(0);

    // One refused pin (when the status was posted), one warning with Discord's code; nothing else failed.
    const refused = h.fake.state.requests.slice(requestsBefore).filter((r) => r.status >= 400);
    expect(refused.map((r) => [r.method, r.status, r.errorCode])).toEqual([['PUT', 403, 50013]]);
    const warnings = lines()
      .slice(before)
      .filter((l) => l.level === 40);
    expect(warnings.map((l) => [l.msg, l.code])).toEqual([
      ['status message not pinned: the bot lacks the Pin Messages permission', 50013],
    ]);
    for (const line of raw) expect(line).not.toMatch(/requestBody|rawError|"files"|"json"|enforce_nonce/);
  });
});
