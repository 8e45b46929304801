import { describe, expect, it } from 'vitest';
import { durationParam, formatDuration, parseDuration } from '../../../src/game/core/index.js';
import { t, tr } from '../../../src/i18n/index.js';

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

  it('words durations in the reader’s language (docs/locales.md "Numbers")', () => {
    const long = 2 * 3_600_000 + 58 * 60_000 + 59_000;
    expect(t('en', durationParam(long))).toBe('2h 58m 59s');
    expect(t('fr', durationParam(long))).toBe('2 h 58 min 59 s');
    expect(t('zh-CN', durationParam(long))).toBe('2小时58分钟59秒');
    expect(t('zh-TW', durationParam(86_400_000 + 3_600_000))).toBe('1天1小時');
    expect(t('fr', durationParam(0))).toBe('0 s');
    for (const ms of [1000, 90_000, long, 30 * 86_400_000]) expect(t('en', durationParam(ms))).toBe(formatDuration(ms));
    // in a sentence: `Phases : mouvements 1 h`, and no space between Chinese and a Chinese duration
    const lengths = {
      movement: durationParam(3_600_000),
      retreat: durationParam(43_200_000),
      adjustment: durationParam(43_200_000),
    };
    expect(tr('fr', 'lobby.created.phases', lengths)).toBe(
      'Phases : mouvements 1 h, retraites 12 h, ajustements 12 h.',
    );
    expect(tr('zh-CN', 'lobby.created.phases', lengths)).toBe('阶段时长：行动1小时，撤退12小时，调整12小时。');
  });
});
