/**
 * The reliability record (docs/bot.md "Seats that never stall"): one `seat_records` row per member, game and phase
 * (or card turn) in which the member's seat had something to decide, written when the phase or turn is over:
 * `complete` (everything decided before the deadline), `partial` (some) or `missed` (nothing; what the computer player
 * gave for the seat does not count as the member's). `/server player` sums them per server over every kind of game;
 * `min-reliability` refuses joins and claims under a game's bar. It never holds an order.
 *
 * Hidden identities (docs/bot.md "Seats that never stall"): a game that hides who plays whom counts in the record
 * others read — `/server player` about someone else, and the `min-reliability` bar, whose outcome others may see —
 * only once it is over (the final post reveals its players then). Before, a missed phase or a vacated seat in the
 * record, read beside the game's results ("France · ⏰ missed", a substitute call), would name the power's player, and
 * the phases seated would show who plays in it at all. The member sees their own whole record, privately.
 */
import { and, count, eq, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { reusedQuery } from '../../store/prepared.js';
import { gameNotFinished } from '../../store/queries.js';
import type { Tx } from '../../store/store.js';
import { games, players, seatRecords, substituteCalls, type GameRow, type SeatOutcome } from '../../store/schema.js';
import { isPerson, inReadTransaction, type GameDeps, type Result } from '../core/index.js';
import { msg, type Msg } from '../../i18n/index.js';
import { type Duties, missingOrders } from '../phase/index.js';

/** The on-time bar (`min-reliability`) applies once a member has this many phases recorded on the server. */
export const RELIABILITY_MIN_PHASES = 10;
/** Who stored an order the computer player gave for a seat's missing orders (orders.submitted_by). */
export const NMR_COMPUTER = 'computer:nmr';

/** How a member did in a phase, from what they had to decide and the orders they stored themselves. */
export function seatOutcome(duties: Duties, own: Parameters<typeof missingOrders>[1]): SeatOutcome {
  if (own.length === 0) return 'missed';
  return missingOrders(duties, own).length === 0 ? 'complete' : 'partial';
}

const recordSeatTurnQuery = reusedQuery((db) =>
  db
    .insert(seatRecords)
    .values({
      gameId: sql.placeholder('gameId'),
      turn: sql.placeholder('turn'),
      power: sql.placeholder('power'),
      userId: sql.placeholder('userId'),
      outcome: sql.placeholder('outcome'),
      recordedAt: sql.placeholder('recordedAt'),
    })
    .onConflictDoNothing(),
);

/** Writes one seat's outcome for a phase or turn (once: a second write for the same turn changes nothing). */
export async function recordSeatTurn(
  tx: Tx,
  row: { gameId: number; turn: string; power: string; userId: string; outcome: SeatOutcome },
  now: number,
): Promise<void> {
  if (!isPerson(row.userId)) return;
  const { gameId, turn, power, userId, outcome } = row;
  await recordSeatTurnQuery(tx, { gameId, turn, power, userId, outcome, recordedAt: now });
}

/**
 * Has the member holding `power` missed the last `vacateAfter` turns the seat had something to decide in, in a row?
 * Only the turns from `fromTurn` count (the turn under way when the member took the seat): a member who claims back
 * the seat they were vacated from starts a new streak.
 */
export async function silentFor(
  tx: Tx,
  game: Pick<GameRow, 'id' | 'vacateAfter'>,
  power: string,
  userId: string,
  fromTurn = 0,
): Promise<boolean> {
  if (game.vacateAfter <= 0) return false;
  // The seat's turns, latest first: by time, then by the turn's number (phases resolved in one chain share a time).
  const turnNumber = (turn: string) => Number(/\d+$/.exec(turn)?.[0] ?? 0);
  const last = (
    await tx
      .select({
        userId: seatRecords.userId,
        outcome: seatRecords.outcome,
        at: seatRecords.recordedAt,
        turn: seatRecords.turn,
      })
      .from(seatRecords)
      .where(and(eq(seatRecords.gameId, game.id), eq(seatRecords.power, power)))
  )
    .filter((r) => turnNumber(r.turn) >= fromTurn)
    .sort((a, b) => b.at - a.at || turnNumber(b.turn) - turnNumber(a.turn))
    .slice(0, game.vacateAfter);
  return last.length === game.vacateAfter && last.every((r) => r.userId === userId && r.outcome === 'missed');
}

/** A member's record on a server, over all games of every kind. */
export interface MemberRecord {
  seated: number;
  complete: number;
  partial: number;
  missed: number;
  /** complete ÷ seated, as a whole percentage (rounded down); null before any phase is recorded. */
  onTimeRate: number | null;
  gamesFinished: number;
  seatsVacated: number;
  /**
   * In the member's own record: how many of its phases seated are in games that hide who plays whom and still run,
   * which the record others read leaves out (0 in the record others read).
   */
  privatePhases: number;
}

/** Whose eyes a record is for: the member's own, or anyone else's (and the game's `min-reliability` bar). */
export type RecordView = 'own' | 'public';

/** Games that hide who plays whom (src/game/core/identities.ts `hidesIdentities`). */
const HIDING = ['gunboat', 'anonymous'] as const;

/** The games a record others read counts: every game, except one that hides who plays whom until it is over. */
function countedFor(view: RecordView): SQL | undefined {
  return view === 'own' ? undefined : or(notInArray(games.press, [...HIDING]), eq(games.status, 'finished'));
}

/** The on-time rate: complete phases ÷ phases seated, as a whole percentage rounded down (null when none). */
export function onTimeRate(complete: number, seated: number): number | null {
  return seated === 0 ? null : Math.floor((complete * 100) / seated);
}

async function memberRecordIn(tx: Tx, guildId: string | null, userId: string, view: RecordView): Promise<MemberRecord> {
  const inGuild = and(guildId === null ? isNull(games.guildId) : eq(games.guildId, guildId), countedFor(view));
  const byOutcome = await tx
    .select({ outcome: seatRecords.outcome, n: count() })
    .from(seatRecords)
    .innerJoin(games, eq(games.id, seatRecords.gameId))
    .where(and(eq(seatRecords.userId, userId), inGuild))
    .groupBy(seatRecords.outcome);
  const n = (o: SeatOutcome) => byOutcome.find((r) => r.outcome === o)?.n ?? 0;
  const vacatedGames = (
    await tx
      .select({ gameId: substituteCalls.gameId })
      .from(substituteCalls)
      .innerJoin(games, eq(games.id, substituteCalls.gameId))
      .where(and(eq(substituteCalls.vacatedBy, userId), inGuild))
  ).map((r) => r.gameId);
  const privatePhases =
    view === 'own'
      ? (
          await tx
            .select({ n: count() })
            .from(seatRecords)
            .innerJoin(games, eq(games.id, seatRecords.gameId))
            .where(
              and(
                eq(seatRecords.userId, userId),
                guildId === null ? isNull(games.guildId) : eq(games.guildId, guildId),
                inArray(games.press, [...HIDING]),
                gameNotFinished,
              ),
            )
        )[0]!.n
      : 0;
  // Games played to their end: finished (not cancelled) games the member had a seat recorded in and still held at
  // the end (a Diplomacy seat: its `players` row; another kind's: never vacated). A member who left, fell silent or
  // was replaced did not finish it (docs/bot.md "Ratings"). The ending is read here rather than in SQL, so the query is
  // the same on SQLite and PostgreSQL.
  const candidates = (
    await tx
      .selectDistinct({ gameId: seatRecords.gameId, end: games.end, kind: games.kind })
      .from(seatRecords)
      .innerJoin(games, eq(games.id, seatRecords.gameId))
      .where(and(eq(seatRecords.userId, userId), inGuild, eq(games.status, 'finished')))
  ).filter((g) => g.end?.kind !== 'abandoned');
  const held = new Set(
    candidates.length === 0
      ? []
      : (
          await tx
            .select({ gameId: players.gameId })
            .from(players)
            .where(
              and(
                eq(players.userId, userId),
                inArray(
                  players.gameId,
                  candidates.map((g) => g.gameId),
                ),
              ),
            )
        ).map((r) => r.gameId),
  );
  const finished = candidates.filter((g) =>
    g.kind === 'diplomacy' ? held.has(g.gameId) : !vacatedGames.includes(g.gameId),
  );
  const complete = n('complete');
  const seated = complete + n('partial') + n('missed');
  return {
    seated,
    complete,
    partial: n('partial'),
    missed: n('missed'),
    onTimeRate: onTimeRate(complete, seated),
    gamesFinished: finished.length,
    seatsVacated: vacatedGames.length,
    privatePhases: Number(privatePhases),
  };
}

/**
 * `/server player`: a member's record on this server, as `viewerId` may read it (anyone may look; it never shows an
 * order): the member's own whole record, or the record others read (see the head of this file).
 */
export async function memberRecord(
  deps: GameDeps,
  input: { guildId: string | null; userId: string; viewerId: string },
): Promise<Result<{ record: MemberRecord }>> {
  const view: RecordView = input.viewerId === input.userId ? 'own' : 'public';
  return await inReadTransaction(deps, async (tx) => ({
    ok: true,
    record: await memberRecordIn(tx, input.guildId, input.userId, view),
  }));
}

/**
 * Why a member may not join or claim in this game (under its `min-reliability`), or null. The bar reads the record
 * others read: whether a member could join is seen by others, so it may not depend on a game that hides its players.
 */
export async function reliabilityRefusal(tx: Tx, game: GameRow, userId: string): Promise<Msg | null> {
  if (game.minReliability === null) return null;
  const record = await memberRecordIn(tx, game.guildId, userId, 'public');
  if (record.seated < RELIABILITY_MIN_PHASES || record.onTimeRate === null) return null;
  if (record.onTimeRate >= game.minReliability) return null;
  return msg('seats.refused.reliability', {
    min: game.minReliability,
    rate: record.onTimeRate,
    complete: record.complete,
    seated: record.seated,
  });
}
