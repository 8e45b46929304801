/**
 * The replay cache and limits (src/bot/replays.ts): a replay is made once per key and kept (in files: a new process
 * finds it), the cache stays within its bound, and a member, a server and the bot each have at most their number of
 * replays being made, the rest refused at once.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUSY_BOT, BUSY_SERVER, BUSY_USER, createReplayMaker } from '../../src/bot/replays.js';
import { createLogger } from '../../src/log.js';

const log = createLogger('silent');
const gif = (n: number, fill = 1) => Buffer.alloc(n, fill);
/** A replay whose making ends when the test says so. */
function pending(): { make: () => Promise<Buffer>; finish: (b: Buffer) => void; made: () => number } {
  let resolve: (b: Buffer) => void = () => {};
  let made = 0;
  const promise = new Promise<Buffer>((r) => (resolve = r));
  return {
    make: () => {
      made++;
      return promise;
    },
    finish: (b) => resolve(b),
    made: () => made,
  };
}

describe('replays: cache and limits', () => {
  it('makes a replay once, keeps it in files, and a new process finds it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'zhanguo-replays-'));
    const first = createReplayMaker(log, { dir });
    let made = 0;
    const make = async () => {
      made++;
      return gif(100, 7);
    };
    expect(await first.replay({ guildId: 'g', userId: 'u', identity: 'game 1', make })).toEqual({
      ok: true,
      gif: gif(100, 7),
      cached: false,
    });
    expect(await first.replay({ guildId: 'g', userId: 'u', identity: 'game 1', make })).toMatchObject({
      ok: true,
      cached: true,
    });
    const restarted = createReplayMaker(log, { dir });
    expect(await restarted.replay({ guildId: 'g', userId: 'u', identity: 'game 1', make })).toEqual({
      ok: true,
      gif: gif(100, 7),
      cached: true,
    });
    expect(made).toBe(1);
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it('stays within its bound: the least recently used replay goes first', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'zhanguo-replays-'));
    const maker = createReplayMaker(log, { dir, maxBytes: 250 });
    const ask = (identity: string) => maker.replay({ guildId: 'g', userId: 'u', identity, make: async () => gif(100) });
    await ask('a');
    await ask('b');
    expect(await ask('a')).toMatchObject({ cached: true }); // a is now the most recent
    await ask('c'); // 300 bytes: b goes
    expect(readdirSync(dir)).toHaveLength(2);
    expect(await ask('a')).toMatchObject({ cached: true });
    expect(await ask('c')).toMatchObject({ cached: true });
    expect(await ask('b')).toMatchObject({ cached: false });
  });

  it('one replay being made per member and per server, two in the bot; the same replay asked twice is made once', async () => {
    const maker = createReplayMaker(log, { maxConcurrent: 2 });
    const a = pending();
    const first = maker.replay({ guildId: 'g1', userId: 'u1', identity: 'x', make: a.make });
    expect(await maker.replay({ guildId: 'g2', userId: 'u1', identity: 'y', make: async () => gif(1) })).toEqual(
      BUSY_USER,
    );
    expect(await maker.replay({ guildId: 'g1', userId: 'u2', identity: 'y', make: async () => gif(1) })).toEqual(
      BUSY_SERVER,
    );
    const same = maker.replay({ guildId: 'g1', userId: 'u3', identity: 'x', make: a.make });
    const b = pending();
    const second = maker.replay({ guildId: 'g2', userId: 'u2', identity: 'z', make: b.make });
    expect(await maker.replay({ guildId: 'g3', userId: 'u3', identity: 'w', make: async () => gif(1) })).toEqual(
      BUSY_BOT,
    );
    expect(maker.inProgress).toBe(2);
    a.finish(gif(10, 2));
    b.finish(gif(10, 3));
    expect(await first).toMatchObject({ ok: true, cached: false });
    expect(await same).toMatchObject({ ok: true, gif: gif(10, 2) });
    expect(await second).toMatchObject({ ok: true, gif: gif(10, 3) });
    expect(a.made()).toBe(1);
    expect(maker.inProgress).toBe(0);
    // Done: the member and the server may ask again.
    expect(await maker.replay({ guildId: 'g1', userId: 'u1', identity: 'v', make: async () => gif(1) })).toMatchObject({
      ok: true,
    });
  });

  it('says so when a replay cannot be made, and keeps nothing', async () => {
    const maker = createReplayMaker(log);
    const failed = await maker.replay({
      guildId: 'g',
      userId: 'u',
      identity: 'x',
      make: async () => Promise.reject(new Error('worker died')),
    });
    expect(failed).toMatchObject({
      ok: false,
      message: { key: 'history.replay.failed' },
      error: expect.stringMatching(/could not be drawn/),
    });
    expect(await maker.replay({ guildId: 'g', userId: 'u', identity: 'x', make: async () => gif(5) })).toMatchObject({
      ok: true,
      cached: false,
    });
  });
});
