/**
 * Deadlines by the clock through the bot (docs/table.md "Deadlines by the clock" and "Settings beyond Discord's 25
 * options"): `/game create deadline-at: timezone:`, `/gm set days`, the start, deadlines in two zones and on weekdays
 * as the clock moves (across daylight saving), an extension the next phase forgets, and the refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishWords } from '../support/english-left.js';
import { createHarness, type Harness } from './harness.js';

/** The instants a text shows as Discord timestamps (`<t:seconds:f>`), in milliseconds. */
const stamps = (text: string) => [...text.matchAll(/<t:(\d+):f>/g)].map((m) => Number(m[1]) * 1000);
const at = (iso: string) => Date.parse(iso);

describe('deadlines by the clock', () => {
  let h: Harness;

  /** Moves the bot's clock to `iso` (it only moves forward). */
  const moveTo = (iso: string) => {
    h.clock.offset = at(iso) - Date.now();
  };

  beforeAll(async () => {
    h = await createHarness({ users: ['gm', 'alice', 'bob', 'fr', 'zhu'], channels: ['ny', 'paris', 'other', 'zh'] });
    moveTo('2026-03-07T12:00:00Z'); // Saturday 07:00 in New York
    await h.start();
    h.fake.setLocale('fr', 'fr');
    h.fake.setLocale('zhu', 'zh-CN');
  });

  afterAll(async () => {
    await h?.close();
  });

  it('refuses a zone that does not exist, naming it, and creates nothing', async () => {
    const r = await h.fake.slash('gm', 'other', 'game create', {
      variant: 'classic',
      'deadline-at': '21:00',
      timezone: 'Mars/Olympus',
    });
    expect(r.text).toMatch(/`Mars\/Olympus` is not a value for `timezone`: it takes an IANA time zone/);
    const status = await h.fake.slash('gm', 'other', 'game status');
    expect(status.text).toMatch(/no game/i);
  });

  it('refuses a zone that keeps one offset all year (EST, Etc/GMT+2), in the member’s language, storing nothing', async () => {
    // `EST` is America/Panama in the zone database (no summer time), and `Etc/GMT+2` is two hours *behind* UTC: a
    // New York or Paris table would find its deadlines an hour or four off, so a place's zone is asked for.
    const est = await h.fake.slash('gm', 'other', 'game create', {
      variant: 'classic',
      'deadline-at': '21:00',
      timezone: 'EST',
    });
    expect(est.text).toMatch(/^⚠️ `EST` is not a value for `timezone`: it takes a place’s time zone/);
    expect(est.text).toContain('America/New_York');
    expect((await h.fake.slash('gm', 'other', 'game status')).text).toMatch(/no game/i);

    await h.fake.slash('fr', 'other', 'game create', { variant: 'classic', 'deadline-at': '21:00' });
    const gmt = await h.fake.slash('fr', 'other', 'gm set', { setting: 'timezone', value: 'Etc/GMT+2' });
    expect(gmt.text).toMatch(/^⚠️ `Etc\/GMT\+2` n’est pas une valeur possible pour `timezone`/);
    expect(gmt.text).toContain('Europe/Paris');
    const status = await h.fake.slash('fr', 'other', 'game status');
    expect(status.text).toContain('21:00 UTC');
    for (const value of ['mst', 'HST', 'etc/gmt-14'])
      expect((await h.fake.slash('fr', 'other', 'gm set', { setting: 'timezone', value })).text).toMatch(/^⚠️/);
    expect((await h.fake.slash('fr', 'other', 'game status')).text).toContain('21:00 UTC');
    // A name the database keeps for a place (with its summer time) is still read: EST5EDT is New York's rule.
    const place = await h.fake.slash('fr', 'other', 'gm set', { setting: 'timezone', value: 'EST5EDT' });
    expect(place.text).toContain('**America/New_York**');
  });

  it('answers a Chinese game master in Chinese: the create reply, /gm set and its refusals', async () => {
    const created = await h.fake.slash('zhu', 'zh', 'game create', {
      variant: 'classic',
      'deadline-at': '20:00',
      timezone: 'Asia/Shanghai',
      fog: 'on',
    });
    expect(created.text).toContain('每天 20:00（中国标准时间，Asia/Shanghai）');
    // Typed with a Chinese input method's full-width digits, colon and comma: read as the same time and days.
    const wide = await h.fake.slash('zhu', 'zh', 'gm set', { setting: 'deadline-at', value: '２０：００' });
    expect(wide.text).toContain('**20:00**');
    const days = await h.fake.slash('zhu', 'zh', 'gm set', { setting: 'days', value: 'sat，sun' });
    expect(days.text).toContain('周六、周日 20:00（中国标准时间，Asia/Shanghai）');
    const bad = await h.fake.slash('zhu', 'zh', 'gm set', { setting: 'muster', value: 'soon' });
    expect(bad.text).toContain('不是 `muster` 的有效值');
    const names = await h.fake.autocomplete('zhu', 'zh', 'gm set', { setting: '' }, 'setting');
    expect(names).toHaveLength(7);
    // a setting's name is the same in every language (the contract's), the text after it is the member's
    expect(names[0]!.name).toMatch(/^deadline-at — /);
    for (const text of [created.text, days.text, bad.text, ...names.map((n) => n.name.replace(/^[\w-]+ — /, ''))])
      expect(englishWords(text), text).toEqual([]);
    await h.fake.slash('zhu', 'zh', 'gm set', { setting: 'deadline-at', value: 'off' });
  });

  it('autocompletes the zones from what the member typed', async () => {
    const zones = await h.fake.autocomplete(
      'gm',
      'ny',
      'game create',
      { variant: 'classic', timezone: 'new_y' },
      'timezone',
    );
    expect(zones.map((z) => z.value)).toEqual(['America/New_York']);
    const all = await h.fake.autocomplete('gm', 'ny', 'game create', { variant: 'classic', timezone: '' }, 'timezone');
    expect(all).toHaveLength(25);
  });

  it('names zones as the zone database does today: Asia/Kolkata and Europe/Kyiv, never Calcutta or Kiev', async () => {
    // `Intl` lists the old names of renamed zones (Asia/Calcutta, Europe/Kiev, Asia/Saigon): an Indian or Ukrainian
    // member typing their city found nothing, and a zone they typed was shown back under the old name.
    const typed = async (timezone: string, user = 'gm') =>
      (await h.fake.autocomplete(user, 'other', 'game create', { variant: 'classic', timezone }, 'timezone')).map((z) =>
        String(z.value),
      );
    expect(await typed('kolkata')).toEqual(['Asia/Kolkata']);
    expect(await typed('calcutta')).toEqual(['Asia/Kolkata']);
    expect(await typed('kyiv', 'fr')).toEqual(['Europe/Kyiv']);
    expect(await typed('ho chi')).toEqual(['Asia/Ho_Chi_Minh']);
    for (const old of ['kiev', 'saigon', 'rangoon', 'katmandu', 'godthab', 'asmera', 'faeroe'])
      expect((await typed(old)).filter((z) => z.toLowerCase().includes(old))).toEqual([]);
    // The French game master's forming game here (above), given India's zone.
    await h.fake.slash('fr', 'other', 'gm set', { setting: 'timezone', value: 'Asia/Kolkata' });
    const status = await h.fake.slash('fr', 'other', 'game status');
    expect(status.text).toContain('21:00 Asia/Kolkata');
    // The old name typed by hand is read, and stored under today's.
    const kiev = await h.fake.slash('fr', 'other', 'gm set', { setting: 'timezone', value: 'europe/kiev' });
    expect(kiev.text).toContain('**Europe/Kyiv**');
  });

  it('ends a New York phase at the clocks’ jump when 02:30 does not exist (spring forward)', async () => {
    const created = await h.fake.slash('gm', 'ny', 'game create', {
      variant: 'classic',
      'deadline-at': '02:30',
      timezone: 'America/New_York',
    });
    expect(created.text).toContain('🕘 Each phase ends at 02:30 America/New_York, every day');
    await h.fake.slash('alice', 'ny', 'game join', { power: 'France' });
    await h.fake.slash('gm', 'ny', 'game start');
    const status = await h.fake.slash('alice', 'ny', 'game status');
    // opened Saturday 07:00 EST, at least 12h (the clock's default length): Sunday 02:30, which the clocks skip
    expect(stamps(status.text)).toEqual([at('2026-03-08T07:00:00Z')]);
    expect(status.text).toContain('🕘 Deadlines by the clock: 02:30 America/New_York, every day');
    const start = await h.fake.waitForChannelMessage('ny', (m) => m.content.includes('Deadlines by the clock'));
    expect(start.content).toContain('02:30 America/New_York');
  });

  it('sets the weekdays before the start, refuses a bad value and any setting after the start', async () => {
    moveTo('2026-03-27T07:30:00Z'); // Friday 08:30 in Paris (CET)
    await h.fake.slash('gm', 'paris', 'game create', {
      variant: 'classic',
      'deadline-at': '21:00',
      timezone: 'Europe/Paris',
    });
    const names = await h.fake.autocomplete('gm', 'paris', 'gm set', { setting: 'd' }, 'setting');
    expect(names.map((n) => n.value)).toEqual(['deadline-at', 'days']);
    const values = await h.fake.autocomplete('gm', 'paris', 'gm set', { setting: 'days', value: 'mon,' }, 'value');
    expect(values.map((v) => v.value)).toContain('mon,tue');
    const badDays = await h.fake.slash('gm', 'paris', 'gm set', { setting: 'days', value: 'mon,funday' });
    expect(badDays.text).toMatch(/`mon,funday` is not a value for `days`/);
    const notMaster = await h.fake.slash('alice', 'paris', 'gm set', { setting: 'days', value: 'mon-fri' });
    expect(notMaster.text).toMatch(/⚠️/);
    const days = await h.fake.slash('gm', 'paris', 'gm set', { setting: 'days', value: 'mon-fri' });
    expect(days.ephemeral).toBe(true);
    expect(days.text).toContain('`days` is now **mon,tue,wed,thu,fri**');
    expect(days.text).toContain('Each phase ends at 21:00 Europe/Paris, Mon–Fri');
    // the confirmation in the member's language
    await h.fake.slash('gm', 'paris', 'gm transfer', { user: 'fr' });
    const french = await h.fake.slash('fr', 'paris', 'gm set', { setting: 'fog', value: 'on' });
    expect(french.text).toContain('`fog` vaut maintenant **activé**');
    await h.fake.slash('fr', 'paris', 'gm set', { setting: 'muster', value: '2h' });
    // a member deciding to join reads the table's rules the game master set, as the create post words them
    const forming = await h.fake.slash('alice', 'paris', 'game status');
    expect(forming.text).toContain("✋ Muster: at the start, every player has 2h to press **I'm here**.");
    expect(forming.text).toContain('🌫️ Fog of war: each power sees only what stands near its own units and centres.');
    await h.fake.slash('fr', 'paris', 'gm set', { setting: 'fog', value: 'off' });
    await h.fake.slash('fr', 'paris', 'gm set', { setting: 'muster', value: 'off' });
    expect((await h.fake.slash('alice', 'paris', 'game status')).text).not.toMatch(/🌫️|✋/);
    await h.fake.slash('fr', 'paris', 'gm transfer', { user: 'gm' });
    await h.fake.slash('alice', 'paris', 'game join', { power: 'France' });
    await h.fake.slash('bob', 'paris', 'game join', { power: 'Germany' });
    const list = await h.fake.slash('bob', 'paris', 'game list');
    expect(list.text).toContain('Deadlines by the clock: 21:00 Europe/Paris, Mon–Fri');
    await h.fake.slash('gm', 'paris', 'game start');
    const after = await h.fake.slash('gm', 'paris', 'gm set', { setting: 'days', value: 'every' });
    expect(after.text).toMatch(/`days` can only be set before `\/game start`, and this game has started/);
    const status = await h.fake.slash('alice', 'paris', 'game status');
    // opened Friday 08:30 CET; 12h later is 20:30, so Friday 21:00 CET
    expect(stamps(status.text)).toEqual([at('2026-03-27T20:00:00Z')]);
    expect(status.text).toContain('21:00 Europe/Paris, Mon–Fri');
  });

  it('moves the deadline by an extension, then the next phase returns to the clock: Monday, after spring-forward', async () => {
    const extended = await h.fake.slash('gm', 'paris', 'gm extend', { duration: '1h' });
    expect(stamps(extended.text.replace(/:R>/g, ':f>'))).toEqual([at('2026-03-27T21:00:00Z')]);
    moveTo('2026-03-27T21:00:05Z'); // the extended deadline passes: Friday 22:00 CET
    const results = await h.fake.waitForChannelMessage('paris', (m) => m.content.includes('Next: **'));
    // Fall 1901 opened Friday night; 12h later is Saturday; the next weekday is Monday, 21:00 CEST (19:00Z)
    expect(stamps(results.content)).toEqual([at('2026-03-30T19:00:00Z')]);
    const status = await h.fake.slash('alice', 'paris', 'game status');
    expect(stamps(status.text)).toEqual([at('2026-03-30T19:00:00Z')]);
    // the reminder an hour before the deadline repeats the rule
    moveTo('2026-03-30T18:10:00Z');
    const reminder = await h.fake.waitForDm('alice', (m) => m.content.includes('Deadlines by the clock'));
    expect(reminder.content).toContain('21:00 Europe/Paris, Mon–Fri');
  });
});
