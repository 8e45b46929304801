import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration } from '../../../src/game/core/index.js';

describe('parseDuration', () => {
  it.each([
    ['90s', 90_000],
    ['10m', 600_000],
    ['24h', 86_400_000],
    ['2d', 172_800_000],
    [' 1h30m ', 5_400_000],
    ['1.5h', 5_400_000],
    ['30d', 30 * 86_400_000],
  ])('%s', (text, ms) => {
    expect(parseDuration(text)).toEqual({ ok: true, ms });
  });

  it.each(['', 'abc', '10', 'h', '-5m', '10x', '5 minutes'])('rejects malformed %j', (text) => {
    const r = parseDuration(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/not a duration/);
  });

  it('rejects zero and more than 30 days', () => {
    const zero = parseDuration('0m');
    expect(zero.ok === false && zero.error).toMatch(/zero/);
    const long = parseDuration('31d');
    expect(long.ok === false && long.error).toMatch(/30 days/);
  });

  it('formats durations', () => {
    expect(formatDuration(90_000)).toBe('1m 30s');
    expect(formatDuration(86_400_000 + 3_600_000)).toBe('1d 1h');
  });
});
