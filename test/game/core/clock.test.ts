/**
 * Deadlines by the clock (docs/table.md "Deadlines by the clock"): the first local `at` on an allowed weekday at least
 * the phase's minimum after it opened, in two zones, with a weekday rule and both daylight-saving transitions.
 */
import { describe, expect, it } from 'vitest';
import {
  clockRuleMsg,
  nextClockDeadline,
  phaseDeadline,
  type GameClock,
  type Weekday,
} from '../../../src/game/core/index.js';
import { t } from '../../../src/i18n/index.js';

const H = 3_600_000;
const WEEKDAYS_ONLY: Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri'];

interface Case {
  name: string;
  opened: string;
  minimum: number;
  clock: GameClock;
  deadline: string;
}

const CASES: Case[] = [
  {
    name: 'Paris in winter: the same evening when the minimum allows it (21:00 CET = 20:00Z)',
    opened: '2026-01-14T07:00:00Z',
    minimum: 12 * H,
    clock: { at: '21:00', zone: 'Europe/Paris', days: null },
    deadline: '2026-01-14T20:00:00Z',
  },
  {
    name: 'Paris: the next evening when the minimum passes today’s 21:00',
    opened: '2026-01-14T10:00:00Z',
    minimum: 12 * H,
    clock: { at: '21:00', zone: 'Europe/Paris', days: null },
    deadline: '2026-01-15T20:00:00Z',
  },
  {
    name: 'Paris: exactly the minimum after opening counts',
    opened: '2026-01-14T08:00:00Z',
    minimum: 12 * H,
    clock: { at: '21:00', zone: 'Europe/Paris', days: null },
    deadline: '2026-01-14T20:00:00Z',
  },
  {
    name: 'Paris in summer keeps the local time (21:00 CEST = 19:00Z)',
    opened: '2026-07-01T06:00:00Z',
    minimum: 12 * H,
    clock: { at: '21:00', zone: 'Europe/Paris', days: null },
    deadline: '2026-07-01T19:00:00Z',
  },
  {
    name: 'Paris, weekdays only: a Friday-night opening waits for Monday, across spring-forward (29 March)',
    opened: '2026-03-27T21:00:00Z',
    minimum: 12 * H,
    clock: { at: '21:00', zone: 'Europe/Paris', days: WEEKDAYS_ONLY },
    deadline: '2026-03-30T19:00:00Z',
  },
  {
    name: 'Paris, weekdays only: a Saturday opening ends on Monday',
    opened: '2026-01-17T09:00:00Z',
    minimum: 12 * H,
    clock: { at: '21:00', zone: 'Europe/Paris', days: WEEKDAYS_ONLY },
    deadline: '2026-01-19T20:00:00Z',
  },
  {
    name: 'Paris, across fall-back (25 October): the local time is kept (21:00 CET = 20:00Z)',
    opened: '2026-10-24T19:30:00Z',
    minimum: 12 * H,
    clock: { at: '21:00', zone: 'Europe/Paris', days: null },
    deadline: '2026-10-25T20:00:00Z',
  },
  {
    name: 'New York, Mondays, Wednesdays and Fridays at 20:00',
    opened: '2026-02-03T15:00:00Z',
    minimum: 24 * H,
    clock: { at: '20:00', zone: 'America/New_York', days: ['mon', 'wed', 'fri'] },
    deadline: '2026-02-05T01:00:00Z',
  },
  {
    name: 'New York spring-forward: 02:30 does not exist on 8 March, so the clocks’ jump (03:00 EDT) ends the phase',
    opened: '2026-03-07T12:00:00Z',
    minimum: 12 * H,
    clock: { at: '02:30', zone: 'America/New_York', days: null },
    deadline: '2026-03-08T07:00:00Z',
  },
  {
    name: 'New York fall-back: 01:30 happens twice on 1 November; the earlier (EDT) ends the phase',
    opened: '2026-10-31T12:00:00Z',
    minimum: 12 * H,
    clock: { at: '01:30', zone: 'America/New_York', days: null },
    deadline: '2026-11-01T05:30:00Z',
  },
  {
    name: 'New York fall-back: when the minimum passes the first 01:30 (EDT), the second (EST) that night ends it',
    opened: '2026-10-31T17:45:00Z',
    minimum: 12 * H,
    clock: { at: '01:30', zone: 'America/New_York', days: null },
    deadline: '2026-11-01T06:30:00Z',
  },
  {
    name: 'New York the day after spring-forward: 02:30 exists again (EDT)',
    opened: '2026-03-08T08:00:00Z',
    minimum: 12 * H,
    clock: { at: '02:30', zone: 'America/New_York', days: null },
    deadline: '2026-03-09T06:30:00Z',
  },
  {
    name: 'Lord Howe spring-forward, a 30-minute jump (02:00 → 02:30 on 4 October): 02:15 ends at the jump',
    opened: '2026-10-03T01:00:00Z',
    minimum: 12 * H,
    clock: { at: '02:15', zone: 'Australia/Lord_Howe', days: null },
    deadline: '2026-10-03T15:30:00Z',
  },
  {
    name: 'Lord Howe fall-back (02:00 → 01:30 on 5 April): 01:45 happens twice; the earlier (+11:00) ends the phase',
    opened: '2026-04-04T01:00:00Z',
    minimum: 12 * H,
    clock: { at: '01:45', zone: 'Australia/Lord_Howe', days: null },
    deadline: '2026-04-04T14:45:00Z',
  },
  {
    name: 'Lord Howe fall-back: when the minimum passes the first 01:45, the second (+10:30) that night ends it',
    opened: '2026-04-04T02:50:00Z',
    minimum: 12 * H,
    clock: { at: '01:45', zone: 'Australia/Lord_Howe', days: null },
    deadline: '2026-04-04T15:15:00Z',
  },
  {
    name: 'Kathmandu (+05:45, no daylight saving) with a Monday-only rule: 21:00 local on the next Monday',
    opened: '2026-11-27T12:00:00Z',
    minimum: 12 * H,
    clock: { at: '21:00', zone: 'Asia/Kathmandu', days: ['mon'] },
    deadline: '2026-11-30T15:15:00Z',
  },
  {
    name: 'a single allowed weekday a week on',
    opened: '2026-01-12T00:00:00Z',
    minimum: 12 * H,
    clock: { at: '00:00', zone: 'UTC', days: ['mon'] },
    deadline: '2026-01-19T00:00:00Z',
  },
];

describe('the next deadline by the clock', () => {
  it.each(CASES)('$name', ({ opened, minimum, clock, deadline }) => {
    const at = nextClockDeadline(Date.parse(opened), minimum, clock);
    expect(new Date(at).toISOString()).toBe(new Date(deadline).toISOString());
    expect(at - Date.parse(opened)).toBeGreaterThanOrEqual(minimum);
  });

  it('uses the phase’s own length as the minimum, and durations alone without a complete clock', () => {
    const game = { movementMs: 36 * H, retreatMs: 12 * H, adjustmentMs: 12 * H };
    const opened = Date.parse('2026-01-14T07:00:00Z');
    const paris: GameClock = { at: '21:00', zone: 'Europe/Paris', days: null };
    expect(phaseDeadline({ ...game, clock: paris }, 'movement', opened)).toBe(Date.parse('2026-01-15T20:00:00Z'));
    expect(phaseDeadline({ ...game, clock: paris }, 'retreat', opened)).toBe(Date.parse('2026-01-14T20:00:00Z'));
    expect(phaseDeadline({ ...game, clock: null }, 'movement', opened)).toBe(opened + 36 * H);
    // a clock given its zone and days but no `deadline-at` yet is no rule
    expect(phaseDeadline({ ...game, clock: { ...paris, at: '' } }, 'adjustment', opened)).toBe(opened + 12 * H);
  });

  it('reads the rule in every locale, weekday runs as ranges', () => {
    const rule = clockRuleMsg({ at: '21:00', zone: 'Europe/Paris', days: WEEKDAYS_ONLY });
    // The zone's name as this Node's `Intl` writes it (`Central European Time` or `… Standard Time`, by ICU version).
    const paris = (locale: string) =>
      new Intl.DateTimeFormat(locale, { timeZone: 'Europe/Paris', timeZoneName: 'longGeneric' })
        .formatToParts(0)
        .find((p) => p.type === 'timeZoneName')!.value;
    expect(t('en', rule)).toBe(`21:00 Europe/Paris, Mon–Fri (${paris('en')})`);
    expect(t('fr', rule)).toBe(`21:00 Europe/Paris, lun.–ven. (${paris('fr')})`);
    expect(t('zh-CN', rule)).toBe(`周一至周五 21:00（${paris('zh-CN')}，Europe/Paris）`);
    expect(t('zh-TW', rule)).toBe(`週一至週五 21:00（${paris('zh-TW')}，Europe/Paris）`);
  });

  it('names a clock zone in the reader’s language beside its IANA name, and UTC by its name alone', () => {
    const shanghai = clockRuleMsg({ at: '21:00', zone: 'Asia/Shanghai', days: null });
    expect(t('zh-CN', shanghai)).toBe('每天 21:00（中国标准时间，Asia/Shanghai）');
    expect(t('zh-TW', shanghai)).toBe('每天 21:00（中國標準時間，Asia/Shanghai）');
    expect(t('en', shanghai)).toBe('21:00 Asia/Shanghai, every day (China Standard Time)');
    expect(t('zh-CN', clockRuleMsg({ at: '20:00', zone: 'UTC', days: null }))).toBe('每天 20:00（UTC）');
    expect(t('en', clockRuleMsg({ at: '20:00', zone: 'UTC', days: ['mon', 'wed', 'fri'] }))).toBe(
      '20:00 UTC, Mon, Wed, Fri',
    );
    expect(t('en', clockRuleMsg({ at: '20:00', zone: 'UTC', days: null }))).toBe('20:00 UTC, every day');
  });
});
