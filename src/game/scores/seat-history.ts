/**
 * Who held each seat of a Diplomacy game, in order (docs/bot.md "The end of a game"): the players at the start, the
 * members who left or fell silent, the substitutes who claimed a seat, the players and computer players the game master
 * put in, and the holder at the end. The final post lists them, the ratings rate them (final.ts), and every
 * member among them gets the game-over DM.
 *
 * It is read from what the game already keeps, in the order it happened (audit rows by id, so events of the same
 * millisecond keep their order): `substitute_call` rows of a seat that became vacant (the member is the call's
 * `vacated_by`), `claim` rows (the claimer, and since calls carry it, the holder they replaced), `gm_replace` rows
 * after the start (`from`, `to`), then the `players` row of each seat at the end. A member the reliability record
 * (`seat_records`) has in a seat and none of these names (a game played before the claims said whom they replaced)
 * is put before the others, in the order of their first phase.
 */
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Tx } from '../../store/store.js';
import { playersOf } from '../../store/queries.js';
import { auditLog, seatRecords, substituteCalls, type SubstituteReason } from '../../store/schema.js';
import { isComputer, isPerson } from '../core/index.js';

/**
 * How a member's time in a seat ended: left it (`/game leave`), fell silent until vacated, did not answer the muster
 * (docs/table.md "Mustering"), or was replaced.
 */
export type StintEnd = 'left' | 'silent' | 'muster' | 'replaced';

/** One holder's time in a seat. */
export interface Stint {
  power: string;
  /** A member's user id or a computer player's (a vacant seat has no stint). */
  userId: string;
  /** When they took the seat: null for a holder since the start (or since before the history says). */
  since: number | null;
  /** How and when it ended; null for the holder at the end. */
  ended: { how: StintEnd; at: number } | null;
}

/** A change of a seat's holder, read from the audit log. */
type SeatEvent =
  | { power: string; at: number; kind: 'vacated'; from: string; why: Exclude<SubstituteReason, 'gm'> }
  | { power: string; at: number; kind: 'taken'; from: string | null; to: string };

const holds = (userId: string) => isPerson(userId) || isComputer(userId);

/** Every seat's stints, oldest first, keyed by power. */
export async function seatHistory(tx: Tx, gameId: number): Promise<Map<string, Stint[]>> {
  const history = new Map<string, Stint[]>();
  const stints = (power: string) => history.get(power) ?? history.set(power, []).get(power)!;
  const open = (power: string) => {
    const last = stints(power).at(-1);
    return last && last.ended === null ? last : null;
  };
  for (const e of await seatEvents(tx, gameId)) {
    const current = open(e.power);
    if (e.kind === 'vacated') {
      if (current?.userId === e.from) current.ended = { how: e.why, at: e.at };
      else stints(e.power).push({ power: e.power, userId: e.from, since: null, ended: { how: e.why, at: e.at } });
      continue;
    }
    if (current) current.ended = { how: 'replaced', at: e.at };
    else if (e.from !== null && holds(e.from))
      stints(e.power).push({ power: e.power, userId: e.from, since: null, ended: { how: 'replaced', at: e.at } });
    if (holds(e.to)) stints(e.power).push({ power: e.power, userId: e.to, since: e.at, ended: null });
  }
  for (const p of await playersOf(tx, gameId)) {
    if (!holds(p.userId)) continue;
    const current = open(p.power);
    if (current?.userId === p.userId) continue;
    if (current) current.ended = { how: 'replaced', at: p.joinedAt };
    const since = stints(p.power).length > 0 ? p.joinedAt : null;
    stints(p.power).push({ power: p.power, userId: p.userId, since, ended: null });
  }
  await addRecordedMembers(tx, gameId, history);
  return history;
}

/** The seat changes of a started game, in the order they happened. */
async function seatEvents(tx: Tx, gameId: number): Promise<SeatEvent[]> {
  const start = (
    await tx
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.gameId, gameId), eq(auditLog.action, 'start')))
      .orderBy(asc(auditLog.id))
      .limit(1)
  )[0];
  if (!start) return [];
  const rows = await tx
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.gameId, gameId),
        gt(auditLog.id, start.id),
        inArray(auditLog.action, ['substitute_call', 'claim', 'gm_replace']),
      ),
    )
    .orderBy(asc(auditLog.id));
  const calls = new Map(
    (await tx.select().from(substituteCalls).where(eq(substituteCalls.gameId, gameId))).map((c) => [c.id, c]),
  );
  const events: SeatEvent[] = [];
  for (const r of rows) {
    const d = (r.detail ?? {}) as { power?: string; from?: string | null; to?: string; call?: number };
    if (typeof d.power !== 'string') continue;
    if (r.action === 'substitute_call') {
      const call = calls.get(Number(d.call));
      if (call?.vacatedBy && call.reason !== 'gm')
        events.push({ power: d.power, at: r.at, kind: 'vacated', from: call.vacatedBy, why: call.reason });
    } else if (r.action === 'claim' && r.userId) {
      events.push({ power: d.power, at: r.at, kind: 'taken', from: d.from ?? null, to: r.userId });
    } else if (r.action === 'gm_replace' && typeof d.to === 'string') {
      events.push({ power: d.power, at: r.at, kind: 'taken', from: d.from ?? null, to: d.to });
    }
  }
  return events;
}

/**
 * Members the reliability record has in a seat that no event names, put first in the order of their first phase; how
 * their time there ended is not known beyond that someone else held it after their last phase.
 */
async function addRecordedMembers(tx: Tx, gameId: number, history: Map<string, Stint[]>): Promise<void> {
  const recorded = await tx
    .select({ power: seatRecords.power, userId: seatRecords.userId, at: seatRecords.recordedAt })
    .from(seatRecords)
    .where(eq(seatRecords.gameId, gameId));
  const spans = new Map<string, { power: string; userId: string; first: number; last: number }>();
  for (const r of recorded) {
    const key = `${r.power}\n${r.userId}`;
    const span = spans.get(key) ?? { power: r.power, userId: r.userId, first: r.at, last: r.at };
    spans.set(key, { ...span, first: Math.min(span.first, r.at), last: Math.max(span.last, r.at) });
  }
  const missing = [...spans.values()]
    .filter((r) => !(history.get(r.power) ?? []).some((s) => s.userId === r.userId))
    .sort((a, b) => b.first - a.first);
  for (const r of missing) {
    const list = history.get(r.power) ?? history.set(r.power, []).get(r.power)!;
    list.unshift({ power: r.power, userId: r.userId, since: null, ended: { how: 'replaced', at: r.last } });
  }
}
