/**
 * Deadlines by the clock (docs/table.md "Deadlines by the clock"): a phase ends at the first local time `at` in the
 * game's zone, on an allowed weekday, at least the phase's length after it opened. Pure: every instant in and out is
 * milliseconds since the epoch, and the zone arithmetic is luxon's (the IANA database through `Intl`), never ours.
 *
 * Daylight saving: a local time that does not exist that day (the spring-forward gap, 02:30 in New York on the second
 * Sunday of March) ends the phase at the next valid instant, the moment the clocks jump (03:00 local); a local time
 * that happens twice (the autumn fall-back) ends it at the earlier of the two, or at the later when the phase's
 * minimum has passed the earlier (it is still the first such time).
 */
import { DateTime, IANAZone } from 'luxon';
import { LOCALES, type Locale, type Localized, type Msg, msg } from '../../i18n/index.js';
import type { GameClock, Weekday } from '../../store/schema.js';
import { phaseDuration } from './durations.js';

export type { GameClock, Weekday };

/** The weekdays in luxon's order (1 = Monday … 7 = Sunday). */
export const WEEKDAYS: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/** A phase's length when the game uses the clock and the game master gave none (the contract's default). */
export const CLOCK_DEFAULT_MINIMUM_MS = 12 * 3_600_000;

/** How far back from luxon's reading the clocks' jump is looked for. */
const GAP_SEARCH_MS = 3 * 3_600_000;

const AT = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** The game's clock when it is complete (it has its `at`), else null: the game's deadlines are durations. */
export function activeClock(clock: GameClock | null | undefined): GameClock | null {
  return clock && AT.test(clock.at) && IANAZone.isValidZone(clock.zone) ? clock : null;
}

/**
 * The instants `at` (HH:MM) happens on the local date of `day` in `zone`, earliest first: one, two on a fall-back day,
 * or the gap's end when the clocks skip it.
 */
function localInstants(day: DateTime, at: string): number[] {
  const [, hh, mm] = AT.exec(at)!;
  const wanted = { year: day.year, month: day.month, day: day.day, hour: Number(hh), minute: Number(mm) };
  const candidate = DateTime.fromObject(wanted, { zone: day.zone });
  const exact = candidate.getPossibleOffsets().filter((d) => d.hour === wanted.hour && d.minute === wanted.minute);
  if (exact.length > 0) return exact.map((d) => d.toMillis()).sort((a, b) => a - b);
  // In the spring-forward gap: luxon moved the wall time forward by the gap; the clocks jumped at the first instant
  // whose local time is past the one asked for, found by halving the minutes between the two readings.
  const wall = (d: DateTime) => d.toFormat('yyyyMMddHHmm');
  const asked = wall(DateTime.fromObject(wanted, { zone: 'UTC' }));
  let hi = candidate.toMillis(); // after the jump
  let lo = hi - GAP_SEARCH_MS; // before it (daylight-saving gaps are an hour or less, two at most)
  if (wall(DateTime.fromMillis(lo, { zone: day.zone })) > asked) return [hi];
  while (hi - lo > 60_000) {
    const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
    if (wall(DateTime.fromMillis(mid, { zone: day.zone })) > asked) hi = mid;
    else lo = mid;
  }
  return [hi];
}

/**
 * The deadline of a phase that opened at `openedAt` and lasts at least `minimumMs`: the first `clock.at` local time in
 * `clock.zone` on one of `clock.days` (null: any day) at or after `openedAt + minimumMs`.
 */
export function nextClockDeadline(openedAt: number, minimumMs: number, clock: GameClock): number {
  const earliest = openedAt + Math.max(0, minimumMs);
  const start = DateTime.fromMillis(earliest, { zone: clock.zone }).startOf('day');
  const allowed = clock.days && clock.days.length > 0 ? new Set(clock.days) : null;
  // Eight days reach the same weekday a week on even when today's `at` has passed.
  for (let i = 0; i <= 8; i++) {
    const day = start.plus({ days: i });
    if (allowed && !allowed.has(WEEKDAYS[day.weekday - 1]!)) continue;
    // On a fall-back day the earlier of the two, unless the minimum has passed it: then the later, that same night.
    const at = localInstants(day, clock.at).find((instant) => instant >= earliest);
    if (at !== undefined) return at;
  }
  throw new Error(`no deadline within 9 days for ${JSON.stringify(clock)}`);
}

/** When a phase of `type` that opens at `openedAt` ends: by the game's clock when it has one, else its duration. */
export function phaseDeadline(
  game: { movementMs: number; retreatMs: number; adjustmentMs: number; clock?: GameClock | null },
  type: string,
  openedAt: number,
): number {
  const minimum = phaseDuration(game, type);
  const clock = activeClock(game.clock);
  return clock ? nextClockDeadline(openedAt, minimum, clock) : openedAt + minimum;
}

/** The weekday `w` as `locale` abbreviates it (`Mon`, `lun.`, `周一`, `週一`). */
function weekdayName(locale: Locale, w: Weekday): string {
  // 2024-01-01 was a Monday.
  const date = new Date(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(w), 12));
  return new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(date);
}

/** Runs of consecutive weekdays (`mon,tue,wed,thu,fri,sun` → [[mon…fri], [sun]]). */
function runsOf(days: readonly Weekday[]): Weekday[][] {
  const sorted = WEEKDAYS.filter((d) => days.includes(d));
  const runs: Weekday[][] = [];
  for (const d of sorted) {
    const last = runs[runs.length - 1];
    if (last && WEEKDAYS.indexOf(last[last.length - 1]!) === WEEKDAYS.indexOf(d) - 1) last.push(d);
    else runs.push([d]);
  }
  return runs;
}

/** The allowed weekdays in one locale: runs of three or more as a range (`Mon–Fri`), the others listed. */
function daysIn(locale: Locale, days: readonly Weekday[]): string {
  const sep = locale.startsWith('zh') ? '、' : ', ';
  const dash = locale.startsWith('zh') ? '至' : '–';
  return runsOf(days)
    .flatMap((run) =>
      run.length >= 3
        ? [`${weekdayName(locale, run[0]!)}${dash}${weekdayName(locale, run[run.length - 1]!)}`]
        : run.map((d) => weekdayName(locale, d)),
    )
    .join(sep);
}

/** The allowed weekdays as a name every locale words (`Mon–Fri`, `lun.–ven.`, `周一至周五`). */
export function weekdaysParam(days: readonly Weekday[]): Localized {
  const inLocales: Partial<Record<Locale, string>> = {};
  for (const locale of LOCALES) if (locale !== 'en') inLocales[locale] = daysIn(locale, days);
  return { text: daysIn('en', days), in: inLocales };
}

const zoneNames = new Map<string, Localized>();

/**
 * A zone's name as each locale's `Intl` writes it (`Central European Time`, `heure d’Europe centrale`, `中国标准时间`),
 * kept once made; the IANA name itself where `Intl` has no other (docs/table.md "Deadlines by the clock").
 */
export function zoneNameParam(zone: string): Localized {
  const known = zoneNames.get(zone);
  if (known) return known;
  const of = (locale: Locale) =>
    new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'longGeneric' })
      .formatToParts(0)
      .find((part) => part.type === 'timeZoneName')?.value ?? zone;
  const name = { text: of('en'), in: Object.fromEntries(LOCALES.filter((l) => l !== 'en').map((l) => [l, of(l)])) };
  zoneNames.set(zone, name);
  return name;
}

/** A zone's names if `zoneNameParam` made them already, without making them (a search that must stay cheap). */
export function zoneNameIfMade(zone: string): Localized | undefined {
  return zoneNames.get(zone);
}

/** A zone's name for the rule, unless `Intl` only gives its offset (`GMT+00:00` for UTC): the rule shows that. */
function zoneNamed(zone: string): { named: 'yes' | 'no'; name: Localized | string } {
  const name = zoneNameParam(zone);
  return /^(GMT|UTC)([+-]|$)/.test(name.text) ? { named: 'no', name: '' } : { named: 'yes', name };
}

/**
 * The deadline rule as players read it: "21:00 Europe/Paris (Central European Time), Mon–Fri" (every day: "…, every
 * day"); the zone's IANA name, which `/gm set` takes, and its name in the reader's language.
 */
export function clockRuleMsg(clock: GameClock): Msg {
  const every = !clock.days || clock.days.length === 0 || clock.days.length === 7;
  return msg('clock.rule', {
    at: clock.at,
    zone: clock.zone,
    ...zoneNamed(clock.zone),
    every: every ? 'yes' : 'no',
    days: every ? '' : weekdaysParam(clock.days!),
  });
}

/** The game's deadline rule, if it has a complete clock: the line `/game status`, the start post and reminders add. */
export function clockLineMsg(clock: GameClock | null | undefined): Msg | null {
  const active = activeClock(clock);
  return active ? msg('clock.line', { rule: clockRuleMsg(active) }) : null;
}
