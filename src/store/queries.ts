/**
 * Small typed queries over the schema, used inside the use-cases' transactions.
 */
import { reusedQuery } from './prepared.js';
import { first, type Tx } from './store.js';
import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Position } from '../engine/types.js';
import {
  auditLog,
  games,
  orders,
  phaseSteps,
  phases,
  players,
  readiness,
  votes,
  type GameKind,
  type GameRow,
  type OrderRow,
  type PhaseRow,
  type PhaseStepRow,
  type PlayerRow,
} from './schema.js';

/**
 * Discord ids arrive as strings; anything else (a caller's bug, bad input) matches nothing instead of throwing. So
 * does a text with a NUL character, which no id has and PostgreSQL refuses in any text.
 */
export function idText(x: unknown): string {
  const text = typeof x === 'string' ? x : typeof x === 'number' || typeof x === 'bigint' ? String(x) : '';
  return text.includes('\u0000') ? '' : text;
}

/**
 * "The game is not finished", written with the literal the partial index `games_channel_open` is defined by: compared
 * with a parameter instead, SQLite reads the parameter's value to see whether the index applies, and so compiles the
 * statement again at every run (docs/store.md "Statements compiled once").
 */
export const gameNotFinished = ne(games.status, sql`'finished'`);

const openGameByChannelQuery = reusedQuery((db) =>
  db
    .select()
    .from(games)
    .where(and(eq(games.channelId, sql.placeholder('channelId')), gameNotFinished))
    .limit(1),
);

/** The channel's game that is not finished (at most one). */
export async function openGameByChannel(tx: Tx, channelId: string): Promise<GameRow | undefined> {
  return first(await openGameByChannelQuery(tx, { channelId: idText(channelId) }));
}

/** The channel's open game, else its most recently finished one (for status, history, why). */
export async function latestGameByChannel(tx: Tx, channelId: string): Promise<GameRow | undefined> {
  return (
    (await openGameByChannel(tx, channelId)) ??
    first(
      await tx
        .select()
        .from(games)
        .where(eq(games.channelId, idText(channelId)))
        .orderBy(desc(games.id))
        .limit(1),
    )
  );
}

const gameByIdQuery = reusedQuery((db) =>
  db
    .select()
    .from(games)
    .where(eq(games.id, sql.placeholder('gameId')))
    .limit(1),
);

export async function gameById(tx: Tx, gameId: number): Promise<GameRow | undefined> {
  if (!Number.isSafeInteger(gameId)) return undefined;
  return first(await gameByIdQuery(tx, { gameId }));
}

const playersOfQuery = reusedQuery((db) =>
  db
    .select()
    .from(players)
    .where(eq(players.gameId, sql.placeholder('gameId')))
    .orderBy(asc(players.power)),
);

export async function playersOf(tx: Tx, gameId: number): Promise<PlayerRow[]> {
  return await playersOfQuery(tx, { gameId });
}

/** The games of one kind a user holds a power in or masters, newest first (any status), at most `limit`. */
export async function gamesOfUser(
  tx: Tx,
  userId: string,
  kind: GameKind = 'diplomacy',
  limit = 100,
): Promise<GameRow[]> {
  const id = idText(userId);
  const held = tx.select({ gameId: players.gameId }).from(players).where(eq(players.userId, id));
  return await tx
    .select()
    .from(games)
    .where(and(eq(games.kind, kind), or(eq(games.gmUserId, id), inArray(games.id, held))))
    .orderBy(desc(games.id))
    .limit(limit);
}

/** A server's games of one kind, newest first (any status), at most `limit`. */
export async function gamesOfServer(
  tx: Tx,
  guildId: string,
  kind: GameKind = 'diplomacy',
  limit = 100,
): Promise<GameRow[]> {
  return await tx
    .select()
    .from(games)
    .where(and(eq(games.guildId, idText(guildId)), eq(games.kind, kind)))
    .orderBy(desc(games.id))
    .limit(limit);
}

const playerByUserQuery = reusedQuery((db) =>
  db
    .select()
    .from(players)
    .where(and(eq(players.gameId, sql.placeholder('gameId')), eq(players.userId, sql.placeholder('userId'))))
    .limit(1),
);

export async function playerByUser(tx: Tx, gameId: number, userId: string): Promise<PlayerRow | undefined> {
  return first(await playerByUserQuery(tx, { gameId, userId: idText(userId) }));
}

/** The seat of `power` in the game, if it exists. */
export async function playerByPower(tx: Tx, gameId: number, power: string): Promise<PlayerRow | undefined> {
  return first(
    await tx
      .select()
      .from(players)
      .where(and(eq(players.gameId, gameId), eq(players.power, power)))
      .limit(1),
  );
}

const stepRowQuery = reusedQuery((db) =>
  db
    .select()
    .from(phaseSteps)
    .where(eq(phaseSteps.phaseId, sql.placeholder('phaseId')))
    .limit(1),
);

/** The phase's step row (src/game/phase/steps.ts): the step under way, if any, and its token. */
export async function stepRowOf(tx: Tx, phaseId: number): Promise<PhaseStepRow | undefined> {
  return first(await stepRowQuery(tx, { phaseId }));
}

const phaseByIdQuery = reusedQuery((db) =>
  db
    .select()
    .from(phases)
    .where(eq(phases.id, sql.placeholder('phaseId')))
    .limit(1),
);

export async function phaseById(tx: Tx, phaseId: number): Promise<PhaseRow | undefined> {
  if (!Number.isSafeInteger(phaseId)) return undefined;
  return first(await phaseByIdQuery(tx, { phaseId }));
}

/**
 * Makes the held board (`held_position`) of the game's unresolved phase its board, for all readers: the one write
 * that shows a board a hidden game's player act held until a mark (src/game/phase/held-board.ts), whether the mark,
 * the phase moving on or a public post shows it. `phaseId` narrows it to that phase.
 */
export async function showHeldBoard(tx: Tx, gameId: number, phaseId?: number): Promise<void> {
  await tx
    .update(phases)
    .set({ position: sql`${phases.heldPosition}`, heldPosition: null, heldUntilMs: null })
    .where(
      and(
        eq(phases.gameId, gameId),
        isNotNull(phases.heldPosition),
        isNull(phases.resolvedAt),
        ...(phaseId === undefined ? [] : [eq(phases.id, phaseId)]),
      ),
    );
}

export async function phasesOf(tx: Tx, gameId: number): Promise<PhaseRow[]> {
  return await tx.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(asc(phases.idx));
}

const ordersOfPhaseQuery = reusedQuery((db) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.phaseId, sql.placeholder('phaseId')))
    .orderBy(asc(orders.power), asc(orders.unitKey)),
);
const ordersOfPowerQuery = reusedQuery((db) =>
  db
    .select()
    .from(orders)
    .where(and(eq(orders.phaseId, sql.placeholder('phaseId')), eq(orders.power, sql.placeholder('power'))))
    .orderBy(asc(orders.unitKey)),
);

/** A phase's orders, of every power or of `power`, by power and unit. */
export async function ordersOf(tx: Tx, phaseId: number, power?: string): Promise<OrderRow[]> {
  if (power === undefined) return await ordersOfPhaseQuery(tx, { phaseId });
  return await ordersOfPowerQuery(tx, { phaseId, power });
}

const readyPowersQuery = reusedQuery((db) =>
  db
    .select({ power: readiness.power })
    .from(readiness)
    .where(and(eq(readiness.phaseId, sql.placeholder('phaseId')), eq(readiness.ready, true))),
);

/** Powers marked ready in a phase. */
export async function readyPowers(tx: Tx, phaseId: number): Promise<Set<string>> {
  const rows = await readyPowersQuery(tx, { phaseId });
  return new Set(rows.map((r) => r.power));
}

export async function votesOf(tx: Tx, gameId: number, kind: 'draw' | 'concede') {
  return await tx
    .select()
    .from(votes)
    .where(and(eq(votes.gameId, gameId), eq(votes.kind, kind)));
}

/** The details of a game's audit rows of one action, oldest first (`gm_edit`: the board edits). */
export async function auditDetailsOf(tx: Tx, gameId: number, action: string): Promise<unknown[]> {
  const rows = await tx
    .select({ detail: auditLog.detail })
    .from(auditLog)
    .where(and(eq(auditLog.gameId, gameId), eq(auditLog.action, action)))
    .orderBy(asc(auditLog.id));
  return rows.map((r) => r.detail);
}

export async function audit(
  tx: Tx,
  entry: { gameId: number | null; userId: string | null; action: string; detail?: unknown; at: number },
): Promise<void> {
  await tx.insert(auditLog).values({
    gameId: entry.gameId,
    userId: entry.userId,
    action: entry.action,
    detail: entry.detail ?? null,
    at: entry.at,
  });
}

/** Stores a new phase of a game with its starting position and deadline (null: no deadline, e.g. the final position). */
export async function insertPhase(
  tx: Tx,
  gameId: number,
  idx: number,
  position: Position,
  startedAt: number,
  deadlineMs: number | null,
): Promise<PhaseRow> {
  return (
    await tx
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
  )[0]!;
}
