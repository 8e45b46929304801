/**
 * The settings' parsers (docs/table.md "Settings beyond Discord's 25 options"): one per setting, shared by `/game
 * create` and `/gm set`; every bad value refused with the setting's name, what was typed and what it takes.
 */
import { describe, expect, it, vi } from 'vitest';
import { nameAllZones, parseSetting, parseTableOptions, settingSuggestions } from '../../../src/game/settings/index.js';
import { typedAsPlain } from '../../../src/game/core/text-refs.js';
import { t } from '../../../src/i18n/index.js';

const good: [string, string, unknown][] = [
  ['deadline-at', '21:00', '21:00'],
  ['deadline-at', '9:30', '09:30'],
  ['deadline-at', '21h00', '21:00'],
  ['deadline-at', 'off', null],
  ['timezone', 'Europe/Paris', 'Europe/Paris'],
  ['timezone', 'america/new_york', 'America/New_York'],
  ['timezone', 'utc', 'UTC'],
  ['days', 'mon,tue,wed,thu,fri', ['mon', 'tue', 'wed', 'thu', 'fri']],
  ['days', 'Mon-Fri', ['mon', 'tue', 'wed', 'thu', 'fri']],
  ['days', 'sat sun', ['sat', 'sun']],
  ['days', 'fri-mon', ['mon', 'fri', 'sat', 'sun']],
  ['days', 'tuesday, thursday', ['tue', 'thu']],
  ['days', 'sat、sun', ['sat', 'sun']],
  ['days', 'Mon - Fri', ['mon', 'tue', 'wed', 'thu', 'fri']],
  ['days', 'mon – wed, sat', ['mon', 'tue', 'wed', 'sat']],
  ['days', 'ｍｏｎ－ｆｒｉ', ['mon', 'tue', 'wed', 'thu', 'fri']],
  ['deadline-at', '２１：００', '21:00'],
  ['muster', '２４ｈ', 86_400_000],
  ['timezone', 'asia/kolkata', 'Asia/Kolkata'],
  ['timezone', 'Asia/Calcutta', 'Asia/Kolkata'],
  // System V names with a summer time: the place on every Node (ICU 78.3 answers `EST5EDT` as typed)
  ['timezone', 'EST5EDT', 'America/New_York'],
  ['timezone', 'cst6cdt', 'America/Chicago'],
  ['timezone', 'MST7MDT', 'America/Denver'],
  ['timezone', 'PST8PDT', 'America/Los_Angeles'],
  ['days', 'every', null],
  ['days', 'mon-sun', null],
  ['pause-limit', '48h', 48 * 3_600_000],
  ['pause-limit', '0', 0],
  ['pause-limit', '0h', 0],
  ['muster', '1d', 86_400_000],
  ['muster', 'off', null],
  ['fog', 'on', true],
  ['fog', 'OFF', false],
  ['locale', 'zh-tw', 'zh-TW'],
];

const bad: [string, string, RegExp][] = [
  ['deadline-at', '25:00', /`25:00` is not a value for `deadline-at`: it takes a time of day as HH:MM/],
  ['deadline-at', '9pm', /HH:MM/],
  ['timezone', 'Mars/Olympus', /`Mars\/Olympus` is not a value for `timezone`: it takes an IANA time zone/],
  ['timezone', '+02:00', /IANA/],
  ['timezone', 'EST', /`EST` is not a value for `timezone`: it takes a place’s time zone/],
  ['timezone', 'etc/gmt+5', /Etc\/GMT±N/],
  ['days', 'mon,funday', /`mon,funday` is not a value for `days`/],
  ['days', '', /days/],
  ['pause-limit', 'forever', /a duration like 12h, 72h or 5d \(at most 30 days\), or 0 so that/],
  ['pause-limit', 'off', /or 0 so that a game master who plays may not pause at all/],
  ['pause-limit', '31d', /or 0/],
  ['muster', 'soon', /or `off`/],
  ['fog', 'maybe', /`on` or `off`/],
  ['locale', 'de', /en, fr, zh-CN, zh-TW/],
];

describe('the settings’ parsers', () => {
  it.each(good)('%s accepts %j', (setting, text, value) => {
    expect(parseSetting(setting as never, text)).toEqual({ ok: true, value });
  });

  it.each(bad)('%s refuses %j, naming it', (setting, text, message) => {
    const r = parseSetting(setting as never, text);
    expect(r.ok).toBe(false);
    // what the member typed is a reference the bot escapes; read here as plain text
    if (!r.ok) expect(typedAsPlain(t('en', r.message))).toMatch(message);
  });

  it('words a refusal in French and Chinese too', () => {
    const r = parseSetting('timezone', 'Mars/Olympus');
    if (r.ok) throw new Error('accepted');
    expect(t('fr', r.message)).toContain('fuseau horaire IANA');
    expect(t('zh-CN', r.message)).toContain('时区');
  });

  it('reads /game create’s options into the columns: a zone alone waits for its deadline-at', () => {
    expect(parseTableOptions({ deadlineAt: '21:00', timezone: 'Europe/Paris', muster: '24h', fog: 'on' })).toEqual({
      ok: true,
      columns: { clock: { at: '21:00', zone: 'Europe/Paris', days: null }, musterMs: 86_400_000, fog: true },
    });
    expect(parseTableOptions({ timezone: 'Asia/Shanghai' })).toEqual({
      ok: true,
      columns: { clock: { at: '', zone: 'Asia/Shanghai', days: null }, musterMs: null, fog: false },
    });
    expect(parseTableOptions({ deadlineAt: '21:00' })).toMatchObject({ columns: { clock: { zone: 'UTC' } } });
    expect(parseTableOptions({ deadlineAt: '21:00', fog: 'perhaps' }).ok).toBe(false);
  });

  it('suggests values: zones filtered by what is typed (25 at most), weekdays one at a time, on/off', () => {
    expect(settingSuggestions('timezone', 'paris', 25).map((s) => s.value)).toEqual(['Europe/Paris']);
    expect(settingSuggestions('timezone', '', 25)).toHaveLength(25);
    expect(settingSuggestions('timezone', 'new y', 25).map((s) => s.value)).toEqual(['America/New_York']);
    expect(settingSuggestions('days', 'mon,tue,', 25).map((s) => s.value)).toContain('mon,tue,wed');
    expect(settingSuggestions('fog', '', 25).map((s) => s.value)).toEqual(['on', 'off']);
    expect(settingSuggestions('deadline-at', '20:30', 25)[0]!.value).toBe('20:30');
    expect(settingSuggestions('locale', 'fr', 25).map((s) => s.value)).toEqual(['fr']);
  });

  it('names the zones in short slices: with a name taking 1 ms, one zone per event-loop turn', async () => {
    await nameAllZones(); // the naming the tests above started, done before this one counts
    vi.resetModules(); // a registry whose zones have no name made yet
    const fresh = await import('../../../src/game/settings/registry.js');
    // Each zone name (`longGeneric`) costs 1 ms and is noted with the event-loop turn it was made in.
    const Real = Intl.DateTimeFormat;
    let turn = 0;
    const perTurn: number[] = [];
    function slow(locale?: string | string[], options?: Intl.DateTimeFormatOptions) {
      if (options?.timeZoneName === 'longGeneric') {
        const until = performance.now() + 1;
        while (performance.now() < until);
        perTurn[turn] = (perTurn[turn] ?? 0) + 1;
      }
      return new Real(locale, options);
    }
    Intl.DateTimeFormat = slow as unknown as typeof Intl.DateTimeFormat;
    const naming = fresh.nameAllZones();
    try {
      // A turn ticks in each event-loop turn while the naming runs: between two ticks, one slice.
      await new Promise<void>((resolve) => {
        const tick = () => {
          turn++;
          if (turn < 20) setImmediate(tick);
          else resolve();
        };
        setImmediate(tick);
      });
    } finally {
      Intl.DateTimeFormat = Real;
    }
    await naming;
    // A zone's four names (4 ms) exceed the 2 ms slice: each turn names one zone, never 25 (100 ms) as before.
    expect(Math.max(...perTurn.filter((n) => n !== undefined))).toBe(4);
    expect(fresh.settingSuggestions('timezone', '中国标准', 25).map((s) => s.value)).toEqual(['Asia/Shanghai']);
  });

  it('names a zone for its search a few zones per turn, never all ~420 in four languages at one keystroke', async () => {
    vi.resetModules(); // a registry whose zones have no name made yet
    const fresh = await import('../../../src/game/settings/registry.js');
    // Counts the zone names made (`longGeneric`), passing every format through.
    const Real = Intl.DateTimeFormat;
    let named = 0;
    function counting(locale?: string | string[], options?: Intl.DateTimeFormatOptions) {
      if (options?.timeZoneName === 'longGeneric') named++;
      return new Real(locale, options); // what `new counting(…)` gives
    }
    Intl.DateTimeFormat = counting as unknown as typeof Intl.DateTimeFormat;
    try {
      expect(fresh.settingSuggestions('timezone', 'nothing like a zone', 25)).toEqual([]);
      expect(named).toBe(0);
      // A city finds its zone at once, named for its answer; the names of every zone in every language follow.
      expect(fresh.settingSuggestions('timezone', '上海', 25).map((s) => s.value)).toEqual(['Asia/Shanghai']);
      expect(named).toBe(4);
      await fresh.nameAllZones();
      expect(fresh.settingSuggestions('timezone', '中国标准', 25).map((s) => s.value)).toEqual(['Asia/Shanghai']);
    } finally {
      Intl.DateTimeFormat = Real;
    }
  });
});
