/**
 * Small typed queries over the schema, used inside the use-cases' transactions.
 */
import { and, asc, desc, eq, inArray, ne, or } from 'drizzle-orm';
import type { Position } from '../engine/types.js';
import type { Tx } from './db.js';
import {
  auditLog,
  games,
  orders,
  phases,
  players,
  readiness,
  votes,
  type GameKind,
  type GameRow,
  type OrderRow,
  type PhaseRow,
  type PlayerRow,
} from './schema.js';

/** Discord ids arrive as strings; anything else (a caller's bug, bad input) matches nothing instead of throwing. */
export function idText(x: unknown): string {
  return typeof x === 'string' ? x : typeof x === 'number' || typeof x === 'bigint' ? String(x) : '';
}

/** The channel's game that is not finished (at most one). */
export function openGameByChannel(tx: Tx, channelId: string): GameRow | undefined {
  return tx
    .select()
    .from(games)
    .where(and(eq(games.channelId, idText(channelId)), ne(games.status, 'finished')))
    .get();
}

/** The channel's open game, else its most recently finished one (for status, history, why). */
export function latestGameByChannel(tx: Tx, channelId: string): GameRow | undefined {
  return (
    openGameByChannel(tx, channelId) ??
    tx
      .select()
      .from(games)
      .where(eq(games.channelId, idText(channelId)))
      .orderBy(desc(games.id))
      .limit(1)
      .get()
  );
}

export function gameById(tx: Tx, gameId: number): GameRow | undefined {
  if (!Number.isSafeInteger(gameId)) return undefined;
  return tx.select().from(games).where(eq(games.id, gameId)).get();
}

export function playersOf(tx: Tx, gameId: number): PlayerRow[] {
  return tx.select().from(players).where(eq(players.gameId, gameId)).orderBy(asc(players.power)).all();
}

/** The games of one kind a user holds a power in or masters, newest first (any status), at most `limit`. */
export function gamesOfUser(tx: Tx, userId: string, kind: GameKind = 'diplomacy', limit = 100): GameRow[] {
  const id = idText(userId);
  const held = tx.select({ gameId: players.gameId }).from(players).where(eq(players.userId, id));
  return tx
    .select()
    .from(games)
    .where(and(eq(games.kind, kind), or(eq(games.gmUserId, id), inArray(games.id, held))))
    .orderBy(desc(games.id))
    .limit(limit)
    .all();
}

/** A server's games of one kind, newest first (any status), at most `limit`. */
export function gamesOfServer(tx: Tx, guildId: string, kind: GameKind = 'diplomacy', limit = 100): GameRow[] {
  return tx
    .select()
    .from(games)
    .where(and(eq(games.guildId, idText(guildId)), eq(games.kind, kind)))
    .orderBy(desc(games.id))
    .limit(limit)
    .all();
}

export function playerByUser(tx: Tx, gameId: number, userId: string): PlayerRow | undefined {
  return tx
    .select()
    .from(players)
    .where(and(eq(players.gameId, gameId), eq(players.userId, idText(userId))))
    .get();
}

export function phaseById(tx: Tx, phaseId: number): PhaseRow | undefined {
  if (!Number.isSafeInteger(phaseId)) return undefined;
  return tx.select().from(phases).where(eq(phases.id, phaseId)).get();
}

export function phasesOf(tx: Tx, gameId: number): PhaseRow[] {
  return tx.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(asc(phases.idx)).all();
}

export function ordersOf(tx: Tx, phaseId: number, power?: string): OrderRow[] {
  const where =
    power === undefined ? eq(orders.phaseId, phaseId) : and(eq(orders.phaseId, phaseId), eq(orders.power, power));
  return tx.select().from(orders).where(where).orderBy(asc(orders.power), asc(orders.unitKey)).all();
}

/** Powers marked ready in a phase. */
export function readyPowers(tx: Tx, phaseId: number): Set<string> {
  const rows = tx
    .select()
    .from(readiness)
    .where(and(eq(readiness.phaseId, phaseId), eq(readiness.ready, true)))
    .all();
  return new Set(rows.map((r) => r.power));
}

export function votesOf(tx: Tx, gameId: number, kind: 'draw' | 'concede') {
  return tx
    .select()
    .from(votes)
    .where(and(eq(votes.gameId, gameId), eq(votes.kind, kind)))
    .all();
}

export function audit(
  tx: Tx,
  entry: { gameId: number | null; userId: string | null; action: string; detail?: unknown; at: number },
): void {
  tx.insert(auditLog)
    .values({
      gameId: entry.gameId,
      userId: entry.userId,
      action: entry.action,
      detail: entry.detail ?? null,
      at: entry.at,
    })
    .run();
}

/** Stores a new phase of a game with its starting position and deadline (null: no deadline, e.g. the final position). */
export function insertPhase(
  tx: Tx,
  gameId: number,
  idx: number,
  position: Position,
  startedAt: number,
  deadlineMs: number | null,
): PhaseRow {
  return tx
    .insert(phases)
    .values({
      gameId,
      idx,
      season: position.phase.season,
      year: position.phase.year,
      type: position.phase.type,
      position,
      startedAt,
      deadlineMs,
    })
    .returning()
    .get();
}
