/**
 * Phase durations as game masters type them: `90s`, `10m`, `24h`, `2d` (also `1h30m`, `1.5h`).
 */
import type { PhaseType } from '../../engine/types.js';
import type { PhaseDurationInput, PhaseDurations } from './types.js';
import { msg, t, type Msg } from '../../i18n/index.js';
import { typed } from './echo.js';

const UNIT_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };
export const MAX_DURATION_MS = 30 * UNIT_MS.d;

/** Defaults when the game master gives none: a day to move, half a day for retreats and builds. */
export const DEFAULT_DURATIONS: PhaseDurations = {
  movement: 24 * UNIT_MS.h,
  retreat: 12 * UNIT_MS.h,
  adjustment: 12 * UNIT_MS.h,
};

/** A duration refused: the English sentence (logs, the CLI, the environment) and its message for the reader. */
export interface DurationRefusal {
  ok: false;
  error: string;
  message: Msg;
}

function refused(message: Msg): DurationRefusal {
  return { ok: false, error: t('en', message), message };
}

/** Parses a duration; returns milliseconds or why not, naming the value typed (`duration.refused.*`). */
export function parseDuration(text: string): { ok: true; ms: number } | DurationRefusal {
  const input = String(text ?? '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '');
  const shown = typed(text);
  if (!/^(\d+(\.\d+)?[smhd])+$/.test(input)) return refused(msg('duration.refused.format', { text: shown }));
  let ms = 0;
  for (const m of input.matchAll(/(\d+(?:\.\d+)?)([smhd])/g)) ms += Number(m[1]) * UNIT_MS[m[2]];
  ms = Math.round(ms);
  if (ms <= 0) return refused(msg('duration.refused.zero', { text: shown }));
  if (ms > MAX_DURATION_MS) return refused(msg('duration.refused.long', { text: shown }));
  return { ok: true, ms };
}

/** A duration's days, hours, minutes and seconds, the units that are not zero, largest first (whole seconds). */
function durationParts(ms: number): { unit: 'd' | 'h' | 'm' | 's'; count: number }[] {
  const parts: { unit: 'd' | 'h' | 'm' | 's'; count: number }[] = [];
  let rest = Math.round(Math.max(0, ms) / 1000);
  for (const [unit, secs] of [
    ['d', 86_400],
    ['h', 3_600],
    ['m', 60],
    ['s', 1],
  ] as const) {
    const count = Math.floor(rest / secs);
    if (count > 0) parts.push({ unit, count });
    rest -= count * secs;
  }
  return parts;
}

/** `1d 2h`, `10m`, `90s` → readable text. */
export function formatDuration(ms: number): string {
  if (ms <= 0) return '0s';
  return durationParts(ms)
    .map((p) => `${p.count}${p.unit}`)
    .join(' ');
}

/**
 * Parses the durations given at game creation, filling in the defaults (`clockDefault`: every length's default when
 * the game's deadlines follow a clock, where lengths are minimums; docs/table.md "Deadlines by the clock").
 */
export function parseDurations(
  input: PhaseDurationInput | undefined,
  clockDefault: number | null = null,
): { ok: true; durations: PhaseDurations } | DurationRefusal {
  const durations =
    clockDefault === null
      ? { ...DEFAULT_DURATIONS }
      : { movement: clockDefault, retreat: clockDefault, adjustment: clockDefault };
  for (const type of ['movement', 'retreat', 'adjustment'] as PhaseType[]) {
    const text = input?.[type];
    if (text === undefined || text === null || text === '') continue;
    const parsed = parseDuration(text);
    if (!parsed.ok) return refused(msg('duration.refused.phase', { type, why: parsed.message }));
    durations[type] = parsed.ms;
  }
  return { ok: true, durations };
}

/** A game's phase lengths as stored (`movement_ms`, `retreat_ms`, `adjustment_ms`). */
type StoredLengths = { movementMs: number; retreatMs: number; adjustmentMs: number };

/** A game's phase lengths, by phase type: what its deadlines (clock.ts `phaseDeadline`) and views read. */
export function durationsOf(game: StoredLengths): PhaseDurations {
  return { movement: game.movementMs, retreat: game.retreatMs, adjustment: game.adjustmentMs };
}

/** How long a phase of `type` lasts in `game` (its movement, retreat or adjustment duration). */
export function phaseDuration(game: StoredLengths, type: string): number {
  const lengths = durationsOf(game);
  return type === 'retreat' || type === 'adjustment' ? lengths[type] : lengths.movement;
}

/**
 * The time a paused game has left on its clock, to the minute (docs/bot.md "Pauses"): a deadline is read in minutes,
 * and the seconds a pause happened to fall on (`1d 23h 54m 50s`) are noise; under a minute it stays in seconds.
 */
export function clockLeftParam(ms: number): Msg {
  return durationParam(ms >= 60_000 ? Math.round(ms / 60_000) * 60_000 : ms);
}

/**
 * A duration as its reader's language writes it (docs/locales.md "Numbers"): `2h 58m 59s` in English (the notation
 * players type), `2 h 58 min 59 s` in French, `2小时58分钟59秒` in Chinese; the same parts as `formatDuration`.
 */
export function durationParam(ms: number): Msg {
  const parts = durationParts(ms).map((p) => msg(`duration.unit.${p.unit}`, { count: p.count }));
  if (parts.length === 0) return msg('duration.unit.s', { count: 0 });
  return parts.reduceRight((after, part) => msg('duration.more', { first: part, rest: after }));
}
