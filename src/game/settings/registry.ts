/**
 * The game settings a game master gives before the start, by `/game create … X:` or `/gm set setting:X value:v`
 * (docs/table.md "Settings beyond Discord's 25 options"): one parser per setting, shared by both, its autocomplete
 * values, and the columns it writes.
 */
import { IANAZone } from 'luxon';
import { CATALOGUES, LOCALES, type Locale, type MessageKey, type Msg, type MsgParam, msg } from '../../i18n/index.js';
import type { GameClock, GameRow, Weekday } from '../../store/schema.js';
import {
  WEEKDAYS,
  formatDuration,
  parseDuration,
  typed,
  weekdaysParam,
  zoneNameIfMade,
  zoneNameParam,
} from '../core/index.js';

/** Every setting `/gm set` takes, in the order its autocomplete lists them. */
export const SETTING_NAMES = ['deadline-at', 'timezone', 'days', 'pause-limit', 'muster', 'fog', 'locale'] as const;
export type SettingName = (typeof SETTING_NAMES)[number];

/** What a setting's value parses to. */
export interface SettingValues {
  'deadline-at': string | null;
  timezone: string;
  days: Weekday[] | null;
  'pause-limit': number;
  muster: number | null;
  fog: boolean;
  locale: Locale;
}

type Parsed<V> = { ok: true; value: V } | { ok: false; expected: Msg };

/** One value the autocomplete offers: what is typed, and how it reads (a message) when it is not just the value. */
export interface SettingSuggestion {
  value: string;
  label?: Msg;
}

const DEFAULT_ZONE = 'UTC';
const OFF = new Set(['off', 'none', 'no', 'false']);
const ON = new Set(['on', 'yes', 'true']);
const EVERY = new Set(['every', 'all', 'daily', 'every-day', 'everyday']);
const AT = /^(\d{1,2})[:h.](\d{2})$/;

/** `21:00` (also `9:30`, `21h00`) or `off`. */
function parseAt(text: string): Parsed<string | null> {
  const s = text.trim().toLowerCase();
  if (OFF.has(s)) return { ok: true, value: null };
  const m = AT.exec(s);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return { ok: false, expected: msg('settings.expected.at') };
  return { ok: true, value: `${m[1]!.padStart(2, '0')}:${m[2]}` };
}

/**
 * The zones `Intl` still names as before IANA renamed them (CLDR keeps its identifiers stable), with the name the zone
 * database gives each today (its `backward` file): Indian, Ukrainian or Vietnamese members type and read Kolkata, Kyiv
 * and Ho Chi Minh. Both names are one zone to luxon and `Intl`; only what is listed, stored and shown changes. So are
 * the System V names with a summer time, links to a place since the database's 2024b (`EST5EDT` is New York's rule):
 * Node 20's `Intl` answers the place, Node 22's and later ones' (ICU 78.3) the name as typed.
 */
const RENAMED_ZONES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  CST6CDT: 'America/Chicago',
  EST5EDT: 'America/New_York',
  'Europe/Kiev': 'Europe/Kyiv',
  MST7MDT: 'America/Denver',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  PST8PDT: 'America/Los_Angeles',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/** A zone under the name the zone database gives it today (`Asia/Calcutta` → `Asia/Kolkata`). */
const todaysName = (zone: string): string =>
  RENAMED_ZONES[zone] !== undefined && IANAZone.isValidZone(RENAMED_ZONES[zone]) ? RENAMED_ZONES[zone] : zone;

/**
 * Every IANA zone name the runtime knows, under today's names (`UTC` first: `Intl` lists it under `Etc/…` only on
 * some runtimes).
 */
export function timeZones(): string[] {
  const known = Intl.supportedValuesOf('timeZone').map(todaysName);
  return [DEFAULT_ZONE, ...known.filter((z) => z !== DEFAULT_ZONE)];
}

/**
 * The cities Chinese-speaking players look their zone up by, which `Intl` names by region only (`中国标准时间`): China
 * keeps Beijing time, Taiwan, Hong Kong, Macau and Singapore their own (docs/table.md "Deadlines by the clock").
 */
const ZONE_CITIES: Readonly<Record<string, string>> = {
  'Asia/Shanghai': '北京 上海',
  'Asia/Taipei': '台北 臺北',
  'Asia/Hong_Kong': '香港',
  'Asia/Macau': '澳门 澳門',
  'Asia/Singapore': '新加坡',
};

/**
 * The longest stretch of zone naming in one event-loop turn (one zone's four names take about 1 ms, several under
 * load): every other game's database answer and interaction waits behind at most this much of it.
 */
const NAMING_SLICE_MS = 2;
let namingAll: Promise<void> | null = null;

/**
 * Makes every zone's names, a slice of at most NAMING_SLICE_MS per event-loop turn: naming all ~420 zones in four
 * languages is some 400 ms of `Intl`, which would hold every other game's work behind one member's first keystroke
 * (or, at start-up, behind the first commands). Until done, a search matches the names made so far (and ids, old
 * names, cities).
 */
export function nameAllZones(): Promise<void> {
  namingAll ??= (async () => {
    const zones = timeZones();
    let next = 0;
    while (next < zones.length) {
      await new Promise<void>((resolve) => setImmediate(resolve)); // first after the caller's turn
      const until = performance.now() + NAMING_SLICE_MS;
      do zoneNameParam(zones[next++]!);
      while (next < zones.length && performance.now() < until);
    }
  })();
  return namingAll;
}

/**
 * Whether a zone is what the member typed: by its name, its old one (`calcutta` finds Asia/Kolkata), its name in any
 * language (`中国`, `台北`, `eastern`: once `nameAllZones` made it) or a Chinese city (`上海`, `北京`).
 */
function zoneMatches(zone: string, typed: string): boolean {
  const t = typed.replaceAll(' ', '_');
  const old = Object.keys(RENAMED_ZONES).find((k) => RENAMED_ZONES[k] === zone);
  if (zone.toLowerCase().includes(t) || old?.toLowerCase().includes(t) === true) return true;
  if (typed === '') return false;
  if (ZONE_CITIES[zone]?.includes(typed)) return true;
  const name = zoneNameIfMade(zone);
  const names = name ? [name.text, ...Object.values(name.in)] : [];
  return names.some((n) => typeof n === 'string' && n.toLowerCase().includes(typed));
}

/** The database's names for one offset all year round, which players misread as their region's time. */
const FIXED_OFFSET_NAME = /^(?:EST|MST|HST|Etc\/GMT[+-]\d+)$/i;

/** An IANA zone name in any case (`europe/paris`), answered as the database spells it (`Europe/Paris`). */
function parseZone(text: string): Parsed<string> {
  const s = text.trim();
  // names only: an offset (`+02:00`) keeps no daylight-saving rule, so it is no zone for a deadline
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(s) || !IANAZone.isValidZone(s))
    return { ok: false, expected: msg('settings.expected.zone') };
  // nor is a name that is one in disguise: `EST`, `MST`, `HST` keep standard time all year (EST is America/Panama,
  // not New York), `Etc/GMT+2` is two hours behind UTC; a place's zone is asked for (docs/table.md)
  if (FIXED_OFFSET_NAME.test(s)) return { ok: false, expected: msg('settings.expected.zonePlace') };
  const canonical = todaysName(new Intl.DateTimeFormat('en', { timeZone: s }).resolvedOptions().timeZone);
  return { ok: true, value: canonical === 'Etc/UTC' ? DEFAULT_ZONE : canonical };
}

const DAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** A weekday by its English name or at least its first three letters (`mon`, `tues`, `Monday`). */
function weekdayOf(word: string): Weekday | null {
  const i = DAY_NAMES.findIndex((name) => word.length >= 3 && name.startsWith(word));
  return i < 0 ? null : WEEKDAYS[i]!;
}

/**
 * `mon,tue,wed` (commas, Chinese `、` or spaces), ranges `mon-fri` (also across the week's end, `fri-mon`, and with
 * spaces around the dash, `Mon - Fri`), or `every`.
 */
function parseDays(text: string): Parsed<Weekday[] | null> {
  const s = text.trim().toLowerCase();
  if (EVERY.has(s.replace(/\s+/g, '-'))) return { ok: true, value: null };
  const chosen = new Set<Weekday>();
  // a range typed with spaces around its dash (`Mon - Fri`) is one range, not three words
  const words = s
    .replace(/\s*([-–])\s*/g, '$1')
    .split(/[\s,;、]+/)
    .filter(Boolean);
  for (const word of words) {
    const [from, to, ...rest] = word.split(/[-–]/);
    const a = weekdayOf(from ?? '');
    const b = to === undefined ? a : weekdayOf(to);
    if (!a || !b || rest.length > 0) return { ok: false, expected: msg('settings.expected.days') };
    for (let i = WEEKDAYS.indexOf(a); ; i = (i + 1) % 7) {
      chosen.add(WEEKDAYS[i]!);
      if (WEEKDAYS[i] === b) break;
    }
  }
  if (chosen.size === 0) return { ok: false, expected: msg('settings.expected.days') };
  return { ok: true, value: chosen.size === 7 ? null : WEEKDAYS.filter((d) => chosen.has(d)) };
}

function parseLength(text: string): Parsed<number> {
  const parsed = parseDuration(text);
  return parsed.ok ? { ok: true, value: parsed.ms } : { ok: false, expected: msg('settings.expected.duration') };
}

/**
 * `pause-limit`: a duration, or `0` (also `0h`, `0d`…): a game master who plays may not pause at all (the contract's
 * "at most `pause-limit` in total", docs/table.md "Pauses that cannot freeze a game"). Not `off`/`none`, which would
 * read as "no limit".
 */
function parsePauseLimit(text: string): Parsed<number> {
  if (/^0+(\.0*)?\s*[smhd]?$/i.test(text.trim())) return { ok: true, value: 0 };
  const parsed = parseLength(text);
  return parsed.ok ? parsed : { ok: false, expected: msg('settings.expected.pauseLimit') };
}

/**
 * The shortest muster: one that ends before a player can read the start post would vacate every seat at the start
 * (a careless `1m` or `1s`); docs/table.md "Mustering".
 */
const MIN_MUSTER_MS = 10 * 60_000;

function parseMuster(text: string): Parsed<number | null> {
  if (OFF.has(text.trim().toLowerCase())) return { ok: true, value: null };
  const parsed = parseLength(text);
  return parsed.ok && parsed.value >= MIN_MUSTER_MS
    ? parsed
    : { ok: false, expected: msg('settings.expected.durationOrOff') };
}

function parseSwitch(text: string): Parsed<boolean> {
  const s = text.trim().toLowerCase();
  if (ON.has(s)) return { ok: true, value: true };
  if (OFF.has(s)) return { ok: true, value: false };
  return { ok: false, expected: msg('settings.expected.onOff') };
}

function parseLocale(text: string): Parsed<Locale> {
  const s = text.trim().toLowerCase();
  const found = LOCALES.find((l) => l.toLowerCase() === s);
  return found ? { ok: true, value: found } : { ok: false, expected: msg('settings.expected.locale') };
}

const PARSERS: { [K in SettingName]: (text: string) => Parsed<SettingValues[K]> } = {
  'deadline-at': parseAt,
  timezone: parseZone,
  days: parseDays,
  'pause-limit': parsePauseLimit,
  muster: parseMuster,
  fog: parseSwitch,
  locale: parseLocale,
};

export function isSettingName(text: string): text is SettingName {
  return (SETTING_NAMES as readonly string[]).includes(text);
}

/**
 * `text` as the value of `setting`, the one parser `/game create` and `/gm set` share; a bad value is refused with
 * the setting's name, what was typed and what it takes.
 */
export function parseSetting<K extends SettingName>(
  setting: K,
  text: string,
): { ok: true; value: SettingValues[K] } | { ok: false; message: Msg } {
  // NFKC: a Chinese or Japanese input method's full-width `２１：００`, `２４ｈ` or `ｍｏｎ，ｆｒｉ` read as typed in ASCII
  const parsed = PARSERS[setting](String(text ?? '').normalize('NFKC'));
  if (parsed.ok) return parsed;
  return {
    ok: false,
    message: msg('settings.refused.value', { setting, text: typed(text), expected: parsed.expected }),
  };
}

/** The columns a setting's value writes on a game row (the clock keeps its other parts; docs/table.md). */
export function settingColumns<K extends SettingName>(
  row: Pick<GameRow, 'clock'>,
  setting: K,
  value: SettingValues[K],
): Partial<GameRow> {
  const clock: GameClock = row.clock ?? { at: '', zone: DEFAULT_ZONE, days: null };
  switch (setting) {
    case 'deadline-at':
      // `off` forgets the whole rule: the game's deadlines are durations again.
      return { clock: value === null ? null : { ...clock, at: value as string } };
    case 'timezone':
      return { clock: { ...clock, zone: value as string } };
    case 'days':
      return { clock: { ...clock, days: value as Weekday[] | null } };
    case 'pause-limit':
      return { pauseLimitMs: value as number };
    case 'muster':
      return { musterMs: value as number | null };
    case 'fog':
      return { fog: value as boolean };
    default:
      return { locale: value as Locale };
  }
}

/** A setting's value as the confirmation shows it. */
export function settingValueParam<K extends SettingName>(setting: K, value: SettingValues[K]): MsgParam {
  switch (setting) {
    case 'deadline-at':
      return value === null ? msg('settings.value.off') : (value as string);
    case 'days':
      return value === null ? msg('settings.value.everyDay') : (value as Weekday[]).join(',');
    case 'pause-limit':
      return value === 0 ? msg('settings.value.noPause') : formatDuration(value as number);
    case 'muster':
      return value === null ? msg('settings.value.off') : formatDuration(value as number);
    case 'fog':
      return msg(value ? 'settings.value.on' : 'settings.value.off');
    case 'locale':
      return `${value as string} (${CATALOGUES[value as Locale]['locale.name']})`;
    default:
      return value as string;
  }
}

const DURATIONS = ['12h', '24h', '36h', '48h', '72h', '5d', '7d'];
const DAY_EXAMPLES = ['mon,tue,wed,thu,fri', 'mon-fri', 'sat,sun', 'mon,wed,fri', 'every'];
const AT_EXAMPLES = ['21:00', '20:00', '19:00', '18:00', '12:00', '09:00', 'off'];

/** `typed` first when it is a valid value, then the examples that contain it. */
function withTyped(typedText: string, examples: string[], valid: (text: string) => boolean): string[] {
  const t = typedText.trim().toLowerCase();
  const matching = examples.filter((e) => e.toLowerCase().includes(t));
  return t !== '' && valid(t) && !matching.includes(t) ? [t, ...matching] : matching;
}

/** `days:` completed one weekday at a time after what is written (`mon,tue,` → `mon,tue,wed` …). */
function daySuggestions(typedText: string): string[] {
  const t = typedText.trim().toLowerCase();
  const written = t.split(',').slice(0, -1).filter(Boolean);
  const last = t.split(',').pop() ?? '';
  const prefix = written.length > 0 ? `${written.join(',')},` : '';
  const next = WEEKDAYS.filter((d) => !written.includes(d) && d.startsWith(last)).map((d) => `${prefix}${d}`);
  return [...new Set([...(t.includes(',') ? next : []), ...withTyped(t, DAY_EXAMPLES, (x) => parseDays(x).ok)])];
}

/** The values `/gm set value:` offers for `setting`, given what is typed (at most `max`). */
export function settingSuggestions(setting: string, typedText: string, max: number): SettingSuggestion[] {
  const t = typedText.trim().toLowerCase();
  const plain = (values: string[]) => values.slice(0, max).map((value) => ({ value }));
  switch (setting) {
    case 'deadline-at':
      return plain(withTyped(t, AT_EXAMPLES, (x) => parseAt(x).ok));
    case 'timezone':
      void nameAllZones(); // for the next keystrokes: names are searched once made
      return timeZones()
        .filter((z) => zoneMatches(z, t))
        .slice(0, max)
        .map((value) => ({ value, label: msg('settings.value.zone', { zone: value, name: zoneNameParam(value) }) }));
    case 'days':
      // Each with its days in the member's words (`mon,wed,fri — 周一、周三、周五`), as the rule reads them after.
      return daySuggestions(t)
        .slice(0, max)
        .map((value) => {
          const days = parseDays(value);
          if (!days.ok) return { value };
          const name = days.value === null ? msg('settings.value.everyDay') : weekdaysParam(days.value);
          return { value, label: msg('settings.value.days', { value, days: name }) };
        });
    case 'pause-limit':
      return plain(withTyped(t, [...DURATIONS, '0'], (x) => parsePauseLimit(x).ok));
    case 'muster':
      return plain(withTyped(t, ['off', ...DURATIONS], (x) => parseMuster(x).ok));
    case 'fog':
      return ['on', 'off']
        .filter((v) => v.includes(t))
        .map((value) => ({ value, label: msg(value === 'on' ? 'settings.value.on' : 'settings.value.off') }));
    case 'locale':
      return LOCALES.filter((l) => `${l} ${CATALOGUES[l]['locale.name']}`.toLowerCase().includes(t))
        .slice(0, max)
        .map((value) => ({
          value,
          label: msg('settings.value.locale', { code: value, name: CATALOGUES[value]['locale.name']! }),
        }));
    default:
      return [];
  }
}

/** What each setting is for, as `/gm set setting:` lists it. */
export function settingAbout(setting: SettingName): Msg {
  return msg(`settings.about.${setting}` as MessageKey);
}

/** `/game create deadline-at: timezone: muster: fog:` as typed (null: not given). */
export interface TableOptionsInput {
  deadlineAt?: string | null;
  timezone?: string | null;
  muster?: string | null;
  fog?: string | null;
}

/**
 * `/game create`'s table options through the settings' own parsers: the clock (a zone alone makes a clock that waits
 * for its `deadline-at`, as `/gm set` does), the muster and the fog. The first bad value is the refusal.
 */
export function parseTableOptions(
  input: TableOptionsInput,
): { ok: true; columns: Pick<GameRow, 'clock' | 'musterMs' | 'fog'> } | { ok: false; message: Msg } {
  const columns: Pick<GameRow, 'clock' | 'musterMs' | 'fog'> = { clock: null, musterMs: null, fog: false };
  const given: [SettingName, string | null | undefined][] = [
    ['deadline-at', input.deadlineAt],
    ['timezone', input.timezone],
    ['muster', input.muster],
    ['fog', input.fog],
  ];
  for (const [setting, text] of given) {
    if (text === null || text === undefined || text.trim() === '') continue;
    const parsed = parseSetting(setting, text);
    if (!parsed.ok) return parsed;
    Object.assign(columns, settingColumns(columns, setting, parsed.value));
  }
  return { ok: true, columns };
}
