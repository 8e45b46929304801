/**
 * What `/game create nmr: vacate-after: min-reliability:` set for a game of any kind (docs/bot.md "Seats that never
 * stall"), read and checked once for every kind.
 */
import type { NmrMode } from '../../store/schema.js';
import { fail, type Result, typed } from '../core/index.js';
import { msg } from '../../i18n/index.js';

/** `vacate-after` when `/game create` does not say. */
export const DEFAULT_VACATE_AFTER = 2;
/** The highest `vacate-after` accepted (`0` is never). */
const MAX_VACATE_AFTER = 50;

export interface SeatSettings {
  nmr: NmrMode;
  vacateAfter: number;
  minReliability: number | null;
}

/** What `/game create` says about seats for a game of any kind: computer players, then missed orders and silence. */
export interface SeatCreateInput {
  /** `computer:` — `all` (every seat nobody holds at the start) or seats (powers, dynasties), comma-separated. */
  computer?: string | null;
  /** `demonstration:` — a table of only computer players, every seat taken at once. */
  demonstration?: boolean | null;
  /** `computer-level:` — how well every computer seat of the game plays (default normal). */
  computerLevel?: string | null;
  /** `nmr: vacate-after: min-reliability:` (defaults hold, 2, none). */
  nmr?: string | null;
  vacateAfter?: number | null;
  minReliability?: number | null;
}

/** Reads `/game create nmr: vacate-after: min-reliability:`; a value out of range is refused, naming the range. */
export function parseSeatSettings(
  input: Pick<SeatCreateInput, 'nmr' | 'vacateAfter' | 'minReliability'>,
): Result<{ settings: SeatSettings }> {
  const nmr = input.nmr ?? 'hold';
  if (nmr !== 'hold' && nmr !== 'computer') return fail(msg('seats.refused.nmr', { typed: typed(nmr) }));
  const vacateAfter = input.vacateAfter ?? DEFAULT_VACATE_AFTER;
  if (!Number.isInteger(vacateAfter) || vacateAfter < 0 || vacateAfter > MAX_VACATE_AFTER)
    return fail(msg('seats.refused.vacateAfter', { max: MAX_VACATE_AFTER }));
  const min = input.minReliability ?? null;
  if (min !== null && (!Number.isInteger(min) || min < 0 || min > 100))
    return fail(msg('seats.refused.minReliability'));
  return { ok: true, settings: { nmr, vacateAfter, minReliability: min === 0 ? null : min } };
}
