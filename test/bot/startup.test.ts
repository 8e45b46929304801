/** Start-up retries and the SHARDS setting (§4), without processes (those are in test/build). */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { failureReason, isPermanentLoginError, withRetry } from '../../src/bot/client.js';
import { createLogger } from '../../src/log.js';
import { parseShardIds, parseShards, isShardProcess } from '../../src/shard.js';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { log: createLogger('info', stream), lines };
}

const refused = () =>
  Object.assign(new TypeError('fetch failed'), {
    cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }),
  });

describe('withRetry', () => {
  it('retries with growing waits, one warn line per failed attempt, then says it succeeded', async () => {
    const { log, lines } = capture();
    let calls = 0;
    const result = await withRetry(
      async () => {
        calls++;
        if (calls < 4) throw refused();
        return 'ready';
      },
      { log, firstDelayMs: 5, maxDelayMs: 15 },
    );
    expect(result).toBe('ready');
    await new Promise((r) => setImmediate(r));
    const warns = lines.filter((l) => l.level === 40);
    expect(warns.map((l) => l.attempt)).toEqual([1, 2, 3]);
    expect(warns.every((l) => l.reason === 'ECONNREFUSED fetch failed')).toBe(true);
    const waits = warns.map((l) => l.retryInMs as number);
    expect(waits[0]).toBeLessThanOrEqual(6);
    expect(waits[1]).toBeGreaterThanOrEqual(8);
    expect(waits[2]).toBeLessThanOrEqual(18); // capped at maxDelayMs (± jitter)
    expect(lines.at(-1)).toMatchObject({
      level: 30,
      attempt: 4,
      msg: 'log in to Discord: succeeded after 3 failed attempts',
    });
  });

  it('does not retry a refused token, and stops when asked', async () => {
    const { log } = capture();
    let calls = 0;
    const bad = Object.assign(new Error('An invalid token was provided.'), { code: 'TokenInvalid' });
    await expect(withRetry(async () => (calls++, Promise.reject(bad)), { log, firstDelayMs: 1 })).rejects.toBe(bad);
    expect(calls).toBe(1);
    const stop = new AbortController();
    const pending = withRetry(async () => Promise.reject(refused()), {
      log,
      firstDelayMs: 60_000,
      signal: stop.signal,
    });
    setTimeout(() => stop.abort(), 20);
    await expect(pending).rejects.toThrow('fetch failed');
  });

  it('classifies errors', () => {
    expect(isPermanentLoginError(refused())).toBe(false);
    expect(isPermanentLoginError(Object.assign(new Error('401: Unauthorized'), { status: 401 }))).toBe(true);
    expect(isPermanentLoginError(Object.assign(new Error('Service Unavailable'), { status: 503 }))).toBe(false);
    expect(isPermanentLoginError(Object.assign(new Error('Too Many Requests'), { status: 429 }))).toBe(false);
    expect(failureReason(Object.assign(new Error('Service Unavailable'), { status: 503 }))).toBe(
      'HTTP 503 Service Unavailable',
    );
  });
});

describe('SHARDS', () => {
  it.each([
    [undefined, { ok: true, shards: null }],
    ['', { ok: true, shards: null }],
    ['auto', { ok: true, shards: 'auto' }],
    [' AUTO ', { ok: true, shards: 'auto' }],
    ['2', { ok: true, shards: 2 }],
    ['0', { ok: false }],
    ['two', { ok: false }],
    ['1.5', { ok: false }],
  ])('%j', (value, expected) => {
    expect(parseShards(value)).toMatchObject(expected);
  });

  it.each([
    [undefined, 2, { ok: true, ids: null }],
    ['', 2, { ok: true, ids: null }],
    ['1', 2, { ok: true, ids: [1] }],
    [' 3, 0 ,2', 4, { ok: true, ids: [0, 2, 3] }],
    ['2', 2, { ok: false, error: 'SHARD_IDS must list shard numbers from 0 to 1, like 0,1 (not "2")' }],
    ['0,0', 2, { ok: false, error: 'SHARD_IDS lists a shard twice' }],
    ['0,x', 2, { ok: false }],
    ['-1', 2, { ok: false }],
    [
      '0',
      'auto',
      { ok: false, error: 'SHARD_IDS needs SHARDS set to the total number of shards (SHARDS=<n>, not auto)' },
    ],
    ['0', null, { ok: false }],
  ] as const)('SHARD_IDS=%j of SHARDS=%j', (value, shards, expected) => {
    expect(parseShardIds(value, shards)).toEqual(expected.ok ? expected : expect.objectContaining(expected));
  });

  it('knows a shard process by the variable discord.js sets for it', () => {
    expect(isShardProcess({ SHARDING_MANAGER: 'true', SHARDS: '1' })).toBe(true);
    expect(isShardProcess({ SHARDS: 'auto' })).toBe(false);
  });
});
